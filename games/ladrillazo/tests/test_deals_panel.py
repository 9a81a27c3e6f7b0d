"""Ladrillazo's open proposals are answered in one place, beside the proposal (issue 40, item 16; Talks):
Accept and Reject are not repeated beside the board."""

import re

import pytest

from games.core.rulesets import get
from games.ladrillazo.tests.browsing import clear_position
from games.ladrillazo.tests.helpers import to_plot
from games.models import Game
from games.play.actions import do_move
from games.tests.conftest import client_for, make_users, open_table

pytestmark = pytest.mark.django_db

RS = get("ladrillazo")


def proposed(users) -> Game:
    """A table of two people where seat 0, on turn, has proposed 1 envelope for beto's land (and could still evade
    it with its Asesor fiscal)."""
    game = open_table("ladrillazo", users, start=True)
    state = game.state
    clear_position(state)
    to_plot(state, 1, "solar_urbanizable")
    to_plot(state, 0, "asesor_fiscal")  # EVADE 2: the maker has a move of its own while it waits
    state["players"][0]["loose"] += 1
    state["dispenser"] -= 1
    Game.objects.filter(pk=game.pk).update(state=state, rev=game.rev + 1)
    game = Game.objects.get(pk=game.pk)
    offer = next(a for a in RS.legal_actions(game.state, 0) if a["type"] == "propose")
    do_move(game.pk, seat=0, action=offer, expected_version=game.version, actor=users[0], source="ui")
    return Game.objects.get(pk=game.pk)


def test_a_proposal_is_answered_beside_it_only():
    """Talks: the player a proposal is addressed to accepts or rejects it; each answer is offered once."""
    users = make_users("ana", "beto")
    game = proposed(users)
    pid = game.state["proposals"][0]["id"]
    assert {"type": "accept", "id": pid} in RS.legal_actions(game.state, 1)
    for lang in ("en", "es"):
        html = client_for(users[1], lang).get(f"/games/{game.pk}/").content.decode()
        assert len(re.findall(r'class="[^"]*\bact-accept\b|lz-b-accept', html)) == 1, lang
        assert len(re.findall(r'class="[^"]*\bact-reject\b|lz-b-reject', html)) == 1, lang
        deals = html.split('id="lz-deals"')[1].split("</section>")[0]
        assert "lz-b-accept" in deals and "lz-b-reject" in deals
        assert "act-accept" not in html and "act-reject" not in html
        maker = client_for(users[0], lang).get(f"/games/{game.pk}/").content.decode()
        assert maker.count("lz-b-cancel") == 1 and "act-cancel" not in maker and "act-propose" not in maker
        # The turn is still the maker's while the game waits for the answer: not "Not your turn".
        assert 0 not in RS.to_move(game.state)
        heading = re.search(r'class="card actions-card[^"]*">\s*(?:\{#.*?#\}\s*)?<h2>(.*?)</h2>', maker, re.S)
        assert heading and heading.group(1) == ("Your move" if lang == "en" else "Tu jugada"), heading
