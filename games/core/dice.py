"""Dice procedures shared by the rulesets (pure Python)."""

from __future__ import annotations

from typing import Any

from .rng import draw


def roll_off(state: Any, seats: list[int]) -> tuple[int, list[dict]]:
    """Each seat rolls two dice; the highest total wins, ties roll again among
    themselves. Returns the winner and every round rolled ({"seats", "dice"})."""
    rounds: list[dict] = []
    contenders = list(seats)
    while True:
        count = len(contenders)
        rolls = draw(state, lambda rng, count=count: [[rng.die(), rng.die()] for _ in range(count)])
        rounds.append({"seats": list(contenders), "dice": rolls})
        totals = [a + b for a, b in rolls]
        best = max(totals)
        contenders = [s for s, t in zip(contenders, totals) if t == best]
        if len(contenders) == 1:
            return contenders[0], rounds
