"""The PostgreSQL connection pool of each process (Django's ``OPTIONS["pool"]``, psycopg_pool).

Without it Django keeps one connection per thread that touched the database, and Daphne runs each HTTP request's
sync view in a thread of its own: with connections kept for ``DB_CONN_MAX_AGE`` a burst of requests left one
process holding a connection per request it had ever run at once (223 after 600 requests from 16 clients, 399 of
PostgreSQL's 400 under concurrent moves, then "too many clients" for everyone). With the pool a thread borrows a
connection for one request (or one socket database call) and gives it back at its end; a process never holds
more than ``DB_POOL_MAX_SIZE``, and a request that finds them all busy waits up to ``DB_POOL_TIMEOUT`` seconds.

Settings build the options from this module, so it imports nothing of Django's database layer; the engine
(``config.postgresql.base``) makes the pool with the check below.
"""

from __future__ import annotations

import time

from django.core.exceptions import ImproperlyConfigured
from psycopg_pool import ConnectionPool

HEALTH_CHECK_EVERY = 1.0  # seconds


def check_at_most_every_second(conn) -> None:
    """The pool's check of a connection it is about to lend: an empty query (psycopg_pool's ``check_connection``),
    but not for a connection that answered one less than ``HEALTH_CHECK_EVERY`` ago (the same rule as the
    unpooled engine, ``config.postgresql.base``: the ping was 7% of a Daphne process's time under load). One that
    died since fails its query; the request gets its error and Django returns the connection broken, which the
    pool discards (``tests/test_faults_database.py``). Raises on a dead connection: the pool then drops it and
    lends another."""
    if time.monotonic() - getattr(conn, "_tablero_answered_at", float("-inf")) < HEALTH_CHECK_EVERY:
        return
    ConnectionPool.check_connection(conn)
    mark_answered(conn)


def mark_answered(conn) -> None:
    """``conn`` has just answered (a check, or a borrower's queries without an error): no check for a second.
    The pool lends its connections in turn, so under load each is borrowed again well within the second; marked
    only by checks, each was pinged once a second however busy it was (0.7 more transactions a move at 10
    moves a second, ``bench/socket_load.py``)."""
    conn._tablero_answered_at = time.monotonic()


def pool_options(max_size: int, min_size: int, timeout: int) -> dict | None:
    """Django's ``OPTIONS["pool"]`` for the sizes from the environment; None (no pool) for ``max_size`` 0.
    Refuses sizes that cannot work, loudly, at start-up."""
    if max_size == 0:
        return None
    if max_size < 0:
        raise ImproperlyConfigured(f"DB_POOL_MAX_SIZE must be 0 (no pool) or more, not {max_size}")
    if not 0 <= min_size <= max_size:
        raise ImproperlyConfigured(f"DB_POOL_MIN_SIZE must be between 0 and DB_POOL_MAX_SIZE ({max_size}), "
                                   f"not {min_size}")
    if timeout <= 0:
        raise ImproperlyConfigured(f"DB_POOL_TIMEOUT must be a number of seconds above 0, not {timeout}")
    return {"min_size": min_size, "max_size": max_size, "timeout": timeout}


def behind_pgbouncer(database: dict) -> None:
    """Fits Django's ``database`` settings to PgBouncer in transaction mode (``DB_PGBOUNCER=1``), or refuses, at
    start-up, a combination that cannot work through it.

    In transaction mode PgBouncer lends a server connection for one transaction and then to another client, so
    nothing may outlive a transaction on the server: no server-side prepared statements (psycopg prepares a
    query run ``prepare_threshold`` times; Django's default ``None`` never does, and PgBouncer 1.18 of Debian 12
    does not carry them across server connections), no server-side binding (its cursors prepare) and no
    server-side cursors outside a transaction (``QuerySet.iterator()``: ``DISABLE_SERVER_SIDE_CURSORS``). The
    code keeps no other session state: no advisory locks, LISTEN or session ``SET`` (the move path's row locks
    and version check are one transaction, ``games/play/actions.py``), and the parameters Django sets at
    connect (time zone, client encoding) are ones PgBouncer tracks and sets again for each transaction.
    Each process's own pool (``DB_POOL_MAX_SIZE``) stays as it is: it bounds the process's connections to
    PgBouncer, and PgBouncer bounds the server connections of all of them (docs/DEPLOY.md)."""
    if database.get("ENGINE") not in ("config.postgresql", "django.db.backends.postgresql"):
        raise ImproperlyConfigured(f"DB_PGBOUNCER=1 needs a PostgreSQL DATABASE_URL (PgBouncer's address), not "
                                   f"the engine {database.get('ENGINE')!r}")
    options = database.setdefault("OPTIONS", {})
    if options.get("prepare_threshold") is not None:
        raise ImproperlyConfigured(f"DB_PGBOUNCER=1 (transaction mode) cannot use server-side prepared "
                                   f"statements: drop prepare_threshold={options['prepare_threshold']!r} from "
                                   "DATABASE_URL")
    if options.get("server_side_binding"):
        raise ImproperlyConfigured("DB_PGBOUNCER=1 (transaction mode) cannot use server_side_binding: its "
                                   "cursors prepare statements on the server; drop it from DATABASE_URL")
    options["prepare_threshold"] = None
    database["DISABLE_SERVER_SIDE_CURSORS"] = True
