"""The Redis broker's transport (``config/broker.py``): tasks published through one client per channel."""

import base64
import json
import uuid

import redis
from django.conf import settings

from config import broker
from config.celery import app
from games.play.deadlines import fire_deadline


def test_a_channel_publishes_every_task_through_one_client_and_each_arrives(monkeypatch):
    """kombu's channel built a new Redis client for every task it published (a fifth of queueing a clocked
    move's timeout); the channel now keeps one. Published to a queue of the test's own, read back from Redis."""
    made = []
    create = broker.Channel._create_client

    def counting(self, *args, **kwargs):
        made.append(id(self))
        return create(self, *args, **kwargs)

    monkeypatch.setattr(broker.Channel, "_create_client", counting)  # a spy: the real method still runs
    queue = f"test-broker-{uuid.uuid4().hex}"
    store = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    try:
        with app.producer_or_acquire() as producer:
            channel = producer.channel
            assert isinstance(channel, broker.Channel)
            for version in range(6):
                if version == 1:  # the channel has published once: whatever it keeps, it has made
                    made.clear()
                fire_deadline.apply_async((7, 1, version), queue=queue, producer=producer, declare=(),
                                          argsrepr=f"(7, 1, {version})", kwargsrepr="{}")
        assert id(channel) not in made
        bodies = [json.loads(raw) for raw in store.lrange(queue, 0, -1)]
        assert sorted(json.loads(base64.b64decode(b["body"]))[0][2] for b in bodies) == [0, 1, 2, 3, 4, 5]
        assert {b["headers"]["argsrepr"] for b in bodies} == {f"(7, 1, {v})" for v in range(6)}
    finally:
        store.delete(queue)


def test_a_plain_redis_broker_gets_this_transport():
    """The app's own connections, the ones a task is published on, are made by this transport."""
    assert settings.CELERY_BROKER_URL.startswith("redis://")
    with app.connection_for_write() as connection:
        assert isinstance(connection.transport, broker.Transport)
        assert isinstance(connection.default_channel, broker.Channel)
