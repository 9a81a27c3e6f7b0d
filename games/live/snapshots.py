"""A game as the sockets of one process see it: loaded once per revision, each distinct view rendered once.

Every socket watching a game gets the same layer message (game id, version, rev). Without sharing, each
would load the game, its seats and its moves and render the table again: for four seats and a spectator,
five loads and five renders of the same thing. Here the first socket to ask for a revision loads it, and
the first to ask for a view (``presenters.Viewer``: seat, language, signed in, creator) renders it; the
others reuse both. Entries are immutable once made, so sharing them between sockets is safe.

A move's message also carries the new revision itself (``games.play.snapshot_wire``): ``offer`` builds it from
the message and the revision before it, with no query, and ``load`` reads the database only for a revision
that came without one (a seat taken, a table started) or whose predecessor this process never had.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field

import orjson
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import mark_safe

from games.core.rulesets import declaration
from games.models import Game, Move, Seat
from games.play import snapshot_wire
from games.present.presenters import (
    LOG_LENGTH,
    Viewer,
    forget_described,
    game_payload,
    own_context,
    table_context,
    told_in,
    visible_moves,
)
from games.templatetags.tablero import KEPT_PARTS, OWN_SLOTS, render_own

# Each game keeps its newest revision and the one before (a socket whose message named that one may still be
# rendering it when the next arrives); a move's carried revision extends the newest. An older revision is
# dropped, with its renders, as soon as a newer one is kept: every kept object is one the cyclic garbage
# collector walks in each full pass, and a pass over a thousand kept revisions stalled a process for about
# 100 ms under load (docs/PERFORMANCE.md). A game goes when the last socket of the process watching it leaves
# (``unwatch``); the least recently used goes first when the process keeps more than GAMES_KEPT games or more
# than RENDERED_CHARS characters of rendered messages (a browsers' push of a board is 10 to 70 kB, a game's
# two revisions for five viewers about 300 kB: the count alone would let a thousand watched games hold 300 MB).
REVISIONS_KEPT = 2
GAMES_KEPT = 1024
RENDERED_CHARS = 48_000_000


@dataclass(frozen=True)
class Snapshot:
    game: Game
    seats: list[Seat]
    moves: list[Move]  # the last LOG_LENGTH moves, oldest first
    # The rendered views of this revision, per viewer: kept with it, and dropped with it.
    renders: dict = field(default_factory=dict, compare=False, repr=False)
    chars: list = field(default_factory=lambda: [0], compare=False, repr=False)  # of its rendered messages


_lock = threading.Lock()
_games: OrderedDict = OrderedDict()  # (game id, seal) -> {rev: Snapshot}, least recently used first
_held = {"chars": 0}  # the rendered messages' characters of every kept revision
_gates: dict[tuple, threading.Lock] = {}  # one per entry being made: whoever asks meanwhile waits for it
_watchers: dict[int, int] = {}  # game id -> the sockets of this process that watch it
_checked: dict[int, tuple[float, int]] = {}  # game id -> (when, its revision) as the database last said here


def _kept(key: tuple) -> Snapshot | None:
    game_id, seal, rev = key
    return _games.get((game_id, seal), {}).get(rev)


def _keep(snap: Snapshot) -> Snapshot:
    game = snap.game
    key = (game.pk, game.seed_commitment)
    revisions = _games.get(key)
    if revisions is None:
        revisions = _games[key] = {}
    else:
        _games.move_to_end(key)
    revisions[game.rev] = snap
    for old in sorted(revisions)[:-REVISIONS_KEPT]:
        _held["chars"] -= revisions.pop(old).chars[0]
    _shed()
    return snap


def _drop(key: tuple) -> None:
    for snap in _games.pop(key).values():
        _held["chars"] -= snap.chars[0]


def _shed() -> None:
    """Drop the least recently used games while over either bound, never the one used last."""
    while len(_games) > 1 and (len(_games) > GAMES_KEPT or _held["chars"] > RENDERED_CHARS):
        _drop(next(iter(_games)))


def _once(key: tuple, find, make, keep):
    """What ``find()`` holds, else ``keep(make())``, made once however many threads ask for ``key`` together.
    The sockets' database calls run on a pool of threads (``games.live.db_threads``), and a move's push reaches a
    table's five sockets at the same moment: without the gate each would miss the cache and load (or render)
    the same thing. ``find`` and ``keep`` run under the lock."""
    with _lock:
        found = find()
        if found is not None:
            return found
        gate = _gates.setdefault(key, threading.Lock())
    with gate:
        with _lock:
            found = find()
        if found is not None:
            return found
        try:
            value = make()
        except BaseException:
            with _lock:
                _gates.pop(key, None)
            raise
        with _lock:
            if value is not None:
                value = keep(value)
            _gates.pop(key, None)
        return value


def _snapshot(key: tuple, make) -> Snapshot | None:
    """The kept revision ``key`` (game id, seal, rev), else ``make()``'s, kept under its own revision (a load
    may find a newer one than it was asked for)."""
    return _once(key, lambda: _kept(key), make, _keep)


def newest(game_id: int, seal: str) -> Snapshot | None:
    """The newest revision of the game this process holds, without asking the database (None if none)."""
    with _lock:
        revisions = _games.get((game_id, seal))
        return revisions[max(revisions)] if revisions else None


def kept(game_id: int, seal: str) -> list[int]:
    """The revisions of the game this process keeps, oldest first (tests, diagnostics)."""
    with _lock:
        return sorted(_games.get((game_id, seal), {}))


def offer(game_id: int, seal: str, rev: int, blob: bytes) -> Snapshot | None:
    """The revision a move's layer message carries (``snapshot_wire.freeze``), kept as ``load`` would keep it.
    Its log is the previous revision's plus the new moves, so it needs that revision in this process; without
    it (a process that just started, a message overtaken by a later one) the answer is None and ``load``
    reads the database."""
    def build() -> Snapshot | None:
        game, seats, new_moves = snapshot_wire.thaw(blob)
        before = newest(game_id, seal)
        if before is None or before.game.rev >= rev:
            return None
        gap = game.version - before.game.version
        if gap != len(new_moves) or any(m.seq != before.game.version + 1 + i for i, m in enumerate(new_moves)):
            return None
        return Snapshot(game, seats, (before.moves + new_moves)[-LOG_LENGTH:] if new_moves else before.moves)

    return _snapshot((game_id, seal, rev), build)


def read(game_id: int) -> Snapshot | None:
    """The game's current revision from the database (uncached): the game, its seats, its last moves."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return None
    seats = list(Seat.objects.filter(game=game).select_related("user").order_by("index"))
    moves = list(reversed(Move.objects.filter(game=game).order_by("-seq")[:LOG_LENGTH])) if game.version else []
    return Snapshot(game, seats, moves)


