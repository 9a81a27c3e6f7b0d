"""The cost of one broadcast from synchronous code (``games.play.broadcast.group_send``), the step every move, bot
move and fired deadline ends with.

    python bench/broadcast.py --messages 500

Against the Redis of ``REDIS_URL`` (default database 8). Prints wall and CPU milliseconds per message.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=500)
    args = parser.parse_args(argv)
    import django

    django.setup()
    from games.play.broadcast import group_send

    group_send("bench.broadcast", {"type": "warm"})
    wall, cpu = time.perf_counter(), time.process_time()
    for n in range(args.messages):
        group_send("bench.broadcast", {"type": "game.changed", "version": n})
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"{args.messages} broadcasts: {1000 * wall / args.messages:.2f} ms wall, "
          f"{1000 * cpu / args.messages:.2f} ms CPU each")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
