"""The socket consumers' database work, on a pool of threads instead of one.

Channels' ``database_sync_to_async`` runs every database call of every consumer in a Daphne process on one
thread (``thread_sensitive``). Profiled under load, that thread was 97% busy while the event loop idled and
Daphne used half a core (issue 14). The consumers' calls do not need one thread: each runs in its own
transaction, the move path locks the game's row, and the per-process caches (``games.live.snapshots``,
``lobby.listing``) hold their own locks. So they run on ``DB_THREADS`` threads, each borrowing a connection from
the process's pool for each call (``DB_POOL_MAX_SIZE``, which must leave room for them; channels gives it back
around every call). ``DB_THREADS=0``, the default,
keeps channels' single thread: measured on 2 cores (``bench/socket_load.py``, docs/PERFORMANCE.md), one Daphne
process is CPU-bound under the GIL before its database thread is, and the pool cost more CPU per move than it
saved. It is for machines where the database, not the process's CPU, is what a move waits for.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from functools import cache

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from django.conf import settings


@cache
def _pool(threads: int) -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=threads, thread_name_prefix="socket-db")


def db(fn):
    """``fn`` as an awaitable run off the event loop with a database connection (see the module's note)."""
    threads = settings.DB_THREADS
    if threads <= 0:
        return database_sync_to_async(fn)
    return database_sync_to_async(fn, thread_sensitive=False, executor=_pool(threads))


class DatabaseCallsOnly:
    """A consumer whose every database call goes through ``db`` (or channels' ``database_sync_to_async``).

    Channels (4.2 on) runs Django's ``close_old_connections`` before every message a consumer handles, as a
    hop to the thread the database calls share: for a move, once per socket of the table, and the pushes
    queued behind the moves on that thread (issue 14's profile). The connections it tends are those of that
    thread, and ``database_sync_to_async`` already closes stale ones before and after each call it makes,
    so for these consumers the extra hop closes nothing; it is left out. A handler that touched the database
    directly would fail loudly (Django refuses database calls from the event loop), not silently."""

    async def dispatch(self, message):
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
