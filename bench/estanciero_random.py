"""Benchmark: play N random full games of Estanciero and report the speed.

Usage (from the repository root)::

    python bench/estanciero_random.py --games 50 --seed 1

Every seat picks random legal actions (favouring the ones that move the game
on, see ``games.estanciero.engine.sim``); ``--max-turns`` caps each game
(turns per player) so random games always end.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from _playout import run  # noqa: E402  (bench/, the script's own folder)

from games.estanciero.engine.sim import play_random_game  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=str, default="bench")
    parser.add_argument("--players", type=int, default=0, help="2-6; 0 = random per game")
    parser.add_argument("--max-turns", type=int, default=60, help="turns per player before the net-worth end")
    args = parser.parse_args(argv)

    def play(players: int, seed: str, rng) -> tuple[dict, int]:
        state, _log, n = play_random_game(players, seed, rng, {"max_turns": args.max_turns})
        return state, n

    run(args.games, args.seed, args.players, play,
        lambda state: state["result"]["reason"] if state["over"] else "unfinished")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
