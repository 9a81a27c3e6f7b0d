"""The cap on anonymous websockets per client address (games/live/socket_cap.py), counted in Redis over processes.

Issue 40: one anonymous client opened 300 sockets. Two event loops stand for two Daphne processes (each has its
own Redis connections); the count is the shared one.
"""

from __future__ import annotations

import asyncio

import pytest
from channels.testing import WebsocketCommunicator

from accounts.models import ApiToken, User
from config.routing import websocket_stack
from games.live.socket_cap import CLOSE_CODE, socket_address
from tests.support import run_async

pytestmark = pytest.mark.django_db(transaction=True)

CROWD, OTHER = "203.0.113.5", "198.51.100.20"


def socket(address: str, query: str = "") -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(websocket_stack(), f"/ws/ping/?{query}",
                                         headers=[(b"origin", b"http://testserver")])
    communicator.scope["client"] = (address, 40000)  # the peer Daphne would name
    return communicator


async def opened(communicator: WebsocketCommunicator) -> bool | int:
    """True for a socket that stays open; the close code of one closed at once."""
    connected, _ = await communicator.connect(timeout=10)
    if not connected:
        return False
    if await communicator.receive_nothing(timeout=0.3):
        return True
    told = await communicator.receive_json_from(timeout=5)
    assert told["type"] == "error" and told["error"] == "too_many_sockets"
    assert "Too many anonymous connections" in told["message"]
    closing = await communicator.receive_output(timeout=5)
    assert closing["type"] == "websocket.close"
    return closing["code"]


def test_anonymous_sockets_of_one_address_are_capped_over_processes(settings):
    settings.MAX_ANONYMOUS_SOCKETS = 3
    ana = User.objects.create_user("ana", password="pw-ana-123")
    token = ApiToken.issue(ana, "cap")[1]

    async def second_process():
        mine = [socket(CROWD), socket(CROWD), socket(OTHER), socket(CROWD, f"token={token}")]
        answers = [await opened(s) for s in mine]
        for s in mine:
            await s.disconnect()
        return answers

    async def first_process():
        held = [socket(CROWD), socket(CROWD)]
        first = [await opened(s) for s in held]
        # While these two stay open, another process sees them counted.
        other = await asyncio.to_thread(run_async, second_process())
        again = socket(CROWD)  # the other process's sockets have closed: room for one more
        after = await opened(again)
        for s in [*held, again]:
            await s.disconnect()
        return first, other, after

    first, other, after = run_async(first_process())
    assert first == [True, True]
    # the third of the address fits, the fourth is closed with the cap's code; another address and a signed-in
    # person from the same address are not counted against it
    assert other == [True, CLOSE_CODE, True, True]
    assert after is True


def test_the_address_is_the_proxys_last_entry_only_when_a_proxy_is_configured(settings):
    scope = {"client": ("10.0.0.1", 5000), "headers": [(b"x-forwarded-for", b"1.2.3.4, 203.0.113.5")]}
    settings.USE_X_FORWARDED_FOR = False
    assert socket_address(scope) == "10.0.0.1"  # a client's own header is not believed
    settings.USE_X_FORWARDED_FOR = True
    assert socket_address(scope) == "203.0.113.5"
