"""The suite's own safety net (conftest.py): a teardown (Django's flush, or the DELETE of ``empty_tables``) that
PostgreSQL cancelled to break a deadlock with a server's late transaction is tried again; any other failure is
not."""

import pytest
from django.core.management.base import CommandError
from django.db import OperationalError

import conftest


def _failing(times: int, cause: Exception):
    calls = []

    def original(self):
        calls.append(self)
        if len(calls) <= times:
            raise CommandError("Database test couldn't be flushed.") from cause
        return "flushed"

    return original, calls


def test_a_flush_cancelled_by_a_deadlock_is_tried_again(monkeypatch):
    monkeypatch.setattr(conftest.time, "sleep", lambda seconds: None)
    original, calls = _failing(2, OperationalError("deadlock detected\nDETAIL: Process 1 waits for ..."))
    assert conftest._retrying_deadlocks(original)("case") == "flushed"
    assert len(calls) == 3


def test_other_flush_failures_and_endless_deadlocks_are_raised(monkeypatch):
    monkeypatch.setattr(conftest.time, "sleep", lambda seconds: None)
    original, calls = _failing(1, OperationalError("relation does not exist"))
    with pytest.raises(CommandError):
        conftest._retrying_deadlocks(original)("case")
    assert len(calls) == 1
    original, calls = _failing(99, OperationalError("deadlock detected"))
    with pytest.raises(CommandError):
        conftest._retrying_deadlocks(original)("case")
    assert len(calls) == conftest.FLUSH_TRIES


def test_a_delete_teardown_cancelled_by_a_deadlock_is_tried_again(monkeypatch):
    """``empty_tables`` fails with the database's own error, not flush's CommandError."""
    monkeypatch.setattr(conftest.time, "sleep", lambda seconds: None)
    calls = []

    def teardown(self):
        calls.append(self)
        if len(calls) == 1:
            raise OperationalError("deadlock detected\nDETAIL: Process 1 waits for AccessExclusiveLock ...")
        return "emptied"

    assert conftest._retrying_deadlocks(teardown)("case") == "emptied"
    assert len(calls) == 2
