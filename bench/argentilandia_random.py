"""Benchmark: N full random Argentilandia games vs N catanatron games with 4 random players.

Run from the repository root:  python bench/argentilandia_random.py --games 30
Random Argentilandia players almost never reach 16 VP, so games end at --max-turns (the engine's
``max_turns`` option; the ranking is then by VP). Catanatron games end by victory or its own turn limit.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.argentilandia.engine import RULESET as RS  # noqa: E402


def play_ours(seed: int, players: int, max_turns: int) -> tuple[int, str]:
    rng = random.Random(seed)
    st = RS.new_game(players, f"bench-{seed}", {"max_turns": max_turns})
    actions = 0
    while True:
        seats = RS.to_move(st)
        if not seats:
            break
        seat = seats[0]
        st, _ = RS.apply(st, seat, rng.choice(RS.legal_actions(st, seat)))
        actions += 1
    return actions, RS.outcome(st)["reason"]


def bench_ours(games: int, players: int, max_turns: int) -> None:
    t0 = time.perf_counter()
    actions = 0
    reasons: dict[str, int] = {}
    for g in range(games):
        n, reason = play_ours(g, players, max_turns)
        actions += n
        reasons[reason] = reasons.get(reason, 0) + 1
    dt = time.perf_counter() - t0
    print(f"argentilandia: {games} games ({players} random players, max {max_turns} turns) in {dt:.2f}s: "
          f"{games / dt:.2f} games/s, {actions / dt:.0f} actions/s, {actions / games:.0f} actions/game; endings {reasons}")


def bench_catanatron(games: int) -> None:
    try:
        from catanatron import Color, Game, RandomPlayer
    except ImportError:
        print("catanatron: not installed (pip install catanatron); skipped")
        return
    t0 = time.perf_counter()
    actions = 0
    winners = 0
    for g in range(games):
        random.seed(g)
        game = Game([RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)], seed=g)
        winners += game.play() is not None
        actions += len(game.state.actions)
    dt = time.perf_counter() - t0
    print(f"catanatron:    {games} games (4 random players) in {dt:.2f}s: "
          f"{games / dt:.2f} games/s, {actions / dt:.0f} actions/s, {actions / games:.0f} actions/game; {winners} with a winner")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--max-turns", type=int, default=200)
    args = ap.parse_args()
    bench_ours(args.games, args.players, args.max_turns)
    bench_catanatron(args.games)


if __name__ == "__main__":
    main()
