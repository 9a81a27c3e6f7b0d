"""Malformed input never crashes the engine: thousands of actions with junk in their fields (dicts or lists
where an id or a number is expected, bools, negative and huge numbers, floats, unknown types), built from
the shapes of ``legal_actions`` at random states, are each applied or refused with IllegalAction citing a
rulebook section, never another exception (Round Summary: only legal moves change the game)."""

from __future__ import annotations

import os
import random

from games.argentilandia.engine import RULESET as RS
from games.argentilandia.engine.actions import HANDLERS, RESPONSES
from tests.support.engines import fuzz_random_states

ACTIONS = int(os.environ.get("ARGENTILANDIA_FUZZ_ACTIONS", "4000"))
TYPES = sorted({t for rules in HANDLERS.values() for t in rules.handlers} | set(RESPONSES)) + ["fly", ""]


def random_states(rng: random.Random, count: int) -> list[dict]:
    """States sampled along random games of 3-5 players (every phase: draft, contests, discards, offers)."""
    out: list[dict] = []
    g = 0
    while len(out) < count:
        n = 3 + g % 3
        state = RS.new_game(n, f"fuzz-{g}", {"max_turns": 12})
        while RS.to_move(state):
            seat = rng.choice(RS.to_move(state))
            action = RS.bot_action(state, seat, rng) if rng.random() < 0.3 else rng.choice(RS.legal_actions(state, seat))
            state, _ = RS.apply(state, seat, action)
            if rng.random() < 0.03:
                out.append(state)
        g += 1
    return out


def test_malformed_actions_are_applied_or_refused_never_crash():
    _applied, refused = fuzz_random_states(RS, random_states, TYPES, ACTIONS)
    assert refused > ACTIONS // 2


def test_the_reported_malformed_actions_are_refused_with_a_rule():
    """The examples that raised TypeError (purchase.py / contest.py): a dict where an id is expected,
    a bool where an int is expected, negative and huge slots."""
    from tests.support.engines import refused

    from .test_engine_helpers import main_state

    draft = RS.new_game(4, "malformed")
    seat = draft["current"]
    refused(RS, draft, seat, {"type": "place_mp", "province": {"wood": 1}, "slot": 0}, "setup")
    refused(RS, draft, seat, {"type": "place_mp", "province": "jujuy", "slot": True}, "raw-materials")
    refused(RS, draft, seat, {"type": "place_mp", "province": "jujuy", "slot": -1}, "raw-materials")
    refused(RS, draft, seat, {"type": "place_mp", "province": "jujuy", "slot": 10**30}, "raw-materials")
    st = main_state(hands={0: {"oil": 3, "soy": 3, "fish": 3}}, mps={"salta": [0, 1, 1]}, officials=[1, 1, 1, 1])
    refused(RS, st, 0, {"type": "buy_rival_mp", "province": ["salta"], "slot": 1}, "setup")
    refused(RS, st, 0, {"type": "buy_port", "port": {"id": "ushuaia"}}, "trading-at-ports")
    free = main_state(hands={0: {"oil": 3, "soy": 3, "fish": 3}}, mps={"salta": [0, 1, None]}, total=12)
    refused(RS, free, 0, {"type": "buy_mp", "province": "salta", "slot": 2, "pay": [["oil"], ["soy"], ["fish"]]},
            "exchange-and-cost-card")
    refused(RS, st, 0, {"type": "buy_rival_percentage", "industry": "winery", "seller": True},
            "buying-other-players-percentages")
    refused(RS, st, 0, {"type": "offer_trade", "to": True, "give": {"oil": 1}, "get": {"soy": 1}}, "playing-the-game")
    refused(RS, st, 0, {"type": "offer_trade", "to": 1, "give": {"oil": 1.0}, "get": {"soy": 1}}, "playing-the-game")
    refused(RS, st, 0, {"type": "accept_offer", "offer_id": True}, "playing-the-game")
