"""Faults of the Celery side, each on a private ``redis-server`` with its own worker, so that neither the suite's
Redis nor the worker shared by the rest of the run is touched (later tests depend on that one).

* A worker killed with ``kill -9`` while deadlines are pending (in the timers' set, ``games.play.timers``): started
  again, it re-queues them from the database and each fires once.
* Redis (broker, channel layer and cache at once) shut down under a live game whose clock keeps firing and
  started again empty three seconds later, as a crash without persistence leaves it. The worker must survive
  (Celery 5.7.0's did not: see requirements.txt), the beat's sweep must re-arm the deadlines the empty Redis
  forgot, and the move log must go on without a gap or a double.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

import pytest
import redis
from django.utils import timezone

from accounts.models import User
from games.models import Game, Move, Seat
from tests.fixtures.servers import Proc, free_port, server_env, start_celery_beat, start_celery_worker, stop_procs
from tests.support import ROOT, wait_until

pytestmark = pytest.mark.django_db(transaction=True)

# Run in a subprocess on the private Redis, so that every task it queues goes to that broker.
START_GAMES = """
import sys
import django; django.setup()
from accounts.models import User
from games.tests.test_clocks_and_bots import two_player_game
players = [User.objects.get(username=n) for n in ("ana", "beto")]
count, seconds = int(sys.argv[1]), int(sys.argv[2])
print(",".join(str(two_player_game(players, move_seconds=seconds, max_timeouts=30000).pk) for _ in range(count)))
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


def run_on(env: dict[str, str], code: str, *args: str) -> str:
    done = subprocess.run([sys.executable, "-c", code, *args], env=env, cwd=ROOT, capture_output=True, text=True,
                          timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.strip().splitlines()[-1]


@pytest.fixture
def players():
    return [User.objects.create_user(name, password=f"pw-{name}-123") for name in ("ana", "beto")]


class PrivateStack:
    """A private Redis with a Celery worker (prefork, as `make run` and production run it: the solo pool did not
    show the 5.7.0 crash) and, when asked, beat."""

    def __init__(self):
        self.port = free_port()
        self.redis = Proc(f"redis-{self.port}", redis_argv(self.port), dict(os.environ))
        assert wait_until(lambda: redis_up(self.port), timeout=20), self.redis.tail()
        self.env = server_env() | {"REDIS_URL": f"redis://127.0.0.1:{self.port}/0", "SWEEP_SECONDS": "1"}
        self.env.pop("CELERY_BROKER_URL", None)
        self.env.pop("CELERY_RESULT_BACKEND", None)
        self.worker = start_celery_worker(f"faults-worker-{self.port}", self.env, node=f"faults-{self.port}",
                                          pool=("--concurrency", "1"))
        self.beat = None
        assert run_on(self.env, PING) == "up", self.worker.tail()

    def start_beat(self) -> None:
        """Beat, started again 2 s after it exits, as systemd (``Restart=always``, ``RestartSec=2``) and ``make run``
        keep it: its schedule and lock live in Redis (celery-redbeat), so it exits when Redis goes away."""
        self.beat = start_celery_beat(f"faults-beat-{self.port}", self.env)
        self.beat_restarts = 0
        self._stopping = threading.Event()

        def supervise() -> None:
            while not self._stopping.wait(0.5):
                if self.beat is not None and self.beat.popen.poll() is not None and not self._stopping.wait(2):
                    self.beat.log.close()
                    self.beat.start()
                    self.beat_restarts += 1

        self._supervisor = threading.Thread(target=supervise, daemon=True)
        self._supervisor.start()

    def pending_deadlines(self) -> int:
        """Deadlines in the private Redis's timers' set (``games.play.timers.key``)."""
        queue = self.env.get("CELERY_QUEUE", "tablero")
        return redis.Redis(port=self.port).zcard(f"{queue}.deadlines")

    def start_games(self, count: int, move_seconds: int) -> list[int]:
        """Timeout-only games (nobody moves: every move is the clock's), created on the private broker."""
        return [int(pk) for pk in run_on(self.env, START_GAMES, str(count), str(move_seconds)).split(",")]

    def stop(self) -> None:
        if self.beat is not None:
            self._stopping.set()
            self._supervisor.join()
        stop_procs(self.beat, self.worker, self.redis)


@pytest.fixture
def stack():
    running = PrivateStack()
    try:
        yield running
    finally:
        Game.objects.filter(status=Game.Status.ACTIVE).update(status=Game.Status.ABORTED)
        running.stop()


def moves(game_id: int) -> int:
    return Move.objects.filter(game_id=game_id).count()


def assert_each_move_once(game_ids: list[int]) -> None:
    """Read at rest (the games stopped under the row lock every move takes): one move per version, none
    skipped, every one the clock's."""
    Game.objects.filter(pk__in=game_ids).update(status=Game.Status.ABORTED)
    for game_id in game_ids:
        seqs = list(Move.objects.filter(game_id=game_id).order_by("seq").values_list("seq", flat=True))
        assert seqs == list(range(1, len(seqs) + 1))
        assert Game.objects.get(pk=game_id).version == len(seqs)
        assert set(Move.objects.filter(game_id=game_id).values_list("source", flat=True)) <= {Move.Source.TIMEOUT}


def test_a_worker_killed_with_deadlines_pending_fires_each_once_when_it_is_back(stack, players):
    games = stack.start_games(3, move_seconds=15)  # long enough for all three to start on a busy machine
    assert stack.pending_deadlines() == 3  # each waits in the timers' set when the worker dies
    stack.worker.popen.kill()
    stack.worker.popen.wait()
    stack.worker.log.close()
    assert all(Game.objects.get(pk=g).version == 0 for g in games), stack.worker.tail()
    last = max(Seat.objects.filter(game_id__in=games, deadline__isnull=False).values_list("deadline", flat=True))
    time.sleep(max(0.0, (last - timezone.now()).total_seconds()) + 1)  # every deadline passes with no worker
    assert all(Game.objects.get(pk=g).version == 0 for g in games)
    stack.worker.start()  # re-arms the pending deadlines from the database when ready
    for g in games:
        assert wait_until(lambda g=g: moves(g) >= 1, timeout=40), stack.worker.tail()
    assert_each_move_once(games)


def test_a_redis_restart_loses_no_move_and_the_worker_carries_on(stack, players):
    stack.start_beat()
    [game_id] = stack.start_games(1, move_seconds=1)
    assert wait_until(lambda: moves(game_id) >= 2, timeout=40), stack.worker.tail()
    stack.redis.stop()  # everything in it is gone: queued deadlines, the layer, the cache
    time.sleep(3)
    before = moves(game_id)
    stack.redis.start()
    assert wait_until(lambda: redis_up(stack.port), timeout=20), stack.redis.tail()

    # The clock goes on: the sweep finds the deadlines the empty Redis forgot, the worker fires them.
    assert wait_until(lambda: moves(game_id) >= before + 3, timeout=60), stack.worker.tail()
    assert stack.worker.popen.poll() is None, stack.worker.tail()
    log = stack.worker.log_path.read_text(errors="replace")
    assert "Connection to broker lost" in log
    assert "Unrecoverable error" not in log
    assert_each_move_once([game_id])
    print(f"beat started again {stack.beat_restarts} time(s) after the Redis restart")
