"""The suite's own safety net (``tests.fixtures.database``): a teardown that PostgreSQL cancelled to break a
deadlock with a server's late transaction is tried again; any other failure is not."""

import threading

import pytest
from django.db import OperationalError, connection, connections

from tests.fixtures import database
from tests.fixtures.database import empty_tables, other_connection, retrying_deadlocks, waits_for_a_lock
from tests.support import wait_until


@pytest.mark.django_db(transaction=True)
def test_a_teardown_cancelled_by_a_deadlock_with_a_server_is_tried_again():
    """A server's transaction holds the last table the teardown locks; the teardown, holding the others, waits
    for it; the server's transaction then reads the first table, which the teardown holds: a deadlock. The
    teardown waited first, so PostgreSQL cancels it; tried again, it waits for the server to commit and empties
    the tables."""
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's deadlocks")
    tables, _ = database._emptied_tables(connection)
    first, last = (connection.ops.quote_name(t) for t in (tables[0], tables[-1]))
    pids, errors = [], []

    def counted(conn):
        pids.append(conn.cursor().connection.info.backend_pid)
        empty_tables(conn)

    def tear_down():
        try:
            retrying_deadlocks(counted, connection)
        except Exception as exc:
            errors.append(exc)
        finally:
            connections.close_all()  # this thread's own connection

    with other_connection() as server, other_connection(autocommit=True) as watcher:
        server.execute(f"SELECT 1 FROM {last} LIMIT 1")  # its lock is held until the transaction ends
        teardown = threading.Thread(target=tear_down)
        teardown.start()
        assert wait_until(lambda: waits_for_a_lock(watcher, pids), timeout=20), (errors, pids)
        server.execute(f"SELECT 1 FROM {first} LIMIT 1")  # returns once PostgreSQL has cancelled the teardown
        server.commit()
        teardown.join(30)
    assert errors == [] and len(pids) == 2, (errors, pids)


def _failing(times: int, error: Exception):
    calls = []

    def action():
        calls.append(1)
        if len(calls) <= times:
            raise error
        return "emptied"

    return action, calls


def test_other_failures_and_endless_deadlocks_are_raised(monkeypatch):
    monkeypatch.setattr(database.time, "sleep", lambda seconds: None)
    action, calls = _failing(1, OperationalError("relation does not exist"))
    with pytest.raises(OperationalError):
        retrying_deadlocks(action)
    assert len(calls) == 1
    action, calls = _failing(99, OperationalError("deadlock detected"))
    with pytest.raises(OperationalError):
        retrying_deadlocks(action)
    assert len(calls) == database.FLUSH_TRIES
    action, calls = _failing(2, OperationalError("deadlock detected\nDETAIL: Process 1 waits for ..."))
    assert retrying_deadlocks(action) == "emptied" and len(calls) == 3
