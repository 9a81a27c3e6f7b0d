"""Compressed websocket messages (config/websocket_compression.py), through a real Daphne."""

import asyncio
import json

import pytest
import websockets
from autobahn.websocket.compress import PerMessageDeflateOffer

from config import websocket_compression
from conftest import run_async
from games.tests.conftest import make_users, open_table

pytestmark = [pytest.mark.django_db(transaction=True)]


async def _first_table(server: str, game_id: int, compression: str | None):
    url = server.replace("http://", "ws://") + f"/ws/games/{game_id}/?format=html"
    async with websockets.connect(url, origin=server, compression=compression, open_timeout=10) as ws:
        message = json.loads(await asyncio.wait_for(ws.recv(), 10))
        return ws.response.headers.get("Sec-WebSocket-Extensions"), message


def test_a_browser_offering_deflate_gets_compressed_tables_and_others_plain_ones(daphne_server):
    """Browsers offer permessage-deflate: the table's HTML (tens of kB after every move) then travels compressed,
    each message on its own with a 4 kB window; a client that offers nothing gets the same message uncompressed."""
    game = open_table("estanciero", make_users("zip1", "zip2"), start=True)
    extensions, deflated = run_async(_first_table(daphne_server, game.pk, "deflate"))
    assert extensions is not None and "permessage-deflate" in extensions
    assert "client_max_window_bits=12" in extensions  # the server's own window and reset are its choice, unsaid
    plain_extensions, plain = run_async(_first_table(daphne_server, game.pk, None))
    assert plain_extensions is None
    assert deflated["type"] == plain["type"] == "table" and deflated["html"] == plain["html"]
    assert len(deflated["html"]) > 10_000


def _offer(**params) -> PerMessageDeflateOffer:
    return PerMessageDeflateOffer(**params)


def test_the_server_keeps_its_window_small_and_honours_a_smaller_one_asked_for():
    """The window is at most 4 kB (12 bits) whatever the client allows; a client asking for less gets less;
    the client is asked for a 4 kB window only when it said it can take the request."""
    plain = websocket_compression.accept([_offer(accept_max_window_bits=False)])
    assert (plain.window_bits, plain.mem_level, plain.no_context_takeover) == (12, 4, True)
    assert plain.request_max_window_bits == 0
    assert websocket_compression.accept([_offer()]).request_max_window_bits == 12
    smaller = websocket_compression.accept([_offer(request_max_window_bits=10, accept_max_window_bits=True)])
    assert smaller.window_bits == 10 and smaller.request_max_window_bits == 12
    assert websocket_compression.accept([]) is None
