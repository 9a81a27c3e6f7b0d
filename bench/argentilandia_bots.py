"""Bot-against-bot Argentilandia figures (issue 13): how games end, how long they last, how the bots trade,
contest and hold cards.

Usage (from the repository root)::

    python bench/argentilandia_bots.py --games 20 --players 4 --seed botfig

Plays N bot-only games through the engine (no database, no server), every seat played by
``RULESET.bot_action``; seeds are ``<seed>-<players>-<n>``. ``--max-turns`` is the table option that ends a
stalled game (reported as such). Prints per game: the ending, turns, trades accepted (between players) and
trades with ports, the bank and across borders, Corrupt Official and Stockbroker contests, the largest hand any
player held at any moment (right after a rich production, before they spend it on their turn) and the largest
they kept at the end of their own turn.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.argentilandia.engine import RULESET as RS  # noqa: E402

COUNTED = ("trade_accepted", "trade_countered", "trade_refused", "port_trade", "bank_trade", "intl_trade")


def play(seed: str, players: int, max_turns: int) -> dict:
    """One bot-only game; the counts of what happened in it."""
    state = RS.new_game(players, seed, {"max_turns": max_turns})
    rng = random.Random(seed)
    counts = dict.fromkeys(COUNTED, 0) | {"official_contests": 0, "stockbroker_contests": 0, "largest_hand": 0,
                                         "largest_kept": 0}
    while movers := RS.to_move(state):
        action = RS.bot_action(state, movers[0], rng)
        state, events = RS.apply(state, movers[0], action)
        if action["type"] == "end_turn":  # what a player keeps through the others' turns (and their doubles)
            counts["largest_kept"] = max(counts["largest_kept"], sum(state["hands"][movers[0]].values()))
        for e in events:
            if e["type"] in counts:
                counts[e["type"]] += 1
            elif e["type"] == "contest_started":
                counts["official_contests" if e["kind"] == "mp" else "stockbroker_contests"] += 1
        counts["largest_hand"] = max(counts["largest_hand"], *(sum(h.values()) for h in state["hands"]))
    counts["turns"] = state["turn"]
    counts["ending"] = RS.outcome(state)["reason"]
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", default="botfig")
    parser.add_argument("--max-turns", type=int, default=300)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    games = [play(f"{args.seed}-{args.players}-{n}", args.players, args.max_turns) for n in range(args.games)]
    elapsed = time.perf_counter() - started
    endings: dict[str, int] = {}
    for g in games:
        endings[g["ending"]] = endings.get(g["ending"], 0) + 1
    print(f"{args.games} games of {args.players} bots in {elapsed:.1f} s ({args.games / elapsed:.2f} games/s); "
          f"endings {endings}")

    def line(key: str, label: str) -> None:
        values = [g[key] for g in games]
        print(f"  {label:34s} mean {statistics.mean(values):6.1f}  median {statistics.median(values):6.1f}  "
              f"min {min(values):4d}  max {max(values):4d}")

    line("turns", "turns")
    line("trade_accepted", "trades accepted (between players)")
    line("trade_countered", "counter-offers")
    line("trade_refused", "offers refused")
    line("port_trade", "port trades")
    line("bank_trade", "bank 4:1 trades")
    line("intl_trade", "international trades")
    line("official_contests", "Corrupt Official contests")
    line("stockbroker_contests", "Stockbroker contests")
    line("largest_hand", "largest hand (cards, at any moment)")
    line("largest_kept", "largest hand kept at a turn's end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
