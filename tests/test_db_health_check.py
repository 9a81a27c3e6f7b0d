"""The PostgreSQL connection's health check, at most once a second (config/postgresql/base.py)."""

import time

import pytest
from django.db import connection

from config.postgresql.base import HEALTH_CHECK_EVERY

pytestmark = [pytest.mark.django_db, pytest.mark.skipif("connection.vendor != 'postgresql'")]


@pytest.fixture
def pings(monkeypatch):
    """Each health check's ping, answered as ``pings.alive`` says; a close is recorded, not done."""
    class Pings(list):
        alive = True
        closed = 0

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
