"""Faults: Redis (broker, channel layer and cache at once) restarted under a live game.

The scenario runs on a private ``redis-server`` so the suite's own Redis is never touched: a Celery worker and
beat on it, a live game whose clock keeps firing (every move a timeout, one a second), then Redis shut down and
started again empty three seconds later, as a crash without persistence would leave it. The worker must survive
(Celery 5.7.0's did not: see requirements.txt), the beat's sweep must re-arm the deadlines the empty Redis
forgot, and the move log must go on without a gap or a double.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from accounts.models import User
from conftest import ROOT, Proc, free_port, server_env, wait_until
from games.models import Game, Move

pytestmark = pytest.mark.django_db(transaction=True)

# Run in a subprocess on the private Redis, so that every task it queues goes to that broker.
START_GAME = """
import django; django.setup()
from accounts.models import User
from games.models import Game
from games.tests.test_clocks_and_bots import two_player_game
players = [User.objects.get(username=n) for n in ("ana", "beto")]
print(two_player_game(players, move_seconds=1, max_timeouts=30000).pk)
"""

PING = """
import django; django.setup()
from config.celery import ping
print(ping.delay("up").get(timeout=30))
"""


def redis_argv(port: int) -> list[str]:
    return ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]


def redis_up(port: int) -> bool:
    return subprocess.run(["redis-cli", "-p", str(port), "ping"], capture_output=True, text=True).stdout.strip() \
        == "PONG"


def run_on(env: dict[str, str], code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True,
                          timeout=90)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.strip().splitlines()[-1]


@pytest.fixture
def players():
    return [User.objects.create_user(name, password=f"pw-{name}-123") for name in ("ana", "beto")]


@pytest.fixture
def private_stack():
    """A private Redis with a Celery worker and beat on it; yields (env, redis, worker)."""
    port = free_port()
    redis = Proc(f"redis-{port}", redis_argv(port), dict(os.environ))
    assert wait_until(lambda: redis_up(port), timeout=20), redis.tail()
    env = server_env() | {"REDIS_URL": f"redis://127.0.0.1:{port}/0", "SWEEP_SECONDS": "1"}
    env.pop("CELERY_BROKER_URL", None)
    env.pop("CELERY_RESULT_BACKEND", None)
    # The prefork pool, as `make run` and production run it (the solo pool did not show the 5.7.0 crash).
    worker = Proc(f"faults-worker-{port}", [sys.executable, "-m", "celery", "-A", "config", "worker",
                                            "--concurrency", "1", "-l", "info", "-n", f"faults-{port}@%h"], env)
    beat = Proc(f"faults-beat-{port}", [sys.executable, "-m", "celery", "-A", "config", "beat", "-l", "info",
                                        "--schedule", str(ROOT / "test-artifacts" / f"beat-{port}")], env)
    try:
        yield env, redis, worker
    finally:
        Game.objects.filter(status=Game.Status.ACTIVE).update(status=Game.Status.ABORTED)
        for proc in (beat, worker, redis):
            proc.stop()


def test_a_redis_restart_loses_no_move_and_the_worker_carries_on(private_stack, players):
    env, redis, worker = private_stack
    assert run_on(env, PING) == "up", worker.tail()
    game_id = int(run_on(env, START_GAME))

    def moves() -> int:
        return Move.objects.filter(game_id=game_id).count()

    assert wait_until(lambda: moves() >= 2, timeout=40), worker.tail()
    redis.stop()  # everything in it is gone: queued deadlines, the layer, the cache
    time.sleep(3)
    before = moves()
    redis.start()
    assert wait_until(lambda: redis_up(int(redis.argv[2])), timeout=20), redis.tail()

    # The clock goes on: the sweep finds the deadlines the empty Redis forgot, the worker fires them.
    assert wait_until(lambda: moves() >= before + 3, timeout=60), worker.tail()
    assert worker.popen.poll() is None, worker.tail()
    log = worker.log_path.read_text(errors="replace")
    assert "Connection to broker lost" in log
    assert "Unrecoverable error" not in log
    seqs = list(Move.objects.filter(game_id=game_id).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))  # no gap, no move applied twice
    assert set(Move.objects.filter(game_id=game_id).values_list("source", flat=True)) == {Move.Source.TIMEOUT}
    assert Game.objects.get(pk=game_id).version == len(seqs)
