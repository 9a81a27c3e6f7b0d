"""Off turn, the Estanciero table shows what the seat can really do then under a heading that says it is not
their turn (issue 40, item 17; rulebook decision 18: building and deals between turns), not "Your move" over
a stack of the engine's example proposals: a deal is proposed with the deal form."""

import re

import pytest

from games.core.rulesets import get
from games.models import Game
from games.tests.conftest import client_for, make_users, open_table

pytestmark = pytest.mark.django_db

RS = get("estanciero")


def heading(html: str) -> str:
    card = html.split('class="card actions-card')[1]
    return re.search(r"<h2>(.*?)</h2>", card).group(1)


def test_off_turn_the_moves_are_headed_as_such_and_proposals_come_from_the_deal_form():
    """Decision 18: between turns a seat may trade and mortgage; the table says it is not their turn."""
    users = make_users("ana", "beto")
    game = open_table("estanciero", users, start=True)
    state = game.state
    state["owners"]["1"], state["owners"]["2"], state["owners"]["3"] = 0, 1, 1  # Formosa: shared by both
    Game.objects.filter(pk=game.pk).update(state=state, rev=game.rev + 1)
    game = Game.objects.get(pk=game.pk)
    on_turn = state["turn"]["seat"]
    off_turn = 1 - on_turn
    assert off_turn not in RS.to_move(game.state)
    assert any(a["type"] == "propose" for a in RS.legal_actions(game.state, off_turn))

    for lang, wording in (("en", "Not your turn: you can still"), ("es", "No es tu turno, pero podés")):
        html = client_for(users[off_turn], lang).get(f"/games/{game.pk}/").content.decode()
        assert heading(html) == wording
        assert "act-propose" not in html, "the example proposals are not listed as moves"
        assert 'id="es-propose"' in html  # the deal form proposes
        assert "act-mortgage" in html  # what the seat can really do between turns stays
        mine = client_for(users[on_turn], lang).get(f"/games/{game.pk}/").content.decode()
        assert heading(mine) == ("Your move" if lang == "en" else "Tu jugada")
        assert "act-roll" in mine and "act-propose" not in mine
