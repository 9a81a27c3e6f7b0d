"""The sockets of this process that watch each game, so that the first to receive a game's change pushes it to
all of them.

A move's layer message reaches every socket of the game in the process, each through its own consumer task,
woken one after the other by the layer, with whatever else the event loop has to do in between: 2.3 ms at the
median from the first socket's handler to the fifth's push at 100 games (``bench/socket_load.py --timeline``).
The first handler now renders and sends every idle socket's message in one pass; the others find their
revision sent. A consumer busy with a message of its own (a move, a resync waiting on the database) is left to
its own task, so that its messages keep their order. Only the event loop touches this: no lock.
"""

from __future__ import annotations

_tables: dict[int, dict] = {}  # game id -> its consumers here (a dict keeps them in the order they came)


def join(game_id: int, consumer) -> None:
    _tables.setdefault(game_id, {})[consumer] = None


def leave(game_id: int, consumer) -> None:
    consumers = _tables.get(game_id)
    if consumers is not None:
        consumers.pop(consumer, None)
        if not consumers:
            del _tables[game_id]


def sockets(game_id: int) -> list:
    """The game's consumers in this process, in the order they joined (a copy: the pass may outlive one)."""
    return list(_tables.get(game_id, ()))
