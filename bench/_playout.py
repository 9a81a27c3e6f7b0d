"""The loop the random-playout benchmarks share: play N games, time them, report the speed and how they ended.

Each game has its own ``random.Random`` drawn from one seeded by ``--seed`` and its own seed string
``<seed>-<g>``, so a run is repeatable; ``--players 0`` draws 2 to 6 players a game."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

# (players, seed, rng) -> (final state, actions played)
PlayGame = Callable[[int, str, random.Random], tuple[dict, int]]


def run(games: int, seed: str, players: int, play: PlayGame, ending: Callable[[dict], str],
        label: str = "") -> None:
    """Play ``games`` games with ``play``, then print games/s, actions/s, actions a game and the endings
    (``ending(state)`` names how each one ended); ``label`` follows the first line."""
    master = random.Random(seed)
    total_actions = 0
    reasons: dict[str, int] = {}
    start = time.perf_counter()
    for g in range(games):
        rng = random.Random(master.random())
        state, n = play(players or rng.randint(2, 6), f"{seed}-{g}", rng)
        total_actions += n
        reason = ending(state)
        reasons[reason] = reasons.get(reason, 0) + 1
    elapsed = time.perf_counter() - start
    print(f"games: {games} in {elapsed:.2f}s{label}")
    print(f"games/s: {games / elapsed:.1f}")
    print(f"actions/s: {total_actions / elapsed:.0f}")
    print(f"mean actions per game: {total_actions / max(games, 1):.1f}")
    print("endings: " + ", ".join(f"{k}={v}" for k, v in sorted(reasons.items())))
