"""The site on a Redis Sentinel group (tests/fixtures/sentinel.py; docs/DEPLOY.md "Redis Sentinel"), its primary
killed with ``kill -9`` under a live table with sockets open and a clock running: the sentinels promote the replica,
and every Redis user follows it without a restart. The open sockets hear moves again (the channel layer's
subscription and the move broadcast reconnect to the new primary), the worker fires the clock's deadlines again (the
broker and the timers' set), each once, a task's result comes back (the result backend), and a process that held
connections to the old primary reads the cache and the site's own clients again. The times from the kill are printed.

Marked ``cluster`` (``make test-cluster``): it starts five Redis processes besides Daphne, a worker and beat, and its
time rests on the sentinels' election, which takes another ``failover-timeout`` when a vote splits.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import threading
import time

import pytest
import websockets

from accounts.models import ApiToken
from games.core.rulesets import get
from games.models import Game, Move
from tests.fixtures.sentinel import DOWN_AFTER_MS, SentinelGroup, wait_failover
from tests.fixtures.servers import Proc, free_port, start_celery_beat, start_celery_worker, stop_procs, wait_http
from tests.support import ROOT, run_async, wait_until
from tests.test_faults_celery import PING, START_GAMES, assert_each_move_once, moves, run_on

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.cluster]

# A process of the site that opens its connections before the kill and uses them again after it: the cache (Django's
# RedisCache with accounts.redis_clients.SentinelPool), the site's own clients, and a task sent to the worker whose
# result it waits for (the broker and the result backend). It prints, for each in turn, the seconds from the kill
# until it answered again, and what the cache held.
PROBE = """
import json, sys, time
import django; django.setup()
from django.core.cache import cache
from games.live import presence, spectators
from games.play import timers
from accounts import ratelimit
from config.celery import ping
import asyncio
cache.set("sentinel-probe", "written before the kill", 600)
clients = {"presence": presence.client(), "spectators": spectators.client(), "timers": timers._redis()}
for client in clients.values():
    client.ping()
loop = asyncio.new_event_loop()
async def lease():
    return await ratelimit._async_client().ping()
loop.run_until_complete(lease())
assert ping.delay("up").get(timeout=30) == "up"
print("ready", flush=True)
sys.stdin.readline()
start, waits, seen = time.monotonic(), {}, None
def until(name, call):
    while time.monotonic() - start < 90:
        try:
            value = call()
            waits[name] = round(time.monotonic() - start, 2)
            return value
        except Exception:
            time.sleep(0.1)
seen = until("cache", lambda: cache.get("sentinel-probe"))
for name, client in clients.items():
    until(name, client.ping)
