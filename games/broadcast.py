"""After-commit notification of a game change to every socket watching it.

The message carries only the game id, version and revision; each connection then
renders its own view (seat or spectator) from the database, so no secret ever
travels in a shared message.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)


def group_send(group: str, message: dict) -> None:
    """Send to a channel-layer group from synchronous code. A thread that already runs an event loop (a
    Playwright-driven test, an embedding host) cannot use ``async_to_sync``: the send then goes from a helper
    thread, so a committed write is never left unannounced."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        async_to_sync(layer.group_send)(group, message)
        return
    failure: list[BaseException] = []

    def send():
        try:
            async_to_sync(layer.group_send)(group, message)
        except BaseException as exc:  # re-raised in the caller's thread
            failure.append(exc)

    worker = threading.Thread(target=send, name="group-send")
    worker.start()
    worker.join()
    if failure:
        raise failure[0]


def group_name(game_id: int) -> str:
    return f"game.{game_id}"


def publish(game_id: int, version: int, rev: int, seal: str = "") -> None:
    """``seal`` (the seed commitment, public) names the game beyond its id for the sockets' caches."""
    try:
        group_send(group_name(game_id), {"type": "game.changed", "version": version, "rev": rev, "seal": seal})
    except Exception:  # a lost broadcast is repaired by the client's resync; the move is committed
        log.exception("broadcast of game %s v%s failed", game_id, version)


# ---- the lobby ------------------------------------------------------------------------------------------
# Every socket of the lobby page listens to one group. A message carries only the lobby's revision (a
# counter in the shared cache, bumped by each write the lobby shows); each process renders the lobby once
# per revision and language (``lobby.listing``), and a page that missed a message catches up on its check-in.
LOBBY_GROUP = "lobby"
LOBBY_REV_KEY = "lobby:rev"


def _fresh_rev() -> int:
    """Where a lost counter starts again: the clock in milliseconds, above every revision handed out before
    (a cache flush or eviction must not send the lobby back to a revision a process has already rendered,
    nor leave open sockets waiting for revisions below the one they showed)."""
    return int(time.time() * 1000)


def lobby_rev() -> int:
    """The lobby's current revision; 0 only while the cache cannot be reached."""
    from django.core.cache import cache

    try:
        rev = cache.get(LOBBY_REV_KEY)
        if rev is None:
            cache.add(LOBBY_REV_KEY, _fresh_rev(), timeout=None)
            rev = cache.get(LOBBY_REV_KEY)
        return int(rev or 0)
    except Exception:  # an unreachable cache shows revision 0; the next push repairs it
        log.exception("lobby revision unavailable")
        return 0


def publish_lobby() -> None:
    """Tell every lobby socket that what the lobby shows has changed."""
    from django.core.cache import cache

    try:
        cache.add(LOBBY_REV_KEY, _fresh_rev(), timeout=None)
        rev = cache.incr(LOBBY_REV_KEY)
        group_send(LOBBY_GROUP, {"type": "lobby.changed", "rev": rev})
    except Exception:  # the write is committed; pages catch up on their next check-in
        log.exception("lobby broadcast failed")


def publish_lobby_after_commit(game) -> None:
    """After commit, re-render the lobby for a change to ``game`` (private tables are listed nowhere)."""
    from django.db import transaction

    if not game.private:
        transaction.on_commit(publish_lobby)
