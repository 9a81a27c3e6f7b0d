"""Secrets (hands, the unrevealed seed, deck order) reach only their owner:
in HTML, JSON and websocket messages, for other seats and spectators."""

import json
import random

import pytest
from django.test import Client

from accounts.models import ApiToken
from games.core.events import visible_to
from games.core.rulesets import get
from games.models import Game
from games.play.actions import do_move
from games.tests.conftest import api_payloads, first_socket_message, make_users, open_table
from tests.support import run_async

pytestmark = pytest.mark.django_db(transaction=True)


def walk_keys(obj):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from walk_keys(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from walk_keys(v)


@pytest.fixture
def argentilandia_midgame(db):
    users = make_users("sol", "luna", "rio")
    game = open_table("argentilandia", users, start=True)
    rs = get("argentilandia")
    rng = random.Random(3)
    for _ in range(120):
        game.refresh_from_db()
        seat = rs.to_move(game.state)[0]
        action = rs.bot_action(game.state, seat, rng)
        do_move(game.pk, seat=seat, action=action, expected_version=game.version,
                actor=users[seat], source="api")
    game.refresh_from_db()
    assert any(sum(h.values()) for h in game.state["hands"])
    return game, users


def assert_only_own_hand(payload: dict, game: Game, seat: int | None):
    keys = set(walk_keys(payload))
    assert "hands" not in keys and "rng_counter" not in keys
    assert payload["view"]["hand"] == (game.state["hands"][seat] if seat is not None else None)
    text = json.dumps(payload)
    assert game.seed not in text


def test_json_api_shows_each_seat_only_its_own_hand(argentilandia_midgame):
    game, users = argentilandia_midgame
    for seat, payload in api_payloads(game, users):
        assert_only_own_hand(payload, game, seat)


def test_html_page_never_contains_the_seed_or_other_hands(argentilandia_midgame):
    game, users = argentilandia_midgame
    client = Client()
    client.force_login(users[0])
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert game.seed not in html and "hands" not in html and "rng_counter" not in html
    spectator_html = Client().get(f"/games/{game.pk}/").content.decode()
    assert game.seed not in spectator_html and "hands" not in spectator_html


def test_log_export_hides_other_seats_private_events_and_actions(argentilandia_midgame):
    game, users = argentilandia_midgame
    client = Client()
    client.force_login(users[1])
    log = client.get(f"/games/{game.pk}/log.json").json()
    assert log["seed"] is None
    for move in log["moves"]:
        if move["seat"] != 1:
            assert move["action"] is None
        for event in move["events"]:
            assert "only" not in event


def test_websocket_messages_carry_only_the_viewers_view(daphne_server, argentilandia_midgame):
    game, users = argentilandia_midgame

    for seat, user in enumerate(users):
        message = run_async(first_socket_message(daphne_server, game, ApiToken.issue(user, "ws")[1]))
        assert message["type"] == "sync" and message["you"] == seat
        assert_only_own_hand(message, game, seat)
    spectator = run_async(first_socket_message(daphne_server, game, None))
    assert spectator["you"] is None
    assert_only_own_hand(spectator, game, None)


def test_private_events_reach_only_the_seats_named():
    event = {"type": "card_drawn", "only": [0, 2], "card": "sheep", "public": {"type": "card_drawn", "seats": [0, 2]}}
    assert visible_to([event], 0) == [{"type": "card_drawn", "card": "sheep"}]
    assert visible_to([event], 1) == [{"type": "card_drawn", "seats": [0, 2]}]
    assert visible_to([event], None) == [{"type": "card_drawn", "seats": [0, 2]}]
    assert visible_to([{"type": "secret", "only": [1]}], 0) == []