until("ratelimit", lambda: loop.run_until_complete(lease()))
until("Celery task and result", lambda: ping.delay("up").get(timeout=5) == "up" or 1 / 0)
print(json.dumps({"waits": waits, "cache": seen}), flush=True)
"""


async def recv_type(ws, kind: str, timeout: float = 15) -> dict:
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        if message["type"] == kind:
            return message


class SentinelSite:
    """Daphne, a worker (prefork, as production runs it) and beat (started again 2 s after it exits, as systemd
    keeps it), all pointed at ``group``."""

    def __init__(self, group: SentinelGroup) -> None:
        self.env = group.env() | {"SWEEP_SECONDS": "1"}
        started = time.monotonic()
        port = free_port()
        self.daphne = Proc(f"sentinel-daphne-{port}", [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p",
                                                       str(port), "config.asgi:application"], self.env)
        self.base = f"http://127.0.0.1:{port}"
        self.worker = start_celery_worker(f"sentinel-worker-{port}", self.env, node=f"sentinel-{port}",
                                          pool=("--concurrency", "1"))
        self.beat = start_celery_beat(f"sentinel-beat-{port}", self.env)
        self.beat_restarts = 0
        self._stopping = threading.Event()
        self._supervisor = threading.Thread(target=self._supervise, daemon=True)
        self._supervisor.start()
        try:
            wait_http(self.base + "/healthz", self.daphne, timeout=90)  # it starts beside a worker and beat
            assert run_on(self.env, PING) == "up", self.worker.tail()
        except BaseException:
            self.stop()
            raise
        print(f"\nDaphne, a worker and beat on the Sentinel group, up in {time.monotonic() - started:.1f} s")

    def _supervise(self) -> None:
        while not self._stopping.wait(0.5):
            if self.beat.popen.poll() is not None and not self._stopping.wait(2):
                self.beat.log.close()
                self.beat.start()
                self.beat_restarts += 1

    def stop(self) -> None:
        self._stopping.set()
        self._supervisor.join()
        stop_procs(self.beat, self.worker, self.daphne)


@pytest.fixture
def site():
    group = SentinelGroup()
    running = None
    try:
        running = SentinelSite(group)
        yield group, running
    finally:
        Game.objects.filter(status=Game.Status.ACTIVE).update(status=Game.Status.ABORTED)
        if running is not None:
            running.stop()
        group.stop()


def clock_state(game_id: int) -> str:
    """What the database says of a clocked game: whether a deadline is pending, and the last moves."""
    from django.utils import timezone

    from games.models import Seat

    game = Game.objects.get(pk=game_id)
    seats = [(s.index, s.deadline, s.clock_started, s.timeouts, s.is_bot)
             for s in Seat.objects.filter(game=game).order_by("index")]
    last = [(m.seq, m.seat, m.source, m.action.get("type"), m.created_at)
            for m in Move.objects.filter(game=game).order_by("-seq")[:4]]
    return f"now {timezone.now()}, status {game.status}, version {game.version}, seats {seats}, last moves {last}"


def test_tables_go_on_after_the_redis_primary_is_killed(site, started_game, players):
    group, running = site
    game = started_game
    rs = get(game.ruleset)
    [clocked] = [int(pk) for pk in run_on(running.env, START_GAMES, "1", "2").split(",")]  # a timeout every 2 s
    ws_base = running.base.replace("http", "ws")
    url = f"{ws_base}/ws/games/{game.pk}/?format=json"
    tokens = {seat.index: ApiToken.issue(seat.user, f"s{seat.index}")[1] for seat in game.seats.all()}
    probe = subprocess.Popen([sys.executable, "-c", PROBE], env=running.env, cwd=ROOT, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    times: dict[str, float] = {}

    async def scenario():
        sockets = {s: await websockets.connect(f"{url}&token={t}", origin=running.base) for s, t in tokens.items()}
        spectator = await websockets.connect(url, origin=running.base)
        clock_watcher = await websockets.connect(f"{ws_base}/ws/games/{clocked}/?format=json", origin=running.base)
        try:
            for ws in [*sockets.values(), spectator, clock_watcher]:
                await recv_type(ws, "sync")

            async def move(version: int) -> None:
                state = (await asyncio.to_thread(Game.objects.get, pk=game.pk)).state
                seat = rs.to_move(state)[0]
                await sockets[seat].send(json.dumps({"type": "act", "version": version,
                                                     "action": rs.legal_actions(state, seat)[0]}))
                assert (await recv_type(sockets[seat], "accepted"))["version"] == version + 1

            await move(0)
            assert (await recv_type(spectator, "update"))["version"] == 1
            await recv_type(clock_watcher, "update")  # the clock fires and its moves reach the sockets
            assert await asyncio.to_thread(wait_until, lambda: moves(clocked) >= 2, 40), running.worker.tail()
            assert await asyncio.to_thread(probe.stdout.readline) == "ready\n", probe.stderr.read()

            old = group.kill_primary()  # a deadline of the clocked game is pending: one falls due every 2 s
            killed = time.monotonic()
            probe.stdin.write("killed\n")
            probe.stdin.flush()
            clock_before = await asyncio.to_thread(moves, clocked)
            await move(1)  # with no Redis at all a move is still made (its broadcast is lost)
            times["sentinels named the replica"] = await asyncio.to_thread(wait_failover, group, old)

            # The open sockets hear a move again once the layer has subscribed on the new primary and the move's
            # broadcast reaches it; moves made before that are not lost (the reconnecting client below gets them).
            heard, version = None, 2
            while heard is None and time.monotonic() - killed < 90:
                await move(version)
                version += 1
                try:
                    heard = await recv_type(spectator, "update", timeout=2)
                except TimeoutError:
                    continue
            assert heard is not None, running.daphne.tail()
            times["an open socket hears a move"] = time.monotonic() - killed

            while True:  # the clock's next timeout, fired by the worker and heard by a socket
                try:
                    update = await recv_type(clock_watcher, "update",
                                             timeout=max(1.0, 90 - (time.monotonic() - killed)))
                except TimeoutError:
                    raise AssertionError(f"the clock was not heard again: {await asyncio.to_thread(clock_state, clocked)}"
                                         f"\n{running.worker.tail()}") from None
                if update["version"] > clock_before:
                    break
            times["the clock fires and a socket hears it"] = time.monotonic() - killed

            async with websockets.connect(url, origin=running.base) as again:  # a client that reconnects resyncs
                await recv_type(again, "sync")
                await again.send(json.dumps({"type": "hello", "version": 0}))
                replay = await recv_type(again, "update")
            return version, replay
        finally:
            for ws in [*sockets.values(), spectator, clock_watcher]:
                await ws.close()

    try:
        version, replay = run_async(scenario())
        out, err = probe.communicate(timeout=120)
    finally:
        if probe.poll() is None:
            probe.kill()
    probe_result = json.loads(out.strip().splitlines()[-1]) if out.strip() else {}
    assert probe_result.get("cache") == "written before the kill", err[-3000:]
    assert set(probe_result["waits"]) == {"cache", "presence", "spectators", "timers", "ratelimit",
                                          "Celery task and result"}, err[-3000:]

    assert replay["version"] == version
    assert [m["seq"] for m in replay["moves"]] == list(range(1, version + 1))
    seqs = list(Move.objects.filter(game_id=game.pk).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, version + 1))  # no move lost, none applied twice
    assert_each_move_once([clocked])  # every deadline fired once
    assert running.worker.popen.poll() is None, running.worker.tail()
    assert "Unrecoverable error" not in running.worker.log_path.read_text(errors="replace")

    print(f"\nRedis Sentinel failover (down-after-milliseconds {DOWN_AFTER_MS}), seconds from kill -9 of the primary:")
    for name, seconds in times.items():
        print(f"  {name}: {seconds:.2f}")
    for name, seconds in probe_result["waits"].items():
        print(f"  a running process's {name} answers: {seconds:.2f}")
    print(f"  beat started again {running.beat_restarts} time(s)")
