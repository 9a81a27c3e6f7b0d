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


@pytest.mark.django_db(transaction=True)
def test_djangos_flush_is_tried_again_when_postgresql_cancels_it_in_a_deadlock(monkeypatch):
    """The flush after each transactional test goes through the flush command's ``handle`` (the suite wraps it:
    ``tests.fixtures.database._flush_retried_on_deadlock``): its database call cancelled once in a deadlock, the
    flush is tried again and empties the tables."""
    from django.core.management import call_command
    from django.core.management.commands import flush

    from accounts.models import User

    monkeypatch.setattr(database.time, "sleep", lambda seconds: None)
    User.objects.create_user("left-behind")
    calls = []
    execute = connection.ops.execute_sql_flush

    def cancelled_once(sql_list):
        calls.append(1)
        if len(calls) == 1:
            raise OperationalError("deadlock detected\nDETAIL: Process 1 waits for AccessExclusiveLock")
        return execute(sql_list)

    monkeypatch.setattr(connection.ops, "execute_sql_flush", cancelled_once)
    assert flush.Command.handle.__qualname__.endswith("_flush_retried_on_deadlock.<locals>.handle")
    call_command("flush", verbosity=0, interactive=False)
    assert len(calls) == 2 and not User.objects.exists()
