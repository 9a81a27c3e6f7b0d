"""A fourth game is its own folder plus one registry line: Dice race (``tests/dice_race/``, a made-up two-player
game), registered by these tests only, is served by the lobby (the New table form shows its options, a table
created from it lists them), the table page (its own board drawing), the rules pages and the API (listed, a table
created, a move made)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.urls import reverse

from accounts.models import ApiToken, User
from games.core import rulesets
from games.models import Game, Move

pytestmark = pytest.mark.django_db


@pytest.fixture
def dice_race(monkeypatch):
    """The registry line (``games.core.rulesets.PACKAGES``) and the app it installs, as ``config.settings`` does."""
    monkeypatch.setattr(rulesets, "PACKAGES", [*rulesets.PACKAGES, "tests.dice_race"])
    with override_settings(INSTALLED_APPS=[*settings.INSTALLED_APPS, "tests.dice_race"]):
        yield


@pytest.fixture
def ana(client):
    user = User.objects.create_user("ana-race", password="pw-ana-race-1")
    client.force_login(user)
    return user


def test_unregistered_it_is_nowhere():
    assert "dice_race" not in rulesets.names()
    assert "dice_race" not in [r["name"] for r in Client().get("/api/v1/rulesets").json()["rulesets"]]


def test_the_new_table_form_offers_it_with_its_options(dice_race, client, ana):
    html = client.get("/play/?game=dice_race").content.decode()
    assert '<option value="dice_race" selected>Dice race (2–2)</option>' in html
    assert '<div data-only="dice_race">' in html and "A race of two." in html
    assert ('<input id="nt-target" type="number" name="target" min="10" max="50" value="20">' in html)
    assert '<input type="checkbox" name="loud_dice" value="1"> Loud dice' in html


def test_a_table_from_the_form_keeps_its_options_and_the_lobby_lists_them(dice_race, client, ana):
    response = client.post(reverse("lobby:create"), {
        "ruleset": "dice_race", "seats": "3", "bots": "0", "time_control": "live", "max_timeouts": "3",
        "max_turns": "0", "target": "30"})
    assert response.status_code == 400  # the engine's two players
    assert "dice_race se juega de 2 a 2 jugadores." in response.content.decode()  # es: the default
    assert 'name="target" min="10" max="50" value="30"' in response.content.decode()  # the choice comes back

    response = client.post(reverse("lobby:create"), {
        "ruleset": "dice_race", "seats": "2", "bots": "0", "time_control": "live", "max_timeouts": "3",
        "max_turns": "0", "target": "30", "loud_dice": "1", "start_money": "50000"})
    game = Game.objects.get(ruleset="dice_race")
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    # Its own options, not another game's field that happened to be sent.
    assert game.options == {"target": 30, "loud_dice": True}
    assert "race to 30" in client.get("/play/").content.decode()

    response = client.post(reverse("lobby:create"), {
        "ruleset": "dice_race", "seats": "2", "bots": "1", "time_control": "live", "max_timeouts": "3",
        "max_turns": "0", "target": "5"})
    assert response.status_code == 400 and "The target is a whole number from 10 to 50." in response.content.decode()


def test_the_table_page_draws_its_board_and_the_rules_page_its_rulebook(dice_race, client, ana):
    client.post(reverse("lobby:create"), {"ruleset": "dice_race", "seats": "2", "bots": "1", "time_control": "live",
                                          "max_timeouts": "3", "max_turns": "0", "target": "12"})
    game = Game.objects.get(ruleset="dice_race")
    assert game.status == Game.Status.ACTIVE
    html = client.get(game.get_absolute_url()).content.decode()
    assert '<div class="dice-race-board" data-target="12">' in html
    assert "act-roll" in html  # its one move, as a button
    rules = client.get("/rules/dice_race/").content.decode()
    assert '<a href="#race">La carrera</a>' in rules and "gana el primero que llega a la meta" in rules  # es: the default
    assert "Dice race" in client.get("/").content.decode()


def test_the_api_lists_it_creates_a_table_and_takes_a_move(dice_race, ana):
    api = Client(HTTP_AUTHORIZATION=f"Bearer {ApiToken.issue(ana, 'race')[1]}")
    listed = {r["name"]: r for r in api.get("/api/v1/rulesets").json()["rulesets"]}
    race = listed["dice_race"]
    assert (race["name"], race["min_players"], race["max_players"]) == ("dice_race", 2, 2)
    assert [(o["key"], o["kind"], o["default"]) for o in race["options"]] == [("target", "int", 20), ("loud_dice", "bool", False)]
    created = api.post("/api/v1/tables", {"ruleset": "dice_race", "seats": 2, "bots": 1, "options": {"target": 10}},
                       content_type="application/json")
    assert created.status_code == 201, created.content
    game = Game.objects.get(pk=created.json()["id"])
    assert game.status == Game.Status.ACTIVE and game.options == {"target": 10}
    moved = api.post(f"/api/v1/games/{game.pk}/actions", {"action": {"type": "roll"}, "version": game.version},
                     content_type="application/json")
    assert moved.status_code == 200, moved.content
    [rolled] = [e for e in moved.json()["events"] if e["type"] == "rolled"]
    assert rolled["seat"] == 0 and 1 <= rolled["die"] <= 6
    assert Move.objects.filter(game=game, seat=0, source=Move.Source.API).count() == 1
    refused = api.post(f"/api/v1/games/{game.pk}/actions", {"action": {"type": "pass"}},
                       content_type="application/json")
    assert refused.status_code == 422 and refused.json()["rule_url"].endswith("/rules/dice_race/#race")
