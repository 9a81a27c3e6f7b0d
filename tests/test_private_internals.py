"""Every use of a library's private code, held to the code it was read and measured against.

Each patch below overrides, copies or calls code its library does not promise to keep. A fingerprint of each such
function's source (``inspect.getsource``, hashed) was taken from the versions pinned in requirements.txt; a test
fails when a library changes any of them under us, naming the file to re-read and the measurement to redo. If the
patch still holds (or after fixing it), put the new fingerprint here in the same commit as the new pin. Each patch
also refuses to start without its target (its module raises at import or at ``enable()``); the tests at the end
take a target away and see that refusal.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.metadata
import inspect
import re
import textwrap
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import pytest
from django.utils.functional import cached_property as django_cached_property

REQUIREMENTS = Path(__file__).resolve().parent.parent / "requirements.txt"


@dataclass
class Patch:
    file: str  # our module that relies on the library's private code
    distributions: tuple[str, ...]  # pinned in requirements.txt, with a comment naming ``file``
    measurement: str  # what to run again once the module has been re-read
    fingerprints: dict[str, str]  # dotted name of the library's code -> sha256 of its source, first 16 hex digits


def _resolve(dotted: str):
    """A function (or a property's getter, a cached property's function) from its dotted name."""
    parts = dotted.split(".")
    for split in range(len(parts) - 1, 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        for name in parts[split:]:  # a class's own attribute as written (a property, not its value)
            obj = vars(obj)[name] if isinstance(obj, type) and name in vars(obj) else getattr(obj, name)
        if isinstance(obj, property):
            return obj.fget
        if isinstance(obj, (staticmethod, classmethod)):
            return obj.__func__
        if isinstance(obj, (cached_property, django_cached_property)):
            return obj.func
        return obj
    raise ImportError(dotted)


def fingerprint(dotted: str) -> str:
    return hashlib.sha256(textwrap.dedent(inspect.getsource(_resolve(dotted))).encode()).hexdigest()[:16]


def check(patch: Patch) -> None:
    changed = {}
    for dotted, expected in patch.fingerprints.items():
        try:
            found = fingerprint(dotted)
        except (ImportError, AttributeError, KeyError) as error:
            found = f"gone ({error!r})"
        if found != expected:
            changed[dotted] = found
    versions = ", ".join(f"{d} {importlib.metadata.version(d)}" for d in patch.distributions)
    assert not changed, (
        f"{patch.file} relies on private code that has changed ({versions}): {changed}. Re-read {patch.file} "
        f"against it, then redo {patch.measurement}; put the new fingerprints here and the new pins in "
        "requirements.txt.")
    pins = REQUIREMENTS.read_text()
    for dist in patch.distributions:
        match = re.search(rf"((?:^#.*\n)*)^{re.escape(dist)}(?:\[[^\]]*\])?==(\S+)$", pins, re.M | re.I)
        assert match, f"{dist} must be pinned in requirements.txt: {patch.file} relies on its private code"
        assert patch.file in match.group(1), f"the comment above {dist}'s pin must name {patch.file}"
        assert match.group(2) == importlib.metadata.version(dist), f"{dist} installed is not the pinned one"


SOCKET_WRITES = Patch(
    file="config/socket_writes.py",
    distributions=("Twisted", "daphne"),
    measurement="tests/test_socket_writes.py and a py-spy profile of Daphne under bench/socket_load.py (the watch "
                "for writability, epoll_ctl, was a fifth of the event loop's busy time; docs/PERFORMANCE.md, the "
                "socket writes)",
    fingerprints={
        "twisted.internet._newtls.ConnectionMixin.write": "9a1ac7496539526b",
        "twisted.internet.abstract.FileDescriptor.__init__": "07cd8529302859e0",
        "twisted.internet.abstract.FileDescriptor.write": "b3410de7a82777bb",
        "twisted.internet.abstract.FileDescriptor.doWrite": "33b469b3af894e6a",
        "twisted.internet.tcp.Connection.writeSomeData": "e3d4a1d1f7d66a15",
    },
)

WEBSOCKET_COMPRESSION = Patch(
    file="config/websocket_compression.py",
    distributions=("autobahn", "daphne"),
    measurement="tests/test_websocket_compression.py and the compression cost on 50 kB Estanciero tables "
                "(0.26 ms and 10.1 kB a message at level 1; docs/PERFORMANCE.md, permessage-deflate)",
    fingerprints={
        "daphne.server.Server.run": "ab2afc417659bb19",
        "autobahn.websocket.protocol.WebSocketServerFactory.setProtocolOptions": "10692636f6f89b19",
        "autobahn.websocket.protocol.WebSocketServerProtocol.processHandshake": "5dcab2b94603cdab",
        "autobahn.websocket.compress_deflate.PerMessageDeflate.__init__": "c841827eaa6abb55",
        "autobahn.websocket.compress_deflate.PerMessageDeflate.create_from_offer_accept": "a195ce094aabef3a",
        "autobahn.websocket.compress_deflate.PerMessageDeflate.start_compress_message": "3a5913500ec70bba",
        "autobahn.websocket.compress_deflate.PerMessageDeflate.end_compress_message": "15cd722b2220137d",
    },
)

PUBSUB_LAYER = Patch(
    file="games/play/broadcast.py",
    distributions=("channels-redis",),
    measurement="games/tests/test_broadcast.py, games/tests/test_consumer_sends.py and bench/socket_load.py "
                "--timeline (a move's commit to its PUBLISH, 1.3 ms at the median through a loop of its own, is "
                "what publishing from the writing thread saves; docs/PERFORMANCE.md, the channel layer); "
                "games/live/consumers.py's forget_layer_channel uses the layer's private _get_layer and _get_shard too",
    fingerprints={
        "channels_redis.utils._consistent_hash": "a67f87dec0b0b75d",
        "channels_redis.utils.decode_hosts": "012afe3ce1b8e8a5",
        "channels_redis.utils.create_pool": "c706feb32b834078",
        "channels_redis.pubsub.RedisPubSubChannelLayer.__getattr__": "a87f1f87d29cbd78",
        "channels_redis.pubsub.RedisPubSubChannelLayer.serialize": "e2a317a5c839af9a",
        "channels_redis.pubsub.RedisPubSubChannelLayer._get_layer": "40f40530d32ba6a6",
        "channels_redis.pubsub.RedisPubSubLoopLayer.__init__": "a4d005b2fe9a61c3",
        "channels_redis.pubsub.RedisPubSubLoopLayer._get_shard": "91e549ccb5415303",
        "channels_redis.pubsub.RedisPubSubLoopLayer._get_group_channel_name": "499daa61a7489829",
        "channels_redis.pubsub.RedisPubSubLoopLayer.group_send": "d760d3b149adfa80",
        "channels_redis.pubsub.RedisPubSubLoopLayer.receive": "0acbad62f3a8d6d9",
        "channels_redis.pubsub.RedisSingleShardConnection.unsubscribe": "f2dd88002d6aef1e",
    },
)

POSTGRESQL_WRAPPER = Patch(
    file="config/postgresql/base.py",
    distributions=("Django",),
    measurement="tests/test_db_health_check.py, tests/test_faults_database.py and a py-spy profile of Daphne "
                "under bench/socket_load.py (the ping before each database call was 7% of its time; "
                "docs/PERFORMANCE.md, the health check)",
    fingerprints={
        "django.db.backends.base.base.BaseDatabaseWrapper.connect": "1c1d41fa94a2ac57",
        "django.db.backends.base.base.BaseDatabaseWrapper.close_if_health_check_failed": "880bb537a3014dd0",
        "django.db.backends.base.base.BaseDatabaseWrapper.close_if_unusable_or_obsolete": "85eaff68cff47d34",
        "django.db.backends.postgresql.base.DatabaseWrapper.pool": "4efb637a60942470",
        "django.db.backends.postgresql.base.DatabaseWrapper._close": "64cd0b5dcb93bbaa",
        "django.db.backends.postgresql.base.DatabaseWrapper._configure_connection": "025a701208fad1c3",
    },
)

MOVE_PATH_ROWS = Patch(
    file="games/play/actions.py",
    distributions=("Django",),
    measurement="the move path's tests (games/tests/test_move_path.py) and bench/socket_load.py --timeline (the "
                "game's and seats' rows locked and read in one round trip, each seat's user cached on it as "
                "select_related would; docs/PERFORMANCE.md, the move path)",
    fingerprints={
        "django.db.models.fields.mixins.FieldCacheMixin.get_cached_value": "525a4e0c0fbd3a4c",
        "django.db.models.fields.related.RelatedField.cache_name": "46523c52ad9a7f9f",
        "django.db.models.sql.compiler.SQLCompiler.get_converters": "5b222e61b5f20105",
        "django.db.models.sql.compiler.SQLCompiler.apply_converters": "8d732980244b38c4",
    },
)

BROKER_CHANNEL = Patch(
    file="config/broker.py",
    distributions=("kombu",),
    measurement="tests/test_broker.py, tests/test_faults_celery.py and a profile of publishing a task (a new "
                "Redis client per task was a fifth of its cost; docs/PERFORMANCE.md, the broker); "
                "games/tests/test_faults_redis_sentinel.py (SentinelTransport: a channel that cannot reach the "
                "primary raises and is not kept, so connecting may be tried again)",
    fingerprints={
        "kombu.transport.redis.Channel.conn_or_acquire": "01ab44dd770603a6",
        "kombu.transport.redis.Channel._create_client": "376ef74d24a41659",
        "kombu.transport.redis.Channel.__init__": "a511da08a790083b",
        "kombu.transport.virtual.base.Transport.establish_connection": "5f38ab3d0db0bab4",
        "kombu.transport.redis.SentinelChannel._sentinel_managed_pool": "2cd6dc8e9d98c924",
    },
)


def test_twisteds_queued_write_is_what_socket_writes_falls_back_on():
    from twisted.internet import _newtls, tcp

    from config import socket_writes

    inherited = next(c.__dict__["write"] for c in tcp.Server.__mro__[1:] if "write" in c.__dict__)
    assert inherited is vars(_newtls.ConnectionMixin)["write"] is socket_writes._queued_write
    check(SOCKET_WRITES)


def test_autobahns_compression_table_and_deflate_are_what_websocket_compression_changes():
    from autobahn.websocket.compress import PERMESSAGE_COMPRESSION_EXTENSION
    from daphne.ws_protocol import WebSocketFactory

    from config import websocket_compression

    assert websocket_compression.enable() is True
    ours = vars(WebSocketFactory)["setProtocolOptions"]  # Daphne's factory has none of its own but ours
    assert ours.__module__ == websocket_compression.__name__
    assert PERMESSAGE_COMPRESSION_EXTENSION["permessage-deflate"]["PMCE"].__module__ == websocket_compression.__name__
    check(WEBSOCKET_COMPRESSION)


def test_channels_redis_pubsub_internals_are_what_broadcast_and_the_consumers_use():
    check(PUBSUB_LAYER)


def test_djangos_postgresql_wrapper_is_what_our_engine_overrides():
    check(POSTGRESQL_WRAPPER)


def test_djangos_field_cache_and_converters_are_what_the_move_path_uses():
    check(MOVE_PATH_ROWS)


def test_kombus_redis_channel_is_what_the_broker_transport_overrides():
    check(BROKER_CHANNEL)


# ---- each patch refuses to start without its target -------------------------------------------------------


def test_socket_writes_refuses_a_twisted_without_its_queued_write(monkeypatch):
    from twisted.internet import _newtls, tcp

    from config import socket_writes

    monkeypatch.delattr(_newtls.ConnectionMixin, "write")
    with pytest.raises(RuntimeError, match="config/socket_writes.py"):
        socket_writes._twisted_queued_write()
    monkeypatch.undo()
    monkeypatch.setattr(tcp.Connection, "write", lambda self, data: None, raising=False)  # inherited elsewhere
    with pytest.raises(RuntimeError, match="config/socket_writes.py"):
        socket_writes._twisted_queued_write()


def test_websocket_compression_refuses_an_autobahn_without_its_compression_table(monkeypatch):
    from autobahn.websocket import compress

    from config import websocket_compression

    monkeypatch.setattr(compress, "PERMESSAGE_COMPRESSION_EXTENSION", {})
    with pytest.raises(RuntimeError, match="config/websocket_compression.py"):
        websocket_compression._autobahn_internals()


def test_modules_using_private_code_refuse_to_import_without_it(monkeypatch):
    """channels_redis's helpers for games.play.broadcast and games.live.consumers, kombu's for config.broker, Django's for
    config.postgresql.base: each module, imported afresh without them, raises and names itself."""
    import sys

    import channels_redis.pubsub
    import channels_redis.utils
    from django.db.backends.postgresql import base
    from kombu.transport import redis

    cases = [
        (channels_redis.utils, "_consistent_hash", "games.play.broadcast", "games/play/broadcast.py"),
        (channels_redis.pubsub.RedisPubSubLoopLayer, "_get_shard", "games.live.consumers", "games/live/consumers.py"),
        (redis.Channel, "_create_client", "config.broker", "config/broker.py"),
        (base.DatabaseWrapper, "_configure_connection", "config.postgresql.base", "config/postgresql/base.py"),
    ]
    for owner, name, module, file in cases:
        with monkeypatch.context() as patched:
            patched.delattr(owner, name)
            patched.delitem(sys.modules, module, raising=False)  # given back as it was when the context ends
            with pytest.raises(Exception, match=re.escape(file)):
                importlib.import_module(module)
