"""The PostgreSQL connection's health check, at most once a second: Django's own check of a kept connection
(config/postgresql/base.py, ``DB_POOL_MAX_SIZE=0``) and the pool's check of a connection it lends
(config/postgresql/pool.py, the default)."""

import time

import pytest
from django.db import connection

from config.postgresql.base import HEALTH_CHECK_EVERY
from config.postgresql.pool import check_at_most_every_second, pool_options

pytestmark = [pytest.mark.django_db, pytest.mark.skipif("connection.vendor != 'postgresql'")]


@pytest.fixture
def pings(monkeypatch):
    """Each health check's ping, answered as ``pings.alive`` says; a close is recorded, not done."""
    class Pings(list):
        alive = True
        closed = 0

    if connection.settings_dict["OPTIONS"].get("pool"):
        pytest.skip("Django skips its own check for a pooled connection; the pool's is tested below")
    calls = Pings()
    connection.ensure_connection()
    monkeypatch.setattr(connection, "is_usable", lambda: calls.append(time.monotonic()) or calls.alive)
    monkeypatch.setattr(connection, "close", lambda: setattr(calls, "closed", calls.closed + 1))
    monkeypatch.setitem(connection.settings_dict, "CONN_HEALTH_CHECKS", True)
    monkeypatch.setitem(connection.settings_dict, "CONN_MAX_AGE", 60)
    return calls


def _new_request():
    connection.health_check_done = False  # what close_old_connections does between requests
    connection.close_if_health_check_failed()


def test_a_connection_that_answered_within_the_second_is_not_pinged_again(pings):
    connection._checked_at = time.monotonic()
    for _ in range(5):
        _new_request()
    assert pings == [] and connection.health_check_done


def test_an_older_answer_is_checked_again_once(pings):
    connection._checked_at = time.monotonic() - HEALTH_CHECK_EVERY - 0.1
    _new_request()
    _new_request()  # the check just done counts as an answer
    assert len(pings) == 1 and pings.closed == 0


def test_a_connection_that_fails_its_check_is_closed(pings):
    connection._checked_at = time.monotonic() - HEALTH_CHECK_EVERY - 0.1
    pings.alive = False
    _new_request()
    assert len(pings) == 1 and pings.closed == 1


class FakeConnection:
    """What the pool's check touches of a psycopg connection: ``execute`` (counted) and ``autocommit``."""

    autocommit = True

    def __init__(self, alive: bool = True):
        self.alive, self.pings = alive, 0

    def execute(self, query):
        self.pings += 1
        if not self.alive:
            raise OSError("server closed the connection unexpectedly")


def test_the_pool_checks_a_connection_once_then_not_again_within_the_second():
    conn = FakeConnection()
    for _ in range(5):
        check_at_most_every_second(conn)
    assert conn.pings == 1


def test_the_pool_checks_again_a_connection_that_has_not_answered_for_a_second():
    conn = FakeConnection()
    check_at_most_every_second(conn)
    conn._tablero_answered_at -= HEALTH_CHECK_EVERY + 0.1
    check_at_most_every_second(conn)
    assert conn.pings == 2


def test_a_dead_connection_fails_the_pools_check_every_time():
    """The pool drops a connection whose check raises and lends another."""
    conn = FakeConnection(alive=False)
    for _ in range(2):
        with pytest.raises(OSError):
            check_at_most_every_second(conn)
    assert conn.pings == 2


def _give_back(after_error: bool):
    """A pooled connection, borrowed by a thread, used and given back (``after_error``: as Django marks one whose
    query failed); returns the psycopg connection, now back in the pool. The test runner's own process does not
    pool (config/settings.py), so the wrapper here is one of its own, with the pool the servers run with."""
    from concurrent.futures import ThreadPoolExecutor

    from django.db import connections

    runners_connection = connections["default"]
    settings_dict = {**runners_connection.settings_dict, "CONN_MAX_AGE": 0, "CONN_HEALTH_CHECKS": True,
                     "OPTIONS": {**runners_connection.settings_dict["OPTIONS"], "pool": pool_options(2, 1, 10)}}

    def borrow(wrapper):
        with wrapper.cursor() as cursor:
            cursor.execute("SELECT 1")
        raw = wrapper.connection
        raw._tablero_answered_at = float("-inf")  # long ago, whatever its check on lending said
        wrapper.errors_occurred = after_error
        wrapper.close()
        return raw

    wrapper = type(runners_connection)(settings_dict, alias="pooled_health_check")
    try:
        with ThreadPoolExecutor(1) as thread:
            wrapper.inc_thread_sharing()
            return thread.submit(borrow, wrapper).result()
    finally:
        wrapper.close_pool()


@pytest.mark.django_db(transaction=True)
def test_a_pooled_connection_given_back_after_its_queries_is_lent_again_unchecked_within_the_second():
    """Marked on its return, a busy connection is not pinged each second; one that met an error is checked."""
    assert time.monotonic() - _give_back(after_error=False)._tablero_answered_at < HEALTH_CHECK_EVERY
    assert _give_back(after_error=True)._tablero_answered_at == float("-inf")
