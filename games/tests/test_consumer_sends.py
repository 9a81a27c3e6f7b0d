"""What a socket consumer does as its socket ends (games/live/consumers.py): what it can no longer deliver, its layer channel."""

import pytest
from autobahn.exception import Disconnected

from games.live.consumers import GameConsumer
from tests.support import run_async


def test_a_message_to_a_socket_that_closed_meanwhile_is_dropped_without_an_error(caplog):
    """A push on its way as the page closes: Daphne raises ``Disconnected``, which a push logged as a failure
    (the browsers' soak counted it as an error line). It is dropped; any other failure still surfaces."""
    async def closed(message):
        raise Disconnected("Attempt to send on a closed protocol")

    async def broken(message):
        raise OSError("something else")

    consumer = GameConsumer()
    consumer.base_send = closed
    with caplog.at_level("DEBUG", logger="games.live.consumers"):
        run_async(consumer.send(text_data='{"type": "table"}'))
    assert [r.levelname for r in caplog.records] == ["DEBUG"]
    consumer.base_send = broken
    with pytest.raises(OSError):
        run_async(consumer.send(text_data='{"type": "table"}'))


@pytest.mark.django_db(transaction=True)
def test_a_consumer_that_ends_leaves_no_layer_channel_behind(monkeypatch):
    """The pub/sub layer forgets a consumer's channel only when the consumer's pending ``receive`` is cancelled,
    and channels' consumer loop can end with none pending (a layer message and the socket's close arriving
    together: the browsers' soak kept 61 channels after 4 minutes). Here the layer's ``receive`` never cleans up,
    as on that path: the channel, its queue and its Redis subscription must go anyway."""
    from channels.auth import AuthMiddlewareStack
    from channels.layers import get_channel_layer
    from channels.routing import URLRouter
    from channels.testing import WebsocketCommunicator
    from channels_redis import pubsub

    from config.routing import websocket_urlpatterns
    from games.tests.conftest import make_users, open_table

    async def receive_without_cleanup(self, channel):
        return self.channel_layer.deserialize(await self.channels[channel].get())

    monkeypatch.setattr(pubsub.RedisPubSubLoopLayer, "receive", receive_without_cleanup)
    game = open_table("estanciero", make_users("la", "lb"), start=True)
    app = AuthMiddlewareStack(URLRouter(websocket_urlpatterns))

    async def scenario():
        loop_layer = get_channel_layer()._get_layer()
        before = set(loop_layer.channels)
        socket = WebsocketCommunicator(app, f"/ws/games/{game.pk}/?format=json",
                                       headers=[(b"origin", b"http://testserver")])
        assert (await socket.connect())[0]
        await socket.receive_from(timeout=10)
        (name,) = set(loop_layer.channels) - before
        shard = loop_layer._get_shard(name)
        subscribed = name in shard._subscribed_to
        await socket.disconnect()
        return subscribed, name in loop_layer.channels, name in shard._subscribed_to

    assert run_async(scenario()) == (True, False, False)
