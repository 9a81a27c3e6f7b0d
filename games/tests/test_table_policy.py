"""One table policy for the New table form and the API (``games.tables.lifecycle.table_settings`` and ``check_settings``):
the same settings can be asked for through both, and a bad one gets the same refusal from both, with nothing
created."""

from __future__ import annotations

import html

import pytest
from django.test import Client

from accounts.models import ApiToken, User
from games.models import Game, Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def alicia():
    return User.objects.create_user("alicia", password="pw-alicia-1")


def page_client(user) -> Client:
    c = Client(HTTP_ACCEPT_LANGUAGE="en")
    c.force_login(user)
    return c


def api_client(user) -> Client:
    return Client(HTTP_AUTHORIZATION=f"Bearer {ApiToken.issue(user, 'bot')[1]}", HTTP_ACCEPT_LANGUAGE="en")


# The form's defaults (lobby.views_play.FORM_DEFAULTS), then what each case changes.
FORM = {"ruleset": "estanciero", "seats": "3", "bots": "0", "time_control": "live", "max_timeouts": "3",
        "bot_level": "normal", "max_turns": "0", "rated": "", "visibility": "public"}


def settings_of(game: Game) -> dict:
    bots = [s.bot_level for s in Seat.objects.filter(game=game, is_bot=True)]
    return {"ruleset": game.ruleset, "seats": game.num_seats, "time_control": game.time_control,
            "rated": game.rated, "private": game.private, "options": game.options,
            "max_timeouts": game.max_timeouts, "bots": bots}


def test_the_api_creates_a_rated_private_table_as_the_page_does(alicia):
    body = {"ruleset": "estanciero", "seats": 3, "bots": 1, "bot_level": "strong", "time_control": "blitz",
            "max_timeouts": 2, "rated": True, "private": True, "options": {"max_turns": 40}}
    created = api_client(alicia).post("/api/v1/tables", body, content_type="application/json")
    assert created.status_code == 201, created.json()
    answer = created.json()
    by_api = Game.objects.get(pk=answer["id"])
    assert answer["rated"] is True and answer["private"] is True and answer["time_control"] == "blitz"
    # the page's form, set to Rated, has the ruleset's rated options ticked (lobby.js): the same table
    form = {**FORM, "seats": "3", "bots": "1", "bot_level": "strong", "time_control": "blitz", "max_timeouts": "2",
            "rated": "1", "visibility": "private", "max_turns": "40", "claim_rents": "1"}
    assert page_client(alicia).post("/games/new/", form).status_code == 302
    by_page = Game.objects.exclude(pk=by_api.pk).get()
    assert settings_of(by_api) == settings_of(by_page) == {
        "ruleset": "estanciero", "seats": 3, "time_control": "blitz", "rated": True, "private": True,
        "options": {"max_turns": 40, "claim_rents": True}, "max_timeouts": 2, "bots": ["strong"]}

    # Private: listed nowhere, and only the invite's code seats another person through the API.
    assert by_api.pk not in [t["id"] for t in Client().get("/api/v1/tables").json()["tables"]]
    beto = api_client(User.objects.create_user("beto", password="pw-beto-1"))
    refused = beto.post(f"/api/v1/tables/{by_api.pk}/join")
    assert refused.status_code == 403 and "private" in refused.json()["message"]
    assert beto.post(f"/api/v1/tables/{by_api.pk}/join", {"code": "wrong"},
                     content_type="application/json").status_code == 404
    assert answer["invite_url"].endswith(f"/invite/{answer['invite_code']}/")
    joined = beto.post(f"/api/v1/tables/{by_api.pk}/join", {"code": answer["invite_code"]},
                       content_type="application/json")
    assert joined.json() == {"seat": 1}
    assert Seat.objects.get(game=by_api, index=1).user.username == "beto"


def test_a_rated_table_takes_its_rulesets_rated_options_unless_it_sets_them(alicia):
    """A ruleset's ``rated_options`` (Estanciero: the rulebook's rents, ``claim_rents``) are a rated table's
    defaults, written in its options: by the API when it says nothing, by the page's form when the box is left
    as Rated sets it; a table that sets the option otherwise keeps its choice, and a friendly table keeps the
    casual default (nothing stored)."""
    api = api_client(alicia)
    made = []
    for rated, options in ((True, {}), (True, {"claim_rents": False}), (False, {})):
        body = {"ruleset": "estanciero", "seats": 2, "bots": 0, "rated": rated, "options": options}
        answer = api.post("/api/v1/tables", body, content_type="application/json")
        assert answer.status_code == 201, answer.json()
        made.append(Game.objects.get(pk=answer.json()["id"]).options)
    assert made == [{"claim_rents": True}, {"claim_rents": False}, {}]
    Game.objects.all().delete()
    page = page_client(alicia)
    for sent, stored in (({"claim_rents": "1"}, {"claim_rents": True}), ({}, {"claim_rents": False})):
        assert page.post("/games/new/", {**FORM, "seats": "2", "bots": "0", "rated": "1", **sent}).status_code == 302
        assert Game.objects.get().options == stored
        Game.objects.all().delete()


# (what the form sends differently, what the API sends differently, the refusal both give)
BAD = [
    ({"time_control": "bullet"}, {"time_control": "bullet"}, "Unknown time control bullet."),
    ({"bot_level": "hard"}, {"bot_level": "hard"}, "Unknown bot level hard."),
    ({"seats": "9"}, {"seats": 9}, "estanciero takes 2 to 6 players."),
    ({"bots": "4"}, {"bots": 4}, "There are more bots than seats."),
    ({"max_timeouts": "50"}, {"max_timeouts": 50}, "A seat passes to a bot after 1 to 20 timeouts."),
    ({"max_timeouts": "0"}, {"max_timeouts": 0}, "A seat passes to a bot after 1 to 20 timeouts."),
    ({"max_timeouts": "many"}, {"max_timeouts": "many"}, "max_timeouts must be a whole number from 0 to 99."),
    ({"seats": "three"}, {"seats": "three"}, "seats must be a whole number from 0 to 99."),
    ({"rated": "maybe"}, {"rated": "maybe"}, "The field rated must be true or false."),
    ({"visibility": "friends"}, {"private": "friends"}, "The field private must be true or false."),
    ({"start_money": "100"}, {"options": {"start_money": 100}}, None),  # the engine's own refusal, the same
]


@pytest.mark.parametrize(("form", "body", "message"), BAD)
def test_bad_settings_get_the_same_refusal_from_the_page_and_the_api(alicia, form, body, message):
    api = api_client(alicia).post("/api/v1/tables", {"ruleset": "estanciero", "seats": 3, **body},
                                  content_type="application/json")
    assert api.status_code == 400 and api.json()["error"] == "bad_request", api.json()
    said = api.json()["message"]
    if message is not None:
        assert said == message
    page = page_client(alicia).post("/games/new/", {**FORM, **form})
    assert page.status_code == 400
    assert html.escape(said) in page.content.decode()
    assert not Game.objects.exists()
