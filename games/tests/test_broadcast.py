"""games.broadcast: synchronous code hands its messages to one long-lived loop per process (the real Redis
channel layer), from a plain thread and from a thread that already runs a loop."""

from __future__ import annotations

import asyncio
import threading
import uuid

from channels.layers import get_channel_layer

from conftest import run_async
from games import broadcast


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


def test_messages_from_a_plain_thread_arrive_in_order_through_one_loop():
    group = f"test.{uuid.uuid4().hex}"

    def send():
        for n in range(5):
            broadcast.group_send(group, {"type": "game.changed", "version": n})

    got = _received(group, 5, send)
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
