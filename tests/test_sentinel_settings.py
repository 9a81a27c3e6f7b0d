"""REDIS_SENTINELS and REDIS_SENTINEL_MASTER (config/settings.py, docs/DEPLOY.md "Redis Sentinel"): set together,
they point every Redis user at the group; unset, every user reads REDIS_URL as before; a bad value stops the start.
The failover itself: games/tests/test_faults_redis_sentinel.py (make test-cluster)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import env_addresses
from tests.support import ROOT

SHOW = """
import json
import django; django.setup()
from django.conf import settings as s
layer = s.CHANNEL_LAYERS["default"]["CONFIG"]
print(json.dumps({"layer": {k: v for k, v in layer["hosts"][0].items() if k != "retry_on_error"},
                  "prefix": layer["prefix"], "cache": s.CACHES["default"], "broker": s.CELERY_BROKER_URL,
                  "transport": s.CELERY_BROKER_TRANSPORT,
                  "transport_options": getattr(s, "CELERY_BROKER_TRANSPORT_OPTIONS", None),
                  "results": s.CELERY_RESULT_BACKEND,
                  "results_options": getattr(s, "CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS", None),
                  "beat": s.CELERY_REDBEAT_REDIS_URL, "beat_options": s.CELERY_REDBEAT_REDIS_OPTIONS}))
"""


def settings_with(**env: str) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("REDIS_", "CELERY_", "PYTEST_XDIST"))}
    return subprocess.run([sys.executable, "-c", SHOW], env=base | env, cwd=ROOT, capture_output=True, text=True,
                          timeout=60)


def test_addresses_are_read_as_host_and_port_pairs():
    os.environ["TEST_ADDRESSES"] = " 10.0.0.1:26379, sentinel-b:26380,[::1]:26381 "
    try:
        assert env_addresses("TEST_ADDRESSES") == [("10.0.0.1", 26379), ("sentinel-b", 26380), ("::1", 26381)]
        for bad in ("10.0.0.1", "10.0.0.1:", ":26379", "10.0.0.1:port", "10.0.0.1:70000", "a:1,,b"):
            os.environ["TEST_ADDRESSES"] = bad
            with pytest.raises(ImproperlyConfigured, match="TEST_ADDRESSES must be host:port pairs"):
                env_addresses("TEST_ADDRESSES")
    finally:
        del os.environ["TEST_ADDRESSES"]
    assert env_addresses("TEST_ADDRESSES") == []


def test_without_sentinels_every_user_reads_redis_url():
    done = settings_with(REDIS_URL="redis://10.0.0.5:6380/3")
    assert done.returncode == 0, done.stderr[-2000:]
    shown = json.loads(done.stdout)
    assert shown["layer"] == {"address": "redis://10.0.0.5:6380/3", "max_connections": 1000, "socket_timeout": 30}
    assert shown["prefix"] == "tablero3."
    assert "OPTIONS" not in shown["cache"] and shown["cache"]["LOCATION"] == "redis://10.0.0.5:6380/3"
    assert shown["broker"] == shown["results"] == shown["beat"] == "redis://10.0.0.5:6380/3"
    assert shown["transport"] == "config.broker:Transport"
    assert shown["transport_options"] is None and shown["results_options"] is None and shown["beat_options"] == {}


def test_with_sentinels_every_user_follows_the_group():
    done = settings_with(REDIS_URL="redis://:secret@ignored:1/3", REDIS_SENTINELS="10.0.0.1:26379,10.0.0.2:26379",
                         REDIS_SENTINEL_MASTER="tablero")
    assert done.returncode == 0, done.stderr[-2000:]
    shown = json.loads(done.stdout)
    group = [["10.0.0.1", 26379], ["10.0.0.2", 26379]]
    timeouts = {"socket_timeout": 2, "socket_connect_timeout": 2}
    assert shown["layer"] == {"sentinels": group, "master_name": "tablero", "sentinel_kwargs": timeouts, "db": 3,
                              "password": "secret", "max_connections": 1000, "socket_timeout": 30}
    assert shown["prefix"] == "tablero3."
    assert shown["cache"]["OPTIONS"] == {"pool_class": "accounts.redis_clients.SentinelPool"}
    urls = "sentinel://:secret@10.0.0.1:26379/3;sentinel://:secret@10.0.0.2:26379/3"
    assert shown["broker"] == shown["results"] == urls
    assert shown["transport"] == "config.broker:SentinelTransport"
    assert shown["transport_options"] == shown["results_options"] == {"master_name": "tablero",
                                                                      "sentinel_kwargs": timeouts}
    assert shown["beat"] == "redis-sentinel://"
    assert shown["beat_options"] == {"sentinels": group, "service_name": "tablero", "sentinel_kwargs": timeouts,
                                     "db": 3, "password": "secret"}


@pytest.mark.parametrize("env", [{"REDIS_SENTINELS": "10.0.0.1:26379"}, {"REDIS_SENTINEL_MASTER": "tablero"},
                                 {"REDIS_SENTINELS": "10.0.0.1", "REDIS_SENTINEL_MASTER": "tablero"}])
def test_a_half_or_bad_group_stops_the_start(env):
    done = settings_with(**env)
    assert done.returncode != 0
    assert "ImproperlyConfigured" in done.stderr and "REDIS_SENTINEL" in done.stderr


def test_the_site_clients_read_redis_url_without_sentinels(settings):
    from accounts import redis_clients

    settings.REDIS_SENTINELS, settings.REDIS_SENTINEL_MASTER = [], ""
    client = redis_clients.client("redis://127.0.0.1:6390/4")
    assert client.connection_pool.connection_kwargs["port"] == 6390
    assert redis_clients.location("redis://127.0.0.1:6390/4") == "redis://127.0.0.1:6390/4"


def test_the_site_clients_ask_the_sentinels_for_the_site_redis(settings):
    from redis.sentinel import SentinelConnectionPool

    from accounts import redis_clients

    settings.REDIS_SENTINELS, settings.REDIS_SENTINEL_MASTER = [("127.0.0.1", 1)], "tablero"
    settings.REDIS_URL = "redis://:pw@ignored:1/5"
    client = redis_clients.client(settings.REDIS_URL, socket_timeout=5)
    assert isinstance(client.connection_pool, SentinelConnectionPool)
    assert client.connection_pool.service_name == "tablero"
    assert client.connection_pool.connection_kwargs["db"] == 5
    assert client.connection_pool.connection_kwargs["password"] == "pw"
    # The broker's URL names the same database: a move's timeouts may ride along with its broadcast.
    broker = "sentinel://:pw@127.0.0.1:1/5"
    assert redis_clients.location(broker) == redis_clients.location(settings.REDIS_URL) == "sentinel:tablero/5"
    assert redis_clients.host_location({"sentinels": [("127.0.0.1", 1)], "master_name": "tablero", "db": 5}) == \
        "sentinel:tablero/5"
    other = "redis://127.0.0.1:6390/4"  # a Redis other than the site's is reached directly
    assert redis_clients.location(other) == other
