"""The bot: legal moves only, builds a plot that earns, hides and evades, answers and makes offers,
and bot-only games finish within a turn bound (every section)."""

from __future__ import annotations

import os
import random

import pytest

from games.ladrillazo.engine import RULESET as R
from games.ladrillazo.engine.schema import END_DISPENSER

from .helpers import act, game, to_plot

BOT_GAMES = int(os.environ.get("LADRILLAZO_BOT_GAMES", "30"))


def play_bots(n: int, seed: str, max_steps: int = 5000) -> tuple[dict, list]:
    s = R.new_game(n, seed)
    rng = random.Random(seed)
    log = []
    for _ in range(max_steps):
        if R.outcome(s) is not None:
            break
        seat = next((x for x in range(n) if x not in R.to_move(s) and R.bot_optional_action(s, x, rng)), None)
        if seat is not None:
            action = R.bot_optional_action(s, seat, rng)
        else:
            seat = R.to_move(s)[0]
            action = R.bot_action(s, seat, rng)
        s, events = R.apply(s, seat, action)
        log.append((seat, action, events))
    return s, log


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_bot_only_games_finish_by_the_dispenser(n):
    """End of the game: bot-only games empty the dispenser within 30 turns per player."""
    for g in range(max(1, BOT_GAMES // 5)):
        s, log = play_bots(n, f"bots-{n}-{g}")
        out = R.outcome(s)
        assert out is not None and out["reason"] == END_DISPENSER, (n, g)
        assert s["turn"]["number"] <= 30 * n
        kinds = {a["type"] for _seat, a, _e in log}
        assert {"lower", "act", "hide", "evade", "end_turn"} <= kinds


def test_bot_builds_a_profitable_plot_and_keeps_its_money():
    """Money: across bot games, projects earn, money is hidden and evaded, little is returned."""
    earned = hidden = evaded = returned = 0
    for g in range(6):
        _s, log = play_bots(4, f"profit-{g}")
        for _seat, _a, events in log:
            for e in events:
                earned += e["amount"] if e["type"] == "earned" else 0
                hidden += e["amount"] if e["type"] == "hidden" else 0
                evaded += e["amount"] if e["type"] == "evaded" else 0
                returned += e["amount"] if e["type"] == "returned" else 0
    assert earned > 0 and hidden > 0 and evaded > 0
    assert returned < earned / 10


def test_bot_makes_and_answers_offers():
    """Talks: bots propose deals and accept good ones."""
    kinds = set()
    for g in range(8):
        _s, log = play_bots(4, f"talk-{g}")
        kinds |= {a["type"] for _seat, a, _e in log}
    assert {"propose", "accept"} <= kinds


def test_bot_answers_a_bad_offer_with_a_rejection_and_a_good_one_with_acceptance():
    """Talks: the bot accepts when what it gets is worth at least what it gives."""
    s = game()
    s["players"][0]["loose"] = 6
    s["dispenser"] -= 6
    land = to_plot(s, 1, "solar_urbanizable")
    project = to_plot(s, 1, "eurovegas")
    s, _ = act(s, 0, {"type": "propose", "to": 1, "give": {"envelopes": 1}, "ask": {"plot": [project]}})
    assert R.bot_optional_action(s, 1) == {"type": "reject", "id": s["proposals"][0]["id"]}
    s, _ = act(s, 0, {"type": "cancel", "id": s["proposals"][0]["id"]})
    s, _ = act(s, 0, {"type": "propose", "to": 1, "give": {"envelopes": 3}, "ask": {"plot": [land]}})
    assert R.bot_optional_action(s, 1) == {"type": "accept", "id": s["proposals"][0]["id"]}


def test_bot_and_timeout_moves_are_always_legal():
    """Every bot move is accepted by apply; a timed-out player ends the turn."""
    s = R.new_game(3, "timeouts")
    assert R.timeout_action(s, 0) == {"type": "end_turn", "discard": []}
    s, log = play_bots(3, "legal-bots")
    assert R.outcome(s) is not None and log
