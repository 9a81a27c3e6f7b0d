"""After-commit notification of a game change to every socket watching it.

The message carries the game id, version and revision, and after a move the new revision itself
(``games.play.snapshot_wire``: the layer is inside the server). Each connection renders its own view (seat or
spectator) from it, so a client only ever receives what its seat may see.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from channels.layers import get_channel_layer
from django.core.exceptions import ImproperlyConfigured

from accounts import redis_clients

try:  # the layer's own, private helpers: a group's channel is sharded as the layer shards it
    from channels_redis.pubsub import RedisPubSubChannelLayer
    from channels_redis.utils import _consistent_hash, decode_hosts
except ImportError as error:  # at start-up, not at the first move (tests/test_private_internals.py reads them)
    raise ImportError(f"games/play/broadcast.py publishes as channels_redis's pub/sub layer does, with its private "
                      f"helpers, which this channels_redis does not have ({error}): re-read the module against "
                      "channels_redis/pubsub.py and utils.py") from error

log = logging.getLogger(__name__)


# Commands that may share a broadcast's round trip: the Redis database they are for (``accounts.redis_clients.location``
# of its URL), and a function adding them to a pipeline (a clocked move's timeouts, ``games.play.timers.along``).
Then = tuple[str, Callable[[Any], None]]


class _PubSubPublisher:
    """The pub/sub layer's group send, made by the writing thread itself: the layer's PUBLISH (the same
    channel name and serialisation), on a pooled synchronous Redis connection.

    Handed to one event loop in a thread of its own (``async_to_sync`` made a new loop and Redis connection per
    message), a move's broadcast waited for that thread to wake, run the layer's send and wake the writer again,
    each waiting its turn for the interpreter lock: 1.3 ms at the median and 3.5 ms at p90 from a move's commit
    to its PUBLISH in a busy Daphne process (bench/socket_load.py with a timing probe), with
    every screen waiting on it. Redis-py's pools are thread-safe and reconnect in a forked child."""

    def __init__(self, config: dict) -> None:
        self.prefix = config.get("prefix", "asgi")
        self.hosts = decode_hosts(config.get("hosts"))
        self.location = redis_clients.host_location(self.hosts[0]) if len(self.hosts) == 1 else None
        self._clients: list | None = None
        self._lock = threading.Lock()

    def clients(self) -> list:
        with self._lock:
            if self._clients is None:
                self._clients = [redis_clients.host_client(h) for h in self.hosts]
            return self._clients

    def send(self, layer, group: str, message: dict, then: Then | None = None) -> bool:
        """PUBLISH the message; ``then`` goes in the same round trip if the layer's one Redis is its Redis
        (True), else it is left to the caller (False)."""
        channel = f"{self.prefix}__group__{group}"  # channels_redis.pubsub names a group's channel so
        clients = self.clients()
        client = clients[_consistent_hash(channel, len(clients))]
        if then is None or self.location != then[0]:
            client.publish(channel, layer.serialize(message))
            return False
        with client.pipeline(transaction=False) as pipe:
            pipe.publish(channel, layer.serialize(message))
            then[1](pipe)
            pipe.execute()
        return True


def _pubsub_publisher(layer) -> _PubSubPublisher:
    """The pub/sub layer's synchronous publisher, kept on the layer instance, so that a layer made anew (settings
    changed) gets its own. Any other layer is refused: its groups are not these channels."""
    if not isinstance(layer, RedisPubSubChannelLayer):
        raise ImproperlyConfigured(f"games.play.broadcast publishes to channels_redis's pub/sub layer, not {layer!r}")
    # Through __dict__: the layer hands any other attribute lookup to its per-event-loop layer, and this
    # thread runs no event loop.
    publisher = layer.__dict__.get("_tablero_publisher")
    if publisher is None:
        from django.conf import settings

        publisher = layer.__dict__["_tablero_publisher"] = _PubSubPublisher(settings.CHANNEL_LAYERS["default"]["CONFIG"])
    return publisher


def group_send(group: str, message: dict, then: Then | None = None) -> bool:
    """Send to a channel-layer group from synchronous code, and wait until Redis has it (the caller's writes
    are committed: a broadcast is never left behind by an early return). ``then`` (a Redis URL and a function
    that adds commands to a pipeline) is sent in the same round trip when it can be, and then True."""
    layer = get_channel_layer()
    return _pubsub_publisher(layer).send(layer, group, message, then)


def group_name(game_id: int) -> str:
    return f"game.{game_id}"


def publish(game_id: int, version: int, rev: int, seal: str = "", snapshot: bytes | None = None,
            then: Then | None = None) -> bool:
    """``seal`` (the seed commitment, public) names the game beyond its id for the sockets' caches;
    ``snapshot`` is the new revision packed by ``snapshot_wire.freeze``, when the writer has it; ``then``
    rides along when it can (``group_send``: True if it did)."""
    message = {"type": "game.changed", "version": version, "rev": rev, "seal": seal}
    if snapshot is not None:
        message["snapshot"] = snapshot
    try:
        return group_send(group_name(game_id), message, then)
    except Exception:  # a lost broadcast is repaired by the client's resync; the move is committed
        log.exception("broadcast of game %s v%s failed", game_id, version)
        return False


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
