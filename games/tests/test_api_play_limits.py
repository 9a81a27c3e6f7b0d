"""The API's limits never throttle a player below what the table's clock needs (docs/API.md, "Limits"): a
player's reads of their own game in play and their moves count apart, per game, in a window shorter than any
time control's allowance; a flood of other calls, or of the game's own, still gets 429 with a sensible
``retry_after``. The limiter's clock is moved by the test (no sleeping)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.test import Client

from accounts import ratelimit
from accounts.models import ApiToken
from games.models import Game
from games.tables import lifecycle as tables
from games.tests.conftest import make_users

pytestmark = pytest.mark.django_db

BLITZ_MOVE = tables.TIME_CONTROLS["blitz"][0]


@pytest.fixture
def seconds(monkeypatch, settings):
    """The site's own limits (not the suite's generous ones), counted on a clock the test moves."""
    settings.RATE_LIMITS = dict(ratelimit.DEFAULT_RATES)
    at = SimpleNamespace(now=3_000_000_000.0)  # a whole number of every window: each test starts a fresh one
    monkeypatch.setattr(ratelimit, "time", SimpleNamespace(time=lambda: at.now, monotonic=lambda: at.now))
    return at


def api_client(user) -> Client:
    return Client(HTTP_AUTHORIZATION=f"Bearer {ApiToken.issue(user, 'bot')[1]}")


def test_the_play_window_is_shorter_than_any_allowance():
    """Even a player refused for flooding is told to wait less than a move's time."""
    _limit, window = ratelimit.parse_rate(ratelimit.DEFAULT_RATES["api_play"])
    assert window < min(move for move, _reserve in tables.TIME_CONTROLS.values())


def test_a_client_playing_blitz_at_its_clocks_pace_is_never_limited_while_floods_are(seconds):
    ana, beto = make_users("ana", "beto")
    game = tables.do_create_table(ana, "estanciero", 2, time_control="blitz")
    tables.do_join(game.pk, beto)
    tables.do_start(game.pk, ana)
    clients = {"ana": api_client(ana), "beto": api_client(beto)}
    url = f"/api/v1/games/{game.pk}"

    # ana's other calls flood first: the per-user limit stops them, and says for how long.
    flood = [clients["ana"].get("/api/v1/rulesets") for _ in range(150)]
    refused = [r for r in flood if r.status_code == 429]
    assert len(refused) == 150 - 120
    assert all(r.json()["error"] == "rate_limited" and 1 <= r.json()["retry_after"] <= 60 for r in refused)

    # Both bots read their game once a second and move when on move, for two minutes of play.
    moves = 0
    for _second in range(120):
        for client in clients.values():
            state = client.get(url)
            assert state.status_code == 200, state.json()
            g = state.json()
            if g["status"] == "active" and g["you"] in g["to_move"] and g["legal_actions"]:
                answer = client.post(f"{url}/actions", {"action": g["legal_actions"][0], "version": g["version"]},
                                     content_type="application/json")
                assert answer.status_code != 429, answer.json()
                moves += answer.status_code == 200
        seconds.now += 1
    assert moves >= 60
    assert Game.objects.get(pk=game.pk).version >= 60
    assert clients["ana"].get("/api/v1/rulesets").status_code == 200  # a new minute: her other calls go on

    # A flood of the game's own calls is refused too, and told to wait less than a blitz move.
    burst = [clients["beto"].get(url) for _ in range(150)]
    refused = [r for r in burst if r.status_code == 429]
    assert refused and all(1 <= r.json()["retry_after"] < BLITZ_MOVE for r in refused)
