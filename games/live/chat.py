"""The table socket's chat and presence (mixed into ``games.live.consumers.GameConsumer``).

Clients send ``{"type": "chat", "channel", "text", "ref"?}``, ``{"type": "mute" | "unmute", "user", "ref"?}``.
The page's socket (``?format=html``) and JSON sockets that ask for it (``&chat=1``) get, besides the answers to
their own messages (which every socket gets):

- ``{"type": "chat", "id", "channel", "author", "seat", "text", "at"}``: a line they may read (``games.chat.lines``
  rules: a player's or an anonymous socket never gets a spectators' line while the game runs; nobody gets the
  lines of someone they muted);
- ``{"type": "chat_ok", "ref", "id"}`` when their line was taken, ``{"type": "error", "for": "chat" | "mute" |
  "unmute", "ref", "error", "message"}`` when it was refused (nothing was written);
- ``{"type": "mutes", "names"}``: whom they mute now (after a change from any of their sockets);
- ``{"type": "chat_sync", "last"}`` answering ``{"type": "chat_hello", "last"}`` only when the client is behind:
  the page checks in now and then (and after a reconnect), like the table's ``hello``, so lines the layer dropped
  or that came while it was away are fetched again;
- ``{"type": "spectators", "seq", "count", "names", "guests"}`` whenever who watches changes (a JSON client also
  on connect; the page was rendered with the list, itself counted).

Every line reaches every socket of the game through the channel layer; each socket decides whether to pass it on,
from facts the writer put in the message (the players' ids, whether the game had ended), so no socket queries the
database per line.
"""

from __future__ import annotations

import asyncio
import json
import logging

from asgiref.sync import sync_to_async
from django.utils import translation
from django.utils.translation import gettext

from games.chat import lines as chat
from games.core.validation import InvalidInput, check_socket_message
from games.live import spectators
from games.live.db_threads import db
from games.play.actions import MoveRejected
from games.play.broadcast import group_name

log = logging.getLogger(__name__)

KINDS = ("chat", "mute", "unmute", "chat_hello")


