"""Compressed websocket messages (permessage-deflate, RFC 7692) when Daphne serves the site.

A browser's table socket receives the whole table as HTML after every move, 40–60 kB for Estanciero; every
browser offers permessage-deflate, which brings such a message to about a fifth (10.7 of 59.2 kB in a measured
mid-game table). Daphne sets its websocket factory's options itself and offers no switch for compression, so
``enable()`` gives Daphne's factory class (autobahn's, which implements the extension) an answer to the offer,
once, when the ASGI application is imported. Nothing else about Daphne changes, and a client that offers no
compression (or another ASGI server) gets plain messages.

Memory is bounded per connection: the server compresses each message on its own (no context kept between
messages) with a 4 kB window and a small hash table (window bits 12, memory level 4: about 25 kB while a message
is compressed instead of 256 kB), and asks the client for the same window where the client allows it.
"""

from __future__ import annotations

WINDOW_BITS = 12
MEM_LEVEL = 4


def accept(offers):
    """Autobahn's ``perMessageCompressionAccept``: the first permessage-deflate offer, accepted on our terms."""
    from autobahn.websocket.compress import PerMessageDeflateOffer, PerMessageDeflateOfferAccept

    for offer in offers:
        if not isinstance(offer, PerMessageDeflateOffer):
            continue
        if offer.request_max_window_bits and offer.request_max_window_bits < WINDOW_BITS:
            window = offer.request_max_window_bits
        else:
            window = WINDOW_BITS
        return PerMessageDeflateOfferAccept(
            offer,
            request_max_window_bits=WINDOW_BITS if offer.accept_max_window_bits else 0,
            no_context_takeover=True,
            window_bits=window,
            mem_level=MEM_LEVEL,
        )
    return None


def enable() -> bool:
    """Make Daphne's websocket factory accept compression; False when Daphne is not installed."""
    try:
        from autobahn.twisted.websocket import WebSocketServerFactory
        from daphne.ws_protocol import WebSocketFactory
    except ImportError:
        return False
    if getattr(WebSocketFactory, "_tablero_deflate", False):
        return True

    def set_protocol_options(self, **options):
        options.setdefault("perMessageCompressionAccept", accept)
        WebSocketServerFactory.setProtocolOptions(self, **options)

    WebSocketFactory.setProtocolOptions = set_protocol_options
    WebSocketFactory._tablero_deflate = True
    return True