def load(game_id: int, rev: int | None = None, seal: str | None = None) -> Snapshot | None:
    """The game at revision ``rev`` (or its current one), from the cache when another socket loaded it.

    ``seal`` (the game's seed commitment, carried by the layer message) tells games apart that reuse an id
    (a test database that restarts its sequences): a cached revision of another game is never served."""
    if rev is None or seal is None:
        row = Game.objects.filter(pk=game_id).values_list("rev", "seed_commitment").first()
        if row is None:
            return None
        rev, seal = row
        _checked[game_id] = (time.monotonic(), rev)

    # A newer revision may have committed since the message was sent: it is kept under its own rev.
    return _snapshot((game_id, seal, rev), lambda: read(game_id))


def _rendered(snap: Snapshot, key: tuple, render):
    def keep(value):
        snap.renders[key] = value
        if isinstance(value, str):
            snap.chars[0] += len(value)
            game = snap.game
            if _games.get((game.pk, game.seed_commitment), {}).get(game.rev) is snap:  # not dropped meanwhile
                _held["chars"] += len(value)
                _shed()
        return value

    return _once((id(snap), key), lambda: snap.renders.get(key), render, keep)


def checked(game_id: int, within: float) -> int | None:
    """The game's revision as the database said it here at most ``within`` seconds ago (``load`` asks it for any
    socket of the game in this process), else None. A page's periodic check-in is answered from it: five pages
    of a table asking every few seconds need the database once."""
    found = _checked.get(game_id)
    return found[1] if found is not None and time.monotonic() - found[0] <= within else None


