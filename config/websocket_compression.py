"""Compressed websocket messages (permessage-deflate, RFC 7692) when Daphne serves the site.

A browser's table socket receives the whole table as HTML after every move, 40–60 kB for Estanciero; every
browser offers permessage-deflate, which brings such a message to about a fifth (10.7 of 59.2 kB in a measured
mid-game table). Daphne sets its websocket factory's options itself and offers no switch for compression, so
``enable()`` gives Daphne's factory class (autobahn's, which implements the extension) an answer to the offer,
once, when the ASGI application is imported. Nothing else about Daphne changes, and a client that offers no
compression (or another ASGI server) gets plain messages.

Cost and memory (measured on 50 kB Estanciero tables, docs/PERFORMANCE.md): each message is compressed on its
own (no context kept between messages) at zlib's fastest level with a full 32 kB window and the default hash
table: 0.26 ms a message, 10.1 kB, where the default level with a 4 kB window and a small hash table took 1.34 ms
for 10.2 kB (a small table makes long hash chains, and the default level follows them). The compressor (about
256 kB) is dropped as soon as its message is sent, so a connection holds none between messages: one process
compresses one message at a time, on its event loop. Clients are asked for a 4 kB window for what they send
(a move, a chat line: small), which bounds the decompressor each connection keeps.
"""

from __future__ import annotations

import zlib

SERVER_WINDOW_BITS = 15
CLIENT_WINDOW_BITS = 12
MEM_LEVEL = 8
LEVEL = 1


def accept(offers):
    """Autobahn's ``perMessageCompressionAccept``: the first permessage-deflate offer, accepted on our terms."""
    from autobahn.websocket.compress import PerMessageDeflateOffer, PerMessageDeflateOfferAccept

    for offer in offers:
        if not isinstance(offer, PerMessageDeflateOffer):
            continue
        if offer.request_max_window_bits and offer.request_max_window_bits < SERVER_WINDOW_BITS:
            window = offer.request_max_window_bits
        else:
            window = SERVER_WINDOW_BITS
        return PerMessageDeflateOfferAccept(
            offer,
            request_max_window_bits=CLIENT_WINDOW_BITS if offer.accept_max_window_bits else 0,
            no_context_takeover=True,
            window_bits=window,
            mem_level=MEM_LEVEL,
        )
    return None


def server_deflate_class():
    """Autobahn's permessage-deflate, compressing at ``LEVEL`` (autobahn always uses zlib's default level) and
    letting go of the compressor after each message when no context is kept between messages."""
    from autobahn.websocket.compress_deflate import PerMessageDeflate

    class ServerDeflate(PerMessageDeflate):
        def start_compress_message(self):
            if not (self._is_server and self.server_no_context_takeover):
                return super().start_compress_message()
            self._compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -self.server_max_window_bits, self.mem_level)

        def end_compress_message(self):
            data = super().end_compress_message()
            if self._is_server and self.server_no_context_takeover:
                self._compressor = None
            return data

    return ServerDeflate


def _autobahn_internals():
    """What ``enable`` changes of autobahn, checked at start-up: its factory's ``perMessageCompressionAccept``
    option, the table of extension classes it builds an accepted offer's compressor from, and the compressor's
    hooks and fields that ``server_deflate_class`` overrides (``tests/test_private_internals.py`` checks their
    source). Raises, naming what is missing, when autobahn has changed under this module."""
    import inspect

    try:
        from autobahn.twisted.websocket import WebSocketServerFactory
        from autobahn.websocket.compress import PERMESSAGE_COMPRESSION_EXTENSION
        from autobahn.websocket.compress_deflate import PerMessageDeflate
    except ImportError as error:
        raise RuntimeError(f"config/websocket_compression.py: autobahn has changed ({error}); re-read the module "
                           "against it") from error
    missing = []
    if "perMessageCompressionAccept" not in inspect.signature(WebSocketServerFactory.setProtocolOptions).parameters:
        missing.append("WebSocketServerFactory.setProtocolOptions(perMessageCompressionAccept=)")
    if PERMESSAGE_COMPRESSION_EXTENSION.get("permessage-deflate", {}).get("PMCE") is None:
        missing.append('PERMESSAGE_COMPRESSION_EXTENSION["permessage-deflate"]["PMCE"]')
    missing += [f"PerMessageDeflate.{name}" for name in ("start_compress_message", "end_compress_message")
                if not callable(vars(PerMessageDeflate).get(name))]
    fields = inspect.signature(PerMessageDeflate.__init__).parameters
    missing += [f"PerMessageDeflate({name}=)" for name in ("is_server", "server_no_context_takeover",
                                                           "server_max_window_bits", "mem_level")
                if name not in fields]
    if missing:
        raise RuntimeError(f"config/websocket_compression.py relies on autobahn's {', '.join(missing)}, which this "
                           "autobahn does not have: re-read the module against it")
    return WebSocketServerFactory, PERMESSAGE_COMPRESSION_EXTENSION


def enable() -> bool:
    """Make Daphne's websocket factory accept compression; False when Daphne is not installed, an error when
    autobahn or Daphne no longer has what this module changes."""
    try:
        from daphne.ws_protocol import WebSocketFactory
    except ImportError:
        return False
    if getattr(WebSocketFactory, "_tablero_deflate", False):
        return True
    WebSocketServerFactory, PERMESSAGE_COMPRESSION_EXTENSION = _autobahn_internals()
    if "setProtocolOptions" in vars(WebSocketFactory):  # Daphne's own would be replaced, not extended
        raise RuntimeError("config/websocket_compression.py: Daphne's WebSocketFactory now has its own "
                           "setProtocolOptions; re-read the module against it")

    def set_protocol_options(self, **options):
        options.setdefault("perMessageCompressionAccept", accept)
        WebSocketServerFactory.setProtocolOptions(self, **options)

    WebSocketFactory.setProtocolOptions = set_protocol_options
    # The class autobahn builds for an accepted offer; this process's only websocket endpoints are Daphne's.
    PERMESSAGE_COMPRESSION_EXTENSION["permessage-deflate"]["PMCE"] = server_deflate_class()
    WebSocketFactory._tablero_deflate = True
    return True
