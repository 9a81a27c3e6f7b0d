"""Malformed input never crashes the engine: thousands of actions with junk in their fields (dicts or lists
where an id or a number is expected, bools, negative and huge numbers, floats, unknown types), built from
the shapes of ``legal_actions`` at random states, are each applied or refused with IllegalAction citing a
rulebook section, never another exception (The Game: only legal moves change the game)."""

from __future__ import annotations

import os
import random

from games.estanciero.engine import RULESET as R
from games.estanciero.engine.ruleset import HANDLERS
from games.estanciero.engine.sim import random_step
from tests.support.engines import fuzz_random_states

ACTIONS = int(os.environ.get("ESTANCIERO_FUZZ_ACTIONS", "4000"))
TYPES = sorted(HANDLERS) + ["fly", ""]


def random_states(rng: random.Random, count: int) -> list[dict]:
    """States sampled along random games (claim mode and automatic, 2-6 players, some bot seats)."""
    out: list[dict] = []
    g = 0
    while len(out) < count:
        n = 2 + g % 5
        state = R.new_game(n, f"fuzz-{g}", {"claim_rents": g % 2 == 0, "max_turns": 15})
        bots = frozenset(s for s in range(n) if rng.random() < 0.5)
        for _step in range(3000):
            move = random_step(state, rng, bots)
            if move is None:
                break
            state, _ = R.apply(state, *move)
            if rng.random() < 0.02:
                out.append(state)
        g += 1
    return out


def test_malformed_actions_are_applied_or_refused_never_crash():
    _applied, refused = fuzz_random_states(R, random_states, TYPES, ACTIONS)
    assert refused > ACTIONS // 2
