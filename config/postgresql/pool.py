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
