"""Seat clocks: who is required, by when, and what an overrun costs.

Every time a game's version changes, each seat that was required is charged
for the time it used beyond ``move_seconds`` (from its reserve), and every
seat that is required now gets a fresh window of ``move_seconds`` plus what is
left of its reserve. Bots get ``bot_delay_ms``: a bot is a seat whose clock
is short and whose "timeout" is a bot move.
"""

from __future__ import annotations

from datetime import datetime, timedelta


def charge(seat, game, now: datetime) -> None:
    if seat.clock_started is None or seat.is_bot:
        return
    used = (now - seat.clock_started).total_seconds()
    seat.reserve_left = max(0.0, seat.reserve_left - max(0.0, used - game.move_seconds))


def arm(seat, game, now: datetime) -> None:
    seat.clock_started = now
    if seat.is_bot:
        seat.deadline = now + timedelta(milliseconds=game.bot_delay_ms)
    else:
        seat.deadline = now + timedelta(seconds=game.move_seconds + seat.reserve_left)


def disarm(seat) -> None:
    seat.clock_started = None
    seat.deadline = None


def rearm_all(game, seats, required: set[int], now: datetime) -> None:
    for seat in seats:
        charge(seat, game, now)
        if seat.index in required:
            arm(seat, game, now)
        else:
            disarm(seat)
