"""games.play.broadcast: synchronous code publishes to the real Redis pub/sub channel layer itself, from a plain
thread and from a thread that already runs a loop, as the layer's own group send would."""

from __future__ import annotations

import asyncio
import threading
import uuid

import pytest
from channels.layers import get_channel_layer
from django.core.exceptions import ImproperlyConfigured
from django.test import override_settings

from games.play import broadcast
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


def test_messages_from_a_plain_thread_arrive_in_order_as_the_layers_own():
    """The sending thread publishes on the layer's channel for the group, so a listener that joined the group
    through the layer hears each message, in order, as the layer's own group send would deliver it."""
    group = f"test.{uuid.uuid4().hex}"
    got = _received(group, 5, _five(group))
    assert [m["version"] for m in got] == [0, 1, 2, 3, 4]
    assert got[0] == {"type": "game.changed", "version": 0}


def test_another_channel_layer_is_refused_not_skipped():
    """A message sent on another layer's groups would reach nobody; the send says so instead."""
    with override_settings(CHANNEL_LAYERS={"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}):
        with pytest.raises(ImproperlyConfigured, match="pub/sub layer"):
            broadcast.group_send("test.other", {"type": "game.changed", "version": 0})


def test_a_thread_that_runs_a_loop_can_send_too():
    """A Playwright-driven test (or any host with a running loop in the thread) calls the same function."""
    group = f"test.{uuid.uuid4().hex}"

    async def inside_a_loop():
        broadcast.group_send(group, {"type": "game.changed", "version": 7})

    got = _received(group, 1, lambda: run_async(inside_a_loop()))
    assert [m["version"] for m in got] == [7]
