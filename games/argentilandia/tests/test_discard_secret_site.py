"""Doubles a. (decision 18, issue 42.9): a discard stays secret on every channel the site has. Two tables in the
same position whose seat 1 discards different cards send every other seat and an anonymous spectator the same
JSON (the view and the move log through the API) and the same bank line on the page; only the discarder's own
differ. (The engine's tests prove the view and the events alone; these prove the site sends no more.)"""

import re

import pytest

from games.argentilandia.engine import board as B
from games.argentilandia.engine.schema import PHASE_DISCARD
from games.argentilandia.tests.test_engine_helpers import main_state
from games.models import Game
from games.play.actions import do_move
from games.tests.conftest import api_payloads, client_for, make_users, open_table

pytestmark = pytest.mark.django_db

HANDS = {0: {"oil": 2}, 1: {"oil": 5, "fish": 3, "wood": 2}, 2: {"soy": 3}}


def _discarded(users, cards: dict) -> Game:
    game = open_table("argentilandia", users, start=True)
    state = main_state(n=3, seed="same position", hands=HANDS, phase=PHASE_DISCARD, dice=[4, 4],
                       in_play=B.provinces_in_play(8), discards=[0, 5, 0], mps={"la_pampa": [1, 2, None]})
    Game.objects.filter(pk=game.pk).update(state=state, rev=game.rev + 1)
    game = Game.objects.get(pk=game.pk)
    do_move(game.pk, seat=1, action={"type": "discard", "cards": cards}, expected_version=game.version,
            actor=users[1], source="api")
    return Game.objects.get(pk=game.pk)


def _seen(payload: dict) -> tuple:
    """What a payload tells of the position: the view and the move log (who, what was done, what was said)."""
    return payload["view"], [(m["seat"], m["action"], m["events"]) for m in payload["moves"]]


def _bank_line(html: str) -> str:
    return re.search(r'<p class="small muted al-bank">(.*?)</p>', html).group(1)


def test_the_site_sends_nobody_else_what_was_discarded():
    """Doubles a.; General rules ("Players' Production cards must not be left in view of others")."""
    users = make_users("ana", "beto", "caro")
    a = _discarded(users, {"oil": 5})
    b = _discarded(users, {"fish": 3, "wood": 2})
    seen_a, seen_b = dict(api_payloads(a, users)), dict(api_payloads(b, users))
    for viewer in (0, 2, None):
        assert _seen(seen_a[viewer]) == _seen(seen_b[viewer]), viewer
        assert "bank" not in seen_a[viewer]["view"] and "oil" not in str(_seen(seen_a[viewer])[1])
    assert _seen(seen_a[1]) != _seen(seen_b[1])  # the discarder's own log names the cards
    for user in (users[0], users[2], None):
        line_a = _bank_line(client_for(user).get(f"/games/{a.pk}/").content.decode())
        assert line_a == _bank_line(client_for(user).get(f"/games/{b.pk}/").content.decode())
        assert line_a.startswith(f"Bank: {sum(a.state['bank'].values())} Production cards")
