"""Who is online: the signed-in people with a lobby socket open, kept in Redis with a time to live.

Each socket of a signed-in person refreshes two sorted sets whose scores are expiry times: the person's
sockets (``conns:<user>``) and the people online (``online``). A socket that closes removes itself, and the
person when it was their last one; a socket lost without a goodbye (a killed server) simply expires after
``TTL`` seconds, since its page no longer checks in. Entries past their expiry are dropped on every write
and read, so no sweep is needed.
"""

from __future__ import annotations

import logging
import time
from functools import cache

import redis
from django.conf import settings

from accounts import redis_clients

log = logging.getLogger(__name__)

# A lobby page checks in every CHECK_IN seconds; a person counts as online for TTL seconds after that.
CHECK_IN = 20
TTL = 60


@cache
def _client(url: str) -> redis.Redis:
    return redis_clients.client(url, socket_timeout=5, decode_responses=True)


def client() -> redis.Redis:
    return _client(settings.REDIS_URL)


def _key(name: str) -> str:
    prefix = settings.CACHES["default"].get("KEY_PREFIX") or "tablero"
    return f"{prefix}:presence:{name}"


def _member(user_id: int, username: str) -> str:
    return f"{user_id}:{username}"


def touch(user_id: int, username: str, channel: str, now: float | None = None) -> bool:
    """This socket of the person is alive; True when the person just came online (was not listed)."""
    now = time.time() if now is None else now
    conns, online = _key(f"conns:{user_id}"), _key("online")
    pipe = client().pipeline()
    pipe.zadd(conns, {channel: now + TTL})
    pipe.expire(conns, TTL)
    pipe.zremrangebyscore(online, "-inf", now)
    pipe.zadd(online, {_member(user_id, username): now + TTL})
    return pipe.execute()[3] == 1


def leave(user_id: int, username: str, channel: str, now: float | None = None) -> bool:
    """This socket closed; True when it was the person's last one (they went offline)."""
    now = time.time() if now is None else now
    conns = _key(f"conns:{user_id}")
    pipe = client().pipeline()
    pipe.zrem(conns, channel)
    pipe.zremrangebyscore(conns, "-inf", now)
    pipe.zcard(conns)
    left = pipe.execute()[2]
    if left:
        return False
    return client().zrem(_key("online"), _member(user_id, username)) == 1


def online(now: float | None = None) -> list[str]:
    """The names of the people online, alphabetically."""
    now = time.time() if now is None else now
    key = _key("online")
    pipe = client().pipeline()
    pipe.zremrangebyscore(key, "-inf", now)
    pipe.zrange(key, 0, -1)
    members = pipe.execute()[1]
    # Each name once (a name freed by a deleted account may be taken again while the old entry lives on).
    return sorted({m.split(":", 1)[1] for m in members if ":" in m}, key=str.lower)


class PresenceMixin:
    """For a websocket consumer: while a signed-in person's socket lives (the lobby's or a table's), they are
    online. ``presence_arrive`` on connect, ``presence_refresh`` on the page's check-ins (at most one Redis
    write per ``CHECK_IN`` seconds), ``presence_depart`` on disconnect. The lobby re-renders only when someone
    comes online or goes offline."""

    presence_person: tuple[int, str] | None = None
    presence_touched: float = 0.0

    async def presence_arrive(self) -> None:
        user = self.scope.get("user")
        if user is not None and user.is_authenticated:
            self.presence_person = (user.pk, user.username)
            await self.presence_refresh(force=True)

    async def presence_refresh(self, force: bool = False) -> None:
        if self.presence_person is None or (not force and time.monotonic() - self.presence_touched < CHECK_IN):
            return
        self.presence_touched = time.monotonic()
        try:
            if await _off_loop(touch, *self.presence_person, self.channel_name):
                await _off_loop(_publish)
        except Exception:  # the site works without presence
            log.exception("presence: touch failed")

    async def presence_depart(self) -> None:
        if self.presence_person is None:
            return
        try:
            if await _off_loop(leave, *self.presence_person, self.channel_name):
                await _off_loop(_publish)
        except Exception:  # the entry expires by itself
            log.exception("presence: leaving failed")


def _off_loop(fn, *args):
    """Redis calls in a pool thread (not the one thread every consumer's database calls share)."""
    from asgiref.sync import sync_to_async

    return sync_to_async(fn, thread_sensitive=False)(*args)


def _publish() -> None:
    from games.play.broadcast import publish_lobby

    publish_lobby()
