"""Shared helpers for the Argentilandia engine tests (no tests here)."""

from __future__ import annotations

import random

from games.argentilandia.engine import RULESET as RS
from games.argentilandia.engine import board as B
from games.argentilandia.engine.schema import PHASE_MAIN
from games.argentilandia.engine.sim import random_step

MATS = B.MATERIALS


def hand(**cards) -> dict:
    h = {m: 0 for m in MATS}
    h.update(cards)
    return h


def main_state(n: int = 4, seed: str = "t", hands: dict | None = None, mps: dict | None = None,
               total: int | None = None, current: int = 0, turn: int = 5, phase: str = PHASE_MAIN, **extra) -> dict:
    """A game jumped straight to the main phase of ``current``'s turn, cards conserved."""
    st = RS.new_game(n, seed)
    st["draft"]["index"] = len(st["draft"]["picks"])
    st["prelim"]["index"] = n
    st["phase"] = phase
    st["current"] = current
    st["turn"] = turn
    st["hands"] = [hand(**(hands or {}).get(s, {})) for s in range(n)]
    st["bank"] = {m: 16 - sum(h[m] for h in st["hands"]) for m in MATS}
    for p, owners in (mps or {}).items():
        st["mps"][p] = list(owners)
    if total is not None:
        st["dice"] = [1, total - 1] if total > 2 else [1, 1]
        st["in_play"] = B.provinces_in_play(total)
    st.update(extra)
    return st


def act(st: dict, seat: int, **action):
    return RS.apply(st, seat, action)


def play_random(seed: int, n: int = 4, max_turns: int = 12, bots: tuple = (), check=None) -> tuple[dict, int]:
    """Seeded random play among the legal actions of the seats in to_move (bots for seats in ``bots``);
    with probability 0.3 an addressed seat answers a pending offer first."""
    rng = random.Random(seed)
    st = RS.new_game(n, f"seed-{seed}", {"max_turns": max_turns})
    steps = 0
    while (step := random_step(st, rng, set(bots))) is not None:
        seat, action = step
        new, events = RS.apply(st, seat, action)
        if check is not None:
            check(st, new, seat, action, events, steps)
        st = new
        steps += 1
    return st, steps
