"""The league clock with time in the test's hands (``tick(now)``): a season starts at its time, rounds open
at theirs once the previous round has ended, and at the end promotion and relegation open the next season.
Games are played synchronously through the real move path."""

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games.models import Game, Seat
from games.play.actions import MoveRejected
from lobby.leagues import create_season, do_register, movements, split_tiers
from lobby.models import Division, LeagueTable, Membership, Rating, Round, Season
from lobby.schedule import tick
from lobby.tests.conftest import DAY, play_round

pytestmark = pytest.mark.django_db

@pytest.fixture
def t0():
    return timezone.now().replace(microsecond=0) + DAY


def register_all(season: Season, users) -> None:
    for user in users:
        do_register(season.pk, user)


def test_seasons_are_created_with_their_rounds_scheduled(league, t0):
    season = create_season(league, t0)
    assert season.number == 1 and season.status == Season.Status.REGISTRATION
    assert list(season.rounds.values_list("number", "starts_at")) == [(1, t0), (2, t0 + DAY), (3, t0 + 2 * DAY)]
    assert create_season(league, t0 + 30 * DAY).number == 2


def test_registration_closes_when_the_season_starts_and_divisions_follow_the_ratings(league, t0, bot_users):
    season = create_season(league, t0)
    register_all(season, bot_users)
    for i, user in enumerate(bot_users):  # bot-normal-8 is the strongest at the league's pace, correspondence
        Rating.objects.create(user=user, ruleset="estanciero", pace="correspondence", mu=20 + i, games=3)
        Rating.objects.create(user=user, ruleset="estanciero", pace="rapid", mu=40 - i, games=3)  # not this pace
    assert tick(t0 - timedelta(seconds=1)).started == []
    report = tick(t0)
    season.refresh_from_db()
    assert report.started == [season.pk] and season.status == Season.Status.RUNNING
    top = set(Membership.objects.filter(season=season, division__tier=1).values_list("user__username", flat=True))
    assert top == {f"bot-normal-{i}" for i in (5, 6, 7, 8)}
    assert Membership.objects.filter(season=season, division__tier=2).count() == 4
    with pytest.raises(MoveRejected) as refused:
        do_register(season.pk, bot_users[0])
    assert refused.value.code == "not_active"
    # Round 1 was due at the start: two tables of two in each division, rated, correspondence, started.
    tables = LeagueTable.objects.filter(round__season=season)
    assert report.rounds and tables.count() == 4
    for table in tables:
        game = table.game
        assert game.rated and game.time_control == "correspondence" and game.status == Game.Status.ACTIVE
        assert game.options == {"max_turns": 2, "claim_rents": True}  # the ruleset's rated_options: the book's rents
        seats = list(Seat.objects.filter(game=game))
        assert all(s.is_bot and s.user_id for s in seats)  # bot accounts: bots under their own names
        assert {s.user_id for s in seats} <= set(table.division.members.values_list("user_id", flat=True))


def test_a_season_with_too_few_players_waits_a_round_interval(league, t0, bot_users):
    season = create_season(league, t0)
    register_all(season, bot_users[:1])
    tick(t0)
    season.refresh_from_db()
    assert season.status == Season.Status.REGISTRATION and season.starts_at == t0 + DAY
    assert season.rounds.get(number=1).starts_at == t0 + DAY


def test_a_round_opens_at_its_time_once_the_previous_round_has_ended(league, t0, bot_users):
    season = create_season(league, t0)
    register_all(season, bot_users[:4])
    tick(t0)
    assert tick(t0 + DAY).rounds == []  # round 1 still in play
    play_round(season, 1)
    early = tick(t0 + DAY - timedelta(seconds=1))
    assert early.rounds == [] and early.recorded == 4  # results recorded (no worker here), round 2 not yet due
    assert tick(t0 + DAY).rounds == [season.rounds.get(number=2).pk]
    assert tick(t0 + DAY).rounds == []  # once
    assert LeagueTable.objects.filter(round__number=2).count() == 2


