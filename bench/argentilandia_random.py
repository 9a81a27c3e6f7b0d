"""Benchmark: N full random Argentilandia games vs N catanatron games with 4 random players.

Run from the repository root:  python bench/argentilandia_random.py --games 30
Random Argentilandia players almost never reach 16 VP, so games end at --max-turns (the engine's
``max_turns`` option; the ranking is then by VP). Catanatron games end by victory or its own turn limit.
The two engines' games alternate (ours, then catanatron's, game by game), so a machine whose load changes
during the run slows both alike and the ratio of their actions per second stays fair.
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


def catanatron_player():
    """catanatron's game runner (None when it is not installed: make .venv/.installed-bench)."""
    try:
        from catanatron import Color, Game, RandomPlayer
    except ImportError:
        return None

    def play(seed: int) -> tuple[int, bool]:
        random.seed(seed)
        game = Game([RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)], seed=seed)
        won = game.play() is not None
        return len(game.state.actions), won

    return play


class Tally:
    """Games, actions and seconds of one engine."""

    def __init__(self) -> None:
        self.games = self.actions = 0
        self.seconds = 0.0
        self.endings: dict[str, int] = {}

    def add(self, seconds: float, actions: int, ending: str) -> None:
        self.games += 1
        self.actions += actions
        self.seconds += seconds
        self.endings[ending] = self.endings.get(ending, 0) + 1

    def rate(self) -> float:
        return self.actions / self.seconds

    def line(self, name: str, what: str) -> str:
        return (f"{name} {self.games} games ({what}) in {self.seconds:.2f}s: {self.games / self.seconds:.2f} games/s, "
                f"{self.rate():.0f} actions/s, {self.actions / self.games:.0f} actions/game; endings {self.endings}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--max-turns", type=int, default=200)
    args = ap.parse_args()
    theirs_play = catanatron_player()
    ours, theirs = Tally(), Tally()
    for g in range(args.games):
        t0 = time.perf_counter()
        n, reason = play_ours(g, args.players, args.max_turns)
        ours.add(time.perf_counter() - t0, n, reason)
        if theirs_play is not None:
            t0 = time.perf_counter()
            n, won = theirs_play(g)
            theirs.add(time.perf_counter() - t0, n, "victory" if won else "no winner")
    print(ours.line("argentilandia:", f"{args.players} random players, max {args.max_turns} turns"))
    if theirs_play is None:
        print("catanatron: not installed (make .venv/.installed-bench); skipped")
        return
    print(theirs.line("catanatron:   ", "4 random players"))
    print(f"ratio: argentilandia/catanatron actions/s = {ours.rate() / theirs.rate():.2f}")


if __name__ == "__main__":
    main()
