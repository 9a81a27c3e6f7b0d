"""The site's own Redis clients, from ``REDIS_URL`` or through a Redis Sentinel group.

With ``REDIS_SENTINELS`` and ``REDIS_SENTINEL_MASTER`` set (config/settings.py, docs/DEPLOY.md "Redis Sentinel"),
the site's Redis is whichever server the sentinels name as the primary of that group: ``REDIS_URL`` then gives only
the database number and the password. A client made here asks a sentinel for the primary's address each time it
opens a connection (redis-py's ``SentinelConnectionPool``), so when the primary dies its next connection goes to the
replica the sentinels promoted. Without them, a client is ``redis.Redis.from_url`` as before.

It sits in the lowest layer (accounts) so that every part of the site that speaks to Redis itself can use it: the
rate limiter's leases (accounts.ratelimit), presence and spectators (games.live), the timers' set and the move
broadcast (games.play). The channel layer, the cache, Celery and beat are pointed at the group by settings alone;
the cache through ``SentinelPool``.
"""

from __future__ import annotations

import threading
from urllib.parse import unquote, urlsplit

import redis
import redis.asyncio as aioredis
from django.conf import settings
from redis.sentinel import Sentinel, SentinelConnectionPool

# The sentinels' own connections: a sentinel that does not answer in this long is passed over for the next one.
SENTINEL_TIMEOUTS = {"socket_timeout": 2, "socket_connect_timeout": 2}


def _settings():
    return settings


def sentinel_mode() -> bool:
    return bool(getattr(settings, "REDIS_SENTINEL_MASTER", ""))


def url_options(url: str) -> dict:
    """The database number, user name and password of a ``redis://`` URL, or of the first part of kombu's
    ``sentinel://...;sentinel://...`` URL: what a connection to the primary needs besides its address."""
    part = urlsplit(url.split(";", 1)[0])
    options: dict = {"db": int(part.path.strip("/") or 0)}
    if part.username:
        options["username"] = unquote(part.username)
    if part.password:
        options["password"] = unquote(part.password)
    return options


def _through_sentinel(url: str) -> bool:
    return url.startswith("sentinel://") or (bool(getattr(settings, "REDIS_SENTINEL_MASTER", ""))
                                             and url == settings.REDIS_URL)


_sentinel_managers: dict[tuple, Sentinel] = {}
_lock = threading.Lock()


def _sentinel() -> Sentinel:
    """The process's sentinel manager (it only opens connections to ask a sentinel where the primary is)."""
    addresses = tuple(_settings().REDIS_SENTINELS)
    with _lock:
        manager = _sentinel_managers.get(addresses)
        if manager is None:
            manager = _sentinel_managers[addresses] = Sentinel(addresses, sentinel_kwargs=SENTINEL_TIMEOUTS)
        return manager


def client(url: str, **options) -> redis.Redis:
    """A client of ``url``'s Redis: through the Sentinel group when it is the site's Redis and one is configured."""
    if not _through_sentinel(url):
        return redis.Redis.from_url(url, **options)
    return _sentinel().master_for(_settings().REDIS_SENTINEL_MASTER, **url_options(url), **options)


def async_client(url: str, **options) -> aioredis.Redis:
    """``client`` for asyncio (one per event loop: an asyncio connection belongs to the loop that opened it)."""
    if not _through_sentinel(url):
        return aioredis.Redis.from_url(url, **options)
    manager = aioredis.sentinel.Sentinel(_settings().REDIS_SENTINELS, sentinel_kwargs=SENTINEL_TIMEOUTS)
    return manager.master_for(_settings().REDIS_SENTINEL_MASTER, **url_options(url), **options)


def host_client(host: dict) -> redis.Redis:
    """A synchronous client of one of channels_redis's ``hosts`` entries: an ``address`` (a URL), or the
    ``sentinels`` and ``master_name`` of a group (the form channels_redis's ``create_pool`` takes)."""
    if "address" in host:
        return redis.Redis.from_url(host["address"], **{k: v for k, v in host.items() if k != "address"})
    options = {k: v for k, v in host.items() if k not in ("sentinels", "master_name", "sentinel_kwargs")}
    manager = Sentinel(host["sentinels"], sentinel_kwargs=host.get("sentinel_kwargs"))
    return manager.master_for(host["master_name"], **options)


def location(url: str) -> str:
    """One name for one Redis database, whichever way it is reached: commands for the same one may share a round
    trip (the move broadcast and the timers' set, games.play.broadcast)."""
    if not _through_sentinel(url):
        return url
    return f"sentinel:{_settings().REDIS_SENTINEL_MASTER}/{url_options(url)['db']}"


def host_location(host: dict) -> str:
    """``location`` of a channels_redis ``hosts`` entry."""
    if "address" in host:
        return location(host["address"])
    return f"sentinel:{host['master_name']}/{host.get('db', 0)}"


class SentinelPool(SentinelConnectionPool):
    """The cache's pool (Django's RedisCache ``OPTIONS["pool_class"]``): Django makes it with ``from_url(LOCATION)``;
    this one connects to the group's primary, with LOCATION's database and password."""

    @classmethod
    def from_url(cls, url: str, **options) -> SentinelPool:  # type: ignore[override]
        return cls(_settings().REDIS_SENTINEL_MASTER, _sentinel(), **url_options(url), **options)
