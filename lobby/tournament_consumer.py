"""A tournament page's socket (``/ws/tournaments/<id>/``): the standing, the tables and the podium pushed whenever
the tournament changes (a player joins or leaves, a round or a table is made, a game ends, it finishes).

On connect the page gets ``{"type": "tournament", "html"}``; each change (``lobby.tournaments.publish``) sends it
again, rendered in the socket's language. The page also re-reads it over HTTP when the socket is lost.
"""

from __future__ import annotations

import json
import logging

from channels.generic.websocket import AsyncWebsocketConsumer

from games.live.consumers import ClosedSocketSendsDropped, LayerChannelForgotten, connection_language
from games.live.db_threads import DatabaseCallsOnly, db

from . import tournament_pages

log = logging.getLogger(__name__)


class TournamentConsumer(LayerChannelForgotten, ClosedSocketSendsDropped, DatabaseCallsOnly, AsyncWebsocketConsumer):
    async def connect(self):
        self.language = connection_language(self.scope)
        self.tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        self.viewer = self.scope.get("user")
        if not await db(tournament_pages.may_watch)(self.tournament_id, self.viewer):
            await self.close(code=4404)
            return
        self.group = f"tournament.{self.tournament_id}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.push()

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        await self.push()  # any message asks for the page again (a page that thinks it missed a push)

    async def tournament_changed(self, event):
        try:
            await self.push()
        except Exception:  # the page re-reads it when it reconnects
            log.exception("tournament push failed")

    async def push(self) -> None:
        html = await db(tournament_pages.live_html)(self.tournament_id, self.viewer, self.language)
        await self.send(json.dumps({"type": "tournament", "html": html}))