def test_a_whole_season_ends_with_promotion_relegation_and_the_next_season(league, t0, bot_users):
    season = create_season(league, t0)
    register_all(season, bot_users)
    tick(t0)
    for number in (1, 2, 3):
        play_round(season, number)
        report = tick(t0 + number * DAY)
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED and report.closed == [season.pk]
    for division in season.divisions.all():
        pairs = [frozenset(t.game.seats.values_list("user_id", flat=True)) for t in division.tables.all()]
        assert len(pairs) == 6 and len(set(pairs)) == 6  # three rounds of four players: a round robin
    archive = {m.user_id: m for m in Membership.objects.filter(season=season)}
    assert sorted(m.final_position for m in archive.values()) == [1, 1, 2, 2, 3, 3, 4, 4]
    promoted = [m for m in archive.values() if m.movement == "up"]
    relegated = [m for m in archive.values() if m.movement == "down"]
    assert [(m.division.tier, m.final_position) for m in promoted] == [(2, 1)]
    assert [(m.division.tier, m.final_position) for m in relegated] == [(1, 4)]
    following = Season.objects.get(league=league, number=2)
    assert following.status == Season.Status.REGISTRATION and following.starts_at == t0 + 3 * DAY + 7 * DAY
    assert following.rounds.count() == 3
    carried = {m.user_id: m.division.tier for m in Membership.objects.filter(season=following)}
    assert carried[promoted[0].user_id] == 1 and carried[relegated[0].user_id] == 2
    assert sorted(carried.values()) == [1, 1, 1, 1, 2, 2, 2, 2]
    assert all(r.games == 3 for r in Rating.objects.filter(user__in=bot_users))
    assert tick(t0 + 4 * DAY).closed == []  # closed once


def test_newcomers_join_the_lowest_division_of_the_next_season(league, t0, bot_users, people):
    season = create_season(league, t0)
    register_all(season, bot_users[:4])
    tick(t0)
    for number in (1, 2, 3):
        play_round(season, number)
        tick(t0 + number * DAY)
    following = Season.objects.get(league=league, number=2)
    register_all(following, bot_users[4:8])
    tick(following.starts_at)
    tiers = {m.user_id: m.division.tier for m in Membership.objects.filter(season=following)}
    assert {tiers[u.pk] for u in bot_users[:4]} == {1} and {tiers[u.pk] for u in bot_users[4:8]} == {2}


def test_people_are_mailed_when_their_table_is_ready(league, t0, bot_users, people, mailoutbox,
                                                     django_capture_on_commit_callbacks):
    season = create_season(league, t0)
    register_all(season, [people[0], *bot_users[:3]])
    with django_capture_on_commit_callbacks(execute=True):
        tick(t0)
    assert [m.to for m in mailoutbox] == [["ana@example.com"]]
    game = Seat.objects.get(user=people[0]).game
    assert f"/games/{game.pk}/" in mailoutbox[0].body and league.name in mailoutbox[0].subject


@pytest.mark.django_db(transaction=True)
def test_concurrent_ticks_open_a_round_once(league, t0, bot_users):
    season = create_season(league, t0)
    register_all(season, bot_users)

    def run():
        try:
            tick(t0)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    tick(t0)  # a tick that found the season locked by another does its work now, if any is left
    assert Round.objects.get(season=season, number=1).opened_at is not None
    assert LeagueTable.objects.filter(round__season=season).count() == 4
    assert Division.objects.filter(season=season).count() == 2


def test_promotion_and_relegation_between_tiers():
    tiers = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    moved = movements(tiers, promote=1, relegate=2)
    assert moved[5] == (0, "up") and moved[9] == (1, "up")
    assert moved[3] == (1, "down") and moved[4] == (1, "down") and moved[7] == (2, "down")
    assert moved[1] == (0, "") and moved[12] == (2, "")
    # At most half of a tier moves either way.
    assert sum(1 for _t, m in movements([[1, 2], [3]], promote=3, relegate=3).values() if m) == 1


def test_newcomers_fill_the_lowest_tier_then_new_ones():
    assert split_tiers([], [1, 2, 3, 4, 5, 6, 7, 8, 9], size=4, minimum=2) == [[1, 2, 3, 4], [5, 6, 7, 8, 9]]
    assert split_tiers([[1, 2, 3, 4], [5, 6]], [7, 8, 9], size=4, minimum=1) == [[1, 2, 3, 4], [5, 6, 7, 8], [9]]
    assert split_tiers([[1, 2, 3, 4], [5, 6]], [7, 8, 9], size=4, minimum=2) == [[1, 2, 3, 4], [5, 6, 7, 8, 9]]
    assert split_tiers([[1, 2], []], [], size=4, minimum=2) == [[1, 2]]
