"""``games.play.move_writes``: a move's writes as one statement on PostgreSQL, and by the ORM elsewhere and for the
move that ends a game. Either way the rows read back are what the objects hold."""

from __future__ import annotations

from datetime import timedelta

import psycopg
import pytest
from django.db import IntegrityError, connection, transaction
from django.db.models.signals import post_save
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Game, Move, Seat
from games.play import actions, move_writes
from games.play.move_writes import changed_seats, write_move
from tests.fixtures.database import other_connection

pytestmark = pytest.mark.django_db


def fields(obj) -> dict:
    return {f.attname: f.value_from_object(obj) for f in type(obj)._meta.concrete_fields}


def write_a_move(game: Game, *, finish: bool = False, last: bool = False, inside=None, seq: int | None = None,
                 actor_id: int | None = None):
    """Lock ``game``, change what a move changes (the state, version and revision, one seat's clock, another's
    timeouts) and write it; the objects written and the queries that wrote them. ``inside(move)`` runs after the
    write, still in the block; ``seq`` and ``actor_id`` replace the move's own (to make a write fail)."""
    with transaction.atomic():
        game, seats = actions._lock(game.pk)
        game.version += 1
        game.rev += 1
        game.state = {**game.state, "written_by": "test_move_writes", "nested": {"é": [1, 2.5, None]}}
        if finish:
            game.status, game.outcome, game.finished_at = Game.Status.FINISHED, {"winners": [0]}, timezone.now()
        move = Move(game=game, seq=game.version if seq is None else seq, seat=0, actor=seats[0].user,
                    source=Move.Source.API, action={"type": "pass", "note": "ñ"}, events=[{"type": "passed", "seat": 0}])
        if actor_id is not None:
            move.actor_id = actor_id

        def change():
            seats[0].deadline = timezone.now() + timedelta(seconds=90)
            seats[0].clock_started = timezone.now()
            seats[0].reserve_left = 12.5
            seats[1].timeouts += 1

        changed = changed_seats(seats, change)
        with CaptureQueriesContext(connection) as queries:
            write_move(game, move, changed, last=last)
        if inside:
            inside(move)
    return game, seats, changed, move, queries


@pytest.mark.parametrize("one_statement", [True, False], ids=["one statement", "orm"])
def test_the_rows_read_back_are_the_objects_written(started_game, monkeypatch, one_statement):
    """The move's row (its id, its time, its action and events as JSON), the changed seats' clocks and the
    game's row equal the objects, column by column, whichever way they were written. On PostgreSQL one
    statement writes them all; the ORM writes the move, each changed seat and the game one by one."""
    if not one_statement:
        monkeypatch.setattr(move_writes, "_in_one_statement", lambda game: False)
    elif connection.vendor != "postgresql":
        pytest.skip("one statement is PostgreSQL's")
    game, seats, changed, move, queries = write_a_move(started_game)

    assert [s.index for s in changed] == [0, 1]
    assert len(queries) == (1 if one_statement else 2 + len(changed))
    assert move.pk is not None and not move._state.adding
    assert fields(Move.objects.get(pk=move.pk)) == fields(move)
    assert [fields(s) for s in Seat.objects.filter(game=game).order_by("index")] == [fields(s) for s in seats]
    assert fields(Game.objects.get(pk=game.pk)) == fields(game)


def test_the_move_that_ends_a_game_is_saved_by_the_orm_so_the_lobby_hears_of_it(started_game):
    """``lobby.signals`` re-renders the lobby when a game's saved status becomes finished: the move that ends a
    game is written by ``save()``, which sends ``post_save`` (one statement would not)."""
    saved = []

    def heard(sender, instance, **kwargs):
        saved.append((instance.pk, instance.status))

    post_save.connect(heard, sender=Game, weak=False, dispatch_uid="test_move_writes.heard")
    try:
        game, _, changed, move, queries = write_a_move(started_game, finish=True)
    finally:
        post_save.disconnect(dispatch_uid="test_move_writes.heard", sender=Game)

    assert saved == [(game.pk, Game.Status.FINISHED)]
    assert len(queries) == 2 + len(changed)
    assert fields(Game.objects.get(pk=game.pk)) == fields(game)
    assert Move.objects.filter(pk=move.pk).exists()


def other_session_sees(move_id: int) -> bool:
    """Whether another PostgreSQL session (not this test's connection) sees the move's row: whether it is
    committed."""
    with other_connection(autocommit=True) as other:
        return other.execute("SELECT 1 FROM games_move WHERE id = %s", [move_id]).fetchone() is not None


postgresql_only = pytest.mark.skipif("connection.vendor != 'postgresql'", reason="the commit travels on PostgreSQL")


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_the_move_paths_last_write_carries_its_commit(started_game):
    """The move path's write is its transaction's last: its COMMIT goes in the same message, so the move is
    committed (another session sees it) before the ``atomic`` block ends, in one query, and the block's
    ``on_commit`` callbacks (the broadcast) still run, once, after it."""
    ran, during = [], []

    def inside(move):
        during.append((connection.connection.pgconn.transaction_status, other_session_sees(move.pk)))
        transaction.on_commit(lambda: ran.append(move.pk))

    game, seats, changed, move, queries = write_a_move(started_game, last=True, inside=inside)
    assert len(queries) == 1 and queries[0]["sql"].endswith("; COMMIT")
    assert during == [(psycopg.pq.TransactionStatus.IDLE, True)]
    assert ran == [move.pk]
    assert fields(Move.objects.get(pk=move.pk)) == fields(move)
    assert fields(Game.objects.get(pk=game.pk)) == fields(game)


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_inside_a_callers_transaction_the_last_write_commits_nothing(started_game):
    """A caller's transaction is the caller's to end: inside it the write sends no COMMIT, and when the caller
    rolls back, the move was never there."""
    seen = []

    class CallerGaveUp(Exception):
        pass

    with pytest.raises(CallerGaveUp), transaction.atomic():
        _, _, _, move, queries = write_a_move(started_game, last=True,
                                              inside=lambda move: seen.append(other_session_sees(move.pk)))
        assert "COMMIT" not in queries[0]["sql"]
        raise CallerGaveUp
    assert seen == [False]
    assert not Move.objects.filter(pk=move.pk).exists()
    assert Game.objects.get(pk=started_game.pk).version == started_game.version


@postgresql_only
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("failing", ["the statement", "the commit"])
def test_a_last_write_that_fails_commits_nothing(started_game, failing):
    """If the statement fails (a second move for one version), the COMMIT after it never runs; if the COMMIT
    itself fails (a deferred foreign key checked there: a move by a user who does not exist), the transaction
    is rolled back. Either way the error reaches the caller, nothing is written, and the connection serves the
    next query."""
    version = started_game.version
    if failing == "the statement":
        write_a_move(started_game, last=True)  # version + 1, then the same version again
        version += 1
        started_game.refresh_from_db()
        kwargs = {"seq": version}
    else:
        kwargs = {"actor_id": 10**9}
    moves = Move.objects.filter(game=started_game).count()
    with pytest.raises(IntegrityError):
        write_a_move(started_game, last=True, **kwargs)
    assert Move.objects.filter(game=started_game).count() == moves
    assert Game.objects.get(pk=started_game.pk).version == version
