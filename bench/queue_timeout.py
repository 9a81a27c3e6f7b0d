"""Benchmark: what queueing a clocked move's timeout costs (``games.tasks.arm``, one Celery ETA task).

Run from the repository root, with Redis (no database is touched):

    REDIS_URL=redis://127.0.0.1:6379/14 python bench/queue_timeout.py

Every move at a table with a clock queues its seat's timeout from the move path, before the move's pushes. This
queues ``--calls`` of them ``--rounds`` times into a queue of the bench's own (deleted at the end, so no worker
fires them) and prints the CPU and wall time of one ``arm`` call: the fastest round and the median round. With
``--kombu`` it goes through kombu's own Redis transport instead of ``config/broker.py``'s (the before of
docs/PERFORMANCE.md's "6 December 2026" section; the arguments ``arm`` passes stay this checkout's).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--kombu", action="store_true", help="kombu's own Redis transport")
    args = parser.parse_args()

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
    from games.tasks import arm

    if args.kombu:
        app.conf.CELERY_BROKER_TRANSPORT = "redis"  # the namespaced key: the settings module sets that one
    deadline = timezone.now() + timedelta(minutes=10)
    store = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    cpu, wall = [], []
    try:
        for version in range(200):  # the producer pool, its channel and the first connections
            arm(1, version, [(0, deadline)])
        for _ in range(args.rounds):
            c0, w0 = time.process_time(), time.perf_counter()
            for version in range(args.calls):
                arm(1, version, [(0, deadline)])
            cpu.append((time.process_time() - c0) / args.calls * 1e6)
            wall.append((time.perf_counter() - w0) / args.calls * 1e6)
        queued = store.llen(queue)
    finally:
        store.delete(queue)
    with app.producer_or_acquire() as producer:
        transport = type(producer.channel).__module__
    expected = 200 + args.rounds * args.calls
    print(f"transport {transport}; {queued} of {expected} timeouts queued")
    print(f"arm, one call: CPU {min(cpu):.0f} µs fastest round, {statistics.median(cpu):.0f} µs median round; "
          f"wall {min(wall):.0f} / {statistics.median(wall):.0f} µs")


if __name__ == "__main__":
    main()
