"""Compressed websocket messages (config/websocket_compression.py), through a real Daphne."""

import asyncio
import json
import zlib

import pytest
import websockets
from autobahn.websocket.compress import PerMessageDeflateOffer

from config import websocket_compression
from games.tests.conftest import make_users, open_table
from tests.support import run_async

pytestmark = [pytest.mark.django_db(transaction=True)]


async def _first_table(server: str, game_id: int, compression: str | None):
    url = server.replace("http://", "ws://") + f"/ws/games/{game_id}/?format=html"
    async with websockets.connect(url, origin=server, compression=compression, open_timeout=10) as ws:
        message = json.loads(await asyncio.wait_for(ws.recv(), 10))
        return ws.response.headers.get("Sec-WebSocket-Extensions"), message


def test_a_browser_offering_deflate_gets_compressed_tables_and_others_plain_ones(daphne_server):
    """Browsers offer permessage-deflate: the table's HTML (tens of kB after every move) then travels compressed,
    each message on its own; a client that offers nothing gets the same message uncompressed."""
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


def test_the_server_compresses_with_a_full_window_and_asks_clients_for_a_small_one():
    """The server's window is 32 kB (15 bits) unless the client asks for less; the client is asked for a 4 kB
    window for what it sends, only when it said it can take the request; no context is kept between messages."""
    plain = websocket_compression.accept([_offer(accept_max_window_bits=False)])
    assert (plain.window_bits, plain.mem_level, plain.no_context_takeover) == (15, 8, True)
    assert plain.request_max_window_bits == 0
    assert websocket_compression.accept([_offer()]).request_max_window_bits == 12
    smaller = websocket_compression.accept([_offer(request_max_window_bits=10, accept_max_window_bits=True)])
    assert smaller.window_bits == 10 and smaller.request_max_window_bits == 12
    assert websocket_compression.accept([]) is None


def test_each_message_is_compressed_at_the_fast_level_and_its_compressor_let_go():
    """A message inflates back to itself with the negotiated window alone (no context from the one before); the
    compressor, about 256 kB, is not kept between messages; the output is the fast level's, not the default's."""
    deflate = websocket_compression.server_deflate_class().create_from_offer_accept(
        True, websocket_compression.accept([_offer(accept_max_window_bits=True)]))
    table = ("<li class='log-roll'><span class='muted'>%d</span> Ana tira 3 y 4.</li>" * 400).encode()
    sent = []
    for n in range(2):
        deflate.start_compress_message()
        sent.append(deflate.compress_message_data(table % tuple(range(n, n + 400))) + deflate.end_compress_message())
        assert deflate._compressor is None
    for n, data in enumerate(sent):
        inflate = zlib.decompressobj(-15)
        assert inflate.decompress(data + b"\x00\x00\xff\xff") == table % tuple(range(n, n + 400))
    fast = zlib.compressobj(1, zlib.DEFLATED, -15, 8)
    assert sent[0] == (fast.compress(table % tuple(range(400))) + fast.flush(zlib.Z_SYNC_FLUSH))[:-4]
