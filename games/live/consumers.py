"""Websocket consumers shared by every ruleset."""

from __future__ import annotations

import json
import logging

from autobahn.exception import Disconnected
from channels.generic.websocket import AsyncWebsocketConsumer
from channels_redis.pubsub import RedisPubSubChannelLayer, RedisPubSubLoopLayer, RedisSingleShardConnection
from django.core.exceptions import SynchronousOnlyOperation
from django.utils import translation
from django.utils.translation import gettext_noop

from accounts import ratelimit
from games.core.validation import MAX_MESSAGE_DEPTH, InvalidInput, parse_json
from games.live import fanout, snapshots, ws_auth
from games.live.chat import KINDS as CHAT_KINDS
from games.live.chat import TableChatMixin
from games.live.db_threads import DatabaseCallsOnly, db
from games.live.presence import PresenceMixin  # a person at a table counts as online in the lobby
from games.models import Game, Move
from games.play.actions import MoveRejected, do_move
from games.play.broadcast import group_name
from games.present.presenters import Viewer, refusal_text, rule_url
from games.tables import privacy

log = logging.getLogger(__name__)

# The largest message a client may send; a move is a few hundred bytes. (Daphne itself closes a socket
# whose message passes its --websocket_max_message_size, 1 MB by default, with code 1009.)
MAX_MESSAGE_BYTES = 16 * 1024
MAX_VERSION = 2**31 - 1
MAX_REF = 64  # the longest name a client may give its move (``ref``), echoed in the answer

# A client further behind than this gets a full sync instead of a replay.
REPLAY_LIMIT = 50
# A page's periodic check-in (``hello``, every 5 s: static/js/table.js) repairs a push the layer dropped. It is
# answered from the game's revision as the database said it in this process at most this long ago (any socket of
# the game asking): five pages of a table need one query, not five, and a dropped push is repaired within 10 s.
CHECKED_WITHIN = 5.0


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


class ClosedSocketSendsDropped:
    """A message sent to a socket that closed meanwhile (a push on its way as a person leaves, a game's last
    revision as a finished table's spectators move on) is dropped, not an error: the socket's next connection
    is sent the table whole. Daphne raises ``Disconnected`` for it, which a push logged as a failure."""

    async def send(self, text_data=None, bytes_data=None, close=False):
        try:
            await super().send(text_data, bytes_data, close)
        except Disconnected:
            log.debug("a message to a closed socket was dropped")


class LayerChannelForgotten:
    """The consumer's channel on the pub/sub layer goes when the consumer ends. The layer forgets a channel only
    when a pending ``receive`` is cancelled, and channels' consumer loop leaves none pending when a layer message
    and the socket's close arrive together: the channel stayed, with its queue and its Redis subscription, once
    per such close (channels_redis issue 276; the browsers' soak kept 61 after 4 minutes)."""

    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, send)
        finally:
            await forget_layer_channel(getattr(self, "channel_layer", None), getattr(self, "channel_name", None))


async def forget_layer_channel(layer, name: str | None) -> None:
    """Unsubscribe the pub/sub layer's channel ``name`` in this event loop, if it is still there (through the
    layer's private ``_get_layer`` and ``_get_shard``: tests/test_private_internals.py)."""
    if layer is None or not name:
        return
    loop_layer = layer._get_layer()
    if loop_layer.channels.pop(name, None) is None:
        return
    try:
        await loop_layer._get_shard(name).unsubscribe(name)
    except Exception:  # Redis away: the subscription goes with the connection
        log.warning("could not unsubscribe channel %s", name, exc_info=True)


if not all(callable(getattr(owner, name, None)) for owner, name in (
        (RedisPubSubChannelLayer, "_get_layer"), (RedisPubSubLoopLayer, "_get_shard"), (RedisSingleShardConnection, "unsubscribe"))):
    raise ImportError("games/live/consumers.py (forget_layer_channel) calls channels_redis's private _get_layer, _get_shard "
                      "and unsubscribe, which this channels_redis lacks: re-read it against channels_redis/pubsub.py")