def at(game_id: int, seal: str, rev: int) -> Snapshot | None:
    """The revision ``rev`` of the game if this process still keeps it (no database)."""
    with _lock:
        return _kept((game_id, seal, rev))


_MARK = ' data-part="'


def _hole(tag: str, first: str, last: str, length: int) -> str:
    """The placeholder for ``length`` kept elements that stand together, ``first`` to ``last``."""
    if length > 1:
        return f'<{tag} data-keep="{first}" data-run="{length}" data-last="{last}"></{tag}>'
    return f'<{tag} data-keep="{first}"></{tag}>'


def _placeholders(html: str, parts: dict, held: dict | None = None, chain: dict | None = None) -> tuple:
    """``html`` with each kept part the page already shows (``held``, digest -> (html, tag)) as an empty element
    naming it (``data-keep``), which the page fills with its own copy (``static/js/table.js``); and the chain of
    ``html``'s own parts: digest -> (the digest of the part after it, the white space between), which the next
    push to this page is given. With the page's ``chain``, parts that follow one another here as they did there,
    with the same white space between, travel as one placeholder for the run: its first, length and last
    (``data-run``, ``data-last``), a board's row of spaces. One pass: the parts are found by their mark, not
    searched for one by one; the page itself is None when nothing is ``held``."""
    find, rfind, startswith = html.find, html.rfind, html.startswith
    out: list[str] | None = [] if held else None
    own: dict[str, tuple] = {}
    ends: dict[int, str] = {}  # where each part found so far ends -> its digest
    done = 0
    run: list | None = None  # [tag, first, last, length] of the placeholder being extended
    at = find(_MARK)
    while at >= 0:
        close = find('"', at + len(_MARK))
        digest = html[at + len(_MARK):close]
        at = find(_MARK, close)
        entry = parts.get(digest)
        if entry is None:
            continue
        start = rfind("<", 0, close)
        if not startswith(entry[0], start):
            continue
        gap = start
        while gap and html[gap - 1] in " \n":
            gap -= 1
        before = ends.get(gap)
        if before is not None and before not in own:
            own[before] = (digest, html[gap:start])
        end = start + len(entry[0])
        ends[end] = digest
        if out is None or start < done or digest not in held:
            continue  # nothing held, inside a part already replaced, or one the page lacks
        if run is not None and chain is not None and chain.get(run[2]) == (digest, html[done:start]):
            run[2] = digest
            run[3] += 1
        else:
            if run is not None:
                out.append(_hole(*run))
            out.append(html[done:start])
            run = [entry[1], digest, digest, 1]
        done = end
    if out is None:
        return None, own
    if run is not None:
        out.append(_hole(*run))
    out.append(html[done:])
    return "".join(out), own


def _log_run(log: list[dict], shown: list[dict]) -> str | None:
    """The log's HTML for a page that shows the log ``shown``: the lines it lacks, then one placeholder for the
    lines it shows already (``data-line``; the newest line of a folded run, an auction's bids, may have grown,
    so the run may start a few lines down). None if the page shows none of them."""
    for skip in range(min(3, len(shown))):
        first = shown[skip]["html"]
        for fresh, line in enumerate(log):
            if line["html"] != first:
                continue
            length = min(len(log) - fresh, len(shown) - skip)
            if fresh + length == len(log) and all(log[fresh + k]["html"] == shown[skip + k]["html"]
                                                  for k in range(length)):
                return mark_safe("".join(new["html"] for new in log[:fresh])
                                 + _hole("li", shown[skip]["digest"], log[-1]["digest"], length))
            break
    return None


