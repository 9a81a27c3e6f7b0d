"""A whole Argentilandia game played through the public API by three clients
that each choose with the engine's bot policy, until the game ends with a winner (Victory, or the table's
turn limit, docs/rules/argentilandia.md decision 17: the seed is the table's own, so either may come first)."""

import random

import pytest
from django.test import Client

from accounts.models import ApiToken, User
from games.core.rulesets import get
from games.models import Game

pytestmark = pytest.mark.django_db


@pytest.mark.long
def test_three_api_clients_play_argentilandia_to_a_winner():
    users = [User.objects.create_user(n, password=f"pw-{n}-123") for n in ("api0", "api1", "api2")]
    clients = [Client(HTTP_AUTHORIZATION=f"Bearer {ApiToken.issue(u, 'bot')[1]}") for u in users]
    game_id = clients[0].post("/api/v1/tables", {"ruleset": "argentilandia", "seats": 3, "time_control": "relaxed",
                                                  "options": {"max_turns": 150}},
                              content_type="application/json").json()["id"]
    for c in clients[1:]:
        assert c.post(f"/api/v1/tables/{game_id}/join").status_code == 200
    assert clients[0].post(f"/api/v1/tables/{game_id}/start").status_code == 200
    rs = get("argentilandia")
    rng = random.Random(5)
    for _ in range(6000):
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.ACTIVE:
            break
        seat = rs.to_move(game.state)[0]
        mine = clients[seat].get(f"/api/v1/games/{game_id}").json()
        # The choice comes from the engine's bot policy (a test shortcut); the move itself goes through the API.
        action = rs.bot_action(game.state, seat, rng)
        assert action["type"] in {a["type"] for a in mine["legal_actions"]} | {"offer_trade", "discard"}
        response = clients[seat].post(f"/api/v1/games/{game_id}/actions",
                                      {"action": action, "version": mine["version"]},
                                      content_type="application/json")
        assert response.status_code == 200, response.json()
    final = Client().get(f"/api/v1/games/{game_id}").json()
    assert final["status"] == "finished"
    assert final["outcome"]["winner"] in (0, 1, 2)
    outcome = final["outcome"]
    assert outcome["ranking"][0] == outcome["winner"]
    if outcome.get("reason") == "turn_limit":
        assert outcome["vp"][outcome["winner"]] == max(outcome["vp"]), outcome
    else:
        assert outcome["vp"][outcome["winner"]] >= 16, outcome
