"""The server's move path: lock, check, apply, write, (broadcast after commit).

Plays random legal Estanciero moves through ``games.actions.do_move`` against
the configured database (DATABASE_URL, else the SQLite default) and prints
moves per second and latency percentiles. The game it creates is deleted.

    python bench/move_path.py --moves 300
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--ruleset", default="estanciero")
    args = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.db import connection

    from accounts.models import User
    from games import tables
    from games.actions import do_move
    from games.core.rulesets import get
    from games.models import Game

    users = [User.objects.get_or_create(username=f"bench{i}")[0] for i in range(4)]
    game = tables.do_create_table(users[0], args.ruleset, 4, time_control="correspondence")
    for u in users[1:]:
        tables.do_join(game.pk, u)
    tables.do_start(game.pk, users[0])
    rs = get(args.ruleset)
    rng = random.Random(1)
    latencies = []
    try:
        for _ in range(args.moves):
            game.refresh_from_db()
            if game.status != Game.Status.ACTIVE:
                break
            seat = rs.to_move(game.state)[0]
            action = rng.choice(rs.legal_actions(game.state, seat))
            t0 = time.perf_counter()
            do_move(game.pk, seat=seat, action=action, expected_version=game.version, actor=users[seat], source="api")
            latencies.append(time.perf_counter() - t0)
    finally:
        Game.objects.filter(pk=game.pk).delete()
    latencies.sort()
    n = len(latencies)
    print(f"database: {connection.vendor} ({settings.DATABASES['default']['NAME']})")
    print(f"moves: {n}  moves/s: {n / sum(latencies):.0f}")
    print(f"latency ms: p50 {1000 * statistics.median(latencies):.2f}  "
          f"p90 {1000 * latencies[int(n * 0.9)]:.2f}  p99 {1000 * latencies[min(n - 1, int(n * 0.99))]:.2f}")


if __name__ == "__main__":
    main()
