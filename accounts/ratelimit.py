"""Rate limits and caps, counted in the shared cache (Redis) so they hold across processes.

A rate is ``"<count>/<seconds>s"`` (or ``/m``, ``/h``): at most ``count`` hits per fixed window of that
many seconds. ``settings.RATE_LIMITS`` names each limit (the environment may override it):

- ``api_user``: API requests per user (token or session), ``api_anon``: per IP for anonymous reads;
- ``api_play``: a player's API requests about their own game in play (its state, their moves), per user and
  game, apart from ``api_user``: its window must stay shorter than the shortest time control's allowance, so
  that even a refused client is told to wait less than its clock gives it (``games.web.api``);
- ``socket_connection``: messages per websocket connection (counted in the connection, no I/O);
- ``socket_user``: messages per user over all their sockets (counted in leases of a tenth of the limit, one at a
  time per user and process, so a message rarely waits for Redis; see ``ahit``);
- ``table_create``: tables created per user (besides the cap ``MAX_OPEN_TABLES`` on open lobby tables, counted
  under a lock on the user's row: ``games.tables.lifecycle.check_table_limits``);
- ``report``: reports of users or chat lines per reporter;
- ``chat``: table chat lines per user, over all tables (``games.chat.lines``);
- ``login_ip`` / ``login_user``: failed sign-ins per client address, and per address and account (any login
  form, the admin's included; never per account alone, see ``accounts.throttle``).

An unreachable cache fails open (the request goes on, and the error is logged): limits protect the
service, they must not take it down.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
import weakref
from dataclasses import dataclass
from functools import cache

import redis.asyncio as aioredis
from django.conf import settings
from django.core.cache import cache as django_cache
from redis.exceptions import ConnectionError as RedisConnectionError

from accounts import redis_clients

log = logging.getLogger(__name__)

DEFAULT_RATES = {
    "api_user": "120/60s",
    "api_anon": "60/60s",
    "api_play": "100/10s",
    "socket_connection": "30/10s",
    "socket_user": "60/10s",
    "table_create": "10/60s",
    "login_ip": "20/300s",
    "login_user": "10/300s",
    "report": "5/300s",
    "chat": "5/10s",
}

_UNITS = {"s": 1, "m": 60, "h": 3600}


@cache
def parse_rate(rate: str) -> tuple[int, int]:
    """``"30/10s"`` -> (30, 10); ``"5/m"`` -> (5, 60)."""
    m = re.fullmatch(r"\s*(\d+)\s*/\s*(\d*)\s*([smh]?)\s*", rate)
    if not m:
        raise ValueError(f"bad rate {rate!r}")
    return int(m.group(1)), (int(m.group(2) or 1)) * _UNITS[m.group(3) or "s"]


def rate(name: str) -> tuple[int, int]:
    return parse_rate(getattr(settings, "RATE_LIMITS", {}).get(name, DEFAULT_RATES[name]))


def _key(name: str, ident: str, window: int, number: int | None = None) -> str:
    """The counter of ``ident`` for the current window (or the window ``number``)."""
    return f"rl:{name}:{ident}:{int(time.time() // window) if number is None else number}"


def hit(name: str, ident: str, *, count: bool = True) -> bool:
    """Count one hit of ``ident`` against limit ``name``; False once over the limit."""
    limit, window = rate(name)
    key = _key(name, ident, window)
    try:
        if not count:
            return (django_cache.get(key) or 0) < limit
        django_cache.add(key, 0, timeout=window + 1)
        return django_cache.incr(key) <= limit
    except Exception:  # fail open
        log.exception("rate limit %s unavailable", name)
        return True


_async_clients: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # event loop -> its Redis client


def _async_client() -> aioredis.Redis:
    """A Redis client of the running event loop (an asyncio connection belongs to the loop that opened it)."""
    loop = asyncio.get_running_loop()
    client = _async_clients.get(loop)
    if client is None:
        # retry_on_error: a connection left stale by a Redis restart reconnects instead of failing its next count.
        client = _async_clients[loop] = redis_clients.async_client(settings.REDIS_URL, socket_timeout=5,
                                                                retry_on_error=[RedisConnectionError])
    return client


# What a process may still spend of each (limit, ident) in the current window without asking Redis: taken from the
# shared count a few hits at a time (``_lease_size``), one round trip per lease instead of one per message.
_leases: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # event loop -> {(name, ident): _Lease}
_taking: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # event loop -> {(name, ident): Future, done}
LEASES_KEPT = 10_000


@dataclass
class _Lease:
    window: int  # the window's number (time // seconds)
    left: int  # hits taken from the shared count and not yet spent here
    spent: bool = False  # the shared count reached the limit: nothing more this window


def _lease_size(limit: int) -> int:
    """A tenth of the limit (at least one): a process holds at most that many hits it has not spent, so a user
    whose sockets sit in several processes can be refused at most that many hits early per other process."""
    return max(1, limit // 10)


async def ahit(name: str, ident: str) -> bool:
    """``hit`` from the event loop, for every message a socket sends: no thread, and a round trip to Redis only
    once per ``_lease_size(limit)`` hits. The process takes hits from the shared count a few at a time (the
    window's key made if missing, then raised by the lease, in one round trip) and spends them here. It counts
    in the same key ``hit`` does (the cache's own key and integer encoding), so both count together, and a
    lease counts in full when taken: the shared count never runs behind what was allowed.

    One lease at a time per ident and process: messages that arrive while a lease is being taken wait for it and
    spend from it. Each taking its own, a user's 10 sockets sending at once in one process took 10 leases (the
    whole limit of 60) and the user's sockets in another process were refused after 10 messages."""
    limit, window = rate(name)
    leases = _leases.setdefault(asyncio.get_running_loop(), {})
    taking = _taking.setdefault(asyncio.get_running_loop(), {})
    while True:
        now = int(time.time() // window)
        lease = leases.get((name, ident))
        if lease is not None and lease.window == now:
            if lease.left:
                lease.left -= 1
                return True
            if lease.spent:
                return False
        pending = taking.get((name, ident))
        if pending is None:
            break
        await asyncio.shield(pending)  # the lease being taken: spend from it, or take the next one after it
    done = taking[(name, ident)] = asyncio.get_running_loop().create_future()
    try:
        granted, spent = await _take_lease(name, ident, limit, window, now)
    finally:
        del taking[(name, ident)]
        done.set_result(None)
    if granted is None:  # Redis unreachable: fail open
        return True
    lease = leases.get((name, ident))
    if lease is None or lease.window != now:
        if len(leases) >= LEASES_KEPT:
            for stale in [k for k, kept in leases.items() if kept.window != now]:
                del leases[stale]
        lease = leases[(name, ident)] = _Lease(now, 0)
    lease.left += granted
    lease.spent = lease.spent or spent
    if not lease.left:
        return False
    lease.left -= 1
    return True


async def _take_lease(name: str, ident: str, limit: int, window: int, number: int) -> tuple[int | None, bool]:
    """Raise the shared count of window ``number`` by a lease: (the hits of it still within the limit, whether
    the limit is now reached); (None, False) when Redis cannot be reached (logged)."""
    size = _lease_size(limit)
    key = django_cache.make_and_validate_key(_key(name, ident, window, number))
    try:
        async with _async_client().pipeline(transaction=False) as pipe:
            pipe.set(key, 0, ex=window + 1, nx=True)
            pipe.incrby(key, size)
            _made, count = await pipe.execute()
    except Exception:  # fail open
        log.exception("rate limit %s unavailable", name)
        return None, False
    return max(0, min(size, limit - (count - size))), count >= limit


def retry_after(name: str) -> int:
    """Seconds until the current window of limit ``name`` ends."""
    _limit, window = rate(name)
    return max(1, int(window - time.time() % window))


class Bucket:
    """An in-memory fixed window for one connection (no I/O on the hot path)."""

    def __init__(self, name: str):
        self.limit, self.window = rate(name)
        self.start = time.monotonic()
        self.used = 0

    def take(self) -> bool:
        now = time.monotonic()
        if now - self.start >= self.window:
            self.start, self.used = now, 0
        self.used += 1
        return self.used <= self.limit


def client_ip(request) -> str:
    """The client's address (behind the proxy that sets X-Forwarded-For in production)."""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "") if getattr(settings, "USE_X_FORWARDED_FOR", False) else ""
    return (forwarded.split(",")[-1].strip() if forwarded else request.META.get("REMOTE_ADDR", "")) or "unknown"
