"""The one move path. Every write to a game goes through here (Zulip style:
``check_*`` validates, ``do_*`` writes and publishes after commit).

UI, API, websocket, bots and Celery timeouts all call ``do_move`` or
``do_deadline``: lock the game row, check the seat and the expected version,
apply through the ruleset, write the move and the new snapshot in one
transaction, and only after commit broadcast and schedule clocks.
"""

from __future__ import annotations

import copy
import logging
import random
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import NamedTuple

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models.sql import Query
from django.utils import timezone
from django.utils.translation import gettext_noop

from accounts.restrictions import Refusal
from games.core.rulesets import IllegalAction, declaration, get
from games.core.validation import InvalidInput, check_action
from games.models import Game, Move, Seat
from games.play import bots, clock, snapshot_wire
from games.play.move_writes import changed_seats, write_move

User = get_user_model()

log = logging.getLogger(__name__)


class MoveRejected(Exception):
    """A refused submission; nothing was written."""

    STATUS = {"stale": 409, "not_active": 409, "illegal": 422, "not_your_seat": 403, "not_found": 404,
              "bad_request": 400, "too_many_tables": 429, "rate_limited": 429}

    def __init__(self, code: str, message: str, *, rule: str | None = None, version: int | None = None,
                 params: dict | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule
        self.version = version
        self.params = params or {}

    @classmethod
    def because(cls, refusal: Refusal) -> MoveRejected:
        """A refusal from what moderation put on the user (``accounts.restrictions``): not theirs to do now."""
        return cls("not_your_seat", refusal.message, params=refusal.params)

    @property
    def http_status(self) -> int:
        return self.STATUS[self.code]

    def text(self, translate=lambda s: s, params: dict | None = None) -> str:
        """The message translated by ``translate``, then filled with ``params``
        (by default its own; ``presenters.refusal_text`` passes display names)."""
        message = translate(self.message)
        params = self.params if params is None else params
        try:
            return message % params if params else message
        except (KeyError, TypeError, ValueError):
            return message

    def as_dict(self) -> dict:
        return {"error": self.code, "message": self.text(), "rule": self.rule, "version": self.version}


class Held(NamedTuple):
    """A game's rows as read without a lock (a page's or the API's request, a process's kept revision: anything
    with a ``game`` and its ``seats``, each seat with its user), on which ``do_move`` tries a move first."""
    game: Game
    seats: list[Seat]


@dataclass
class MoveResult:
    version: int
    events: list[dict]
    finished: bool
    rev: int = 0
    # The new revision packed as its layer message carries it (``games.play.snapshot_wire``): the process that made
    # the move pushes it to its own sockets at once (``GameConsumer._push_made``). None if it could not be packed.
    snapshot: bytes | None = None


def _lock(game_id: int) -> tuple[Game, list[Seat]]:
    """The game's row and its seats' rows, locked until the transaction ends, each seat with its user's id and
    name (all the move path reads of a user). Written as SQL: the ORM's building of these two queries was
    about a third of a move's lock time (bench/move_path.py --profile). On PostgreSQL psycopg's pipeline sends
    the transaction's BEGIN and both queries at once, the game's first (every writer locks a game before its
    seats), and waits once: inside Daphne each wait is also a wait for the interpreter's lock, which the event
    loop holds while it serves the sockets."""
    with connection.cursor() as game_cursor, connection.cursor() as seat_cursor:
        with _one_round_trip():
            game_cursor.execute(_lock_sql("game"), [game_id])
            seat_cursor.execute(_lock_sql("seats"), [game_id])
            game_rows, seat_rows = game_cursor.fetchall(), seat_cursor.fetchall()
    if not game_rows:
        raise MoveRejected("not_found", gettext_noop("No such game."))
    (game,) = _instances(Game, game_rows)
    seats = _instances(Seat, [row[:-1] for row in seat_rows])
    for seat, row in zip(seats, seat_rows):
        if seat.user_id is not None:  # the user as select_related would give it, with only these two fields read
            seat._state.fields_cache["user"] = User.from_db(seat._state.db, ["id", "username"],
                                                            [seat.user_id, row[-1]])
    return game, seats


def _one_round_trip():
    if connection.vendor != "postgresql":
        return nullcontext()
    connection.ensure_connection()
    return connection.connection.pipeline()


def _instances(model, rows: list[tuple]) -> list:
    """``model``'s instances from rows of its concrete fields in order, converted as a query converts them."""
    fields = model._meta.concrete_fields
    compiler = connection.ops.compiler("SQLCompiler")(Query(model), connection, connection.alias)
    converters = compiler.get_converters([f.get_col(model._meta.db_table) for f in fields])
    if converters:
        rows = compiler.apply_converters(rows, converters)
    names = [f.attname for f in fields]
    return [model.from_db(connection.alias, names, list(values)) for values in rows]


@cache
def _lock_sql(what: str) -> str:
    features, quote = connection.features, connection.ops.quote_name
    game, seat, user = (quote(m._meta.db_table) for m in (Game, Seat, User))
    if what == "game":
        columns = ", ".join(quote(f.column) for f in Game._meta.concrete_fields)
        return (f"SELECT {columns} FROM {game} WHERE id = %s"
                + (" FOR UPDATE" if features.has_select_for_update else ""))
    columns = ", ".join(f"s.{quote(f.column)}" for f in Seat._meta.concrete_fields)
    lock = " FOR UPDATE OF s" if features.has_select_for_update_of else ""
    return (f"SELECT {columns}, u.username FROM {seat} s LEFT JOIN {user} u ON u.id = s.user_id "
            f"WHERE s.game_id = %s ORDER BY s.{quote('index')}{lock}")


def check_seat(game: Game, seats: list[Seat], seat: int, actor) -> Seat:
    if not 0 <= seat < len(seats):
        raise MoveRejected("bad_request", gettext_noop("No such seat."), version=game.version)
    seat_obj = seats[seat]
    if actor is None or seat_obj.user_id != actor.pk:
        raise MoveRejected("not_your_seat", gettext_noop("You do not hold this seat."), version=game.version)
    return seat_obj


def check_version(game: Game, expected_version: int | None) -> None:
    if game.status != Game.Status.ACTIVE:
        raise MoveRejected("not_active", gettext_noop("The game is not in play."), version=game.version)
    if expected_version is not None and expected_version != game.version:
        raise MoveRejected("stale", gettext_noop("The game has moved on; here is the current version."), version=game.version)


class NotOnHeld(Exception):
    """The revision a process holds cannot make this move by itself (``_move_on_held``): the locked path makes
    or refuses it."""


def _apply_locked(game: Game, seats: list[Seat], seat: int, action: dict, *, actor, source: str,
                  now: datetime, framework_events: list[dict] | None = None, held_rev: int | None = None,
                  fresh_clock: bool = False) -> MoveResult:
    """Apply ``action`` to the game's rows as read (locked, or held at revision ``held_rev``: then the write
    happens only if the game is still at that revision, else ``NotOnHeld``). ``fresh_clock``: the acting
    seat's clock starts again with a full allowance if it stays required (``clock.rearm_all``'s ``fresh``)."""
    rs = get(game.ruleset)
    try:  # every move, from any source, is checked against its schema; only the normalised copy goes on
        action = check_action(game.ruleset, action)
    except InvalidInput as exc:
        raise MoveRejected("bad_request", exc.message, version=game.version, params=exc.params) from None
    try:
        new_state, events = rs.apply(game.state, seat, action)
    except IllegalAction as exc:
        raise MoveRejected("illegal", exc.message, rule=exc.rule, version=game.version, params=exc.params) from None

    events = events + (framework_events or [])
    old_state = game.state
    game.version += 1
    game.state = new_state
    move = Move(game=game, seq=game.version, seat=seat, actor=actor, source=source, action=action, events=events)
    outcome = rs.outcome(new_state)
    if outcome is not None and held_rev is not None:  # the end is written by the ORM, whose save() lobby hears
        raise NotOnHeld
    if outcome is not None:
        game.status = Game.Status.FINISHED
        game.outcome = outcome
        game.finished_at = now
        required: set[int] = set()
        # Ratings, history and league standings (lobby/results.py), once the end is committed; the task is
        # idempotent and the league beat records any game whose task was lost.
        from games.play.hooks import game_over_after_commit

        game_over_after_commit(game)
    else:
        required = required_seats(rs, new_state, seats)
    # The clock charges the turn: a seat that keeps the turn keeps its running clock (games/play/clock.py).
    new_turn = rs.turn_key(new_state) != rs.turn_key(old_state)
    fresh = (seat,) if fresh_clock else ()
    changed = changed_seats(seats, lambda: clock.rearm_all(game, seats, required, now, new_turn=new_turn,
                                                           fresh=fresh))
    game.rev += 1
    # The move path's last write: its COMMIT may go with it (move_writes.write_move), so nothing after it in the
    # transaction may write or fail; the broadcast is queued for after the commit, as before.
    if not write_move(game, move, changed, last=True, held_rev=held_rev):
        raise NotOnHeld
    blob = publish_after_commit(game, seats, [move])
    return MoveResult(version=game.version, events=events, finished=outcome is not None, rev=game.rev, snapshot=blob)


def required_seats(rs, state: dict, seats: list[Seat]) -> set[int]:
    """The seats whose clocks run now: those the rules wait for, plus bots that want to act unasked
    (a claim, an answer), except that bots wait while a person must answer: they never act over a
    person's pending decision, but for the moves their ruleset declares ``lapsing_moves`` (a claim that the
    next roll of the dice lapses: left for later, it would be lost)."""
    required = set(rs.to_move(state))
    people_wait = any(seats[i].is_human for i in required if i < len(seats))
    lapsing = _lapsing_moves(rs) if people_wait else frozenset()
    if people_wait and not lapsing:
        return required
    for s in seats:
        if s.is_bot:
            action = _bot_optional(rs, state, s.index)
            if action is not None and (not people_wait or action.get("type") in lapsing):
                required.add(s.index)
    return required


def _lapsing_moves(rs) -> frozenset[str]:
    """The ruleset's unasked moves that do not wait for a person (``Declaration.lapsing_moves``)."""
    try:
        return declaration(rs.name).lapsing_moves
    except (AttributeError, KeyError):
        return frozenset()


def publish_after_commit(game: Game, seats: list[Seat] | None = None, moves: list[Move] | None = None) -> bytes | None:
    """Once the transaction commits, tell every screen of the game and schedule its clocks. The move path
    passes the seats it has just written and the move it made: their deadlines cost no query, and the message
    carries the new revision so that no socket's process reads it back (``games.play.snapshot_wire``); that packed
    revision is returned. Without them the deadlines are read back and each process loads the revision."""
    game_id, version, rev, seal = game.pk, game.version, game.rev, game.seed_commitment
    armed = blob = None
    if seats is not None:
        armed = ([(s.index, s.deadline) for s in seats if s.deadline is not None]
                 if game.status == Game.Status.ACTIVE else [])
        if moves is not None:
            try:  # now: the objects hold the values being committed
                blob = snapshot_wire.freeze(game, seats, moves)
            except Exception:  # never a reason to lose the move: the sockets then read the revision back
                log.exception("game %s v%s: the revision could not be packed for the sockets", game.pk, game.version)
    transaction.on_commit(lambda: after_commit(game_id, version, rev, seal, armed, blob))
    return blob


def _bot_optional(rs, state: dict, seat: int, rng=None) -> dict | None:
    """A move a bot wants to make although nobody waits for it (e.g. claiming a
    rent in Estanciero); rulesets opt in with ``bot_optional_action``."""
    optional = getattr(rs, "bot_optional_action", None)
    return optional(state, seat, rng) if optional else None


def _bot_wants_to_act(rs, state: dict, seat: int) -> bool:
    return _bot_optional(rs, state, seat) is not None


def do_move(game_id: int, *, seat: int, action: dict, expected_version: int | None, actor, source: str,
            held=None) -> MoveResult:
    """A player's move (UI, API or websocket). A human acting on a seat a bot
    had taken over after timeouts takes it back.

    ``held``: the game's rows as the caller read them without a lock (``Held``; a socket's process passes its
    newest kept revision, ``games.live.snapshots.Snapshot``): the move is then first tried on them
    (``_move_on_held``)."""
    if held is not None and held.game.pk == game_id:
        made = _move_on_held(held, seat, action, expected_version, actor, source)
        if made is not None:
            return made
    with transaction.atomic():
        game, seats = _lock(game_id)
        check_version(game, expected_version)
        taken_back = _taken_back(check_seat(game, seats, seat, actor), actor)
        return _apply_locked(game, seats, seat, action, actor=actor, source=source, now=timezone.now(),
                             framework_events=taken_back, fresh_clock=bool(taken_back))


def _taken_back(seat: Seat, actor) -> list[dict]:
    """A person acting on the seat a bot took over after their timeouts takes it back (its events); not while
    they are banned or suspended, which handed all their seats to bots (``moderation.games.hand_seats_to_bots``):
    so a sanctioned user's move is refused whatever brought it (a socket opened before the sanction included),
    at the cost of one query on this rare path only."""
    if not seat.is_bot:
        return []
    from accounts.restrictions import play_refusal

    refusal = play_refusal(actor)
    if refusal is not None:
        raise MoveRejected.because(refusal)
    seat.is_bot = False
    seat.timeouts = 0
    return [{"type": "seat_taken_back", "seat": seat.index}]


def _move_on_held(held, seat: int, action: dict, expected_version: int | None, actor, source: str) -> MoveResult | None:
    """The move made on the game's rows as the caller read them (a socket's process: its kept revision; a page's
    or the API's request: the rows it read to find the seat), and written in one statement only if the game's
    row is still at that revision: one round trip to PostgreSQL, where the locked path takes two (the lock, then
    the write with its commit), each a wait for the database and then for the interpreter (docs/PERFORMANCE.md).

    Sound because every writer of an active game's row or of its seats' rows bumps the game's ``rev`` in the same
    transaction, having locked the game's row first: the statement's ``UPDATE ... WHERE rev = held`` waits for
    such a writer and then finds no row, and then neither the move nor the seats are written. PostgreSQL runs the
    one statement as its own transaction (autocommit), so there is no BEGIN or COMMIT to send.

    None when the locked path must answer: another database, inside a caller's transaction, a game not in play,
    a version or seat that does not match the held revision, a move refused on it (the refusal comes from the
    rows as they are), a move that ends the game, or the game moved on since."""
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        return None
    try:
        check_version(held.game, expected_version)
        if check_seat(held.game, held.seats, seat, actor).is_bot:
            return None  # taking a seat back from a bot asks about the person: the locked path does
        game, seats = _copies(held)
        return _apply_locked(game, seats, seat, action, actor=actor, source=source, now=timezone.now(),
                             held_rev=held.game.rev)
    except (MoveRejected, NotOnHeld):
        return None


def _copies(held) -> tuple[Game, list[Seat]]:
    """The held revision's game and seats as objects of their own: the held ones are shared by every socket of the
    process (their renders), so the move changes copies. The state is shared: ``apply`` never changes its input."""
    game = copy.copy(held.game)
    seats = [copy.copy(s) for s in held.seats]
    for s in seats:
        s.game = game
    return game, seats


def _unasked_bot_first(rs, state: dict, seats: list[Seat], seat: int, now) -> Seat | None:
    """Another bot whose unasked move falls due with this bot's asked one goes first: a bot on move does not
    play over a bot's pending claim or answer (a claim the rules lapse at the next move, such as a rent to be
    claimed "before the dice are rolled again"); bots' clocks are armed together, so otherwise the seats' order
    would decide."""
    to_move = rs.to_move(state)
    if seat not in to_move:
        return None
    for other in seats:
        if other.is_bot and other.index != seat and other.index not in to_move and other.deadline is not None \
                and other.deadline <= now and _bot_wants_to_act(rs, state, other.index):
            return other
    return None


def do_deadline(game_id: int, seat: int, version: int) -> MoveResult | None:
    """A seat's clock ran out at ``version``: a bot moves, a human times out.

    Exactly once: a duplicate or late call (the game moved on, the deadline
    was extended, the game ended) does nothing and returns None.
    """
    with transaction.atomic():
        try:
            game, seats = _lock(game_id)
        except MoveRejected:
            return None
        now = timezone.now()
        if game.status != Game.Status.ACTIVE or game.version != version or not 0 <= seat < len(seats):
            return None
        seat_obj = seats[seat]
        if seat_obj.deadline is None or seat_obj.deadline > now:
            return None
        rs = get(game.ruleset)
        if seat_obj.is_bot:
            first = _unasked_bot_first(rs, game.state, seats, seat, now)
            if first is not None:
                seat, seat_obj = first.index, first
            rng = random.Random(f"{game.chance_key}:{version}:{seat}")
            if seat in rs.to_move(game.state):
                action = bots.choose(rs, game.state, seat, seat_obj.bot_level, rng)  # the seat's bot level
            else:
                action = _bot_optional(rs, game.state, seat, rng)
            if action is None:
                clock.disarm(seat_obj)
                seat_obj.save(update_fields=["deadline", "clock_started"])
                game.rev += 1  # every write to an active game's rows bumps its revision (``_move_on_held``)
                game.save(update_fields=["rev"])
                publish_after_commit(game, seats)
                return None
            source = Move.Source.BOT
            framework_events = []
        else:
            action = rs.timeout_action(game.state, seat)
            seat_obj.timeouts += 1
            # Announced in the log so the player and the table know why a move was made for them.
            framework_events = [{"type": "timed_out", "seat": seat, "count": seat_obj.timeouts,
                                 "limit": game.max_timeouts}]
            if seat_obj.timeouts >= game.max_timeouts:
                seat_obj.is_bot = True
                framework_events.append({"type": "bot_took_over", "seat": seat})
            source = Move.Source.TIMEOUT
        # The seat's time is spent and a move was made for it: if it stays required, it starts again with a
        # full allowance (its reserve is gone), and the next timeout counts towards a bot taking over.
        return _apply_locked(game, seats, seat, action, actor=None, source=source, now=now,
                             framework_events=framework_events, fresh_clock=True)


def after_commit(game_id: int, version: int, rev: int, seal: str = "", armed: list | None = None,
                 blob: bytes | None = None) -> None:
    """Broadcast the change and queue the clocks' timeouts, in one round trip to Redis when they share it. A
    timeout that cannot be queued is logged and left to the beat's sweep: the move is committed, so its caller
    hears that it was made."""
    from games.play import timers
    from games.play.broadcast import publish
    from games.play.deadlines import due_soon, schedule_deadlines

    queue = due_soon(game_id, version, armed) if armed else {}
    sent = publish(game_id, version, rev, seal, blob, then=timers.along(queue) if queue else None)
    try:
        if armed is None:
            schedule_deadlines(game_id)
        elif queue and not sent:
            timers.add(queue)
    except Exception:
        log.exception("game %s v%s: its timeouts could not be queued; the sweep fires them", game_id, version)
