"""Hidden information in every ruleset (issue 12, Security): what each seat and a spectator receive over the
JSON API, the HTML page and both websocket formats (also after reconnecting) is exactly the engine's view for
that viewer, never another seat's hand, and never the seed before the game ends.

The engines' own view tests prove that ``rs.view`` hides what the rulebooks hide; these prove that every
channel sends that view and nothing more."""

import json
import random

import pytest
from django.test import Client

from accounts.models import ApiToken, User
from games.core.rulesets import get
from games.models import Game
from games.play.actions import do_move
from games.tests.conftest import api_payloads, first_socket_message, open_table
from tests.support import run_async

pytestmark = pytest.mark.django_db(transaction=True)

RULESETS = ["argentilandia", "estanciero", "ladrillazo"]


def play_midgame(ruleset: str, moves: int = 80):
    users = [User.objects.create_user(f"{ruleset[:4]}{i}", password=f"pw-{ruleset}-{i}-123") for i in range(3)]
    game = open_table(ruleset, users, start=True)
    rs = get(ruleset)
    rng = random.Random(11)
    for _ in range(moves):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        seat = rs.to_move(game.state)[0]
        do_move(game.pk, seat=seat, action=rs.bot_action(game.state, seat, rng), expected_version=game.version,
                actor=users[seat], source="api")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE, "the game must still be running for its secrets to matter"
    return game, users


def others_hand_markers(game: Game, viewer: int | None) -> list[str]:
    """Strings that would betray another seat's hand in a page: Ladrillazo's card ids as the board marks
    them. (Argentilandia's hands are counts of materials, checked through the view.)"""
    if game.ruleset != "ladrillazo":
        return []
    return [f'"card:{cid}"' for seat, p in enumerate(game.state["players"]) if seat != viewer for cid in p["hand"]]


def expected_view(game: Game, seat: int | None) -> dict:
    return json.loads(json.dumps(get(game.ruleset).view(game.state, seat)))


def assert_view_only(payload: dict, game: Game, seat: int | None) -> None:
    assert payload["view"] == expected_view(game, seat)
    assert game.seed not in json.dumps(payload)


def assert_page_clean(html: str, game: Game, seat: int | None) -> None:
    assert game.seed not in html
    for marker in others_hand_markers(game, seat):
        assert marker not in html, marker


@pytest.fixture(params=RULESETS)
def midgame(request, db):
    return play_midgame(request.param)


def test_api_sends_each_viewer_only_its_view(midgame):
    game, users = midgame
    for seat, payload in api_payloads(game, users):
        assert_view_only(payload, game, seat)


def test_pages_and_their_reloads_hold_no_other_hand(midgame):
    game, users = midgame
    for seat, user in enumerate(users):
        client = Client()
        client.force_login(user)
        for _reload in range(2):
            assert_page_clean(client.get(f"/games/{game.pk}/").content.decode(), game, seat)
            assert_page_clean(client.get(f"/games/{game.pk}/table/").content.decode(), game, seat)
    assert_page_clean(Client().get(f"/games/{game.pk}/").content.decode(), game, None)
    if game.ruleset == "ladrillazo":
        # The markers are real: a seat's own hand does show in its own page.
        # (The table's seed is random: a seat may have played its whole hand, so look at one that holds cards.)
        holder = next(i for i, p in enumerate(game.state["players"]) if p["hand"])
        own = Client()
        own.force_login(users[holder])
        html = own.get(f"/games/{game.pk}/").content.decode()
        assert all(f'"card:{cid}"' in html for cid in game.state["players"][holder]["hand"])


def test_sockets_in_both_formats_and_after_reconnecting(daphne_server, midgame):
    game, users = midgame
    for seat, user in [*enumerate(users), (None, None)]:
        token = ApiToken.issue(user, "ws")[1] if user else None
        for _connection in range(2):  # a reconnect gets the same, no more
            message = run_async(first_socket_message(daphne_server, game, token, "json"))
            assert message["you"] == seat
            assert_view_only(message, game, seat)
            table = run_async(first_socket_message(daphne_server, game, token, "html"))
            assert table["type"] == "table"
            assert_page_clean(table["html"] + "".join((table.get("own") or {}).values()), game, seat)
