"""Celery's Redis transport with one publishing client per channel (``CELERY_BROKER_TRANSPORT``).

kombu's Redis channel builds a new ``redis.Redis`` client for every message it publishes
(``Channel.conn_or_acquire``): its constructor fills a table of about 170 reply parsers, a fifth of what
publishing a task cost (profiled offline, ``docs/PERFORMANCE.md``, "Clocks and deadlines"). A worker's timer publishes
a task for every few due deadlines (``games.play.timers``), and the move that ends a game one more. The client only
borrows connections from the channel's pool, and redis-py clients are safe to share between threads, so each
channel keeps one. A channel made again after the broker was lost (kombu revives it) gets a client of its own
again.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from functools import cached_property

from kombu.transport import redis

if not all(callable(getattr(redis.Channel, name, None)) for name in ("_create_client", "conn_or_acquire")) or \
        not issubclass(redis.SentinelChannel, redis.Channel):
    raise ImportError("config/broker.py overrides kombu's Redis Channel.conn_or_acquire with its private "
                      "_create_client, which this kombu lacks: re-read the module against kombu/transport/redis.py")


FAILOVER_WAIT_SECONDS = 10.0
FAILOVER_POLL_SECONDS = 0.25


class _SharedClient:
    @cached_property
    def _shared_client(self):
        return self._create_client()

    @contextmanager
    def conn_or_acquire(self, client=None):
        yield client or self._shared_client


class Channel(_SharedClient, redis.Channel):
    pass


class Transport(redis.Transport):
    Channel = Channel


class SentinelChannel(_SharedClient, redis.SentinelChannel):
    """The same for a Sentinel group (``sentinel://`` broker URLs, docs/DEPLOY.md "Redis Sentinel"): the client
    borrows from the channel's Sentinel-managed pool, whose connections ask a sentinel for the primary."""


class SentinelTransport(redis.SentinelTransport):
    """Connecting (the worker's consumer after its broker was lost, a producer's first channel) keeps asking the
    sentinels for the primary every ``FAILOVER_POLL_SECONDS`` for up to ``FAILOVER_WAIT_SECONDS``, then hands the
    failure to Celery's own retries. Those come 2, 4, 6... s apart (kombu's defaults, which the worker's consumer
    does not take from settings): with them alone a worker came back 4.8 s (sentinels' down-after 1 s) and 7.7 s
    (5 s) after the sentinels had promoted the replica, with this wait 1.3 and 0.9 s
    (games/tests/test_faults_redis_sentinel.py)."""

    Channel = SentinelChannel

    def establish_connection(self):
        give_up = time.monotonic() + FAILOVER_WAIT_SECONDS
        while True:
            try:
                return super().establish_connection()
            except self.connection_errors:  # a channel that fails to connect is not kept (kombu's Channel)
                if time.monotonic() >= give_up:
                    raise
                time.sleep(FAILOVER_POLL_SECONDS)
