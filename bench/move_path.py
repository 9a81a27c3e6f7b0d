"""The server's move path: lock, check, apply, write, (broadcast after commit).

Plays random legal Estanciero moves through ``games.play.actions.do_move`` against
the configured database (DATABASE_URL, else the SQLite default) and prints
moves per second and latency percentiles. The game it creates is deleted.

    python bench/move_path.py --moves 300 [--profile]

``--profile`` prints where a move's time goes (cProfile, the moves only, not choosing them).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time
from contextlib import contextmanager

import _server_game  # bench/, the script's own folder


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--ruleset", default="estanciero")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()

    _server_game.setup()
    from django.conf import settings
    from django.db import connection

    latencies = []
    profile = cProfile.Profile() if args.profile else None

    @contextmanager
    def timed():
        if profile:
            profile.enable()
        t0 = time.perf_counter()
        yield
        latencies.append(time.perf_counter() - t0)
        if profile:
            profile.disable()

    with _server_game.bench_game(args.ruleset) as (game, users):
        _server_game.play(game, users, args.moves, random.Random(1), around=timed)
    latencies.sort()
    n = len(latencies)
    print(f"database: {connection.vendor} ({settings.DATABASES['default']['NAME']})")
    print(f"moves: {n}  moves/s: {n / sum(latencies):.0f}")
    print(f"latency ms: p50 {1000 * statistics.median(latencies):.2f}  "
          f"p90 {1000 * latencies[int(n * 0.9)]:.2f}  p99 {1000 * latencies[min(n - 1, int(n * 0.99))]:.2f}")
    if profile:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(45)


if __name__ == "__main__":
    main()
