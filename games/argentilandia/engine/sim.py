"""Random play for tests and benchmarks (as ``sim`` in the other rulesets): a seeded legal move at a time."""

from __future__ import annotations

import random

from .ruleset import RULESET
from .schema import PHASE_MAIN


def random_step(state: dict, rng: random.Random, bots: frozenset[int] | set[int] = frozenset()) -> tuple[int, dict] | None:
    """One random legal (seat, action) among the seats the rules wait for, or None when the game is over.

    With probability 0.3 a seat that may answer a pending offer answers first (the offers of Trade wait for
    nobody, so random play must give the others a turn at them); seats in ``bots`` play their bot's move."""
    to_move = RULESET.to_move(state)
    if not to_move:
        return None
    n = state["num_players"]
    seat = None
    if state["phase"] == PHASE_MAIN and state["offers"] and rng.random() < 0.3:
        responders = [s for s in range(n) if s != state["current"] and RULESET.legal_actions(state, s)]
        if responders:
            seat = rng.choice(responders)
    if seat is None:
        seat = rng.choice(to_move)
    if seat in bots:
        return seat, RULESET.bot_action(state, seat, rng)
    return seat, rng.choice(RULESET.legal_actions(state, seat))