def page_view(snap: Snapshot, viewer: Viewer) -> Viewer | tuple:
    """Whose table a page of ``viewer`` is sent: ``("shared", language)``, the one every viewer of this revision
    shares, with the viewer's own parts beside it; or ``viewer``'s own render. Shared: a game under way whose
    ruleset's board marks its own parts (``Declaration.shared_table``), for a viewer without a coach (not a
    teaching table), not replaced by a bot, and seeing the spectators' log. Decided once per revision and viewer:
    every push asks it for every socket, and reading the log's events was 2% of a process."""
    found = snap.renders.get(("view", viewer))
    if found is None:
        found = snap.renders[("view", viewer)] = _page_view(snap, viewer)
    return found


def _page_view(snap: Snapshot, viewer: Viewer) -> Viewer | tuple:
    game = snap.game
    if game.status != Game.Status.ACTIVE or game.teaching or not declaration(game.ruleset).shared_table:
        return viewer
    seat = viewer.seat
    if seat is None:
        return ("shared", viewer.language)
    told = snap.renders.get("told")
    if told is None:
        told = snap.renders["told"] = told_in(snap.moves)  # once per revision, not once per viewer
    if not 0 <= seat < len(snap.seats) or snap.seats[seat].is_taken_over or seat in told:
        return viewer
    return ("shared", viewer.language)


def table_message(snap: Snapshot, viewer: Viewer, base: Snapshot | None = None, runs: bool = False) -> str:
    """The socket message carrying the table as ``viewer`` sees it. ``base``: a revision this socket was sent
    (as the same ``page_view``): the elements of the board that the page shows already (``{% kept_part %}``: a
    board's spaces, deed cards) travel as placeholders, a third of the bytes of a move's push; ``runs`` (a page
    that fills them, ``keep=2``): consecutive ones as one placeholder, and the log's lines the page shows as one.

    A shared table (``page_view``) is rendered once per revision and language, and its message is that render
    plus the viewer's own parts (``own``: slot name -> HTML, rendered from ``own_context`` alone) and seat
    (``you``), which the page puts in its slots (``static/js/table.js``)."""
    game = snap.game
    view = page_view(snap, viewer)
    if view == viewer:
        page = _page(snap, view, viewer, base, runs)
        return f'{{"type": "table", "rev": {game.rev}, "version": {game.version}, "html": {page}}}'
    page = _page(snap, view, Viewer(seat=None, language=viewer.language), base, runs)
    own = _rendered(snap, ("own", viewer), lambda: json.dumps(_own_parts(snap, viewer, view)))
    you = "null" if viewer.seat is None else viewer.seat
    return (f'{{"type": "table", "rev": {game.rev}, "version": {game.version}, "html": {page}, '
            f'"own": {own}, "you": {you}}}')


def _page(snap: Snapshot, view, viewer: Viewer, base: Snapshot | None, runs: bool) -> str:
    """The table rendered as ``viewer`` sees it (for a shared ``view``, with slots for the own parts), with what
    the page of ``base`` shows as placeholders, as a JSON string."""
    game = snap.game
    held = base.renders.get(("parts", view)) if base is not None else None
    chain = base.renders.get(("chain", view)) if held is not None and runs else None
    shown_log = base.renders.get(("log", view)) if chain is not None else None

    def render() -> str:
        parts: dict = {}  # digest -> (html, tag): the kept parts in this render, reported by the template tags
        # The context too in the viewer's language: its log lines and move labels are words (the thread
        # rendering it speaks whatever it last activated).
        with translation.override(viewer.language):
            context = table_context(game, snap.seats, viewer, moves=snap.moves, shared=snap.renders)
            context["csrf_token"] = "NOTPROVIDED"  # shared by every socket of this view: no per-person token
            context[KEPT_PARTS] = parts
            if view != viewer:
                slots = context[OWN_SLOTS] = {}
            log = context["log"]
            if shown_log:
                context["log_html"] = _log_run(log, shown_log) or context["log_html"]
            html = render_to_string("games/_table.html", context)
        page, chain_here = _placeholders(html, parts, held, chain)
        # What a page sent this revision shows, for the next push: its parts, which follows which, its log.
        snap.renders[("parts", view)] = parts
        snap.renders[("chain", view)] = chain_here
        snap.renders[("log", view)] = log
        if view != viewer:
            snap.renders[("slots", view)] = slots
        return json.dumps(page or html)

    key = ("keep", view, base.game.rev, chain is not None) if held or chain is not None else ("html", view)
    return _rendered(snap, key, render)


