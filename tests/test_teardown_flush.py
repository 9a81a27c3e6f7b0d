"""The suite's teardown on PostgreSQL (``tests.fixtures.database``): after a transactional test every row it wrote
is gone and what migrate wrote once is kept, as Django's flush and post_migrate would leave it; a row a server
commits while the teardown runs is gone too. And before every database test: a row that came after the last
teardown is found and removed."""

import threading
import warnings

import pytest
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.contrib.sessions.models import Session
from django.db import connection, connections

from accounts.models import User
from accounts.restrictions import is_moderator
from games.models import Game, Move, Seat
from games.tests.conftest import make_users, open_table
from moderation.models import ModerationAction
from moderation.users import MODERATORS, do_warn, ensure_moderator_group
from tests.fixtures import database
from tests.fixtures.database import empty_tables, other_connection, tables_with_rows, waits_for_a_lock
from tests.support import wait_until

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _postgresql_only():
    if connection.vendor != "postgresql":
        pytest.skip("the teardown's locks and the check before each test are PostgreSQL's; SQLite has Django's flush")


def kept() -> tuple:
    return (sorted(ContentType.objects.values_list("pk", "app_label", "model")),
            sorted(Permission.objects.values_list("pk", "codename")),
            sorted(Group.objects.values_list("pk", "name")),
            sorted(Group.permissions.through.objects.values_list("group_id", "permission_id")))


def insert_session(cursor, key: str) -> None:
    cursor.execute("INSERT INTO django_session (session_key, session_data, expire_date) "
                   "VALUES (%s, '', now() + interval '1 day')", [key])


def test_the_teardown_deletes_every_row_a_test_wrote_and_keeps_what_migrate_wrote():
    before = kept()
    players = make_users("flush1", "flush2")
    players[0].groups.add(ensure_moderator_group())
    game = open_table("estanciero", players, start=True)
    do_warn(players[0], players[1], "a warning")  # the moderation log refuses DELETE (a trigger): truncated
    assert Move.objects.filter(game=game).count() == 0 and Seat.objects.filter(game=game).count() == 2
    empty_tables(connection)
    assert (User.objects.count(), Game.objects.count(), Seat.objects.count(), ModerationAction.objects.count()) == (
        0, 0, 0, 0)
    assert tables_with_rows(connection) == []
    assert Group.objects.get(name=MODERATORS).user_set.count() == 0
    assert kept() == before  # the same ids: cached content types stay right
    moderator = make_users("flush3")[0]
    moderator.groups.add(ensure_moderator_group())
    assert is_moderator(User.objects.get(pk=moderator.pk))  # the group still carries its permissions


def test_the_teardown_waits_for_a_servers_open_transaction_and_deletes_what_it_commits():
    """The case DELETE alone got wrong: a server's transaction, open when the teardown starts, commits a row
    after it. The teardown's locks wait for that transaction, as TRUNCATE's did, so the row is deleted."""
    pid, done = [], threading.Event()
    with other_connection() as server, other_connection(autocommit=True) as watcher:
        with server.cursor() as cursor:
            insert_session(cursor, "late-writer")  # the transaction stays open: psycopg does not autocommit

            def tear_down():
                try:
                    pid.append(connection.cursor().connection.info.backend_pid)
                    empty_tables(connection)
                    done.set()
                finally:
                    connections.close_all()  # this thread's own connection

            teardown = threading.Thread(target=tear_down)
            teardown.start()
            assert wait_until(lambda: done.is_set() or waits_for_a_lock(watcher, pid), timeout=20)
            assert not done.is_set(), "the teardown did not wait for the open transaction"
            server.commit()
            teardown.join(20)
    assert done.is_set()
    assert not Session.objects.filter(pk="late-writer").exists()


def test_a_row_written_after_the_teardown_is_removed_before_the_next_test_with_a_warning(request):
    empty_tables(connection)
    with other_connection() as server, server.cursor() as cursor:
        insert_session(cursor, "too-late")
        server.commit()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        database.pytest_runtest_setup(request.node)  # what runs before every database test's fixtures
    assert any("django_session" in str(w.message) for w in caught)
    assert not Session.objects.filter(pk="too-late").exists()
    assert tables_with_rows(connection) == []
