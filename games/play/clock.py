"""Seat clocks: who is required, by when, and what an overrun costs.

The clock charges the turn, not each action (as lichess and Board Game Arena do). In each turn of the game
(``Ruleset.turn_key``: what the ruleset calls a turn) every seat has one allowance of ``move_seconds`` for all the
actions it makes in that turn, whether it is the player on turn or answers a request in someone else's turn;
time beyond the allowance comes out of the seat's reserve, which lasts the whole game. A seat's clock runs
only while the seat is required (in ``to_move``): a seat that stays required from one version to the next
keeps its running clock and its deadline, so moves that undo each other (back then withdraw, propose then
withdraw) spend the same budget and cannot hold the turn for ever. When the turn passes, every seat gets a
fresh allowance. A seat whose clock starts afresh in the middle of a turn (``fresh``: a timeout was just
played for it, its person took it back from a bot, a moderator gave it to someone else) gets a full
allowance again, and what is left of its reserve.

Bots get ``bot_delay_ms`` (about the pace of a person, so people can follow) while a person sits at the table,
and move at once when only bots remain: a bot is a seat whose clock is short and whose "timeout" is a bot
move; its clock is armed again at every version, as it has no budget to keep.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime, timedelta


def allowance(seat, game) -> float:
    """What is left of the seat's allowance in this turn (``turn_left`` None: untouched, all of it)."""
    return game.move_seconds if seat.turn_left is None else seat.turn_left


def charge(seat, game, now: datetime) -> None:
    """Stop the seat's running clock: the time it ran comes out of the turn's allowance, then the reserve."""
    if seat.clock_started is None or seat.is_bot:
        return
    used = max(0.0, (now - seat.clock_started).total_seconds())
    left = allowance(seat, game)
    from_allowance = min(used, left)
    seat.turn_left = left - from_allowance
    seat.reserve_left = max(0.0, seat.reserve_left - (used - from_allowance))


# A table of bots only has nobody to pace for: its bots move at once.
BOT_ONLY_DELAY_MS = 50


def arm(seat, game, now: datetime, people_present: bool = True) -> None:
    seat.clock_started = now
    if seat.is_bot:
        delay = game.bot_delay_ms if people_present else min(game.bot_delay_ms, BOT_ONLY_DELAY_MS)
        seat.deadline = now + timedelta(milliseconds=delay)
    else:
        seat.deadline = now + timedelta(seconds=allowance(seat, game) + seat.reserve_left)


def disarm(seat) -> None:
    seat.clock_started = None
    seat.deadline = None


def _keeps_running(seat, required: set[int]) -> bool:
    return seat.index in required and seat.clock_started is not None and seat.deadline is not None \
        and not seat.is_bot


def rearm_all(game, seats, required: set[int], now: datetime, *, new_turn: bool = True,
              fresh: Collection[int] = ()) -> None:
    """Bring every seat's clock to the version just written: ``required`` run, the others stop.

    ``new_turn``: the turn passed (or the game starts): each seat is charged and gets a fresh allowance.
    Otherwise a person's seat that was running and is still required keeps its clock as it is, except the
    seats in ``fresh``, which are charged and start again with a full allowance."""
    people = any(s.user_id is not None and not s.is_bot for s in seats)
    for seat in seats:
        if not new_turn and seat.index not in fresh and _keeps_running(seat, required):
            continue
        charge(seat, game, now)
        if new_turn or seat.index in fresh:
            seat.turn_left = None
        if seat.index in required:
            arm(seat, game, now, people)
        else:
            disarm(seat)
