"""Table chat: who may speak and read where, its limits, per-person mutes. Writes publish after commit.

The rules, the same for the page, the socket and the API:

- Seated players speak in the players' channel; signed-in people without a seat speak in the spectators'
  channel. Anonymous viewers only read.
- Signed-in spectators read both channels. Players read only theirs while the game runs (lobby, active,
  paused), so nobody watching can whisper to a player; once the game has ended everyone reads both.
- Anonymous viewers read only the players' channel while the game runs: a player who signs out (or opens a
  private window) is anonymous, and would otherwise read the spectators.
- A private table's chat is read and written only by those who may see the table (``games.tables.privacy``).
- A line is 1 to ``MAX_LENGTH`` characters once control and invisible formatting characters have collapsed to
  spaces and the ends are trimmed; a person writes at most the ``chat`` rate (5 lines per 10 s) over all tables.
- Whoever mutes someone never gets their lines again, at any table (history, socket, API); the muted person is
  not told.
- A line moderation hid (``hidden_at``) is shown to nobody. Moderation restrictions are consulted in one place,
  ``chat_refusal``.

Text is stored as typed (normalised) and escaped where it is shown: templates autoescape, chat.js sets
``textContent``. Nothing here marks chat text safe.
"""

from __future__ import annotations

import logging
import re

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.core.cache import cache
from django.db import transaction
from django.utils.translation import gettext_noop

from accounts import ratelimit
from games.models import ChatMessage, ChatMute, Game, Seat
from games.play.actions import MoveRejected
from games.play.broadcast import group_name
from games.present.presenters import seat_of

log = logging.getLogger(__name__)

MAX_LENGTH = 500
HISTORY = 50  # lines of each readable channel a page or the API shows
NEWEST_TTL = 24 * 3600
PLAYERS = ChatMessage.Channel.PLAYERS.value
SPECTATORS = ChatMessage.Channel.SPECTATORS.value
CHANNELS = (PLAYERS, SPECTATORS)
ENDED = (Game.Status.FINISHED, Game.Status.ABORTED)

# C0/C1 controls (newlines and tabs included: a chat line is one line), zero-width space, direction marks,
# embeddings/overrides/isolates (which could make a line read backwards), line/paragraph separators, word joiners
# and the BOM. Zero-width joiners (U+200C, U+200D) stay: emoji sequences and some scripts need them.
_INVISIBLE = re.compile("[\x00-\x1f\x7f-\x9f\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]+")


def user_group(user_id: int) -> str:
    """Every socket of one person, wherever they are: their mutes follow them."""
    return f"chatuser.{user_id}"


def clean_text(text: str) -> str:
    """Control and invisible formatting characters become spaces, runs of spaces one, the ends are trimmed."""
    return " ".join(_INVISIBLE.sub(" ", text).split())


def signed_in(user) -> bool:
    return user is not None and user.is_authenticated


def is_player(seats: list[Seat], user) -> bool:
    return seat_of(seats, user) is not None


def speaking_channel(seats: list[Seat], user) -> str | None:
    """The channel this person writes in: players in theirs, other signed-in people in the spectators'."""
    if not signed_in(user):
        return None
    return PLAYERS if is_player(seats, user) else SPECTATORS


def readable(player: bool, ended: bool, signed: bool = True) -> tuple[str, ...]:
    """The spectators' channel is read by signed-in people without a seat, and by everyone once the game has
    ended: while it runs, neither a player nor an anonymous viewer (maybe a player signed out) reads it."""
    return CHANNELS if ended or (signed and not player) else (PLAYERS,)


def readable_channels(game: Game, player: bool, signed: bool = True) -> tuple[str, ...]:
    return readable(player, game.status in ENDED, signed)