class TableChatMixin:
    """Needs ``self.game_id``, ``self.language``, ``self.scope``, ``self.channel_name``, ``self.channel_layer``."""

    chat_user = None
    chat_wanted = False  # this socket gets chat lines and presence pushes
    chat_user_id: int | None = None
    muted: frozenset[int] = frozenset()
    player_ids: frozenset[int] = frozenset()
    chat_ended = False
    watching = False
    _presence_task: asyncio.Task | None = None

    # ---- the socket's life -------------------------------------------------------------------------------

    async def chat_connect(self, snap) -> None:
        """After accept: join the person's own group (mutes) and count a watcher. A page hears nothing here (it was
        rendered a moment ago); a JSON client that asked for chat gets who watches."""
        user = self.scope.get("user")
        # A JSON client that did not ask for chat keeps the stream it knows (sync, update, answers); it is still
        # counted as a watcher.
        self.chat_wanted = self.format == "html" or b"chat=1" in self.scope.get("query_string", b"")
        self.chat_user = user if chat.signed_in(user) else None
        self.chat_user_id = self.chat_user.pk if self.chat_user else None
        self.seal = snap.game.seed_commitment
        self.chat_seen(snap)
        self.watch_member = spectators.member(self.channel_name, self.chat_user)
        self.last_watchers = None
        if self.chat_user_id:
            await self.channel_layer.group_add(chat.user_group(self.chat_user_id), self.channel_name)
            self.muted = frozenset(await db(chat.muted_ids)(self.chat_user))
        await self._set_watching(self.chat_user_id not in self.player_ids, first=True)
        self._presence_task = asyncio.ensure_future(self._keep_watching())

    async def chat_disconnect(self) -> None:
        if self._presence_task is not None:
            self._presence_task.cancel()
        if self.chat_user_id:
            await self.channel_layer.group_discard(chat.user_group(self.chat_user_id), self.channel_name)
        if self.watching:
            self.watching = False
            try:
                watchers = await sync_to_async(spectators.leave, thread_sensitive=False)(
                    self.game_id, self.seal, self.watch_member, set(self.player_ids))
                await self._announce(watchers)
            except Exception:  # the entry expires by itself
                log.exception("presence leave failed for game %s", self.game_id)

    def chat_seen(self, snap) -> None:
        """Called with each snapshot the socket renders (sync): who sits at the table now, whether it has ended."""
        self.player_ids = frozenset(s.user_id for s in snap.seats if s.user_id)
        self.chat_ended = snap.game.status in chat.ENDED

    async def chat_after_push(self) -> None:
        """A watcher who sat down stops counting as a spectator; a player who left the table starts."""
        if not hasattr(self, "seal"):
            return
        should_watch = self.chat_user_id not in self.player_ids
        if should_watch != self.watching:
            await self._set_watching(should_watch)

    # ---- presence ----------------------------------------------------------------------------------------

    async def _set_watching(self, watching: bool, first: bool = False) -> None:
        """Count this socket as watching or not and tell the table. The page of a socket that just connected
        already shows the list with itself in it; a JSON client is sent the list."""
        self.watching = watching
        try:
            change = spectators.watch if watching else spectators.leave
            watchers = await sync_to_async(change, thread_sensitive=False)(
                self.game_id, self.seal, self.watch_member, set(self.player_ids))
        except Exception:  # presence is a courtesy: the table works without it
            log.exception("presence failed for game %s", self.game_id)
            return
        if watching or not first:
            await self._announce(watchers, skip=self.channel_name if first else None)
        if first and self.format != "html":
            await self._push(json.dumps(watchers.message()))

    async def _keep_watching(self) -> None:
        """Refresh this socket's presence; when ghosts expired (a server died), tell everyone."""
        while True:
            await asyncio.sleep(spectators.REFRESH)
            try:
                if self.watching:
                    watchers = await sync_to_async(spectators.watch, thread_sensitive=False)(
                        self.game_id, self.seal, self.watch_member, set(self.player_ids))
                    if self.last_watchers is not None and self.last_watchers != (watchers.names, watchers.guests):
                        await self._announce(watchers)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("presence refresh failed for game %s", self.game_id)

    async def _announce(self, watchers, skip: str | None = None) -> None:
        await self.channel_layer.group_send(group_name(self.game_id),
                                            {**watchers.message(), "type": "spectators.update", "skip": skip})

    async def spectators_update(self, event: dict) -> None:
        self.last_watchers = (tuple(event["names"]), event["guests"])
        if event.get("skip") == self.channel_name:
            return
        await self._push(json.dumps({"type": "spectators", "seq": event["seq"], "count": event["count"],
                                    "names": event["names"], "guests": event["guests"]}))

    # ---- chat --------------------------------------------------------------------------------------------

    async def chat_receive(self, kind: str, message: dict) -> None:
        ref = message.get("ref") if isinstance(message.get("ref"), str) else None
        try:
            data = check_socket_message(message)
        except InvalidInput as exc:
            with translation.override(self.language):
                text = gettext(exc.message) % exc.params if exc.params else gettext(exc.message)
            await self._chat_error(kind, ref, "bad_request", text)
            return
        ref = data.get("ref")
        if kind == "chat_hello":
            await self._chat_hello(data.get("last"))
            return
        try:
            if kind == "chat":
                line = await db(chat.do_chat)(self.game_id, self.chat_user, data["channel"], data["text"],
                                              session=self.scope.get("session"))
                await self.send(json.dumps({"type": "chat_ok", "ref": ref, "id": line.pk}))
            else:
                write = chat.do_mute if kind == "mute" else chat.do_unmute
                names = await db(write)(self.chat_user, data["user"])
                if not self.chat_wanted:  # the others learn it from their person's group; this one is answered
                    await self.send(json.dumps({"type": "mutes", "names": names}))
        except MoveRejected as exc:
            with translation.override(self.language):
                text = exc.text(gettext)
            await self._chat_error(kind, ref, exc.code, text)

    async def _chat_hello(self, last: int | None) -> None:
        """The page's check-in: ``last`` is the newest line it has seen (or heard of); it is told when a line it may
        read is newer. Muted or hidden lines count too: the page fetches once, finds nothing new, and remembers."""
        newest = await db(chat.newest_ids)(self.game_id)
        channels = chat.readable(self.chat_user_id in self.player_ids, self.chat_ended, self.chat_user_id is not None)
        top = max((newest.get(c, 0) for c in channels), default=0)
        if top and (last is None or last < top):
            await self.send(json.dumps({"type": "chat_sync", "last": top}))

    async def _chat_error(self, kind: str, ref: str | None, code: str, text: str) -> None:
        await self.send(json.dumps({"type": "error", "for": kind, "ref": ref, "error": code, "message": text}))

    async def chat_line(self, event: dict) -> None:
        line = event["line"]
        if event["author"] in self.muted:
            return
        if line["channel"] == chat.SPECTATORS and chat.SPECTATORS not in chat.readable(
                self.chat_user_id in event["players"], event["over"], self.chat_user_id is not None):
            return  # neither players nor anonymous viewers hear the spectators while the game runs
        await self._push(json.dumps({"type": "chat", **line}))

    async def chat_mutes(self, event: dict) -> None:
        self.muted = frozenset(event["ids"])
        await self._push(json.dumps({"type": "mutes", "names": event["names"]}))

    async def _push(self, text: str) -> None:
        """A push from the layer to a socket that may be closing: a failed send must not kill the consumer before
        its disconnect (which takes the socket off the watchers) has run."""
        if not self.chat_wanted:
            return
        try:
            await self.send(text)
        except Exception:
            log.debug("push to a closing socket of game %s dropped", self.game_id)
