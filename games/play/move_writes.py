"""A move's writes: its log entry, the seats whose clocks changed and the game's row.

On PostgreSQL they go as one statement (two data-modifying ``WITH`` parts and the game's ``UPDATE``): one round
trip instead of three or four, and none of the ORM's building of each ``save()``, which together were about
3.5 ms of a move's 7.5 ms in the database thread under load (docs/PERFORMANCE.md). Every value is prepared by its
own model field (``get_db_prep_save``), as ``save()`` would prepare it, so the rows are the same. Elsewhere (the
embedded SQLite) and for the move that ends a game, whose ``save()`` the lobby listens for
(``lobby.signals``), the ORM writes them.
"""

from __future__ import annotations

from functools import cache

from django.db import connection

from games.models import Game, Move, Seat

# What a move changes in its game's row: the UPDATE rewrites these alone (the state is most of the row's bytes).
MOVE_FIELDS = ["version", "state", "rev", "status", "outcome", "finished_at"]
# What the clocks change in a seat's row.
SEAT_CLOCK_FIELDS = ["deadline", "clock_started", "reserve_left", "turn_left", "timeouts", "is_bot"]


def changed_seats(seats: list[Seat], change) -> list[Seat]:
    """Run ``change()`` over the seats and return those whose clock fields it changed (usually one or two)."""
    before = [tuple(getattr(s, f) for f in SEAT_CLOCK_FIELDS) for s in seats]
    change()
    return [seat for seat, old in zip(seats, before) if tuple(getattr(seat, f) for f in SEAT_CLOCK_FIELDS) != old]


def save_seats(seats: list[Seat], change) -> None:
    """Run ``change()`` over the seats and write the seats it changed (a clock moved outside a move)."""
    for seat in changed_seats(seats, change):
        seat.save(update_fields=SEAT_CLOCK_FIELDS)


def write_move(game: Game, move: Move, seats: list[Seat], last: bool = False, held_rev: int | None = None) -> bool:
    """Insert ``move`` (not yet saved), write ``seats``' clock fields and the game's ``MOVE_FIELDS``, in the
    transaction the game's row is locked in. ``move`` gets its id as ``create()`` would give it.

    ``last``: the caller writes nothing more in this transaction. If the transaction is the outermost
    ``atomic`` block, its COMMIT then travels with the statement (one round trip, not two: the commit was a
    fifth of a socket move's wait on PostgreSQL, docs/PERFORMANCE.md); the ``atomic`` block's own commit then
    finds nothing to do and runs its ``on_commit`` callbacks as usual. If the statement fails, the COMMIT after
    it is never run and the block rolls back. Inside a caller's transaction (a savepoint) nothing is committed.

    ``held_rev``: the rows were not locked but held by the process at that revision of the game (PostgreSQL
    only, ``actions._move_on_held``): nothing is written unless the game's row is still at it and at the move's
    version before. True if written."""
    if not _in_one_statement(game):
        assert held_rev is None, "a move on a held revision is written in one statement"
        move.save(force_insert=True)
        for seat in seats:
            seat.save(update_fields=SEAT_CLOCK_FIELDS)
        game.save(update_fields=MOVE_FIELDS)
        return True
    guarded = held_rev is not None
    params = [_prepared(field, game) for field in _game_fields()] + [game.pk]
    if guarded:
        params += [held_rev, game.version - 1]
    params += [_prepared(field, move, add=True) for field in _move_fields()]
    for seat in seats:
        params += [seat.pk] + [_prepared(field, seat) for field in _seat_fields()]
    statement = _statement(len(seats), guarded)
    if last and _ours_to_commit():
        statement += "; COMMIT"
    with connection.cursor() as cursor:
        cursor.execute(statement, params)
        (move.pk,) = cursor.fetchone()
    if move.pk is None:  # the game was no longer at the held revision: nothing was written
        return False
    move._state.adding = False
    move._state.db = connection.alias
    return True


def _ours_to_commit() -> bool:
    """The transaction is one outermost ``atomic`` block with no savepoint in it, and no error marked it for
    rollback; and the connection binds parameters on the client (Django's default), which lets one message
    carry two statements."""
    return (len(connection.atomic_blocks) == 1 and not connection.savepoint_ids and not connection.needs_rollback
            and not connection.settings_dict.get("OPTIONS", {}).get("server_side_binding"))


def _in_one_statement(game: Game) -> bool:
    return connection.vendor == "postgresql" and game.status != Game.Status.FINISHED


def _prepared(field, obj, add: bool = False):
    # pre_save fills auto_now_add (the move's created_at) on the object itself, as save() does.
    return field.get_db_prep_save(field.pre_save(obj, add), connection)


@cache
def _move_fields() -> list:
    return [f for f in Move._meta.concrete_fields if not f.primary_key]


@cache
def _seat_fields() -> list:
    return [Seat._meta.get_field(name) for name in SEAT_CLOCK_FIELDS]


@cache
def _game_fields() -> list:
    return [Game._meta.get_field(name) for name in MOVE_FIELDS]


@cache
def _statement(seat_count: int, guarded: bool = False) -> str:
    """The statement for a move that changed ``seat_count`` seats. Its result is the new move's id.

    The game's row is written first (a writer locks the game before its seats), and the move and the seats only
    if it was: ``guarded``, the row is written only at the revision and version the move was made on (held, not
    locked), so a writer that got there first leaves nothing written and the result NULL. Every value is cast to
    its column's type: rows from a SELECT or a VALUES list carry none of their own."""
    quote = connection.ops.quote_name
    game_pk = quote(Game._meta.pk.column)
    sets = ", ".join(f"{quote(f.column)} = %s" for f in _game_fields())
    where = f"{game_pk} = %s" + (f" AND {quote('rev')} = %s AND {quote('version')} = %s" if guarded else "")
    parts = [f"g AS (UPDATE {quote(Game._meta.db_table)} SET {sets} WHERE {where} RETURNING {game_pk})"]
    move_columns = ", ".join(quote(f.column) for f in _move_fields())
    parts.append(f"m AS (INSERT INTO {quote(Move._meta.db_table)} ({move_columns}) "
                 f"SELECT {_typed(_move_fields())} WHERE EXISTS (SELECT FROM g) "
                 f"RETURNING {quote(Move._meta.pk.column)})")
    if seat_count:
        pk = Seat._meta.pk
        row = f"({_typed([pk, *_seat_fields()])})"
        names = ", ".join(quote(f.column) for f in [pk, *_seat_fields()])
        sets = ", ".join(f"{quote(f.column)} = v.{quote(f.column)}" for f in _seat_fields())
        parts.append(f"s AS (UPDATE {quote(Seat._meta.db_table)} AS t SET {sets} "
                     f"FROM (VALUES {', '.join([row] * seat_count)}) AS v({names}) "
                     f"WHERE t.{quote(pk.column)} = v.{quote(pk.column)} AND EXISTS (SELECT FROM g))")
    return f"WITH {', '.join(parts)} SELECT (SELECT {quote(Move._meta.pk.column)} FROM m)"


def _typed(fields: list) -> str:
    return ", ".join(f"%s::{f.cast_db_type(connection)}" for f in fields)
