"""One pass pushes a game's change to every socket of the process watching it (games/live/fanout.py)."""

import asyncio
import json

import pytest

from games.core.rulesets import get
from games.live import fanout
from games.live.consumers import GameConsumer
from games.tests.conftest import first_legal_move, in_process_socket, seat_user
from tests.support import run_async

pytestmark = pytest.mark.django_db(transaction=True)

# How long a socket waits for a message: what it checks is that the message comes, not how soon (a busy CI
# machine once took over 10 s).
RECEIVE_SECONDS = 30


def _socket(game, fmt: str = "json", user=None):
    return in_process_socket(game, f"format={fmt}", user)


async def _newest(socket, version: int) -> dict:
    while True:
        message = json.loads(await socket.receive_from(timeout=RECEIVE_SECONDS))
        if message.get("version") == version:
            return message


async def _idle(game) -> None:
    """Until every socket of the game in this process is between messages (``GameConsumer.handling``)."""
    while any(consumer.handling for consumer in fanout.sockets(game.pk)):
        await asyncio.sleep(0.01)


def _passes(monkeypatch) -> list:
    """Which consumer ran each push pass (a spy on ``GameConsumer._push_all``)."""
    passes = []
    push_all = GameConsumer._push_all

    async def spy(self, snap):
        passes.append(self)
        return await push_all(self, snap)

    monkeypatch.setattr(GameConsumer, "_push_all", spy)
    return passes


def _handled(monkeypatch) -> list:
    """Each (consumer, rev) whose handler of a game's change has returned (a spy on
    ``GameConsumer.game_changed``)."""
    handled = []
    game_changed = GameConsumer.game_changed

    async def spy(self, event):
        try:
            return await game_changed(self, event)
        finally:
            handled.append((self, event.get("rev", 0)))

    monkeypatch.setattr(GameConsumer, "game_changed", spy)
    return handled


def test_the_first_socket_to_hear_of_a_move_pushes_it_to_every_socket_of_the_game(started_game, players,
                                                                                   monkeypatch):
    """Three sockets (two streams), one move: one pass renders and sends all three, in the order they joined;
    the other two handlers find their revision sent."""
    passes, handled = _passes(monkeypatch), _handled(monkeypatch)

    async def scenario():
        sockets = [_socket(started_game), _socket(started_game), _socket(started_game, "html")]
        for socket in sockets:
            assert (await socket.connect())[0]
            await socket.receive_from(timeout=RECEIVE_SECONDS)
        await asyncio.wait_for(_idle(started_game), RECEIVE_SECONDS)  # connect handlers returned: all in the pass
        joined = fanout.sockets(started_game.pk)
        version = await asyncio.to_thread(first_legal_move, started_game, players)
        seen = [await _newest(socket, version) for socket in sockets]

        async def every_handler_returned():
            while {consumer for consumer, rev in handled if rev == seen[0]["rev"]} != set(joined):
                await asyncio.sleep(0.01)

        await asyncio.wait_for(every_handler_returned(), 10)  # what they sent is in the sockets' queues now
        again = []  # anything else carrying a version: the revision sent twice
        for socket in sockets:
            while not await socket.receive_nothing(timeout=0):  # no wait: looks at what is queued
                message = json.loads(await socket.receive_from())
                again += [message] if "version" in message else []  # not the spectators' list
            await socket.disconnect()
        return joined, version, seen, again

    joined, version, seen, again = run_async(scenario())
    assert again == []
    assert len(joined) == 3 and len(passes) == 1 and passes[0] in joined
    assert [m["type"] for m in seen] == ["update", "update", "table"]
    assert all(m["version"] == version == 1 for m in seen)
    assert fanout.sockets(started_game.pk) == []  # those that left are forgotten


def test_a_socket_busy_with_a_message_of_its_own_is_left_to_its_own_handler(started_game, players, monkeypatch):
    """A consumer in the middle of its own message (here a resync waiting on the database) gets no push from
    another's pass, which would overtake the older revision it is about to send (the client would then take the
    older for the newer): its own handler sends the move afterwards, and its messages keep their order."""
    import threading

    passes, handled = _passes(monkeypatch), _handled(monkeypatch)
    render, resync_rendered, resync_waits = GameConsumer._render, threading.Event(), threading.Event()

    def slow_render(self, full, rev, again=False, seal=None):
        message = render(self, full, rev, again, seal)
        if again:  # the resync's message, rendered before the move, is held on its way back to the loop
            resync_rendered.set()
            resync_waits.wait(10)
        return message

    monkeypatch.setattr(GameConsumer, "_render", slow_render)

    async def scenario():
        idle, busy = _socket(started_game), _socket(started_game)
        for socket in (idle, busy):
            assert (await socket.connect())[0]
            await socket.receive_from(timeout=RECEIVE_SECONDS)
        await asyncio.wait_for(_idle(started_game), RECEIVE_SECONDS)  # connect handlers returned
        busy_consumer = fanout.sockets(started_game.pk)[1]
        await busy.send_to(text_data=json.dumps({"type": "hello", "version": 0}))
        assert await asyncio.to_thread(resync_rendered.wait, 10)  # the busy socket is in its own message
        version = await asyncio.to_thread(first_legal_move, started_game, players)
        seen_idle = await _newest(idle, version)
        resync_waits.set()
        seen_busy = [await _newest(busy, 0), await _newest(busy, version)]

        async def busy_handler_returned():
            while (busy_consumer, seen_idle["rev"]) not in handled:
                await asyncio.sleep(0.01)

        await asyncio.wait_for(busy_handler_returned(), 10)
        assert await busy.receive_nothing(timeout=0)  # no wait: nothing more is queued
        for socket in (idle, busy):
            await socket.disconnect()
        return seen_idle, seen_busy

    seen_idle, seen_busy = run_async(scenario())
    assert seen_idle["version"] == 1 and len(passes) == 2  # the idle socket's pass, then the busy one's own
    assert [(m["type"], m["version"], len(m["moves"])) for m in seen_busy] == [("update", 0, 0), ("update", 1, 1)]


