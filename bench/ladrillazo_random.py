"""Benchmark: play N random full games of Ladrillazo and report the speed.

Usage (from the repository root)::

    python bench/ladrillazo_random.py --games 100 --seed 1

Every move is a random legal move (with random amounts, discards and proposals, see
``games.ladrillazo.engine.sim``); ``--max-turns`` caps each game (turns per player) so random games
always end. ``--bots`` plays bot-only games instead (the bot policy, no cap).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from _playout import run  # noqa: E402  (bench/, the script's own folder)

from games.ladrillazo.engine import RULESET  # noqa: E402
from games.ladrillazo.engine.sim import play_random_game  # noqa: E402


def play_bot_game(n: int, seed: str, rng: random.Random) -> tuple[dict, int]:
    state = RULESET.new_game(n, seed)
    steps = 0
    while RULESET.outcome(state) is None:
        seat = next((s for s in range(n) if s not in RULESET.to_move(state)
                     and RULESET.bot_optional_action(state, s, rng)), None)
        if seat is None:
            seat = RULESET.to_move(state)[0]
            action = RULESET.bot_action(state, seat, rng)
        else:
            action = RULESET.bot_optional_action(state, seat, rng)
        state, _events = RULESET.apply(state, seat, action)
        steps += 1
    return state, steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=str, default="bench")
    parser.add_argument("--players", type=int, default=0, help="2-6; 0 = random per game")
    parser.add_argument("--max-turns", type=int, default=12, help="turns per player before the game is stopped")
    parser.add_argument("--bots", action="store_true", help="bot-only games instead of random moves")
    args = parser.parse_args(argv)

    def play(players: int, seed: str, rng: random.Random) -> tuple[dict, int]:
        if args.bots:
            return play_bot_game(players, seed, rng)
        return play_random_game(players, seed, rng, {"max_turns": args.max_turns})

    def ending(state: dict) -> str:
        outcome = RULESET.outcome(state)
        return outcome["reason"] if outcome else "unfinished"

    run(args.games, args.seed, args.players, play, ending, f" ({'bots' if args.bots else 'random moves'})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
