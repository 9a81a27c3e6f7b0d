"""A game's new revision as the move path hands it to the sockets: packed into the layer message.

After a move, every Daphne process with a socket on the game needs the game, its seats and the new move to
render the pushes. Reading them back cost each process three queries and the building of a game, four seats
and fifty moves from their rows: a fifth of a process's time per move under load (py-spy, docs/PERFORMANCE.md).
The move path already holds all of it in memory, so it packs it into the message once per move; a process
that has the previous revision adds the new move to that revision's log, and one that has not reads the
database as before.

What is packed is what the presenters read and nothing more: every column of the game, the seats and the new
moves, and of each seated user only the id and the name (no password hash, no e-mail travels). The layer is
Redis, inside the server, where the game's row already passes on every read; the consumers never forward a
message, they only render views of it (``games.live.snapshots``), so a seat's secrets still reach only its owner.
"""

from __future__ import annotations

import pickle

from accounts.models import User
from games.models import Game, Move, Seat


def _columns(model) -> list[str]:
    return [f.attname for f in model._meta.concrete_fields]


_GAME, _SEAT, _MOVE = _columns(Game), _columns(Seat), _columns(Move)


def _row(obj, columns: list[str]) -> tuple:
    return tuple(getattr(obj, name) for name in columns)


def freeze(game: Game, seats: list[Seat], moves: list[Move]) -> bytes:
    """The game as written by the move that made ``moves`` (oldest first), for the layer message."""
    return pickle.dumps((
        _row(game, _GAME),
        [(_row(seat, _SEAT), seat.user.username if seat.user_id else None) for seat in seats],
        [_row(move, _MOVE) for move in moves],
    ), protocol=pickle.HIGHEST_PROTOCOL)


def thaw(blob: bytes) -> tuple[Game, list[Seat], list[Move]]:
    """The game, its seats (each with its user's id and name) and the new moves, as model instances that
    compare and render as the ones the ORM reads (``Model.from_db``, what a query builds its rows with)."""
    game_row, seat_rows, move_rows = pickle.loads(blob)  # written by freeze() in this codebase, never by a client
    game = Game.from_db("default", _GAME, game_row)
    seats = []
    for row, username in seat_rows:
        seat = Seat.from_db("default", _SEAT, row)
        seat.game = game
        if seat.user_id:
            seat.user = User.from_db("default", ["id", "username"], (seat.user_id, username))
        seats.append(seat)
    # A move knows its game by id only, as a move read by a query does: it stays in the log of the revisions after
    # its own (up to LOG_LENGTH of them), and holding its revision's game would keep that game's state alive with it,
    # 50 states a game in a process, which every pass of the cyclic collector walked (docs/PERFORMANCE.md).
    moves = [Move.from_db("default", _MOVE, row) for row in move_rows]
    return game, seats, moves