def test_a_socket_busy_with_a_chat_message_still_gets_the_move_from_another_pass(started_game, players, monkeypatch):
    """A chat message sends no table, so a socket handling one (here the page's chat check-in, held on its way)
    is not left to the layer's round trip: the first pass pushes the move to it too, and its chat answer comes
    after."""
    passes, _handled_changes = _passes(monkeypatch), _handled(monkeypatch)
    chat_receive, in_chat, chat_waits = GameConsumer.chat_receive, asyncio.Event(), asyncio.Event()

    async def slow_chat(self, kind, message):
        in_chat.set()
        await chat_waits.wait()
        return await chat_receive(self, kind, message)

    monkeypatch.setattr(GameConsumer, "chat_receive", slow_chat)

    async def scenario():
        idle, chatty = _socket(started_game), _socket(started_game)
        for socket in (idle, chatty):
            assert (await socket.connect())[0]
            await socket.receive_from(timeout=RECEIVE_SECONDS)
        await asyncio.wait_for(_idle(started_game), RECEIVE_SECONDS)
        chatty_consumer = fanout.sockets(started_game.pk)[1]
        await chatty.send_to(text_data=json.dumps({"type": "chat_hello", "last": None}))
        await asyncio.wait_for(in_chat.wait(), RECEIVE_SECONDS)  # the chatty socket is in its chat message
        version = await asyncio.to_thread(first_legal_move, started_game, players)
        seen = [await _newest(idle, version), await _newest(chatty, version)]
        chat_waits.set()
        await asyncio.wait_for(_idle(started_game), RECEIVE_SECONDS)
        for socket in (idle, chatty):
            await socket.disconnect()
        return seen, chatty_consumer

    seen, chatty_consumer = run_async(scenario())
    assert [m["version"] for m in seen] == [1, 1]
    assert len(passes) == 1 and passes[0] is not chatty_consumer  # one pass, the other socket's, sent both


def test_the_socket_that_made_a_move_pushes_it_to_the_sockets_of_its_process_at_once(started_game, players,
                                                                                       monkeypatch):
    """The move's own handler sends the new revision to the game's sockets in its process, the mover's first,
    without waiting for the layer's round trip through Redis (here the layer delivers nothing at all)."""
    from games.play import broadcast

    sent = []
    monkeypatch.setattr(broadcast, "group_send", lambda group, message, then=None: sent.append(group))
    rs = get(started_game.ruleset)
    seat = rs.to_move(started_game.state)[0]
    mover_user = seat_user(started_game, players, seat)

    async def scenario():
        mover = _socket(started_game, user=mover_user)
        watcher = _socket(started_game, "html")
        for socket in (mover, watcher):
            assert (await socket.connect())[0]
            await socket.receive_from(timeout=RECEIVE_SECONDS)
        # Both sockets idle: their connect handlers (which go on after the first push: chat, presence) have
        # returned. A socket still in its own handler is left to its own layer message, which never comes here: on
        # a busy machine the move came first and the watcher waited for ever.
        await asyncio.wait_for(_idle(started_game), RECEIVE_SECONDS)
        action = rs.legal_actions(started_game.state, seat)[0]
        await mover.send_to(text_data=json.dumps({"type": "act", "action": action, "version": 0}))
        mover_saw = [json.loads(await mover.receive_from(timeout=RECEIVE_SECONDS)) for _ in range(2)]
        watcher_saw = await _newest(watcher, 1)
        for socket in (mover, watcher):
            await socket.disconnect()
        return mover_saw, watcher_saw

    mover_saw, watcher_saw = run_async(scenario())
    assert [(m["type"], m["version"]) for m in mover_saw] == [("accepted", 1), ("update", 1)]
    assert watcher_saw["type"] == "table" and f"game.{started_game.pk}" in sent  # published, never delivered
