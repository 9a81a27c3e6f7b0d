"""Clocks, timeouts and bots through a real Celery worker on Redis."""


import pytest
from django.utils import timezone

from games.models import Game, Move, Seat
from games.play.actions import do_deadline
from games.play.deadlines import fire_deadline, sweep_deadlines
from games.tables import lifecycle as tables
from moderation.models import ModerationAction
from tests.support import wait_until

pytestmark = pytest.mark.django_db(transaction=True)


def two_player_game(players, *, move_seconds: int, max_timeouts: int = 3, options=None) -> Game:
    game = tables.do_create_table(players[0], "estanciero", 2, time_control="live", options=options)
    Game.objects.filter(pk=game.pk).update(move_seconds=move_seconds, reserve_seconds=0, max_timeouts=max_timeouts,
                                           bot_delay_ms=0)
    Seat.objects.filter(game=game).update(reserve_left=0)
    tables.do_join(game.pk, players[1])
    tables.do_start(game.pk, players[0])
    return Game.objects.get(pk=game.pk)


@pytest.mark.embedded
def test_a_timeout_fires_once_through_the_worker(celery_worker, players):
    game = two_player_game(players, move_seconds=1, max_timeouts=99)
    seat = Seat.objects.get(game=game, deadline__isnull=False)
    first = wait_until(lambda: Move.objects.filter(game=game, seq=1).first(), timeout=20)
    assert first is not None, celery_worker.tail()
    assert first.source == Move.Source.TIMEOUT and first.seat == seat.index
    # A duplicate or late task for version 0 does nothing.
    assert fire_deadline.apply(args=(game.pk, seat.index, 0)).get() is False
    assert do_deadline(game.pk, seat.index, 0) is None
    assert Move.objects.filter(game=game, seq=1).count() == 1
    assert Seat.objects.get(pk=seat.pk).timeouts >= 1


@pytest.mark.move_path
def test_a_deadline_not_yet_due_does_nothing(players):
    game = two_player_game(players, move_seconds=3600)
    seat = Seat.objects.get(game=game, deadline__isnull=False)
    assert do_deadline(game.pk, seat.index, game.version) is None
    assert Game.objects.get(pk=game.pk).version == 0


@pytest.mark.move_path
def test_the_sweep_fires_deadlines_missed_while_no_worker_ran(players):
    game = two_player_game(players, move_seconds=3600)
    Seat.objects.filter(game=game, deadline__isnull=False).update(deadline=timezone.now())
    assert sweep_deadlines() == 1
    assert sweep_deadlines() == 0  # already applied: the next deadline is an hour away
    move = Move.objects.get(game=game)
    assert move.source == Move.Source.TIMEOUT


@pytest.mark.move_path
def test_a_deadline_that_cannot_be_applied_pauses_the_game_for_a_moderator_instead_of_failing_for_ever(players):
    game = two_player_game(players, move_seconds=3600)
    Seat.objects.filter(game=game, deadline__isnull=False).update(deadline=timezone.now())
    Game.objects.filter(pk=game.pk).update(state={"damaged": True})  # a state the engine cannot read
    assert sweep_deadlines() == 0
    game.refresh_from_db()
    assert game.status == Game.Status.PAUSED and game.version == 0 and not Move.objects.filter(game=game).exists()
    entry = ModerationAction.objects.get(game=game)
    assert entry.kind == "pause" and entry.moderator is None and entry.data["automatic"] is True
    assert "could not be applied" in entry.reason and "Error" in entry.reason
    # The next sweeps and a late ETA task leave it alone: one entry, no error, until a moderator acts.
    assert sweep_deadlines() == 0 and fire_deadline.apply(args=(game.pk, 0, 0)).get() is False
    assert ModerationAction.objects.filter(game=game).count() == 1


def test_a_player_who_keeps_timing_out_is_replaced_by_a_bot_and_bots_finish_the_game(celery_worker, players):
    game = two_player_game(players, move_seconds=1, max_timeouts=1, options={"max_turns": 2})
    finished = wait_until(lambda: Game.objects.get(pk=game.pk).status == Game.Status.FINISHED, timeout=120, step=0.5)
    assert finished, celery_worker.tail()
    sources = set(Move.objects.filter(game=game).values_list("source", flat=True))
    assert {"timeout", "bot"} <= sources
    assert all(s.is_bot for s in Seat.objects.filter(game=game))
    seqs = list(Move.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))


def test_a_bot_only_table_plays_itself_to_the_end(celery_worker, players):
    game = tables.do_create_table(players[0], "estanciero", 3, bots=3, options={"max_turns": 2})
    assert game.status == Game.Status.ACTIVE  # nobody to wait for: it starts at once
    assert wait_until(lambda: Game.objects.get(pk=game.pk).status == Game.Status.FINISHED, timeout=120, step=0.5), \
        celery_worker.tail()
    game.refresh_from_db()
    assert game.outcome["ranking"] and set(Move.objects.filter(game=game).values_list("source", flat=True)) == {"bot"}