def _own_parts(snap: Snapshot, viewer: Viewer, view: tuple) -> dict[str, str]:
    """The viewer's own parts of the shared table ``view`` of this revision (its slots, ``{% own %}``)."""
    with translation.override(viewer.language):
        values = own_context(snap.game, snap.seats, viewer, shared=snap.renders)
        values["csrf_token"] = "NOTPROVIDED"
        return render_own(snap.renders[("slots", view)], values)


_SLOT = re.compile(r'<template data-own="([^"]+)"></template>')


def page_html(message: str) -> str:
    """The table of a ``table_message`` as its page shows it: a shared table's slots replaced by the viewer's own
    parts and its seat mark by the viewer's seat, as ``static/js/table.js`` does (kept parts stay placeholders)."""
    data = json.loads(message)
    html = data["html"]
    if "own" not in data:
        return html
    own, you = data["own"], data["you"]
    html = _SLOT.sub(lambda m: own.get(m.group(1), ""), html)
    return html.replace(" data-you-slot", "" if you is None else f' data-you="{you}"')


def _json(value) -> str:
    """``value`` as JSON text, as ``json.dumps`` gives it but without spaces and with text left unescaped up to
    U+00FF: orjson, five times faster on a seat's view (28 -> 5 µs, ``bench/push_encoding.py``), encoded once per
    revision and seat. A text with a character above U+00FF (an arrow, a dash, curly quotes) is encoded by
    ``json.dumps`` instead, whose escapes keep it at one byte a character: one such character makes Python hold
    the whole text at two or four, and the texts kept per revision with it. Tables' HTML has them everywhere,
    so tables keep ``json.dumps``."""
    text = orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    if not text.isascii():
        try:
            text.encode("latin-1")  # one byte a character (Spanish's accents): a copy, no scan
        except UnicodeEncodeError:
            return json.dumps(value)
    return text


def json_message(snap: Snapshot, seat: int | None, kind: str, since: int | None) -> str:
    """The socket's JSON message for a seat: ``kind`` ("sync" or "update") and the game as the seat sees it
    (``game_payload``), with the moves after ``since`` when given. The payload is encoded once per seat and
    revision and kept as text, which the garbage collector does not walk; only the moves are per socket."""
    game = snap.game
    body = _rendered(snap, ("json", seat), lambda: _json(game_payload(game, snap.seats, seat))[1:-1])
    moves = "" if since is None else ', "moves": ' + _json(visible_moves(game, seat, since=since,
                                                                              moves=snap.moves))
    return f'{{"type": "{kind}", {body}{moves}}}'


def watch(game_id: int) -> None:
    """A socket of this process watches the game (``unwatch`` when it leaves)."""
    with _lock:
        _watchers[game_id] = _watchers.get(game_id, 0) + 1


def unwatch(game_id: int) -> None:
    """A socket left the game. When the last one leaves, the process forgets the game: its revisions with their
    renders (about 300 kB a game on the browsers' stream) and its described log lines. Bounded by count alone,
    these filled a soak's Daphne at the pace tables were played, about 14 MB a minute (docs/PERFORMANCE.md); a
    finished game is left by all, and one watched again is loaded again, once."""
    with _lock:
        left = _watchers.get(game_id, 0) - 1
        if left > 0:
            _watchers[game_id] = left
            return
        _watchers.pop(game_id, None)
        _checked.pop(game_id, None)
        for key in [key for key in _games if key[0] == game_id]:
            _drop(key)
    forget_described(game_id)


def held_chars() -> int:
    """The characters of rendered messages this process keeps, over all games (tests, diagnostics)."""
    with _lock:
        return _held["chars"]


def watched() -> dict[int, int]:
    """Game id -> the sockets of this process watching it (tests, diagnostics)."""
    with _lock:
        return dict(_watchers)


def clear() -> None:
    """Forget everything (tests)."""
    with _lock:
        _games.clear()
        _checked.clear()
        _held["chars"] = 0
