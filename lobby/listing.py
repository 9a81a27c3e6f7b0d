"""What the live lobby shows: open public tables per game, public games in play, who is online.

The same for every viewer (nothing private is in it: private tables are listed nowhere, and what depends on
the viewer, such as "you sit here", is marked by ``static/js/lobby.js`` from the seats' user ids). So a lobby
socket message is rendered once per lobby revision and language in each process, however many sockets wait.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict

from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.core.rulesets import declaration, get, names
from games.live import presence
from games.models import AuditEntry, Game
from games.play.broadcast import lobby_rev
from games.tables.lifecycle import TIME_CONTROL_LABELS, TIME_CONTROL_NAMES  # noqa: F401  (the lobby's names)

from .catalog import get_game

OPEN_SHOWN = 60
PLAYING_SHOWN = 30

BOT_LEVEL_NAMES = {"easy": gettext_lazy("easy bot"), "normal": gettext_lazy("bot")}


def game_name(ruleset: str) -> str:
    info = get_game(ruleset)
    return info.name if info else ruleset.title()


def option_notes(game: Game) -> list[str]:
    """The table's game options in words (``notes_for``)."""
    return notes_for(game.ruleset, game.num_seats, game.options)


def notes_for(ruleset: str, seats: int, options: dict | None) -> list[str]:
    """A table's game options in words, as its ruleset declares them: the variant its number of seats plays, those
    that differ from their defaults, and those a table shows whatever their value (``Option.value_notes``)."""
    opts = options or {}
    try:
        declared = declaration(ruleset)
    except KeyError:
        declared = None
    notes = []
    if declared is not None and seats in declared.seat_notes:
        notes.append(str(declared.seat_notes[seats]))
    if opts.get("max_turns"):
        notes.append(_("limit of %(n)s turns") % {"n": opts["max_turns"]})
    if declared is not None:
        notes += declared.option_notes(opts)
    return notes


def seat_chips(game: Game) -> list[dict]:
    chips = []
    for seat in game.seats.all():
        if seat.user_id is not None:
            chips.append({"kind": "person", "name": seat.user.username, "host": seat.user_id == game.created_by_id})
        elif seat.is_bot:
            chips.append({"kind": "bot", "name": BOT_LEVEL_NAMES.get(seat.bot_level, BOT_LEVEL_NAMES["normal"])})
        else:
            chips.append({"kind": "free", "name": _("free seat")})
    return chips


def _row(game: Game, quick: dict) -> dict:
    seats = list(game.seats.all())
    return {
        "game": game,
        "name": game_name(game.ruleset),
        "time_control": TIME_CONTROL_NAMES.get(game.time_control, game.time_control),
        "seats": seat_chips(game),
        "free": sum(1 for s in seats if s.user_id is None and not s.is_bot),
        "user_ids": " ".join(str(s.user_id) for s in seats if s.user_id is not None),
        "notes": option_notes(game),
        "quick": quick.get(game.pk),
    }


def live_context() -> dict:
    """The lobby's lists as of now, with the revision they are at (read first: a change that lands while
    they are read bumps the revision, so the page gets it by the socket)."""
    rev = lobby_rev()
    open_games = list(Game.objects.filter(status=Game.Status.LOBBY, private=False)
                      .select_related("created_by").prefetch_related("seats__user").order_by("-created_at")[:OPEN_SHOWN])
    quick = {e.game_id: e.data for e in AuditEntry.objects.filter(game__in=open_games, kind="quick_play")}
    groups = []
    for ruleset in names():
        rows = [_row(g, quick) for g in open_games if g.ruleset == ruleset]
        if rows:
            groups.append({"ruleset": ruleset, "name": game_name(ruleset), "rows": rows})
    playing = [_row(g, {}) for g in Game.objects.filter(status__in=[Game.Status.ACTIVE, Game.Status.PAUSED],
                                                          private=False)
               .prefetch_related("seats__user").order_by("-started_at")[:PLAYING_SHOWN]]
    try:
        online = presence.online()
    except Exception:  # Redis away: the lists still show
        online = []
    return {"rev": rev, "groups": groups, "open_count": len(open_games), "playing": playing, "online": online}


def rulesets() -> list[dict]:
    return [{"name": n, "title": game_name(n), "min": get(n).min_players, "max": get(n).max_players} for n in names()]


_lock = threading.Lock()
_rendered: OrderedDict = OrderedDict()
RENDERS_KEPT = 32


def lobby_message(language: str) -> tuple[int, str]:
    """The socket message with the lobby's lists as of now: (revision, JSON text), rendered once per
    revision and language in this process."""
    rev = lobby_rev()
    key = (rev, language)
    with _lock:
        found = _rendered.get(key)
    if found is not None:
        return rev, found
    with translation.override(language):
        context = live_context()
        context["csrf_token"] = "NOTPROVIDED"  # shared by every socket: the page adds its own token on submit
        html = render_to_string("lobby/_live.html", context)
    text = json.dumps({"type": "lobby", "rev": context["rev"], "html": html})
    if rev == 0:  # the cache is away: revision 0 means nothing, so this render is not kept
        return rev, text
    with _lock:
        _rendered[key] = text
        while len(_rendered) > RENDERS_KEPT:
            _rendered.popitem(last=False)
    return rev, text
