"""Bot levels: an easy bot plays any legal move (never opening a negotiation), a normal bot the engine's policy;
the clock's bot move goes through the seat's level."""

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import User
from games.core.rulesets import declaration, get, names
from games.models import Game, Move, Seat
from games.play import bots
from games.play.actions import do_deadline
from games.tables import lifecycle as tables


@pytest.mark.parametrize("ruleset", names())
def test_an_easy_bot_picks_legal_moves_and_opens_no_negotiation(ruleset):
    rs = get(ruleset)
    rng = random.Random(7)
    state = rs.new_game(4 if rs.max_players >= 4 else rs.max_players, f"levels-{ruleset}")
    seen = set()
    for _ in range(300):
        if rs.outcome(state) is not None:
            break
        seat = rs.to_move(state)[0]
        action = bots.choose(rs, state, seat, "easy", rng)
        assert action in rs.legal_actions(state, seat)
        assert action["type"] not in declaration(ruleset).openers
        seen.add(action["type"])
        state, _ = rs.apply(state, seat, action)
    assert len(seen) >= 3  # a spread of kinds of move, not one repeated


def test_a_normal_bot_is_the_engines_policy():
    rs = get("estanciero")
    state = rs.new_game(3, "levels-normal")
    seat = rs.to_move(state)[0]
    assert bots.choose(rs, state, seat, "normal", random.Random(1)) == rs.bot_action(state, seat, random.Random(1))


@pytest.mark.move_path
@pytest.mark.django_db
def test_the_clock_moves_an_easy_bot_seat_with_the_easy_level():
    alicia = User.objects.create_user("alicia", password="pw-alicia-1")
    game = tables.do_create_table(alicia, "ladrillazo", 3, bots=3, bot_level="easy", time_control="live",
                                  options={"max_turns": 3})
    rs = get("ladrillazo")
    for _ in range(400):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        seat = Seat.objects.filter(game=game, deadline__isnull=False).order_by("index").first()
        Seat.objects.filter(pk=seat.pk).update(deadline=timezone.now() - timedelta(seconds=1))
        do_deadline(game.pk, seat.index, game.version)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    moves = list(Move.objects.filter(game=game))
    assert moves and all(m.source == Move.Source.BOT for m in moves)
    assert not any(m.action["type"] in declaration("ladrillazo").openers for m in moves)
    assert rs.outcome(game.state) is not None
