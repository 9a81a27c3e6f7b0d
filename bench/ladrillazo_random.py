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
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

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

    master = random.Random(args.seed)
    total_actions = 0
    reasons: dict[str, int] = {}
    start = time.perf_counter()
    for g in range(args.games):
        rng = random.Random(master.random())
        players = args.players or rng.randint(2, 6)
        if args.bots:
            state, n = play_bot_game(players, f"{args.seed}-{g}", rng)
        else:
            state, n = play_random_game(players, f"{args.seed}-{g}", rng, {"max_turns": args.max_turns})
        total_actions += n
        outcome = RULESET.outcome(state)
        reason = outcome["reason"] if outcome else "unfinished"
        reasons[reason] = reasons.get(reason, 0) + 1
    elapsed = time.perf_counter() - start
    print(f"games: {args.games} in {elapsed:.2f}s ({'bots' if args.bots else 'random moves'})")
    print(f"games/s: {args.games / elapsed:.1f}")
    print(f"actions/s: {total_actions / elapsed:.0f}")
    print(f"mean actions per game: {total_actions / max(args.games, 1):.1f}")
    print("endings: " + ", ".join(f"{k}={v}" for k, v in sorted(reasons.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
