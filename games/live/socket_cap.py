"""A cap on the anonymous websockets one client address keeps open at once, over every Daphne process.

A signed-in person's sockets are bounded by their per-user message limit and by moderation; an anonymous
client was bounded by nothing (one client opened 300 sockets, each holding a consumer, a channel-layer
subscription and its pushes). ``AnonymousSocketCap`` counts an address's open anonymous sockets in Redis
(one key per address: raised on connect, lowered when the socket ends) and refuses a socket over
``MAX_ANONYMOUS_SOCKETS``: it gets one ``error`` message (``too_many_sockets``, saying why) and is closed with code
``CLOSE_CODE``. A process killed with
sockets open leaves its counts behind: the key lives ``KEY_SECONDS`` after the address's last socket opened, so
those are forgotten then. Like the rate limits, an unreachable Redis lets the socket through (logged).
"""

from __future__ import annotations

import json
import logging

from django.conf import settings
from django.core.cache import cache as django_cache

from accounts import ratelimit

log = logging.getLogger(__name__)

CLOSE_CODE = 4429  # 4000-4999: the application's own; 429 as HTTP's "too many requests"
REASON = "Too many anonymous connections from your address: close some tabs or sign in."
KEY_SECONDS = 3600


def cap() -> int:
    return int(getattr(settings, "MAX_ANONYMOUS_SOCKETS", 30))


def socket_address(scope) -> str:
    """The client's address, as ``ratelimit.client_ip`` takes it for a request: the last X-Forwarded-For entry
    (the one our proxy added) only when ``USE_X_FORWARDED_FOR`` says a proxy sets it, else the peer's."""
    if getattr(settings, "USE_X_FORWARDED_FOR", False):
        for name, value in scope.get("headers", []):
            if name.lower() == b"x-forwarded-for" and value.strip():
                return value.decode("latin1").split(",")[-1].strip() or "unknown"
    client = scope.get("client")
    return (client[0] if client else "") or "unknown"


def _key(address: str) -> str:
    return django_cache.make_and_validate_key(f"ws-anon:{address}")


async def _take(address: str) -> bool:
    """Count one more open anonymous socket of ``address``; False (and not counted) when over the cap."""
    key = _key(address)
    try:
        async with ratelimit._async_client().pipeline(transaction=False) as pipe:
            pipe.incr(key)
            pipe.expire(key, KEY_SECONDS)
            count, _ = await pipe.execute()
        if count <= cap():
            return True
        await ratelimit._async_client().decr(key)
        return False
    except Exception:  # fail open, as the rate limits do
        log.exception("anonymous socket cap unavailable")
        return True


async def _give_back(address: str) -> None:
    try:
        await ratelimit._async_client().decr(_key(address))
    except Exception:  # the key expires anyway
        log.warning("could not count a closed anonymous socket of %s", address, exc_info=True)


class AnonymousSocketCap:
    """ASGI middleware inside the authentication middleware (``scope["user"]`` is known): an anonymous socket
    over its address's cap is accepted, told why in the sockets' ``error`` message and closed with
    ``CLOSE_CODE`` (refused before the handshake, a client would only see a failed connection; Daphne sends no
    close reason, so the reason goes in the message)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        user = scope.get("user")
        if scope["type"] != "websocket" or (user is not None and user.is_authenticated):
            return await self.app(scope, receive, send)
        address = socket_address(scope)
        if not await _take(address):
            message = await receive()
            if message["type"] == "websocket.connect":
                await send({"type": "websocket.accept"})
                await send({"type": "websocket.send",
                            "text": json.dumps({"type": "error", "error": "too_many_sockets", "message": REASON})})
                await send({"type": "websocket.close", "code": CLOSE_CODE})
            return None
        try:
            return await self.app(scope, receive, send)
        finally:
            await _give_back(address)
