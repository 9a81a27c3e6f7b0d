"""games.broadcast: synchronous code publishes to the real Redis channel layer, from a plain thread and from a
thread that already runs a loop. With the pub/sub layer (the default) the calling thread publishes itself;
with the core layer it hands its messages to one long-lived loop per process."""

from __future__ import annotations

import asyncio
import threading
import uuid

import pytest
from channels.layers import get_channel_layer
from django.conf import settings
from django.test import override_settings

from games import broadcast
from tests.support import run_async


async def _listen(group: str, ready: threading.Event, count: int) -> list[dict]:
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(group, channel)
    ready.set()
    try:
        return [await asyncio.wait_for(layer.receive(channel), 10) for _ in range(count)]
    finally:
        await layer.group_discard(group, channel)


def _received(group: str, count: int, send) -> list[dict]:
    """Run a listener on its own loop and thread, call ``send()`` once it listens, return what it got."""
    ready = threading.Event()
    out: list = []
    listener = threading.Thread(target=lambda: out.append(run_async(_listen(group, ready, count))))
    listener.start()
    assert ready.wait(10)
    send()
    listener.join(15)
    return out[0] if out else []


def _five(group: str):
    def send():
        for n in range(5):
            broadcast.group_send(group, {"type": "game.changed", "version": n})
    return send


def test_messages_from_a_plain_thread_arrive_in_order_published_by_that_thread(monkeypatch):
    """The pub/sub layer's messages go out on the sender's own thread: no hop to another loop (which cost a
    move's screens 1.3 ms at the median under load), and the listener hears them as the layer's own."""
    assert settings.CHANNEL_LAYERS["default"]["BACKEND"] == "channels_redis.pubsub.RedisPubSubChannelLayer"

    def no_hop(coro):
        coro.close()
        raise AssertionError("handed to the publisher's loop")

    monkeypatch.setattr(broadcast._publisher, "send", no_hop)
    group = f"test.{uuid.uuid4().hex}"
    got = _received(group, 5, _five(group))
    assert [m["version"] for m in got] == [0, 1, 2, 3, 4]
    assert got[0] == {"type": "game.changed", "version": 0}


@pytest.fixture
def core_layer():
    config = {**settings.CHANNEL_LAYERS["default"]["CONFIG"], "capacity": 100}
    with override_settings(CHANNEL_LAYERS={"default": {"BACKEND": "channels_redis.core.RedisChannelLayer",
                                                       "CONFIG": config}}):
        yield


def test_the_core_layer_sends_through_one_loop(core_layer):
    group = f"test.{uuid.uuid4().hex}"
    got = _received(group, 5, _five(group))
    assert [m["version"] for m in got] == [0, 1, 2, 3, 4]
    first = broadcast._publisher.loop()
    broadcast.group_send(group, {"type": "again"})
    assert broadcast._publisher.loop() is first  # not a new loop (and Redis connection) per message


def test_a_thread_that_runs_a_loop_can_send_too():
    """A Playwright-driven test (or any host with a running loop in the thread) calls the same function."""
    group = f"test.{uuid.uuid4().hex}"

    async def inside_a_loop():
        broadcast.group_send(group, {"type": "game.changed", "version": 7})

    got = _received(group, 1, lambda: run_async(inside_a_loop()))
    assert [m["version"] for m in got] == [7]


def test_a_forked_process_starts_its_own_loop():
    """A Celery prefork child inherits the parent's publisher, whose thread does not run in the child."""
    first = broadcast._publisher.loop()
    broadcast._publisher._pid = -1  # what a child sees: the loop was made in another process
    assert broadcast._publisher.loop() is not first
