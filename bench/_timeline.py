"""Where a socket move's time goes inside Daphne, step by step (``socket_load.py --timeline``).

``_gc_pauses`` imports this module when ``TIMELINE_DIR`` is set. It wraps the steps a move takes in the process
that receives it (the socket's ``act``, the move path's lock and write, the publish after commit and the clocked
seats' timeouts queued with it or after it), each socket's handler of the push and each push sent, and appends
``[step, game id, monotonic ns]`` lines to ``$TIMELINE_DIR/<pid>.timeline.jsonl`` once a second. ``phases()``
turns the lines of all processes into per-move durations. The wrappers cost a few microseconds a step; nothing
else changes.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections import defaultdict
from pathlib import Path

_events: list[tuple[str, int, int]] = []
_now = time.monotonic_ns
_PUSHES = ('{"type": "update"', '{"type": "sync"', '{"type":"table"', '{"type": "table"')


def _note(step: str, game_id: int) -> None:
    _events.append((step, game_id, _now()))  # list.append is atomic under the GIL: no lock on the hot path


def _wrap() -> None:
    from games.live import consumers
    from games.play import actions, broadcast

    act, do_move, lock, write_move = (consumers.GameConsumer._act, consumers.do_move, actions._lock,
                                      actions.write_move)
    copies = getattr(actions, "_copies", None)
    publish, game_changed, send = broadcast.publish, consumers.GameConsumer.game_changed, consumers.GameConsumer.send
    push_all = getattr(consumers.GameConsumer, "_push_all", None)
    after_commit = actions.after_commit
    receive = consumers.GameConsumer.receive

    async def timed_receive(self, text_data=None, bytes_data=None):
        if text_data and '"act"' in text_data:  # a move arrives: before the rate limit and the parse
            _note("message", self.game_id)
        await receive(self, text_data, bytes_data)

    async def timed_act(self, message):
        _note("received", self.game_id)
        await act(self, message)

    def timed_do_move(game_id, **kwargs):
        _note("move path", game_id)
        return do_move(game_id, **kwargs)

    def timed_lock(game_id):
        found = lock(game_id)
        _note("locked", game_id)
        return found

    def timed_copies(held):  # a move made on the process's held revision takes no lock: its copies instead
        found = copies(held)
        _note("locked", held.game.pk)
        return found

    def timed_write_move(game, move, seats, **kwargs):
        _note("applied", game.pk)
        written = write_move(game, move, seats, **kwargs)
        _note("written", game.pk)
        return written

    def timed_publish(game_id, *args, **kwargs):
        _note("committed", game_id)
        sent = publish(game_id, *args, **kwargs)
        _note("published", game_id)
        return sent

    def timed_after_commit(game_id, *args, **kwargs):  # ends once the clocked seats' timeouts are queued
        after_commit(game_id, *args, **kwargs)
        _note("armed", game_id)

    async def timed_game_changed(self, event):
        _note("push", self.game_id)
        await game_changed(self, event)

    async def timed_push_all(self, snap):  # the mover's own handler pushes before any layer message is handled
        _note("push", self.game_id)
        return await push_all(self, snap)

    async def timed_send(self, text_data=None, bytes_data=None, close=False):
        await send(self, text_data, bytes_data, close)
        if text_data is not None and text_data.startswith(_PUSHES):  # a socket's push (one socket may send
            _note("pushed", self.game_id)                             # another's: games.live.fanout)

    consumers.GameConsumer._act, consumers.do_move, actions._lock = timed_act, timed_do_move, timed_lock
    consumers.GameConsumer.receive = timed_receive
    actions.write_move, broadcast.publish, actions.after_commit = timed_write_move, timed_publish, timed_after_commit
    consumers.GameConsumer.game_changed, consumers.GameConsumer.send = timed_game_changed, timed_send
    if push_all is not None:
        consumers.GameConsumer._push_all = timed_push_all
    if copies is not None:
        actions._copies = timed_copies


def _write(path: Path) -> None:
    written = 0
    while True:
        time.sleep(1)
        new = _events[written:]
        written += len(new)
        with path.open("a") as out:
            out.writelines(json.dumps(e) + "\n" for e in new)


# Each phase: its name, and the steps it runs between ("push" and "pushed" are per socket: the first and last).
PHASES = [
    ("rate limit and parse", "message", "received"),
    ("to the database thread", "received", "move path"),
    ("lock (BEGIN, game and seats), or copy the held revision", "move path", "locked"),
    ("check and apply", "locked", "applied"),
    ("write", "applied", "written"),
    ("commit (none on the held revision)", "written", "committed"),
    ("publish", "committed", "published"),
    ("queue the timeout (none without a clock)", "published", "armed"),  # after the publish, if not with it
    ("to the first socket's handler", "published", "first push"),
    ("first handler to last push sent", "first push", "last pushed"),
    ("received to last push sent", "received", "last pushed"),
    ("message to last push sent", "message", "last pushed"),
]


def phases(lines: list[list], start_ns: int, end_ns: int, sockets: int) -> dict[str, list[float]]:
    """Milliseconds per phase for each move received between ``start_ns`` and ``end_ns`` whose every step was
    seen, ``sockets`` of them pushed. A game's moves follow one another, so its steps are read in time order,
    each move's from its "message" (its text arrived, before the rate limit) to the next one's."""
    by_game: dict[int, list] = defaultdict(list)
    for step, game_id, at in lines:
        by_game[game_id].append((at, step))
    found: dict[str, list[float]] = defaultdict(list)
    for steps in by_game.values():
        steps.sort()
        move: dict | None = None
        for at, step in steps + [(None, "message")]:
            if step == "message":
                if move and start_ns <= move["message"] <= end_ns and len(move["pushed"]) >= sockets:
                    move["first push"], move["last pushed"] = move["push"][0], move["pushed"][sockets - 1]
                    if all(s in move for _, a, b in PHASES for s in (a, b)):
                        for name, a, b in PHASES:
                            found[name].append((move[b] - move[a]) / 1e6)
                move = {"message": at, "push": [], "pushed": []}
            elif move is not None:
                if step in ("push", "pushed"):
                    move[step].append(at)
                else:
                    move.setdefault(step, at)
    return found


if os.environ.get("TIMELINE_DIR"):
    _wrap()
    threading.Thread(target=_write, args=(Path(os.environ["TIMELINE_DIR"]) / f"{os.getpid()}.timeline.jsonl",),
                     daemon=True, name="timeline").start()
