"""The deadline sweep: its own queue, so that it fires due deadlines however busy the main queue is; batches
handed to the main workers fire only what is still due."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from types import SimpleNamespace

import pytest
from celery import Celery
from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

from games.models import Game, Move, Seat
from games.play import deadlines as tasks
from games.play.deadlines import due_deadlines, fire, fire_deadlines, sweep_deadlines
from games.tests.test_clocks_and_bots import two_player_game
from tests.fixtures.database import other_connection
from tests.fixtures.servers import Proc, free_port, server_env
from tests.support import ROOT, wait_until

pytestmark = pytest.mark.django_db(transaction=True)


def queue_of(task_name: str) -> str:
    from config.celery import app

    return app.amqp.router.route({}, task_name)["queue"].name


def test_the_sweep_has_a_queue_of_its_own_and_the_deadlines_the_main_one():
    assert queue_of("games.tasks.sweep_deadlines") == settings.CELERY_SWEEP_QUEUE
    assert settings.CELERY_SWEEP_QUEUE != settings.CELERY_TASK_DEFAULT_QUEUE
    for name in ("games.tasks.fire_deadline", "games.tasks.fire_deadlines"):
        assert queue_of(name) == settings.CELERY_TASK_DEFAULT_QUEUE
    # A sweep that waited past the next one's turn is dropped rather than run twice in a row.
    entry = settings.CELERY_BEAT_SCHEDULE["sweep-deadlines"]
    assert entry["options"]["expires"] == entry["schedule"]


def due_games(players, count: int) -> list[Game]:
    """Games whose clock ran out with no ETA task armed (their hour-long deadline was set back to now)."""
    games = [two_player_game(players, move_seconds=3600) for _ in range(count)]
    Seat.objects.filter(game__in=games, deadline__isnull=False).update(deadline=timezone.now())
    return games


@pytest.mark.move_path
def test_a_batch_fires_only_the_deadlines_still_due(players):
    due_games(players, 3)
    due = due_deadlines()
    assert len(due) == 3
    assert fire(*due[0])  # its ETA task got there first
    batch = [list(d) for d in due]
    assert fire_deadlines.apply(args=(batch,)).get() == 2
    assert fire_deadlines.apply(args=(batch,)).get() == 0
    assert sorted(Move.objects.values_list("seq", "source")) == [(1, "timeout")] * 3


@pytest.mark.move_path
def test_a_sweep_out_of_time_hands_the_rest_to_the_workers_in_batches_once(players, monkeypatch):
    games = due_games(players, 3)
    cache.delete_many([tasks.hand_out_key(d) for d in due_deadlines()])  # marks left by an earlier run
    handed: list[list[list[int]]] = []
    monkeypatch.setattr(tasks, "SWEEP_BUDGET_SECONDS", 0.0)
    monkeypatch.setattr(tasks, "SWEEP_BATCH", 2)
    monkeypatch.setattr(fire_deadlines, "delay", handed.append)
    assert sweep_deadlines() == 0
    assert [len(b) for b in handed] == [2, 1]
    # The next sweep finds them still due (the batches wait on the main queue) and leaves them there.
    assert sweep_deadlines() == 0 and len(handed) == 2
    assert sum(fire_deadlines.apply(args=(b,)).get() for b in handed) == 3
    assert all(Game.objects.get(pk=g.pk).version == 1 for g in games)


def test_only_a_worker_of_the_main_queue_re_arms_deadlines_when_it_starts():
    def worker_reading(*queues: str) -> SimpleNamespace:
        return SimpleNamespace(app=SimpleNamespace(amqp=SimpleNamespace(queues=SimpleNamespace(
            consume_from={q: None for q in queues}))))

    assert tasks.consumes_main_queue(worker_reading(settings.CELERY_TASK_DEFAULT_QUEUE))
    assert tasks.consumes_main_queue(worker_reading(settings.CELERY_TASK_DEFAULT_QUEUE, settings.CELERY_SWEEP_QUEUE))
    assert not tasks.consumes_main_queue(worker_reading(settings.CELERY_SWEEP_QUEUE))


# ---- a real sweep worker beside a main worker that is stuck -------------------------------------------------


class LockedRow:
    """Holds a game's row lock from another connection, as a long move would: every main-queue task that
    needs the row waits behind it."""

    def __init__(self, game_id: int):
        self.conn = other_connection()
        self.conn.execute("SELECT id FROM games_game WHERE id = %s FOR UPDATE", (game_id,))

    def release(self) -> None:
        self.conn.rollback()
        self.conn.close()


def redis_up(port: int) -> bool:
    return subprocess.run(["redis-cli", "-p", str(port), "ping"], capture_output=True, text=True).stdout.strip() \
        == "PONG"


def queue_length(port: int, queue: str) -> int:
    out = subprocess.run(["redis-cli", "-p", str(port), "llen", queue], capture_output=True, text=True).stdout
    return int(out.strip() or 0)


@pytest.fixture
def private_stack():
    """A private Redis (so neither the suite's Redis nor its shared worker is touched), a main worker with one
    process, a sweep worker on the sweep queue only, and beat sweeping every second."""
    port = free_port()
    procs = [Proc(f"sweep-redis-{port}", ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                          "--appendonly", "no"], dict(os.environ))]
    assert wait_until(lambda: redis_up(port), timeout=20), procs[0].tail()
    env = server_env() | {"REDIS_URL": f"redis://127.0.0.1:{port}/0", "SWEEP_SECONDS": "1"}
    env.pop("CELERY_BROKER_URL", None)
    env.pop("CELERY_RESULT_BACKEND", None)
    celery = [sys.executable, "-m", "celery", "-A", "config"]
    procs.append(Proc(f"sweep-main-{port}", celery + ["worker", "-c", "1", "-l", "info", "-Q",
                                                      settings.CELERY_TASK_DEFAULT_QUEUE, "-n", f"main-{port}@%h"],
                      env))
    procs.append(Proc(f"sweep-worker-{port}", celery + ["worker", "-c", "1", "-l", "info", "-Q",
                                                        settings.CELERY_SWEEP_QUEUE, "-n", f"sweep-{port}@%h"], env))
    procs.append(Proc(f"sweep-beat-{port}", celery + ["beat", "-l", "info", "-s",
                                                      str(ROOT / "test-artifacts" / f"sweep-beat-{port}")], env))
    # Not the current app: the project's shared tasks must keep sending to the suite's own broker.
    app = Celery("flood", broker=env["REDIS_URL"], backend=env["REDIS_URL"], set_as_current=False)
    pings = []
    try:
        for queue in (settings.CELERY_TASK_DEFAULT_QUEUE, settings.CELERY_SWEEP_QUEUE):
            pings.append(app.send_task("config.ping", args=("up",), queue=queue))
            pings[-1].get(timeout=60)
        yield app, port, procs
    finally:
        Game.objects.filter(status=Game.Status.ACTIVE).update(status=Game.Status.ABORTED)
        # A result unsubscribes from its backend's Redis when it is collected, and it sits in a reference cycle:
        # collected by a later test, after this Redis has stopped, it retried for 20 seconds inside that test
        # (which timed out). Collected here, while the Redis still runs.
        pings.clear()
        gc.collect()
        for proc in reversed(procs):
            proc.stop()
        app.close()


@pytest.mark.skipif(settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"), reason="row locks: PostgreSQL")
def test_the_sweep_fires_due_deadlines_while_the_main_queue_is_stuck(players, private_stack):
    app, port, procs = private_stack
    # Hour-long deadlines: no ETA task is armed, and the sweep leaves both games alone for now.
    stuck, late = two_player_game(players, move_seconds=3600), two_player_game(players, move_seconds=3600)
    # The main worker's one process waits on a locked game, and a flood of deadlines queues behind it.
    lock = LockedRow(stuck.pk)
    try:
        main = settings.CELERY_TASK_DEFAULT_QUEUE
        for _ in range(200):
            app.send_task("games.tasks.fire_deadline", args=(stuck.pk, 0, 0), queue=main)
        assert wait_until(lambda: queue_length(port, main) < 200, timeout=30)  # the worker took one and waits

        # A clock runs out with no ETA task for it (as after a Redis restart): beat's next sweep, on its own
        # queue, fires it.
        Seat.objects.filter(game=late, deadline__isnull=False).update(deadline=timezone.now())
        move = wait_until(lambda: Move.objects.filter(game=late).first(), timeout=30)
        assert move is not None, procs[2].tail()
        assert move.source == Move.Source.TIMEOUT
        assert queue_length(port, main) > 150, "the main queue was not stuck: the test shows nothing"
        assert Game.objects.get(pk=stuck.pk).version == 0
    finally:
        lock.release()
