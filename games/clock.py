"""Seat clocks: who is required, by when, and what an overrun costs.

Every time a game's version changes, each seat that was required is charged
for the time it used beyond ``move_seconds`` (from its reserve), and every
seat that is required now gets a fresh window of ``move_seconds`` plus what is
left of its reserve. Bots get ``bot_delay_ms`` (about the pace of a person,
so people can follow) while a person sits at the table, and move at once when
only bots remain: a bot is a seat whose clock is short and whose "timeout" is
a bot move.
"""

from __future__ import annotations

from datetime import datetime, timedelta


def charge(seat, game, now: datetime) -> None:
    if seat.clock_started is None or seat.is_bot:
        return
    used = (now - seat.clock_started).total_seconds()
    seat.reserve_left = max(0.0, seat.reserve_left - max(0.0, used - game.move_seconds))


# A table of bots only has nobody to pace for: its bots move at once.
BOT_ONLY_DELAY_MS = 50


def arm(seat, game, now: datetime, people_present: bool = True) -> None:
    seat.clock_started = now
    if seat.is_bot:
        delay = game.bot_delay_ms if people_present else min(game.bot_delay_ms, BOT_ONLY_DELAY_MS)
        seat.deadline = now + timedelta(milliseconds=delay)
    else:
        seat.deadline = now + timedelta(seconds=game.move_seconds + seat.reserve_left)


def disarm(seat) -> None:
    seat.clock_started = None
    seat.deadline = None


def rearm_all(game, seats, required: set[int], now: datetime) -> None:
    people = any(s.user_id is not None and not s.is_bot for s in seats)
    for seat in seats:
        charge(seat, game, now)
        if seat.index in required:
            arm(seat, game, now, people)
        else:
            disarm(seat)