def chat_refusal(user) -> MoveRejected | None:
    """Why this person may not chat now, or None. The one place every path asks (socket, page, API): an
    inactive account, and what moderation put on the user (a chat mute or a ban, ``accounts.restrictions``)."""
    from accounts.restrictions import chat_refusal as moderation_refusal

    if not user.is_active:
        return MoveRejected("not_your_seat", gettext_noop("This account cannot chat."))
    refusal = moderation_refusal(user)
    return MoveRejected.because(refusal) if refusal is not None else None


# ---- writing a line --------------------------------------------------------------------------------------------

def check_chat(game: Game, user, channel, text, *, seats: list[Seat] | None = None, session=None) -> str:
    """The line as it will be stored, or ``MoveRejected``: who may speak in ``channel`` (at a private table, only
    those who may see it: ``session`` holds the invitations), the length, the person's rate (counted only once
    everything else passed, so a refused line costs nothing)."""
    from games.tables import privacy

    if not signed_in(user):
        raise MoveRejected("not_your_seat", gettext_noop("Log in to chat."))
    seats = seats if seats is not None else list(Seat.objects.filter(game=game).order_by("index"))
    if not privacy.may_see(game, user, seats=seats, session=session):
        raise MoveRejected("not_found", gettext_noop("No such game."))
    refusal = chat_refusal(user)
    if refusal is not None:
        raise refusal
    if channel not in CHANNELS:
        raise MoveRejected("bad_request", gettext_noop("Unknown chat channel."))
    own = speaking_channel(seats, user)
    if channel != own:
        if own == PLAYERS:
            raise MoveRejected("not_your_seat", gettext_noop("You are playing: you write in the players' chat."))
        raise MoveRejected("not_your_seat", gettext_noop("Only the players write in the players' chat; "
                                                         "spectators write in theirs."))
    if not isinstance(text, str):
        raise MoveRejected("bad_request", gettext_noop("A chat line is text."))
    cleaned = clean_text(text)
    if not cleaned:
        raise MoveRejected("bad_request", gettext_noop("Write something first."))
    if len(cleaned) > MAX_LENGTH:
        raise MoveRejected("bad_request", gettext_noop("A chat line has at most %(max)s characters; this one has "
                                                       "%(n)s."), params={"max": MAX_LENGTH, "n": len(cleaned)})
    if not ratelimit.hit("chat", f"u{user.pk}"):
        raise MoveRejected("rate_limited", gettext_noop("You are writing too fast: wait a few seconds."))
    return cleaned


def do_chat(game_id: int, user, channel, text, *, session=None) -> ChatMessage:
    """Write a line and, after commit, push it to the game's sockets (each passes it on only to those who may
    read it; see ``games.live.chat``). ``session``: the writer's, for a private table's invitations."""
    with transaction.atomic():
        game = Game.objects.filter(pk=game_id).first()
        if game is None:
            raise MoveRejected("not_found", gettext_noop("No such game."))
        seats = list(Seat.objects.filter(game=game).order_by("index"))
        cleaned = check_chat(game, user, channel, text, seats=seats, session=session)
        line = ChatMessage.objects.create(game=game, user=user, seat=seat_of(seats, user), channel=channel,
                                          text=cleaned)
        event = {"type": "chat.line", "line": line_dict(line), "author": user.pk,
                 # Read by each socket to decide; the layer is internal, the browser never sees these two.
                 "players": sorted({s.user_id for s in seats if s.user_id}), "over": game.status in ENDED}
        line_id = line.pk

        def publish():
            cache.set(_newest_key(game_id, channel), line_id, NEWEST_TTL)
            _send(group_name(game_id), event)

        transaction.on_commit(publish)
    return line


def _send(group: str, event: dict) -> None:
    from games.play.broadcast import group_send

    try:
        group_send(group, event)
    except Exception:  # the line is stored: the page shows it on the next resync
        log.exception("chat push to %s failed", group)


# ---- reading -------------------------------------------------------------------------------------------------

def line_dict(line: ChatMessage) -> dict:
    """A line as pages, sockets and the API show it (the author by name, never by id)."""
    return {"id": line.pk, "channel": line.channel, "author": line.user.username if line.user_id else "",
            "seat": line.seat, "text": line.text, "at": line.created_at.isoformat()}


