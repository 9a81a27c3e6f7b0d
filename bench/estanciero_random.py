"""Benchmark: play N random full games of Estanciero and report the speed.

Usage (from the repository root)::

    python bench/estanciero_random.py --games 50 --seed 1

Every seat picks random legal actions (favouring the ones that move the game
on, see ``games.estanciero.engine.sim``); ``--max-turns`` caps each game
(turns per player) so random games always end.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from games.estanciero.engine.sim import play_random_game  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=str, default="bench")
    parser.add_argument("--players", type=int, default=0, help="2-6; 0 = random per game")
    parser.add_argument("--max-turns", type=int, default=60, help="turns per player before the net-worth end")
    args = parser.parse_args(argv)

    master = random.Random(args.seed)
    total_actions = 0
    reasons: dict[str, int] = {}
    start = time.perf_counter()
    for g in range(args.games):
        rng = random.Random(master.random())
        players = args.players or rng.randint(2, 6)
        state, _log, n = play_random_game(players, f"{args.seed}-{g}", rng, {"max_turns": args.max_turns})
        total_actions += n
        reason = state["result"]["reason"] if state["over"] else "unfinished"
        reasons[reason] = reasons.get(reason, 0) + 1
    elapsed = time.perf_counter() - start
    print(f"games: {args.games} in {elapsed:.2f}s")
    print(f"games/s: {args.games / elapsed:.1f}")
    print(f"actions/s: {total_actions / elapsed:.0f}")
    print(f"mean actions per game: {total_actions / max(args.games, 1):.1f}")
    print("endings: " + ", ".join(f"{k}={v}" for k, v in sorted(reasons.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
