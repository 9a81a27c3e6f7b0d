"""The sockets' database calls run side by side on a pool of threads (games/live/db_threads.py), not one by one."""

import asyncio
import threading

import pytest

from games.live.db_threads import db
from tests.support import run_async

# Database access allowed, though these calls make no query: channels tends the calling thread's connections
# around each call (``close_old_connections``), and channels' single thread may hold one that an earlier test's
# in-process socket opened there; pytest-django refused to let it be looked at ("Database access not allowed"),
# which failed the single-thread test after such a test, in whichever order the suite's workers ran them.
pytestmark = pytest.mark.django_db


def test_two_socket_database_calls_run_at_the_same_time(settings):
    settings.DB_THREADS = 4
    # Each call waits for the other: on one shared thread the second could never start and the barrier breaks.
    barrier = threading.Barrier(2, timeout=10)

    def meet() -> str:
        barrier.wait()
        return threading.current_thread().name

    async def both():
        return await asyncio.gather(db(meet)(), db(meet)())

    names = run_async(both())
    assert names[0] != names[1] and all(name.startswith("socket-db") for name in names)


def test_zero_threads_keeps_channels_single_thread(settings):
    settings.DB_THREADS = 0

    async def two():
        return await asyncio.gather(db(threading.get_ident)(), db(threading.get_ident)())

    first, second = run_async(two())
    assert first == second != threading.get_ident()
