"""The public JSON API enforces exactly what the UI enforces."""

import pytest
from django.test import Client

from accounts.models import ApiToken, User
from games.models import Game, Move

pytestmark = pytest.mark.django_db


@pytest.fixture
def api_players(db):
    users = [User.objects.create_user(n, password=f"pw-{n}-123") for n in ("uno", "dos")]
    keys = [ApiToken.issue(u, "bot")[1] for u in users]
    return users, [Client(HTTP_AUTHORIZATION=f"Bearer {k}") for k in keys]


def test_writes_need_a_token():
    response = Client().post("/api/v1/tables", {"ruleset": "estanciero", "seats": 2}, content_type="application/json")
    assert response.status_code == 401
    assert Client(HTTP_AUTHORIZATION="Bearer nope").post("/api/v1/tables/1/join").status_code == 401


def test_tokens_are_stored_hashed(api_players):
    users, _clients = api_players
    token = ApiToken.objects.get(user=users[0])
    assert token.key_hash != token.prefix and len(token.key_hash) == 64


def test_create_join_start_play_and_export_through_the_api(api_players):
    users, (c1, c2) = api_players
    rulesets = Client().get("/api/v1/rulesets").json()["rulesets"]
    assert {"estanciero", "argentilandia"} <= {r["name"] for r in rulesets}

    created = c1.post("/api/v1/tables", {"ruleset": "estanciero", "seats": 2, "time_control": "correspondence",
                                         "options": {"max_turns": 1}}, content_type="application/json")
    assert created.status_code == 201
    game_id = created.json()["id"]
    assert game_id in [t["id"] for t in Client().get("/api/v1/tables").json()["tables"]]
    assert c2.post(f"/api/v1/tables/{game_id}/join").json() == {"seat": 1}
    assert c2.post(f"/api/v1/tables/{game_id}/start").status_code == 403  # only the creator starts
    assert c1.post(f"/api/v1/tables/{game_id}/start").json()["status"] == "active"

    clients = {0: c1, 1: c2}
    for _ in range(400):
        detail = c1.get(f"/api/v1/games/{game_id}").json()
        if detail["status"] != "active":
            break
        seat = detail["to_move"][0]
        mine = clients[seat].get(f"/api/v1/games/{game_id}").json()
        assert mine["you"] == seat and mine["legal_actions"]
        response = clients[seat].post(f"/api/v1/games/{game_id}/actions",
                                      {"action": mine["legal_actions"][0], "version": mine["version"]},
                                      content_type="application/json")
        assert response.status_code == 200, response.json()
        assert response.json()["version"] == mine["version"] + 1
    final = Client().get(f"/api/v1/games/{game_id}").json()
    assert final["status"] == "finished" and final["outcome"]["ranking"]
    assert final["seed"] and final["seed_commitment"]
    log = Client().get(f"/api/v1/games/{game_id}/log").json()
    assert len(log["moves"]) == Move.objects.filter(game_id=game_id).count() and log["seed"] == final["seed"]


def test_stale_illegal_and_spectator_submissions_are_refused(api_players):
    users, (c1, c2) = api_players
    game_id = c1.post("/api/v1/tables", {"ruleset": "estanciero", "seats": 2}, content_type="application/json").json()["id"]
    c2.post(f"/api/v1/tables/{game_id}/join")
    c1.post(f"/api/v1/tables/{game_id}/start")
    detail = c1.get(f"/api/v1/games/{game_id}").json()
    seat = detail["to_move"][0]
    mover, other = (c1, c2) if seat == 0 else (c2, c1)

    stale = mover.post(f"/api/v1/games/{game_id}/actions", {"action": {"type": "roll"}, "version": 5},
                       content_type="application/json")
    assert stale.status_code == 409 and stale.json()["version"] == 0

    illegal = mover.post(f"/api/v1/games/{game_id}/actions", {"action": {"type": "build", "space": 1}, "version": 0},
                         content_type="application/json")
    assert illegal.status_code == 422
    body = illegal.json()
    assert body["rule"] and body["rule_url"].startswith("/rules/estanciero/#")

    wrong_turn = other.post(f"/api/v1/games/{game_id}/actions", {"action": {"type": "roll"}, "version": 0},
                            content_type="application/json")
    assert wrong_turn.status_code == 422

    outsider = User.objects.create_user("mirón", password="pw-miron-123")
    spectator = Client(HTTP_AUTHORIZATION=f"Bearer {ApiToken.issue(outsider, 't')[1]}")
    refused = spectator.post(f"/api/v1/games/{game_id}/actions", {"action": {"type": "roll"}},
                             content_type="application/json")
    assert refused.status_code == 403
    bad_json = mover.post(f"/api/v1/games/{game_id}/actions", "not json", content_type="application/json")
    assert bad_json.status_code == 400
    assert Game.objects.get(pk=game_id).version == 0


def test_bad_table_options_are_refused_at_creation(api_players):
    _users, (c1, _c2) = api_players
    for options in ({"max_turns": 0}, {"no_such_option": True}):
        response = c1.post("/api/v1/tables", {"ruleset": "estanciero", "seats": 2, "options": options},
                           content_type="application/json")
        assert response.status_code == 400, options
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_the_rulesets_answer_lists_each_games_declared_options_in_the_askers_language():
    """A client learns what a table's ``options`` may hold from ``GET /api/v1/rulesets`` (the rulesets'
    declarations): each option's kind, default and limits, its words in the Accept-Language asked for."""
    english = {r["name"]: r for r in Client().get("/api/v1/rulesets", HTTP_ACCEPT_LANGUAGE="en").json()["rulesets"]}
    spanish = {r["name"]: r for r in Client().get("/api/v1/rulesets", HTTP_ACCEPT_LANGUAGE="es").json()["rulesets"]}
    money = {o["key"]: o for o in english["estanciero"]["options"]}["start_money"]
    assert (money["kind"], money["default"], money["min"]) == ("int", 35000, 35000) and "rated_default" not in money
    rents = {o["key"]: o for o in english["estanciero"]["options"]}["claim_rents"]
    assert (rents["kind"], rents["default"], rents["rated_default"]) == ("bool", False, True)  # the book's on rated
    assert {o["key"] for o in english["argentilandia"]["options"]} >= {"free_bank"}
    first = {o["key"]: o for o in english["ladrillazo"]["options"]}["first_player"]
    assert first["kind"] == "choice" and first["default"] in {c["value"] for c in first["choices"]}
    said = {o["key"]: o["label"] for o in spanish["estanciero"]["options"]}
    assert said["start_money"] != money["label"] and said["start_money"]  # the same option, in Spanish
    assert english["estanciero"]["title"] == "Estanciero"
