"""A person's own games for the "My games" page: those waiting on them first, then the others by whose clock
runs out first; their open tables; their last finished games."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from games.core.rulesets import get
from games.models import Game, Seat
from games.tables.quickplay import fill_time

from .listing import TIME_CONTROL_NAMES, game_name

FINISHED_SHOWN = 5


@dataclass
class Current:
    game: Game
    name: str
    time_control: str
    players: list[str]
    on_move: list[str]  # whose turn it is, by name
    your_turn: bool
    bot_playing: bool  # a bot plays the person's seat after their timeouts
    deadline: datetime | None  # the clock that runs now (the person's, when it is their turn)
    paused: bool = False


@dataclass
class Waiting:
    game: Game
    name: str
    time_control: str
    players: list[str]
    taken: int
    host: bool
    fill_at: datetime | None = None
    extra: dict = field(default_factory=dict)


def _current(game: Game, user) -> Current:
    seats = list(game.seats.all())
    mine = next(s for s in seats if s.user_id == user.pk)
    on_move = set(get(game.ruleset).to_move(game.state)) if game.status == Game.Status.ACTIVE and game.state else set()
    moving = [s for s in seats if s.index in on_move]
    your_turn = mine.index in on_move
    clocks = [s.deadline for s in ([mine] if your_turn else moving) if s.deadline and not (s.is_bot and not s.user_id)]
    return Current(game=game, name=game_name(game.ruleset),
                   time_control=TIME_CONTROL_NAMES.get(game.time_control, game.time_control),
                   players=[s.display_name for s in seats], on_move=[s.display_name for s in moving],
                   your_turn=your_turn and not mine.is_bot, bot_playing=mine.is_bot,
                   deadline=min(clocks) if clocks else None, paused=game.status == Game.Status.PAUSED)


def current_games(user) -> list[Current]:
    games = (Game.objects.filter(seats__user=user, status__in=[Game.Status.ACTIVE, Game.Status.PAUSED]).distinct()
             .prefetch_related("seats__user"))
    rows = [_current(g, user) for g in games]
    far = datetime.max.replace(tzinfo=None)
    return sorted(rows, key=lambda r: (not r.your_turn, r.deadline.replace(tzinfo=None) if r.deadline else far))


def open_tables(user) -> list[Waiting]:
    games = (Game.objects.filter(seats__user=user, status=Game.Status.LOBBY).distinct()
             .prefetch_related("seats__user").order_by("created_at"))
    rows = []
    for game in games:
        seats: list[Seat] = list(game.seats.all())
        quick = fill_time(game)
        rows.append(Waiting(game=game, name=game_name(game.ruleset),
                            time_control=TIME_CONTROL_NAMES.get(game.time_control, game.time_control),
                            players=[s.display_name for s in seats if s.display_name],
                            taken=sum(1 for s in seats if s.user_id or s.is_bot), host=game.created_by_id == user.pk,
                            fill_at=quick[0] if quick else None))
    return rows


def finished_games(user) -> list[Game]:
    return list(Game.objects.filter(seats__user=user, status=Game.Status.FINISHED).distinct()
                .prefetch_related("seats__user").order_by("-finished_at")[:FINISHED_SHOWN])
