"""A game as the sockets of one process see it: loaded once per revision, each distinct view rendered once.

Every socket watching a game gets the same layer message (game id, version, rev). Without sharing, each
would load the game, its seats and its moves and render the table again: for four seats and a spectator,
five loads and five renders of the same thing. Here the first socket to ask for a revision loads it, and
the first to ask for a view (``presenters.Viewer``: seat, language, signed in, creator) renders it; the
others reuse both. Entries are immutable once made, so sharing them between sockets is safe.

A move's message also carries the new revision itself (``games.snapshot_wire``): ``offer`` builds it from
the message and the revision before it, with no query, and ``load`` reads the database only for a revision
that came without one (a seat taken, a table started) or whose predecessor this process never had.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils import translation

from . import snapshot_wire
from .models import Game, Move, Seat
from .presenters import LOG_LENGTH, Viewer, game_payload, table_context, visible_moves

# A move's carried revision extends the one before it only while that one is kept: enough for a few
# revisions of each of several hundred games a process serves (consecutive revisions share their moves).
SNAPSHOTS_KEPT = 1024
RENDERS_KEPT = 1024


@dataclass(frozen=True)
class Snapshot:
    game: Game
    seats: list[Seat]
    moves: list[Move]  # the last LOG_LENGTH moves, oldest first


class _Lru(OrderedDict):
    def __init__(self, size: int):
        super().__init__()
        self.size = size

    def put(self, key, value):
        self[key] = value
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)
        return value


_lock = threading.Lock()
_snapshots = _Lru(SNAPSHOTS_KEPT)
_renders = _Lru(RENDERS_KEPT)
_gates: dict[tuple, threading.Lock] = {}  # one per entry being made: whoever asks meanwhile waits for it
_newest = _Lru(SNAPSHOTS_KEPT)  # (game id, seal) -> the newest rev this process holds of it


def _once(cache: _Lru, key: tuple, make, stored_under=None):
    """``cache[key]``, made by ``make()`` once however many threads ask for it together. The sockets' database
    calls run on a pool of threads (``games.db_threads``), and a move's push reaches a table's five sockets at
    the same moment: without the gate each would miss the cache and load (or render) the same thing.
    ``stored_under(value)`` is the key the value is kept under when it may differ from the one asked for."""
    with _lock:
        found = cache.get(key)
        if found is not None:
            return found
        gate = _gates.setdefault(key, threading.Lock())
    with gate:
        with _lock:
            found = cache.get(key)
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
                stored = cache.put(stored_under(value) if stored_under else key, value)
                if cache is _snapshots:
                    _remember_newest(stored)
            _gates.pop(key, None)
        return value


def _remember_newest(snap: Snapshot) -> None:
    game_key = (snap.game.pk, snap.game.seed_commitment)
    if _newest.get(game_key, -1) < snap.game.rev:
        _newest.put(game_key, snap.game.rev)


def newest(game_id: int, seal: str) -> Snapshot | None:
    """The newest revision of the game this process holds, without asking the database (None if none)."""
    with _lock:
        rev = _newest.get((game_id, seal))
        return None if rev is None else _snapshots.get((game_id, seal, rev))


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

    return _once(_snapshots, (game_id, seal, rev), build)


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

    # A newer revision may have committed since the message was sent: it is kept under its own rev.
    return _once(_snapshots, (game_id, seal, rev), lambda: read(game_id),
                 stored_under=lambda snap: (game_id, snap.game.seed_commitment, snap.game.rev))


def _rendered(key: tuple, render):
    return _once(_renders, key, render)


def table_message(snap: Snapshot, viewer: Viewer) -> str:
    """The socket message carrying the table as ``viewer`` sees it."""
    game = snap.game

    def render() -> str:
        context = table_context(game, snap.seats, viewer, moves=snap.moves)
        context["csrf_token"] = "NOTPROVIDED"  # shared by every socket of this view: no per-person token
        with translation.override(viewer.language):
            html = render_to_string("games/_table.html", context)
        return json.dumps({"type": "table", "rev": game.rev, "version": game.version, "html": html})

    return _rendered((game.pk, game.seed_commitment, game.rev, "html", viewer), render)


def payload(snap: Snapshot, seat: int | None, since: int | None) -> dict:
    """The JSON payload for a seat (``sync``), with the moves after ``since`` (``update``)."""
    game = snap.game
    # Shared by every socket of this seat and never mutated: each gets a shallow copy to add its own moves to.
    base = dict(_rendered((game.pk, game.seed_commitment, game.rev, "json", seat),
                          lambda: game_payload(game, snap.seats, seat)))
    if since is not None:
        base["moves"] = visible_moves(game, seat, since=since, moves=snap.moves)
    return base


def clear() -> None:
    """Forget everything (tests)."""
    with _lock:
        _snapshots.clear()
        _renders.clear()
        _newest.clear()
