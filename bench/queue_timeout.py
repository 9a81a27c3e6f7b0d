"""Benchmark: what queueing a clocked move's timeout costs (``games.play.deadlines.arm``), against a Celery ETA task.

Run from the repository root, with Redis (no database is touched):

    REDIS_URL=redis://127.0.0.1:6379/14 python bench/queue_timeout.py

Every move at a table with a clock queues its seat's timeout from the move path, before the move path returns.
This queues ``--calls`` timeouts ``--rounds`` times each way, into a queue and a timers' set of the bench's own
(deleted at the end, so no worker fires them), and prints the CPU and wall time of one: the fastest round and
the median round. The ways: ``arm`` as it is (a member of the timers' set, ``games.play.timers``), and the Celery ETA
task it queued before, through ``config/broker.py``'s transport and through kombu's own (the before and after
of docs/PERFORMANCE.md's "Clocks and deadlines" section).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def rounds(queue_one, calls: int, count: int) -> tuple[list[float], list[float]]:
    for version in range(200):  # pools, channels and first connections
        queue_one(version)
    cpu, wall = [], []
    for _ in range(count):
        c0, w0 = time.process_time(), time.perf_counter()
        for version in range(calls):
            queue_one(version)
        cpu.append((time.process_time() - c0) / calls * 1e6)
        wall.append((time.perf_counter() - w0) / calls * 1e6)
    return cpu, wall


WAYS = {
    "arm": "arm: a member of the timers' set",
    "eta": "a Celery ETA task, config/broker.py's transport",
    "eta-kombu": "a Celery ETA task, kombu's own Redis transport",
}


def measure(way: str, calls: int, count: int) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/14")
    os.environ["CELERY_QUEUE"] = queue = f"bench-queue-timeout-{os.getpid()}"
    import django

    django.setup()
    from datetime import timedelta

    import redis
    from django.conf import settings
    from django.utils import timezone

    from config.celery import app
    from games.play import timers
    from games.play.deadlines import arm, fire_deadline

    if way == "eta-kombu":
        app.conf.CELERY_BROKER_TRANSPORT = "redis"  # the namespaced key: the settings module sets that one
    deadline = timezone.now() + timedelta(minutes=10)
    store = redis.Redis.from_url(settings.CELERY_BROKER_URL)

    def eta_task(version: int) -> None:  # what arm queued before games.play.timers, with 5957a00's arguments
        fire_deadline.apply_async((1, 0, version), eta=deadline, declare=(), argsrepr=f"(1, 0, {version})",
                                  kwargsrepr="{}")

    try:
        cpu, wall = rounds(eta_task if way.startswith("eta") else lambda v: arm(1, v, [(0, deadline)]), calls, count)
        queued = timers.pending() + store.llen(queue)
    finally:
        store.delete(queue, timers.key())
    print(f"{WAYS[way]}: CPU {min(cpu):.0f} µs fastest round, {statistics.median(cpu):.0f} µs median round; "
          f"wall {min(wall):.0f} / {statistics.median(wall):.0f} µs ({queued} queued)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--way", choices=WAYS, help="one way only (by default each, in a process of its own)")
    args = parser.parse_args()
    if args.way:
        measure(args.way, args.calls, args.rounds)
        return
    for way in WAYS:
        subprocess.run([sys.executable, __file__, "--way", way, "--calls", str(args.calls),
                        "--rounds", str(args.rounds)], check=True)


if __name__ == "__main__":
    main()
