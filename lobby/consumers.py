"""The live lobby's socket: the lobby's lists pushed on every change, and presence.

On connect the page gets the lists (``{"type": "lobby", "rev", "html"}``, morphed in by
``static/js/lobby.js``). A table write the lobby shows bumps the lobby's revision and tells the ``lobby``
group (``games.play.broadcast.publish_lobby``); each socket then sends the lists at that revision, rendered once
per process and language. Every ``presence.CHECK_IN`` seconds the page sends ``{"type": "hello", "rev": n}``:
that keeps its person online, and a page behind the current revision (a message the layer dropped) gets
the lists again.
"""

from __future__ import annotations

import json
import logging

from asgiref.sync import sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from accounts import ratelimit
from games.core.validation import InvalidInput, parse_json
from games.live.consumers import ClosedSocketSendsDropped, LayerChannelForgotten, connection_language
from games.live.db_threads import DatabaseCallsOnly, db
from games.live.presence import PresenceMixin
from games.play.broadcast import LOBBY_GROUP, lobby_rev

from . import listing

log = logging.getLogger(__name__)

MAX_MESSAGE_BYTES = 256
MAX_REV = 2**62


def _run(fn, *args):
    """Cache calls off the event loop, in a pool (not the single thread the database calls share)."""
    return sync_to_async(fn, thread_sensitive=False)(*args)


class LobbyConsumer(LayerChannelForgotten, ClosedSocketSendsDropped, DatabaseCallsOnly, PresenceMixin, AsyncWebsocketConsumer):
    async def connect(self):
        self.language = connection_language(self.scope)
        self.sent_rev = -1
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.accept()
        await self.presence_arrive()
        await self.push()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)
        await self.presence_depart()

    async def receive(self, text_data=None, bytes_data=None):
        # Whatever a client sends, it gets an answer and the socket stays open.
        if not hasattr(self, "bucket"):
            self.bucket = ratelimit.Bucket("socket_connection")
        if not self.bucket.take():
            await self._error("rate_limited", "Too many messages; slow down.")
            return
        try:
            message = parse_json(text_data or "", max_bytes=MAX_MESSAGE_BYTES, max_depth=2)
        except InvalidInput as exc:
            await self._error("bad_request", exc.text())
            return
        rev = message.get("rev") if isinstance(message, dict) else None
        if not isinstance(message, dict) or message.get("type") != "hello" or not (
                isinstance(rev, int) and not isinstance(rev, bool) and 0 <= rev <= MAX_REV):
            await self._error("bad_request", "Expected {\"type\": \"hello\", \"rev\": <the revision shown>}.")
            return
        try:
            await self.presence_refresh(force=True)
            if rev < await _run(lobby_rev):
                self.sent_rev = min(self.sent_rev, rev)
                await self.push()
        except Exception:  # never let one message close the socket
            log.exception("lobby check-in failed")
            await self._error("server_error", "The lobby could not be sent; it will be sent again.")

    async def lobby_changed(self, event):
        if event.get("rev", 0) > self.sent_rev:
            try:
                await self.push()
            except Exception:  # repaired by the page's next check-in
                log.exception("lobby push failed")

    async def push(self) -> None:
        rev, text = await db(listing.lobby_message)(self.language)
        if rev > self.sent_rev:
            self.sent_rev = rev
            await self.send(text)

    async def _error(self, code: str, message: str) -> None:
        await self.send(json.dumps({"type": "error", "error": code, "message": message}))
