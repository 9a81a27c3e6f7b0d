"""What a viewer (a seat or a spectator) is shown of a game.

Everything that leaves the server about a game is built here from
``rs.view`` and ``games.core.events.visible_to``: HTML pages, JSON, socket pushes.
The live table's context is a function of the game's revision and the viewer
(``Viewer``), never of a request, so a page and a socket push render the same.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import json
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass

from django.template.loader import select_template
from django.urls import get_script_prefix, reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from games.core import rulesets
from games.core.events import visible_to
from games.core.rulesets import IllegalAction, get
from games.models import Game, Move, Seat
from games.play import clock
from games.play.actions import MoveRejected
from games.play.results import bot_account_ids, finishing_order
from games.present.coach import coach_for, graduation
from games.present.story import story_links
from games.templatetags.tablero import PART_LANGUAGE, part_digest

LOG_LENGTH = 60

# Moves shown at once on the table; the rest fold away when there are many (but the ruleset's
# ``primary_actions``, which stay in sight).
FOLD_AFTER = 8


_text_modules: dict[str, object] = {}


def _text_module(ruleset: str):
    """The ruleset's words (``<package>.text``), looked up once per process: a table's render asks for them
    about ten times a viewer. None for a ruleset without them (or not registered, which is not remembered)."""
    try:
        return _text_modules[ruleset]
    except KeyError:
        pass
    try:
        package = rulesets.package(ruleset)
    except KeyError:
        return None
    try:
        module = importlib.import_module(f"{package}.text")
    except ModuleNotFoundError:
        module = None
    _text_modules[ruleset] = module
    return module


def primary_types(ruleset: str) -> frozenset[str]:
    """The moves the ruleset keeps in sight on the table (its declaration's ``primary_actions``)."""
    try:
        return rulesets.declaration(ruleset).primary_actions
    except KeyError:
        return frozenset()


# Spanish contracts "a el" and "de el" (a + el = al): a sentence that names "el Banco" after "a" must read "al Banco".
_CONTRACTIONS = re.compile(r"\b([aA]|[dD]e) el\b")


def _contract(text: str) -> str:
    if not (get_language() or "").startswith("es"):
        return text
    return _CONTRACTIONS.sub(lambda m: ("al" if m.group(1) in "aA" else m.group(1)[0] + "el"), text)


# What the fairness check proves, in words that fit any ruleset: a ruleset whose chance is dice says so in its own
# text module (``FAIRNESS``), so a card game never reads "the dice were fair".
FAIRNESS_DEFAULT = {
    "link": gettext_lazy("Check that the game was fair"),
    "title": gettext_lazy("Was the game fair?"),
    "verdict": gettext_lazy("Nothing was changed during the game: it was fair."),
    "sealed": gettext_lazy("chance sealed"),
    "check": gettext_lazy("check the game"),
}


def fairness_words(ruleset: str, key: str) -> str:
    """The words of the fairness check (``link``, ``title``, ``verdict``, ``sealed``, ``check``) as the ruleset names
    its chance."""
    mod = _text_module(ruleset)
    own = getattr(mod, "FAIRNESS", {}) if mod is not None else {}
    return str(own.get(key) or FAIRNESS_DEFAULT[key])


def describe_framework_event(event: dict, names: list[str]) -> str | None:
    """Events the server adds around the engine's: timeouts and bots taking over or handing back a seat."""
    t = event.get("type")
    seat = event.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    if t == "timed_out":
        return _("%(player)s ran out of time (%(count)s of %(limit)s timeouts): the server moved for them") % {
            "player": who, "count": event.get("count"), "limit": event.get("limit")}
    if t == "bot_took_over":
        return _("A bot now plays for %(player)s, who can take the seat back at any moment") % {"player": who}
    if t == "seat_taken_back":
        return _("%(player)s took their seat back from the bot") % {"player": who}
    return None


def describe_event(ruleset: str, event: dict, names: list[str]) -> str:
    text = describe_framework_event(event, names)
    mod = _text_module(ruleset)
    if text is None and mod is not None:
        text = mod.describe_event(event, names)
    if text:
        return _contract(text)
    data = ", ".join(f"{k}={v}" for k, v in event.items() if k != "type")
    return f"{event.get('type', '?')}: {data}" if data else str(event.get("type", "?"))


def label_action(ruleset: str, action: dict, view: dict | None = None, names: list[str] | None = None) -> str:
    mod = _text_module(ruleset)
    if mod is not None:
        text = mod.label_action(action, view, names)
        if text:
            return _contract(text)
    data = ", ".join(f"{k}={v}" for k, v in action.items() if k != "type")
    return f"{action['type']} ({data})" if data else action["type"]


def action_target(ruleset: str, action: dict, view: dict | None = None) -> str | None:
    """The board element an action is made on (``data-target`` in the board template), or None."""
    mod = _text_module(ruleset)
    finder = getattr(mod, "action_target", None) if mod is not None else None
    return finder(action, view) if finder else None


def refusal_text(ruleset: str, exc, translate=_) -> str:
    """A refused move in the reader's language, with ids shown as names."""
    mod = _text_module(ruleset)
    params = exc.params
    if mod is not None and hasattr(mod, "display_params") and params:
        params = mod.display_params(params)
    return _contract(exc.text(translate, params))


def seat_of(seats: list[Seat], user) -> int | None:
    if user is None or not user.is_authenticated:
        return None
    for seat in seats:
        if seat.user_id == user.pk:
            return seat.index
    return None


def names_of(seats: list[Seat]) -> list[str]:
    """Each seat's player by name; a person's name stays theirs while a bot plays for them."""
    return [s.display_name or _("empty seat") for s in seats]


def recent_moves(game: Game, since: int = 0, limit: int | None = None) -> list[Move]:
    """The game's moves after ``since``, oldest first (the last ``limit`` of them)."""
    qs = Move.objects.filter(game=game, seq__gt=since).order_by("-seq")
    if limit:
        qs = qs[:limit]
    return list(reversed(list(qs)))


def visible_moves(game: Game, seat: int | None, since: int = 0, limit: int | None = None,
                  moves: list[Move] | None = None) -> list[dict]:
    """The moves a viewer may see, each with only its visible events. ``moves`` (already loaded, oldest
    first) saves the query when a caller shares one load among many viewers."""
    if moves is None:
        moves = recent_moves(game, since, limit)
    else:
        moves = [m for m in moves if m.seq > since][-limit:] if limit else [m for m in moves if m.seq > since]
    revealed = game.seed_revealed
    return [{
        "seq": move.seq,
        "seat": move.seat,
        "source": move.source,
        "events": visible_to(move.events, seat),
        # Another seat's action may hold a secret choice (e.g. a discard): shown once the game is over.
        "action": move.action if (seat == move.seat or revealed) else None,
    } for move in moves]


def rule_url(ruleset: str, rule: str | None) -> str | None:
    return f"{_rules_path(ruleset, get_script_prefix())}#{rule}" if rule else None


@functools.lru_cache(maxsize=64)
def _rules_path(ruleset: str, prefix: str) -> str:
    """The ruleset's rules page, reversed once per script prefix: "What can I do now?" links each kind of move to
    its rule, a few times per viewer and render."""
    return reverse("lobby:rules", args=[ruleset])


def game_payload(game: Game, seats: list[Seat], seat: int | None, *, since: int | None = None,
                 moves: list[Move] | None = None) -> dict:
    """The JSON a viewer gets: the API's game resource and the socket's sync."""
    payload = {
        "id": game.pk,
        "ruleset": game.ruleset,
        "status": game.status,
        "version": game.version,
        "rev": game.rev,
        "you": seat,
        "seats": [
            {"index": s.index, "name": s.display_name or None, "bot": s.is_bot, "taken_over": s.is_taken_over,
             "deadline": s.deadline.isoformat() if s.deadline else None, "reserve": round(s.reserve_left, 1),
             "move_left": round(clock.allowance(s, game), 1)}
            for s in seats
        ],
        "seed_commitment": game.seed_commitment,
        "seed": game.seed if game.seed_revealed else None,
        **seat_state(game, seat),
        "outcome": game.outcome,
    }
    if since is not None:
        payload["moves"] = visible_moves(game, seat, since=since, moves=moves)
    return payload


def seat_state(game: Game, seat: int | None) -> dict:
    """The game as ``seat`` sees it (its ``view``), who is to move, and the seat's legal moves: the part of its
    JSON (``game_payload``) that the table's templates read."""
    rs = get(game.ruleset)
    active = game.status == Game.Status.ACTIVE
    return {
        "view": rs.view(game.state, seat) if game.state is not None else None,
        "to_move": rs.to_move(game.state) if active else [],
        "legal_actions": rs.legal_actions(game.state, seat) if active and seat is not None else [],
    }


@dataclass(frozen=True)
class Viewer:
    """Who looks at a table, as far as the table's HTML depends on it. Equal viewers see equal HTML, so a
    socket push is rendered once per distinct viewer, not once per connection."""

    seat: int | None
    signed_in: bool = False
    is_creator: bool = False
    language: str = "es"

    @classmethod
    def of(cls, game: Game, seats: list[Seat], user, language: str) -> Viewer:
        signed_in = user is not None and user.is_authenticated
        return cls(seat=seat_of(seats, user), signed_in=signed_in,
                   is_creator=signed_in and game.created_by_id == user.pk, language=language)


# A move's log lines never change once written (names are fixed when the game starts), so each is described
# once per (game, move, viewer, language) and reused by every later render: the log is most of a render's work.
_described: OrderedDict = OrderedDict()
_described_of: dict[int, set] = {}  # game id -> its keys in _described, so that a game is forgotten at once
_described_lock = threading.Lock()
DESCRIBED_KEPT = 20000


def _describe_move(game: Game, move: Move, seat: int | None, names: list[str], folds: set, key: tuple) -> list[dict]:
    """The move's log lines as ``seat`` sees them (its visible events), kept under ``key``."""
    lines = [_with_html({"seq": move.seq, "type": e.get("type"), "event": e,
                         "text": None if e.get("type") in folds else describe_event(game.ruleset, e, names)})
             for e in visible_to(move.events, seat)]
    if game.teaching and move.source == Move.Source.BOT:
        # A teaching table says why a bot's move may be worth it, in the words of "What can I do now?".
        words, _slug = rulesets.declaration(game.ruleset).move_hints.get((move.action or {}).get("type"), (None, None))
        if words:
            lines.append(_with_html({"seq": move.seq, "type": "why", "event": {},
                                     "text": _("Why: %(hint)s") % {"hint": words}}))
    # A table's log shows the last LOG_LENGTH moves: the move that far back, and a run folded from it, are
    # shown no more, by this revision or by the one kept before it. Without this a long game's lines piled up
    # until it ended (a soak's Daphne held 5,000 of them for four games).
    gone = move.seq - LOG_LENGTH - 2
    _keep_described(game.pk, key, lines, ((*key[:2], gone, *key[3:]), (*key[:2], "fold", *key[3:], gone)))
    return lines


def _keep_described(game_id: int, key: tuple, value, drop: tuple = ()) -> None:
    with _described_lock:
        _described[key] = value
        _described_of.setdefault(game_id, set()).add(key)
        for old in drop:
            if _described.pop(old, None) is not None:
                _described_of[game_id].discard(old)
        while len(_described) > DESCRIBED_KEPT:
            old = _described.popitem(last=False)[0]
            keys = _described_of.get(old[0])
            if keys is not None:
                keys.discard(old)
                if not keys:
                    del _described_of[old[0]]


def forget_described(game_id: int) -> None:
    """Drop the game's described lines (``games.live.snapshots.unwatch``: no socket of this process watches it)."""
    with _described_lock:
        for key in _described_of.pop(game_id, ()):
            _described.pop(key, None)


def _with_html(line: dict) -> dict:
    """The line as the table's log shows it (``log_html``), made once with the line rather than by the template
    engine at every render: a table shows up to 60 moves' lines. Each is named by a digest of its content
    (``data-line``): a push names the older lines the page shows already instead of sending them again
    (``games.live.snapshots``)."""
    if line["text"] is not None:
        html = format_html('<li class="log-{}"><span class="muted">{}</span> {}</li>',
                           line.get("type") or "fold", line["seq"], line["text"])
        line["digest"] = part_digest(html)
        line["html"] = mark_safe(f'{html[:3]} data-line="{line["digest"]}"{html[3:]}')
    return line


def _log(game: Game, seats: list[Seat], seat: int | None, names: list[str], moves: list[Move] | None) -> list[dict]:
    """The newest log lines first; a run of events a ruleset folds (an auction's bids) reads as one line."""
    mod = _text_module(game.ruleset)
    folds = getattr(mod, "FOLD_EVENTS", set()) if mod is not None else set()
    lines: list[dict] = []
    run: list[dict] = []
    run_seqs = [0, 0]  # the first and the last move of the run
    language = get_language()

    def flush():
        if run:
            lines.append(_folded(game, seat, language, (*run_seqs, len(run)),
                                 lambda: _with_html({"seq": run_seqs[1], "text": _contract(mod.describe_fold(run, names))})))
            run.clear()

    moves = recent_moves(game, limit=LOG_LENGTH) if moves is None else moves[-LOG_LENGTH:]
    # Looked up all at once, in the language asked once: a seat told secrets has a log of its own, 60 moves long.
    keys = [(game.pk, game.seed_commitment, move.seq, seat, language) for move in moves]
    with _described_lock:
        found = [_described.get(key) for key in keys]
    for move, key, described in zip(moves, keys, found):
        if described is None:
            described = _describe_move(game, move, seat, names, folds, key)
        for line in described:
            if line["text"] is None:
                event = line["event"]
                if run and not mod.same_fold(run[-1], event):
                    flush()
                if not run:
                    run_seqs[0] = line["seq"]
                run.append(event)
                run_seqs[1] = line["seq"]
                continue
            flush()
            lines.append(line)
    flush()
    return list(reversed(lines))


def _folded(game: Game, seat: int | None, language: str, span: tuple, make) -> dict:
    """A folded run's line (an auction's bids as one), kept with the described lines rather than described at
    every revision: the same moves fold alike, so a run's line is the same while its first and last move and
    its length (``span``) are."""
    key = (game.pk, game.seed_commitment, "fold", seat, language, span[0])  # one a run: it grows in place
    with _described_lock:
        kept = _described.get(key)
    if kept is not None and kept[0] == span:
        return kept[1]
    line = make()
    _keep_described(game.pk, key, (span, line))
    return line


def _log_html(log: list[dict], shared: dict | None) -> str:
    if shared is None:
        return mark_safe("".join(line["html"] for line in log))
    key = ("log_html", id(log))  # the log itself is kept in ``shared``, so its id is not reused meanwhile
    html = shared.get(key)
    if html is None:
        html = shared[key] = mark_safe("".join(line["html"] for line in log))
    return html


def _sanctioned(seat: Seat) -> bool:
    """Whether the seat's person is suspended or banned now (one query, asked only of a seat a bot took over)."""
    from accounts.restrictions import play_refusal

    return play_refusal(seat.user) is not None


@functools.cache
def _board_template(ruleset: str) -> str:
    """The ruleset's board template, else the generic one (found once per process: templates do not come and go
    while it runs)."""
    try:
        own = rulesets.declaration(ruleset).board_template
    except KeyError:
        own = None
    return select_template(([own] if own else []) + ["games/_board_generic.html"]).template.name


def log_shared_with(moves: list[Move] | None, seat: int | None) -> int | None:
    """Whose log ``seat`` sees: its own when a move in the log told it something (an event ``only`` it sees),
    else the spectator's (None), which every other such seat shares. ``moves`` None: not known, its own."""
    if seat is None or moves is None:
        return seat
    return seat if seat in told_in(moves) else None


def told_in(moves: list[Move]) -> frozenset[int]:
    """The seats that a move of the log (``moves``' last LOG_LENGTH) told something alone: each has a log of its
    own (``log_shared_with``)."""
    return frozenset().union(*(_told(move) for move in moves[-LOG_LENGTH:]))


def _told(move: Move) -> frozenset[int]:
    """The seats an event of ``move`` was told to alone (``only``), read once per move: a process keeps a move in
    the log of the next LOG_LENGTH revisions, and every revision asks it for each of the game's viewers (reading
    the events each time was 4% of a Daphne process under load)."""
    told = move.__dict__.get("_told")
    if told is None:
        told = move.__dict__["_told"] = frozenset(s for event in move.events for s in (event.get("only") or ()))
    return told


def _seat_rows(game: Game, seats: list[Seat], viewer_seat: int | None, to_move: list[int],
               signed_in: bool = False) -> list[dict]:
    """Each seat as the table's row shows it; ``report``: the person a signed-in viewer may report from that
    row (anyone seated there but themself)."""
    rows = [{
        "index": s.index,
        "name": s.display_name,
        "you": s.index == viewer_seat,
        "on_move": s.index in to_move,
        "bot": s.is_bot and not s.user_id,
        "taken_over": s.is_taken_over,
        "deadline": s.deadline if (s.deadline and not s.is_bot) else None,
        "started": s.clock_started.isoformat() if s.clock_started else "",
        "reserve": int(s.reserve_left),
        "move_left": int(clock.allowance(s, game)),  # of this turn's allowance, as of ``started``
        "timeouts": s.timeouts,
        "report": s.user.username if signed_in and s.user_id and s.index != viewer_seat else "",
    } for s in seats]
    for row in rows:  # what the row shows, as the key its HTML is kept by ({% fixed_part %}): made once, not per render
        row["key"] = tuple(row.values())
    return rows


def _outcome_rows(game: Game, seats: list[Seat], names: list[str]) -> list[dict]:
    """The finishing order with each player's figures (VP, money, net worth...) as the ruleset reports them.
    The order is the one the game's results are recorded in (``games.play.results.finishing_order``): a seat a bot
    played to the end for its absent person is a forfeit, last, on the card as in the results, profile and
    rating, whatever the bot achieved with it."""
    outcome = game.outcome or {}
    mod = _text_module(game.ruleset)
    figures = getattr(mod, "outcome_figures", None) if mod is not None else None
    rows = []
    for place, (seat, forfeit) in enumerate(finishing_order(game, seats, bot_account_ids(seats)), start=1):
        rows.append({"place": place, "seat": seat, "name": names[seat] if 0 <= seat < len(names) else "?",
                     "forfeit": forfeit, "figures": figures(outcome, seat) if figures else []})
    return rows


def _legal_buttons(game: Game, actions: list[dict], view: dict | None, names: list[str]) -> list[dict]:
    """A button per legal move. Moves made on a board element (``target``) are offered there and listed
    apart; the usual moves stay in sight; the rest fold away when there are many. A move the ruleset's board
    makes itself (``text.BOARD_MADE``: with a form, or beside the offer it answers) is ``drawn`` there and
    gets no button beside the board: one way to make each move."""
    mod = _text_module(game.ruleset)
    direct = getattr(mod, "DIRECT_ACTIONS", set()) if mod is not None else set()
    drawn = getattr(mod, "BOARD_MADE", set()) if mod is not None else set()
    primary = primary_types(game.ruleset)
    fold = sum(1 for a in actions if a["type"] not in drawn) > FOLD_AFTER and any(
        a["type"] in primary for a in actions)
    out = []
    for a in actions:
        target = action_target(game.ruleset, a, view)
        encoded = json.dumps(a, sort_keys=True)
        is_drawn = a["type"] in drawn
        on_board = bool(target) and a["type"] not in primary and not is_drawn
        out.append({"label": label_action(game.ruleset, a, view, names), "json": encoded, "type": a["type"],
                    # A stable id: the same move keeps its element across updates, so morphing keeps it.
                    "key": hashlib.blake2s(encoded.encode(), digest_size=6).hexdigest(),
                    "target": target, "direct": a["type"] in direct, "on_board": on_board, "drawn": is_drawn,
                    "primary": not on_board and not is_drawn and (a["type"] in primary or not fold)})
    return out


def what_now(ruleset: str, legal: list[dict]) -> list[dict]:
    """"What can I do now?": each kind of move the viewer may make, once, in the order of the moves: a button's
    words for it (the first of its kind), the ruleset's line on what it does and why (``Declaration.move_hints``)
    and the rule it comes from."""
    hints = rulesets.declaration(ruleset).move_hints
    listed: dict[str, dict] = {}
    for a in legal:
        if a["type"] in listed:
            listed[a["type"]]["more"] += 1
            continue
        words, slug = hints.get(a["type"], (None, None))
        listed[a["type"]] = {"type": a["type"], "label": a["label"], "more": 0,
                             "hint": str(words) if words else "", "url": rule_url(ruleset, slug)}
    return list(listed.values())


def _shown_moves(game: Game, seat: int | None, actions: list[dict], view: dict | None) -> dict:
    """The moves a ruleset's board shows a place for whether or not the engine takes them now
    (``text.shown_moves(view, seat)``: Accept beside each offer to the seat), by the board's key: whether each is
    legal now (the engine's legal moves) and, when it is not, why (the engine's own refusal, from trying it on
    the state): the template decides nothing itself."""
    mod = _text_module(game.ruleset)
    finder = getattr(mod, "shown_moves", None) if mod is not None else None
    if finder is None or seat is None or view is None or game.status != Game.Status.ACTIVE:
        return {}
    rs = get(game.ruleset)
    shown = {}
    for key, action in finder(view, seat).items():
        if action in actions:
            shown[key] = {"legal": True, "why": ""}
            continue
        why = ""
        try:
            rs.apply(game.state, seat, action)
        except IllegalAction as exc:
            why = refusal_text(game.ruleset, MoveRejected("illegal", exc.message, rule=exc.rule, params=exc.params))
        shown[key] = {"legal": False, "why": why}
    return shown


def _your_move(game: Game, seat: int | None, to_move: list[int], view: dict | None) -> bool:
    """Whether the moves beside the board are headed "Your move": the game waits for the seat, or the turn is
    the seat's own (``text.turn_seat``) while it waits on another's answer. A seat that may act between
    turns (build, answer, mortgage) is told it is not its turn."""
    if seat is None:
        return False
    if seat in to_move:
        return True
    mod = _text_module(game.ruleset)
    finder = getattr(mod, "turn_seat", None) if mod is not None else None
    return finder is not None and game.status == Game.Status.ACTIVE and finder(view) == seat


def _act_url(game: Game, shared: dict | None) -> str:
    if shared is None:
        return reverse("games:act", args=[game.pk])
    url = shared.get("act_url")
    if url is None:
        url = shared["act_url"] = reverse("games:act", args=[game.pk])
    return url


def table_context(game: Game, seats: list[Seat], viewer: Viewer | int | None, *,
                  moves: list[Move] | None = None, shared: dict | None = None) -> dict:
    """Template context for the live table (HTML). ``moves``: the game's recent moves, when already loaded.
    ``shared``: a memo kept with this revision (``games.live.snapshots``), where viewers who see the same log reuse
    one (four seats and a spectator of a game without secrets see one log)."""
    if not isinstance(viewer, Viewer):
        viewer = Viewer(seat=viewer)
    seat = viewer.seat
    context = own_context(game, seats, viewer, shared=shared)
    names = context["names"]
    is_lobby = game.status == Game.Status.LOBBY
    if shared is None:
        log = _log(game, seats, seat, names, moves)
    else:
        key = ("log", get_language(), log_shared_with(moves, seat))
        log = shared.get(key)
        if log is None:
            log = shared[key] = _log(game, seats, key[2], names, moves)
    rematch = Game.objects.filter(rematch_of=game).first() if game.status == Game.Status.FINISHED else None
    context.update({
        "seats": seats,
        "log": log,
        "log_html": _log_html(log, shared),
        "can_join": is_lobby and viewer.signed_in and seat is None and any(not s.display_name for s in seats),
        "is_creator": viewer.is_creator,
        "outcome_rows": _outcome_rows(game, seats, names) if game.status == Game.Status.FINISHED else [],
        # The finished game's charts (images, drawn on first sight): its story on the game-over card.
        "story": story_links(game, get_language()) if game.status == Game.Status.FINISHED else [],
        "graduation": graduation(game, seat),
        "rematch": rematch,
        "turn_limit": (game.options or {}).get("max_turns"),
        "board_template": _board_template(game.ruleset),
    })
    return context


def own_context(game: Game, seats: list[Seat], viewer: Viewer, *, shared: dict | None = None) -> dict:
    """What the table's parts that depend on who looks read (``{% own %}``: the seats' marks, the moves card,
    "What can I do now?", a board's forms), and what those parts share with the rest of the table: the game, its
    view as the viewer sees it, the players' names. A table every viewer shares is rendered once, and only this
    is made for each viewer (``games.live.snapshots``)."""
    seat = viewer.seat
    payload = seat_state(game, seat)  # not the whole JSON: its seats' clocks and names are not read here
    names = names_of(seats)
    legal = _legal_buttons(game, payload["legal_actions"], payload["view"], names)
    coach = coach_for(game, seat, legal, lambda a: label_action(game.ruleset, a, payload["view"], names),
                      lambda slug: rule_url(game.ruleset, slug))
    mine = seats[seat] if seat is not None and 0 <= seat < len(seats) else None
    return {
        "game": game,
        "seat_rows": (rows := _seat_rows(game, seats, seat, payload["to_move"], viewer.signed_in)),
        "seat_keys": tuple(row["key"] for row in rows),  # all the rows' HTML is kept by this ({% fixed_part %})
        "names": names,
        "payload": payload,
        "view": payload["view"],
        "you": seat,
        "viewer": viewer,
        "legal": legal,
        # The moves beside the board: those the board itself makes (``drawn``) are not repeated there.
        "buttons": sum(1 for a in legal if not a["drawn"]),
        "your_move": _your_move(game, seat, payload["to_move"], payload["view"]),
        "shown_moves": _shown_moves(game, seat, payload["legal_actions"], payload["view"]),
        "on_board": sum(1 for a in legal if a["on_board"]),
        "folded": sum(1 for a in legal if not a["primary"] and not a["on_board"] and not a["drawn"]),
        "coach": coach,
        "what_now": (listed := what_now(game.ruleset, legal)),
        # The list is drawn once per what it shows (and language): a seat's moves change less often than the board.
        "what_now_key": tuple((w["type"], w["label"], w["more"]) for w in listed),
        "to_move": payload["to_move"],
        # Only while the game runs: a finished game has no seat to take back.
        "taken_over": (taken_over := mine is not None and mine.is_taken_over and game.status == Game.Status.ACTIVE),
        # A suspension or a ban handed the seat to a bot: it cannot be taken back while it lasts.
        "held_back": taken_over and _sanctioned(mine),
        # Parts of the board that every viewer sees alike are rendered once per revision ({% public_part %}).
        "public_revision": (game.pk, game.seed_commitment, game.rev) if payload["view"] is not None else None,
        PART_LANGUAGE: get_language(),
        # Every move button and form posts here: reversed once per revision (or render), not once per button.
        "act_url": _act_url(game, shared),
    }
