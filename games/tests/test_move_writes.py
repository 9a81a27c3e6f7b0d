"""``games.move_writes``: a move's writes as one statement on PostgreSQL, and by the ORM elsewhere and for the
move that ends a game. Either way the rows read back are what the objects hold."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.db.models.signals import post_save
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import actions, move_writes
from games.models import Game, Move, Seat
from games.move_writes import changed_seats, write_move

pytestmark = pytest.mark.django_db


def fields(obj) -> dict:
    return {f.attname: f.value_from_object(obj) for f in type(obj)._meta.concrete_fields}


def write_a_move(game: Game, *, finish: bool = False):
    """Lock ``game``, change what a move changes (the state, version and revision, one seat's clock, another's
    timeouts) and write it; the objects written and the queries that wrote them."""
    with transaction.atomic():
        game, seats = actions._lock(game.pk)
        game.version += 1
        game.rev += 1
        game.state = {**game.state, "written_by": "test_move_writes", "nested": {"é": [1, 2.5, None]}}
        if finish:
            game.status, game.outcome, game.finished_at = Game.Status.FINISHED, {"winners": [0]}, timezone.now()
        move = Move(game=game, seq=game.version, seat=0, actor=seats[0].user, source=Move.Source.API,
                    action={"type": "pass", "note": "ñ"}, events=[{"type": "passed", "seat": 0}])

        def change():
            seats[0].deadline = timezone.now() + timedelta(seconds=90)
            seats[0].clock_started = timezone.now()
            seats[0].reserve_left = 12.5
            seats[1].timeouts += 1

        changed = changed_seats(seats, change)
        with CaptureQueriesContext(connection) as queries:
            write_move(game, move, changed)
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