def muted_ids(user) -> set[int]:
    if not signed_in(user):
        return set()
    return set(ChatMute.objects.filter(user=user).values_list("muted_id", flat=True))


def muted_names(user) -> list[str]:
    if not signed_in(user):
        return []
    return sorted(ChatMute.objects.filter(user=user).values_list("muted__username", flat=True), key=str.lower)


def visible_lines(game: Game, user, *, seats: list[Seat] | None = None, limit: int = HISTORY) -> dict[str, list]:
    """The newest ``limit`` lines of each channel this person may read, oldest first, without hidden lines and
    without the lines of people they muted: ``{channel: [line, ...]}``."""
    seats = seats if seats is not None else list(Seat.objects.filter(game=game))
    muted = muted_ids(user)
    out = {}
    for channel in readable_channels(game, is_player(seats, user), signed_in(user)):
        qs = ChatMessage.objects.filter(game=game, channel=channel, hidden_at__isnull=True)
        if muted:
            qs = qs.exclude(user_id__in=muted)
        rows = list(qs.select_related("user").order_by("-created_at", "-pk")[:limit])
        out[channel] = [line_dict(m) for m in reversed(rows)]
    return out


def _newest_key(game_id: int, channel: str) -> str:
    return f"chat:newest:{game_id}:{channel}"


def newest_ids(game_id: int) -> dict[str, int]:
    """The newest line id of each channel of a game (0: none), kept in the cache by ``do_chat`` so that a page's
    periodic check-in costs no query."""
    keys = {channel: _newest_key(game_id, channel) for channel in CHANNELS}
    found = cache.get_many(list(keys.values()))
    out = {}
    for channel, key in keys.items():
        if key not in found:
            newest = (ChatMessage.objects.filter(game_id=game_id, channel=channel).order_by("-pk")
                      .values_list("pk", flat=True).first()) or 0
            cache.add(key, newest, NEWEST_TTL)  # add: a line written meanwhile keeps its newer id
            found[key] = cache.get(key, newest)
        out[channel] = found[key]
    return out


# ---- mutes ---------------------------------------------------------------------------------------------------

def check_mute(user, name) -> AbstractBaseUser:
    """The person to mute or unmute, by user name; nobody mutes themselves."""
    if not signed_in(user):
        raise MoveRejected("not_your_seat", gettext_noop("Log in to mute someone."))
    target = get_user_model().objects.filter(username=name).first() if isinstance(name, str) and name else None
    if target is None:
        raise MoveRejected("not_found", gettext_noop("No such user."))
    if target.pk == user.pk:
        raise MoveRejected("bad_request", gettext_noop("You cannot mute yourself."))
    return target


def do_mute(user, name) -> list[str]:
    """Stop seeing ``name``'s lines everywhere (idempotent). Returns whom the person has muted now."""
    target = check_mute(user, name)
    with transaction.atomic():
        ChatMute.objects.get_or_create(user=user, muted=target)
        _publish_mutes_after_commit(user)
    return muted_names(user)


def do_unmute(user, name) -> list[str]:
    """See ``name``'s lines again (idempotent). Returns whom the person has muted now."""
    target = check_mute(user, name)
    with transaction.atomic():
        ChatMute.objects.filter(user=user, muted=target).delete()
        _publish_mutes_after_commit(user)
    return muted_names(user)


def _publish_mutes_after_commit(user) -> None:
    """Every socket of this person learns the new list (another tab filters from then on)."""
    user_id = user.pk

    def publish():
        rows = list(ChatMute.objects.filter(user_id=user_id).values_list("muted_id", "muted__username"))
        _send(user_group(user_id), {"type": "chat.mutes", "ids": [r[0] for r in rows],
                                    "names": sorted((r[1] for r in rows), key=str.lower)})

    transaction.on_commit(publish)
