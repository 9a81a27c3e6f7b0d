"""Helpers for the ratings and league tests: finished games made directly, and games played to the end
through the real move path (``do_deadline``), synchronously."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import User
from games.models import Game, Seat
from games.play.actions import do_deadline
from lobby.leagues import make_bot_account

_clock = {"t": timezone.now() - timedelta(days=30)}


def tick_time() -> timezone.datetime:
    """Strictly increasing finish times, so the order of games is the order they were made."""
    _clock["t"] += timedelta(minutes=1)
    return _clock["t"]


def finished_game(users: list, ranking: list[int] | None = None, *, ruleset: str = "estanciero", rated: bool = True,
                  taken_over: tuple[int, ...] = (), bots: tuple[int, ...] = ()) -> Game:
    """A finished game with ``users`` in seats 0.. (None: an anonymous bot seat); ``ranking`` lists seats
    from first to last (default: seat order). ``taken_over``: seats a bot played after the person's timeouts."""
    ranking = list(range(len(users))) if ranking is None else ranking
    game = Game.objects.create(ruleset=ruleset, num_seats=len(users), status=Game.Status.FINISHED, rated=rated,
                               outcome={"ranking": ranking, "winner": ranking[0]}, state={},
                               finished_at=tick_time())
    for i, u in enumerate(users):
        Seat.objects.create(game=game, index=i, user=u, is_bot=u is None or i in taken_over or i in bots,
                            timeouts=game.max_timeouts if i in taken_over else 0)
    return game


def play_out(game_id: int, *, absent: tuple = (), until=None, limit: int = 2000) -> Game:
    """Play a started game through the real move path until it ends (or ``until(game)`` holds). Bots move
    when their clock is made due (``do_deadline``, as the Celery clock does); people move with the bot's
    choice (``do_move``), except the users in ``absent``, whose clocks run out."""
    import random

    from games.core.rulesets import get
    from games.play.actions import do_move

    for step in range(limit):
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.ACTIVE or (until is not None and until(game)):
            return game
        seat = Seat.objects.filter(game=game, deadline__isnull=False).select_related("user") \
            .order_by("deadline", "index").first()
        assert seat is not None, "an active game with no clock running"
        if seat.is_human and seat.user_id not in {u.pk for u in absent}:
            action = get(game.ruleset).bot_action(game.state, seat.index, random.Random(step))
            do_move(game_id, seat=seat.index, action=action, expected_version=game.version, actor=seat.user,
                    source="api")
            continue
        Seat.objects.filter(pk=seat.pk).update(deadline=timezone.now() - timedelta(seconds=1))
        do_deadline(game_id, seat.index, game.version)
    raise AssertionError(f"game {game_id} did not end in {limit} moves")


def make_people() -> list:
    return [User.objects.create(username=name, email=f"{name}@example.com") for name in ("ana", "beto", "caro", "dani")]


def make_bots(count: int = 8) -> list:
    return [make_bot_account(f"bot-normal-{i}") for i in range(1, count + 1)]


DAY = timedelta(days=1)


@pytest.fixture
def league(db):
    """A league of two-player Estanciero tables (two turns a game), four players a division, three rounds a day
    apart, a week between seasons (a test module may define its own)."""
    from lobby.models import League

    return League.objects.create(name="Liga del Estanciero", slug="estanciero", ruleset="estanciero", table_size=2,
                                 division_size=4, promote=1, relegate=1, rounds_per_season=3, round_interval=DAY,
                                 season_break=7 * DAY, options={"max_turns": 2})


def play_round(season, number: int) -> None:
    """Play out every game of round ``number`` of the season (``play_out``)."""
    from lobby.models import LeagueTable

    for table in LeagueTable.objects.filter(round__season=season, round__number=number):
        play_out(table.game_id)


@pytest.fixture
def people(db):
    return make_people()


@pytest.fixture
def bot_users(db):
    return make_bots()


def league_table(users: list, *, ruleset: str = "estanciero", options: dict | None = None, max_timeouts: int = 3):
    """One started league table (season 1, round 1, division 1 of a new league) with these users."""
    from lobby.leagues import do_create_league_table
    from lobby.models import Division, League, Round, Season

    n = League.objects.count() + 1
    league = League.objects.create(name=f"Liga {n}", slug=f"liga-{n}", ruleset=ruleset, table_size=len(users),
                                   options={"max_turns": 2} if options is None else options)
    season = Season.objects.create(league=league, number=1, starts_at=timezone.now(), status=Season.Status.RUNNING)
    rnd = Round.objects.create(season=season, number=1, starts_at=timezone.now())
    division = Division.objects.create(season=season, tier=1)
    table = do_create_league_table(rnd, division, 1, [u.pk for u in users])
    Game.objects.filter(pk=table.game_id).update(max_timeouts=max_timeouts)
    return table


def run_season(league, users, start) -> None:
    """Register ``users`` for a new season of ``league`` starting at ``start`` and play it to its end (one
    tick a day, every game played out synchronously): the next season is then open for registration."""
    from lobby.leagues import create_season, do_register
    from lobby.models import LeagueTable
    from lobby.schedule import tick

    season = create_season(league, start)
    for user in users:
        do_register(season.pk, user)
    tick(start)
    for number in range(1, league.rounds_per_season + 1):
        for table in LeagueTable.objects.filter(round__season=season, round__number=number):
            play_out(table.game_id)
        tick(start + number * league.round_interval)
    return season
