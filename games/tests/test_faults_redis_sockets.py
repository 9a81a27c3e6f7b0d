"""Redis (channel layer, cache and rate-limit counters at once) restarted empty under a live game, as a crash
without persistence leaves it: the sockets that stayed open hear the next move (the pub/sub layer subscribes
again), a client that reconnects resyncs with ``hello``, and the move log has no gap and no double."""

from __future__ import annotations

import asyncio
import json
import sys
import time

import pytest
import websockets

from accounts.models import ApiToken
from games.core.rulesets import get
from games.models import Game, Move
from tests.fixtures.servers import Proc, free_port, server_env, wait_http
from tests.support import run_async, wait_until
from tests.test_faults_celery import redis_argv, redis_up

pytestmark = pytest.mark.django_db(transaction=True)


async def recv_type(ws, kind: str, timeout: float = 15) -> dict:
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        if message["type"] == kind:
            return message


@pytest.fixture
def private_daphne():
    """A Daphne whose channel layer, cache and counters live on a private ``redis-server``."""
    port = free_port()
    redis = Proc(f"redis-sockets-{port}", redis_argv(port), server_env())
    assert wait_until(lambda: redis_up(port), timeout=20), redis.tail()
    env = server_env() | {"REDIS_URL": f"redis://127.0.0.1:{port}/0"}
    web_port = free_port()
    daphne = Proc(f"daphne-redis-{port}", [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(web_port),
                                           "config.asgi:application"], env)
    base = f"http://127.0.0.1:{web_port}"
    try:
        wait_http(base + "/healthz", daphne)
        yield base, redis, port, daphne
    finally:
        daphne.stop()
        redis.stop()


def test_a_redis_restart_under_live_sockets_loses_nothing_and_applies_nothing_twice(private_daphne, started_game,
                                                                                   players):
    base, redis, port, daphne = private_daphne
    game = started_game
    rs = get(game.ruleset)
    url = base.replace("http", "ws") + f"/ws/games/{game.pk}/?format=json"
    tokens = {seat.index: ApiToken.issue(seat.user, f"r{seat.index}")[1] for seat in game.seats.all()}

    async def scenario():
        sockets = {s: await websockets.connect(f"{url}&token={t}", origin=base) for s, t in tokens.items()}
        spectator = await websockets.connect(url, origin=base)
        try:
            syncs = {s: await recv_type(ws, "sync") for s, ws in sockets.items()}
            await recv_type(spectator, "sync")

            async def move(version: int) -> None:
                state = Game.objects.get(pk=game.pk).state
                seat = rs.to_move(state)[0]
                await sockets[seat].send(json.dumps({"type": "act", "version": version,
                                                     "action": rs.legal_actions(state, seat)[0]}))
                assert (await recv_type(sockets[seat], "accepted"))["version"] == version + 1

            assert all(s["version"] == 0 for s in syncs.values())
            await move(0)
            assert (await recv_type(spectator, "update"))["version"] == 1

            redis.stop()  # the layer's subscriptions, the cache and the counters are gone
            await asyncio.sleep(2)
            redis.start()
            assert wait_until(lambda: redis_up(port), timeout=20), redis.tail()

            # The sockets that stayed open hear the next move once the layer has subscribed again (it retries
            # each second); a move made before that is not lost: the client's hello brings it.
            heard, deadline = None, time.monotonic() + 20
            version = 1
            while heard is None and time.monotonic() < deadline:
                await move(version)
                version += 1
                try:
                    heard = await recv_type(spectator, "update", timeout=3)
                except TimeoutError:
                    continue
            assert heard is not None, daphne.tail()

            # A client that reconnects says which version it holds and gets every move after it.
            async with websockets.connect(url, origin=base) as again:
                await recv_type(again, "sync")
                await again.send(json.dumps({"type": "hello", "version": 0}))
                replay = await recv_type(again, "update")
            return version, heard, replay
        finally:
            for ws in [*sockets.values(), spectator]:
                await ws.close()

    version, heard, replay = run_async(scenario())
    assert heard["version"] >= 2
    assert replay["version"] == version
    assert [m["seq"] for m in replay["moves"]] == list(range(1, version + 1))
    seqs = list(Move.objects.filter(game_id=game.pk).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, version + 1))  # no gap, no double
    assert Game.objects.get(pk=game.pk).version == version
