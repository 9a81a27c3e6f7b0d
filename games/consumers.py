"""Websocket consumers shared by every ruleset."""

from __future__ import annotations

import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.template.loader import render_to_string
from django.utils import translation

from .actions import MoveRejected, do_move
from .broadcast import group_name
from .models import Game, Move, Seat
from .presenters import game_payload, rule_url, seat_of, table_context

# A client further behind than this gets a full sync instead of a replay.
REPLAY_LIMIT = 50


def connection_language(scope) -> str:
    """The language a page would use for this viewer: the player's saved
    language, else the language cookie, else the browser's Accept-Language."""
    from django.conf import settings
    from django.utils.translation import get_supported_language_variant
    from django.utils.translation.trans_real import parse_accept_lang_header

    user = scope.get("user")
    if user is not None and getattr(user, "language", ""):
        return user.language
    headers = {k.decode("latin1").lower(): v.decode("latin1") for k, v in scope.get("headers", [])}
    for part in headers.get("cookie", "").split(";"):
        name, _, value = part.strip().partition("=")
        if name == settings.LANGUAGE_COOKIE_NAME and value:
            try:
                return get_supported_language_variant(value)
            except LookupError:
                break
    for code, _q in parse_accept_lang_header(headers.get("accept-language", "")):
        if code == "*":
            break
        try:
            return get_supported_language_variant(code)
        except LookupError:
            continue
    return settings.LANGUAGE_CODE


class PingConsumer(AsyncWebsocketConsumer):
    """Echoes through the channel layer: proves Daphne, auth and Redis work.

    A message ``{"ping": x}`` is sent to a per-connection group on the layer
    and comes back as ``{"pong": x, "user": name}``.
    """

    async def connect(self):
        self.group = f"ping.{self.channel_name.replace('!', '_')}"[:90]
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        try:
            payload = json.loads(text_data or "")
            value = payload["ping"]
        except (ValueError, KeyError, TypeError):
            await self.send(json.dumps({"error": "expected {\"ping\": ...}"}))
            return
        await self.channel_layer.group_send(self.group, {"type": "pong", "value": value})

    async def pong(self, event):
        user = self.scope.get("user")
        name = user.username if user is not None and user.is_authenticated else None
        await self.send(json.dumps({"pong": event["value"], "user": name}))


class GameConsumer(AsyncWebsocketConsumer):
    """One game's live stream for one viewer.

    Every push carries the game version. JSON clients (``?format=json``) get
    ``sync`` (the whole payload) on connect or when too far behind, and
    ``update`` (the missed moves' visible events plus the new view) after each
    change; they may send ``{"type": "hello", "version": v}`` to resume and
    ``{"type": "act", "action": {...}, "version": v}`` to move. The htmx page
    (``?format=html``) gets the re-rendered table as an out-of-band swap.
    """

    async def connect(self):
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.format = "html" if b"format=html" in self.scope.get("query_string", b"") else "json"
        found = await self._load_seat()
        if not found:
            await self.close(code=4404)
            return
        await self.channel_layer.group_add(group_name(self.game_id), self.channel_name)
        await self.accept()
        self.sent_version = -1
        await self.push(full=True)

    async def disconnect(self, code):
        await self.channel_layer.group_discard(group_name(self.game_id), self.channel_name)

    @database_sync_to_async
    def _load_seat(self) -> bool:
        game = Game.objects.filter(pk=self.game_id).first()
        if game is None:
            return False
        seats = list(Seat.objects.filter(game=game).select_related("user"))
        self.seat = seat_of(seats, self.scope.get("user"))
        self.language = connection_language(self.scope)
        return True

    async def receive(self, text_data=None, bytes_data=None):
        try:
            message = json.loads(text_data or "")
            kind = message["type"]
        except (ValueError, KeyError, TypeError):
            await self._send_json({"type": "error", "error": "bad_request", "message": "Expected a JSON object with a \"type\"."})
            return
        if kind == "hello":
            version = message.get("version")
            self.sent_version = version if isinstance(version, int) else -1
            await self.push(full=not isinstance(version, int))
        elif kind == "act":
            await self._act(message)
        else:
            await self._send_json({"type": "error", "error": "bad_request", "message": f"Unknown message type {kind!r}."})

    async def _act(self, message: dict) -> None:
        if self.seat is None:
            await self._send_json({"type": "error", "error": "not_your_seat", "message": "Spectators cannot act."})
            return
        try:
            result = await database_sync_to_async(do_move)(
                self.game_id, seat=self.seat, action=message.get("action"),
                expected_version=message.get("version"), actor=self.scope["user"], source=Move.Source.SOCKET)
        except MoveRejected as exc:
            ruleset = await database_sync_to_async(lambda: Game.objects.get(pk=self.game_id).ruleset)()
            await self._send_json({"type": "error", **exc.as_dict(), "rule_url": rule_url(ruleset, exc.rule)})
            return
        await self._send_json({"type": "accepted", "version": result.version})

    async def game_changed(self, event):
        if event["version"] > self.sent_version or event["version"] == 0:
            await self.push(full=False)

    async def push(self, full: bool) -> None:
        message = await database_sync_to_async(self._render)(full)
        if message is not None:
            await self.send(message)

    def _render(self, full: bool) -> str | None:
        game = Game.objects.get(pk=self.game_id)
        seats = list(Seat.objects.filter(game=game).select_related("user"))
        with translation.override(self.language):
            if self.format == "html":
                html = render_to_string("games/_table.html", table_context(game, seats, self.seat))
                self.sent_version = game.version
                return f'<div id="table" hx-swap-oob="outerHTML">{html}</div>'
            behind = game.version - self.sent_version
            if full or self.sent_version < 0 or behind > REPLAY_LIMIT:
                payload = game_payload(game, seats, self.seat)
                kind = "sync"
            else:
                payload = game_payload(game, seats, self.seat, since=self.sent_version)
                kind = "update"
            self.sent_version = game.version
            return json.dumps({"type": kind, **payload})

    async def _send_json(self, data: dict) -> None:
        await self.send(json.dumps(data))
