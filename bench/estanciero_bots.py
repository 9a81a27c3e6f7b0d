"""Benchmark: the "strong" Estanciero bot against the "normal" one.

Usage (from the repository root)::

    python bench/estanciero_bots.py --games 200 --seed bots

Plays N four-seat, bot-only games through the engine (no database, no
server): two seats play "strong" and two "normal", the strong pair rotating
over the six ways of placing two seats among four.  Every bot answers the
proposals addressed to it and claims what it is owed before anyone moves
(as the server does).  Games end by the rules (one player left or all deeds);
``--max-actions`` is a safety cap (a capped game is reported as unfinished and
counts for nobody).  Prints the strong bots' win rate, the game length, and
the accepted proposals, rests and auctions per game.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from games.estanciero.engine import bot  # noqa: E402
from games.estanciero.engine.ruleset import RULESET  # noqa: E402

PAIRS = list(itertools.combinations(range(4), 2))


def play(seed: str, levels: list[str], max_actions: int) -> tuple[dict, dict]:
    """One bot-only game; returns the final state and counts of events by type."""
    state = RULESET.new_game(len(levels), seed)
    rng = random.Random(seed)
    counts: dict[str, int] = {}
    for _ in range(max_actions):
        movers = RULESET.to_move(state)
        if not movers:
            break
        step = None
        for seat in range(len(levels)):
            optional = bot.optional_action(state, seat)
            if optional is not None:
                step = seat, optional
                break
        if step is None:
            seat = movers[0]
            step = seat, RULESET.bot_action(state, seat, rng, levels[seat])
        state, events = RULESET.apply(state, *step)
        for e in events:
            counts[e["type"]] = counts.get(e["type"], 0) + 1
        counts["actions"] = counts.get("actions", 0) + 1
    return state, counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=str, default="bots")
    parser.add_argument("--max-actions", type=int, default=20000)
    args = parser.parse_args(argv)

    start = time.perf_counter()
    strong_wins = finished = 0
    totals: dict[str, int] = {}
    turns = 0
    for g in range(args.games):
        strong = PAIRS[g % len(PAIRS)]
        levels = ["strong" if s in strong else "normal" for s in range(4)]
        state, counts = play(f"{args.seed}-{g}", levels, args.max_actions)
        for k, v in counts.items():
            totals[k] = totals.get(k, 0) + v
        turns += state["turns_played"]
        if state["over"]:
            finished += 1
            strong_wins += state["result"]["winner"] in strong
    n = max(args.games, 1)
    elapsed = time.perf_counter() - start
    print(f"games: {args.games} (4 seats: 2 strong, 2 normal, rotating) in {elapsed:.1f}s; finished: {finished}")
    print(f"strong win rate: {strong_wins / max(finished, 1):.1%} ({strong_wins} of {finished}; 50% = parity)")
    print(f"normal win rate: {(finished - strong_wins) / max(finished, 1):.1%}")
    print(f"mean game length: {turns / n:.1f} turns, {totals.get('actions', 0) / n:.0f} actions")
    print(f"trades (accepted proposals) per game: {totals.get('proposal_accepted', 0) / n:.2f}"
          f" (proposals made: {totals.get('proposal', 0) / n:.2f})")
    print(f"rests per game: {totals.get('rest_announced', 0) / n:.2f}")
    print(f"auctions per game: {totals.get('auction_started', 0) / n:.2f}"
          f" (sold: {totals.get('auction_won', 0) / n:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