class PingConsumer(LayerChannelForgotten, DatabaseCallsOnly, AsyncWebsocketConsumer):
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
        if not hasattr(self, "bucket"):
            self.bucket = ratelimit.Bucket("socket_connection")
        if not self.bucket.take():
            await self.send(json.dumps({"error": "rate_limited"}))
            return
        try:
            payload = parse_json(text_data or "", max_bytes=1024, max_depth=4)
            value = payload["ping"]
        except (InvalidInput, KeyError, TypeError):
            await self.send(json.dumps({"error": "expected {\"ping\": ...} of at most 1 kB"}))
            return
        await self.channel_layer.group_send(self.group, {"type": "pong", "value": value})

    async def pong(self, event):
        user = self.scope.get("user")
        name = user.username if user is not None and user.is_authenticated else None
        await self.send(json.dumps({"pong": event["value"], "user": name}))


class GameConsumer(LayerChannelForgotten, ClosedSocketSendsDropped, DatabaseCallsOnly, TableChatMixin, PresenceMixin, AsyncWebsocketConsumer):
    """One game's live stream for one viewer.

    Every push carries the game's ``version`` (moves) and ``rev`` (anything people see). JSON clients
    (``?format=json``) get ``sync`` (the whole payload) on connect or when too far behind, and ``update``
    (the missed moves' visible events plus the new view) after each change; they may send
    ``{"type": "hello", "version": v}`` to resume and ``{"type": "act", "action": {...}, "version": v}``
    to move. The page (``?format=html``) gets ``{"type": "table", "rev", "version", "html"}``: the table
    rendered for this viewer, which ``static/js/table.js`` morphs into place; with ``keep=1``, the board's
    elements the page already shows come as placeholders (``games.live.snapshots.table_message``), with ``keep=2``
    a run of them that stands together as one placeholder, and
    ``{"type": "hello", "rev": r, "full": true}`` asks for the whole table again.

    Rendering goes through ``games.live.snapshots``: the game is loaded once per revision per process and
    each distinct view rendered once, however many sockets watch it.
    """

    async def connect(self):
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        query = self.scope.get("query_string", b"")
        self.format = "html" if b"format=html" in query else "json"
        # A page that can fill placeholders from what it shows (``keep=1``, static/js/table.js) is sent the board's
        # unchanged elements as placeholders; until it asks for the whole table again (``hello`` with ``full``).
        self.keep = self.format == "html" and (b"keep=1" in query or b"keep=2" in query)
        self.runs = self.keep and b"keep=2" in query
        self.full_next = False
        self.language = connection_language(self.scope)
        self.sent_version = -1
        self.sent_rev = -1
        self.sent_view: Viewer | tuple | None = None  # whose table the page shows (``snapshots.page_view``)
        if self.game_id > 2**31 - 1:  # no such game, and more than the database's id column holds
            await self.close(code=4404)
            return
        snap = await db(snapshots.load)(self.game_id)
        # A private table the viewer may not see answers as no table at all (``games.tables.privacy``).
        if snap is None or (snap.game.private and not await db(privacy.may_see)(
                snap.game, self.scope.get("user"), seats=snap.seats, session=self.scope.get("session"))):
            await self.close(code=4404)
            return
        self.ruleset = snap.game.ruleset
        self.game_seal = snap.game.seed_commitment
        snapshots.watch(self.game_id)
        self.holds_snapshots = True
        fanout.join(self.game_id, self)
        await self.channel_layer.group_add(group_name(self.game_id), self.channel_name)
        await self.accept()
        await self.push(full=True)
        await self.chat_connect(snap)  # chat and spectators: games/live/chat.py; joins the user's own group
        if self.chat_user_id and not await db(ws_auth.still_allowed)(self.scope):
            await self._revoke()  # banned or revoked before the group could tell this socket
            return
        self.recheck = ws_auth.Recheck()
        await self.presence_arrive()

    async def disconnect(self, code):
        if getattr(self, "holds_snapshots", False):
            self.holds_snapshots = False
            snapshots.unwatch(self.game_id)
            fanout.leave(self.game_id, self)
        await self.chat_disconnect()
        await self.presence_depart()
        await self.channel_layer.group_discard(group_name(self.game_id), self.channel_name)

    revoked = False  # the user was banned or suspended, or the socket's token revoked: it is closing

    async def account_revoked(self, event):
        """A ban, a suspension or a revoked token (``games.live.ws_auth.close_sockets_after_commit``): this socket
        closes, unless the message is about another token than the one it signed in with."""
        token = event.get("token")
        if token is None or token == self.scope.get("api_token_id"):
            await self._revoke()

    async def _revoke(self) -> None:
        self.revoked = True
        await self.close(code=ws_auth.REVOKED)

    async def receive(self, text_data=None, bytes_data=None):
        # Whatever a client sends, it gets an answer and the socket stays open (unless its right to it ended).
        if self.revoked:  # a message that was on its way as the socket closed
            await self._error("not_your_seat", "You can no longer use this connection.")
            return
        try:
            if not await self._allowed():
                await self._error("rate_limited", "Too many messages; slow down.")
                return
            await self._receive(text_data)
        except Exception:  # never let one message close the socket
            log.exception("socket message failed for game %s", self.game_id)
            await self._error("server_error", "The message could not be processed; nothing was changed.")

    async def _allowed(self) -> bool:
        """Per connection (in memory) and per user over all their sockets (in the shared cache)."""
        if not hasattr(self, "bucket"):
            self.bucket = ratelimit.Bucket("socket_connection")
        if not self.bucket.take():
            return False
        user = self.scope.get("user")
        if user is not None and user.is_authenticated:
            return await ratelimit.ahit("socket_user", f"u{user.pk}")
        return True

    async def _receive(self, text_data) -> None:
        if text_data is None or len(text_data) > MAX_MESSAGE_BYTES:
            await self._error("bad_request", "Send a JSON text message of at most 16 kB.")
            return
        try:
            message = parse_json(text_data, max_bytes=MAX_MESSAGE_BYTES, max_depth=MAX_MESSAGE_DEPTH)
        except InvalidInput as exc:
            await self._error("bad_request", exc.text())
            return
        kind = message.get("type") if isinstance(message, dict) else None
        if not isinstance(kind, str):
            await self._error("bad_request", "Expected a JSON object with a \"type\".")
            return
        if kind == "hello":
            await self.presence_refresh()
        if kind == "hello" and self.format == "html":
            # The page's periodic check: a push the layer dropped (layers drop silently) is repaired here.
            rev = message.get("rev")
            if isinstance(rev, int) and not isinstance(rev, bool) and 0 <= rev <= MAX_VERSION:
                self.sent_rev = min(self.sent_rev, rev)
            if message.get("full") is True:  # the page lacked an element a placeholder named: the whole table
                self.sent_rev, self.full_next = -1, True
            else:
                known = snapshots.checked(self.game_id, CHECKED_WITHIN)
                if known is not None and known <= self.sent_rev:
                    return  # the page shows the game's revision as the database said it here a moment ago
            await self.push(full=False)
        elif kind == "hello":
            version = message.get("version")
            valid = isinstance(version, int) and not isinstance(version, bool) and 0 <= version <= MAX_VERSION
            self.sent_version = version if valid else -1
            await self.push(full=not valid, again=True)
        elif kind == "act":
            await self._act(message)
        elif kind in CHAT_KINDS:
            # A chat message sends this page no table, so a move's pass may push the table to it meanwhile
            # (``_push_all`` skips a socket busy with a message of its own): the page's chat check-in, sent right
            # after an update, otherwise left the next move to the layer's round trip for this page.
            self.handling -= 1
            try:
                await self.chat_receive(kind, message)
            finally:
                self.handling += 1
        else:
            await self._error("bad_request", "Unknown message type.")

    async def _act(self, message: dict) -> None:
        user = self.scope.get("user")
        # A client may name its move (``ref``, a short string): the answer to it, ``accepted`` or ``error``, says
        # ``"for": "act"`` and carries the name back (the page waits for it: static/js/table.js).
        ref = message.get("ref")
        named = {"for": "act", "ref": ref} if isinstance(ref, str) and len(ref) <= MAX_REF else {}
        try:
            result = await db(self._do_move)(message, user)
        except MoveRejected as exc:
            with translation.override(self.language):
                text = refusal_text(self.ruleset, exc)
            await self._send_json({"type": "error", **exc.as_dict(), "message": text,
                                   "rule_url": rule_url(self.ruleset, exc.rule), **named})
            if self.revoked:
                await self._revoke()
            return
        except Exception:  # never let one message close the socket; the move path rolled back
            log.exception("socket act failed for game %s", self.game_id)
            await self._error("server_error", "The move could not be processed; nothing was changed.", **named)
            return
        await self._send_json({"type": "accepted", "version": result.version, **named})
        await self._push_made(result)

    async def _push_made(self, result) -> None:
        """The move this socket made, pushed at once to the game's sockets in this process, this one first
        (``games.live.fanout``): its layer message, a round trip through Redis later, then finds them sent. The
        sockets of other processes get it from the layer as ever."""
        try:
            await self._push_carried(self.game_seal, result.rev, result.snapshot)
        except Exception:  # the layer's message brings it all the same
            log.exception("push of game %s rev %s failed", self.game_id, result.rev)

    def _do_move(self, message: dict, user):
        if user is not None and user.is_authenticated and not self.recheck.allowed(self.scope):
            self.revoked = True  # its close message was lost: the socket closes after this refusal
            raise MoveRejected("not_your_seat", gettext_noop("You can no longer use this connection."))
        # The seat from the newest revision this process holds (no query); the move path checks it again
        # under the game's lock. Only a socket that held no seat then asks the database (it may just have sat).
        snap = snapshots.newest(self.game_id, self.game_seal)
        seat = Viewer.of(snap.game, snap.seats, user, self.language).seat if snap else None
        if seat is None:
            snap = snapshots.load(self.game_id)
            seat = Viewer.of(snap.game, snap.seats, user, self.language).seat if snap else None
        if seat is None:
            raise MoveRejected("not_your_seat", "Spectators cannot act.")
        version = message.get("version")
        if version is not None and (not isinstance(version, int) or isinstance(version, bool)
                                    or not 0 <= version <= MAX_VERSION):
            raise MoveRejected("bad_request", "version must be an integer.", version=snap.game.version)
        # The move is made on the revision held here when it is still the game's (``actions._move_on_held``).
        # The page's socket (``format=html``) carries the moves a person clicks: they are the UI's moves.
        source = Move.Source.UI if self.format == "html" else Move.Source.SOCKET
        return do_move(self.game_id, seat=seat, action=message.get("action"), expected_version=version,
                       actor=user, source=source, held=snap)

    handling = 0  # messages of its own being handled, and passes sending to it: another's pass skips it if any

    async def dispatch(self, message):
        self.handling += 1
        try:
            await super().dispatch(message)
        finally:
            self.handling -= 1

    async def game_changed(self, event):
        rev, seal = event.get("rev", 0), event.get("seal") or None
        try:
            if rev > self.sent_rev and not await self._push_carried(seal, rev, event.get("snapshot")):
                await self.push(full=False, rev=rev, seal=seal)
            await self.chat_after_push()  # someone sat down or left: who counts as a spectator
        except Exception:  # a failed push is repaired by the next one or the client's resync
            log.exception("push of game %s rev %s failed", self.game_id, rev)

    async def _push_carried(self, seal: str | None, rev: int, carried: bytes | None) -> bool:
        """Push the revision a move carries (``games.play.snapshot_wire``) with ``_push_all``; False if none was sent
        to this socket: no carried revision, one this process cannot build, or one that needs the database (a
        finished table looks up its rematch, and a template may reach for the database after all)."""
        snap = snapshots.offer(self.game_id, seal, rev, carried) if carried and seal else None
        return snap is not None and snap.game.status == Game.Status.ACTIVE and await self._push_all(snap)

    async def _push_all(self, snap: snapshots.Snapshot) -> bool:
        """Send the revision to this socket and to every idle socket of the game in this process that lacks it
        (``games.live.fanout``), rendered here on the event loop with no query. False if this socket's render
        needed the database (nothing sent to it; the others are left to their own handlers)."""
        rev = snap.game.rev
        try:
            message = self._message(snap, full=False)
        except SynchronousOnlyOperation:
            log.warning("game %s rev %s: the push needed the database", self.game_id, rev)
            return False
        if message is not None:
            await self.send(message)
        for other in fanout.sockets(self.game_id):
            if other is self or other.handling or other.sent_rev >= rev:
                continue
            other.handling += 1  # no other pass starts on it while its message is on its way
            try:
                message = other._message(snap, full=False)
                if message is not None:
                    await other.send(message)
            except Exception:  # unsent, it is left to its own handler, which may use the database
                log.warning("game %s rev %s: the push to a socket failed", self.game_id, rev, exc_info=True)
            finally:
                other.handling -= 1
        return True

    async def push(self, full: bool, rev: int | None = None, again: bool = False, seal: str | None = None) -> None:
        message = await db(self._render)(full, rev, again, seal)
        if message is not None:
            await self.send(message)

    def _render(self, full: bool, rev: int | None, again: bool = False, seal: str | None = None) -> str | None:
        """The message for this socket (None when it already has this revision, unless asked ``again``)."""
        snap = snapshots.load(self.game_id, rev, seal)
        return self._message(snap, full, again) if snap is not None else None

    def _message(self, snap: snapshots.Snapshot, full: bool, again: bool = False) -> str | None:
        if snap.game.rev <= self.sent_rev and not (full or again):
            return None
        viewer = Viewer.of(snap.game, snap.seats, self.scope.get("user"), self.language)
        if self.format == "html":
            base = None
            view = snapshots.page_view(snap, viewer)
            # The page shows what it was sent as the viewer it was then: a seat taken or left since (a table
            # still gathering) makes that another viewer's page, whose parts and log the push must not name; and
            # a table of its own then and a shared one now (or the reverse) name their parts and log apart.
            if (self.keep and not (full or self.full_next) and view == self.sent_view
                    and 0 <= self.sent_rev <= snap.game.rev):
                base = snapshots.at(self.game_id, self.game_seal, self.sent_rev)
            message = snapshots.table_message(snap, viewer, base, runs=self.runs)
            self.full_next = False
            self.sent_view = view
        else:
            behind = snap.game.version - self.sent_version
            if full or self.sent_version < 0 or behind > REPLAY_LIMIT:
                kind, since = "sync", None
            else:
                kind, since = "update", self.sent_version
            message = snapshots.json_message(snap, viewer.seat, kind, since)
        # Only once the message exists: a render that failed leaves the socket free to be sent this revision.
        self.chat_seen(snap)
        self.sent_rev, self.sent_version = snap.game.rev, snap.game.version
        return message

    async def _error(self, code: str, message: str, **extra) -> None:
        await self._send_json({"type": "error", "error": code, "message": message, **extra})

    async def _send_json(self, data: dict) -> None:
        await self.send(json.dumps(data))
