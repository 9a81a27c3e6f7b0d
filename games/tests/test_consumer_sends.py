"""What a socket consumer does with a message it cannot deliver (games/consumers.py)."""

import pytest
from autobahn.exception import Disconnected

from conftest import run_async
from games.consumers import GameConsumer


def test_a_message_to_a_socket_that_closed_meanwhile_is_dropped_without_an_error(caplog):
    """A push on its way as the page closes: Daphne raises ``Disconnected``, which a push logged as a failure
    (the browsers' soak counted it as an error line). It is dropped; any other failure still surfaces."""
    async def closed(message):
        raise Disconnected("Attempt to send on a closed protocol")

    async def broken(message):
        raise OSError("something else")

    consumer = GameConsumer()
    consumer.base_send = closed
    with caplog.at_level("DEBUG", logger="games.consumers"):
        run_async(consumer.send(text_data='{"type": "table"}'))
    assert [r.levelname for r in caplog.records] == ["DEBUG"]
    consumer.base_send = broken
    with pytest.raises(OSError):
        run_async(consumer.send(text_data='{"type": "table"}'))
