"""Who watches a table: presence per game in Redis, counted per socket, named per person.

Each socket of someone without a seat (``games.live.chat``) is a member of the game's sorted set, scored with
the moment it expires; the socket refreshes it every ``REFRESH`` seconds and removes it when it closes, so a
server that dies leaves ghosts for at most ``TTL`` seconds. Signed-in watchers are listed by name (once, however
many tabs they have open); anonymous viewers are counted as guests, one per socket.

Every change is read back in the same Redis transaction that made it, stamped with Redis's clock (``seq``), so
pages keep the newest list when two changes cross on the way.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

import redis
from django.conf import settings

from accounts import redis_clients

TTL = 30  # seconds a socket counts as watching without a refresh
REFRESH = 10

_client: redis.Redis | None = None
_client_lock = threading.Lock()


def client() -> redis.Redis:
    global _client
    with _client_lock:
        if _client is None:
            _client = redis_clients.client(settings.REDIS_URL, socket_timeout=5)
        return _client


def _key(game_id: int, seal: str) -> str:
    # The seal (the seed commitment) tells apart games that reuse an id (a test database restarting its sequences).
    return f"tablero:watch:{game_id}:{seal[:16]}"


def member(channel_name: str, user) -> str:
    """One socket: ``<user id>:<name>|<channel>``, or ``:|<channel>`` for an anonymous viewer."""
    if user is not None and user.is_authenticated:
        return f"{user.pk}:{user.username}|{channel_name}"
    return f":|{channel_name}"


@dataclass(frozen=True)
class Watchers:
    seq: int
    names: tuple[str, ...]  # signed-in watchers, each once
    guests: int  # anonymous sockets

    @property
    def count(self) -> int:
        return len(self.names) + self.guests

    def message(self) -> dict:
        return {"type": "spectators", "seq": self.seq, "count": self.count, "names": list(self.names),
                "guests": self.guests}


def _watchers(members: list[bytes], seq: int, exclude: set[int]) -> Watchers:
    """``exclude``: users seated at the table now (a watcher who sat down is a player, not a spectator)."""
    names: dict[int, str] = {}
    guests = 0
    for raw in members:
        who = raw.decode().split("|", 1)[0]
        user_id, _, name = who.partition(":")
        if not user_id:
            guests += 1
        elif int(user_id) not in exclude:
            names[int(user_id)] = name
    return Watchers(seq, tuple(sorted(names.values(), key=str.lower)), guests)


def _change(game_id: int, seal: str, exclude: set[int], add: str | None = None, remove: str | None = None) -> Watchers:
    key = _key(game_id, seal)
    now = time.time()
    pipe = client().pipeline(transaction=True)
    pipe.zremrangebyscore(key, "-inf", now)
    if add:
        pipe.zadd(key, {add: now + TTL})
    if remove:
        pipe.zrem(key, remove)
    pipe.zrangebyscore(key, now, "+inf")
    pipe.time()
    pipe.expire(key, TTL * 4)
    results = pipe.execute()
    members, (secs, micros) = results[-3], results[-2]
    return _watchers(members, secs * 1_000_000 + micros, exclude)


def watch(game_id: int, seal: str, who: str, exclude: set[int]) -> Watchers:
    """``who`` watches (or still watches) the game; returns everyone watching."""
    return _change(game_id, seal, exclude, add=who)


def leave(game_id: int, seal: str, who: str, exclude: set[int]) -> Watchers:
    return _change(game_id, seal, exclude, remove=who)


def current(game_id: int, seal: str, exclude: set[int]) -> Watchers:
    """Who watches now (a page's first render); never fails a page: an unreachable Redis shows nobody."""
    try:
        return _change(game_id, seal, exclude)
    except redis.RedisError:
        return Watchers(0, (), 0)
