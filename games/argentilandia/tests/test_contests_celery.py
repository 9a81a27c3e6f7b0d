"""Dice contests are asynchronous and run by Celery (Buying another player's MP):
the seller is asked to roll, then the buyer; whoever does not answer in time is
rolled for by the server, exactly once, through the same move path."""


import pytest

from games.argentilandia.tests.test_engine_helpers import main_state
from games.models import Game, Move, Seat
from games.play.actions import do_move
from games.tests.conftest import make_users, open_table
from tests.support import wait_until

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def contest_table(db):
    users = make_users("ramon", "sara", "tito")
    game = open_table("argentilandia", users, time_control="live", start=True)
    # A constructed position (Buying another player's MP example): seat 0 holds two of San Luis's
    # MPs, seat 1 the third; San Luis is not in play. The clocks are one second.
    state = main_state(n=3, seed=game.seed, mps={"san_luis": [0, 0, 1]}, total=6)
    # With three players no official is dealt at set-up (Variant: 3 Players): seat 0 bought one.
    state["officials"][0] += 1
    state["bank_officials"] -= 1
    Game.objects.filter(pk=game.pk).update(state=state, move_seconds=1, reserve_seconds=0, max_timeouts=99)
    Seat.objects.filter(game=game).update(reserve_left=0, deadline=None)
    return Game.objects.get(pk=game.pk), users


def test_contest_rolls_are_made_by_celery_when_nobody_answers(celery_worker, contest_table):
    game, users = contest_table
    do_move(game.pk, seat=0, action={"type": "buy_rival_mp", "province": "san_luis", "slot": 2},
            expected_version=game.version, actor=users[0], source="ui")
    game.refresh_from_db()
    assert game.state["phase"] == "contest"
    assert list(Seat.objects.filter(game=game, deadline__isnull=False).values_list("index", flat=True)) == [1]

    def contest_over():
        return Game.objects.get(pk=game.pk).state["phase"] != "contest"

    assert wait_until(contest_over, 30), celery_worker.tail()
    rolls = list(Move.objects.filter(game=game, action__type="contest_roll").order_by("seq")
                 .values_list("seat", "source"))
    assert rolls == [(1, "timeout"), (0, "timeout")]  # the seller first, then the buyer, once each
    events = [e["type"] for m in Move.objects.filter(game=game) for e in m.events]
    assert "contest_won" in events


def test_a_contest_roll_in_time_is_the_players_own(contest_table):
    game, users = contest_table
    Game.objects.filter(pk=game.pk).update(move_seconds=3600)
    do_move(game.pk, seat=0, action={"type": "buy_rival_mp", "province": "san_luis", "slot": 2},
            expected_version=game.version, actor=users[0], source="ui")
    result = do_move(game.pk, seat=1, action={"type": "contest_roll"}, expected_version=1, actor=users[1],
                     source="socket")
    assert any(e["type"] == "contest_rolled" for e in result.events)
    assert Move.objects.get(game=game, seq=2).source == "socket"
