"""A banned or suspended player in a league (docs/LEAGUES.md, "Banned and suspended players"): their league games
under way are played by a bot and end as forfeits for them; they are paired in no round that opens while they
are out of play; they are not carried into the next season, nor can they register while sanctioned; the league
page says so beside their name."""


import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import User
from games.models import Seat
from games.play.actions import MoveRejected
from lobby.leagues import create_season, do_register
from lobby.models import LeagueTable, Membership, PlayerResult, Season
from lobby.schedule import tick
from lobby.tests.conftest import DAY, play_round
from moderation import users as moderation

pytestmark = pytest.mark.django_db

@pytest.fixture
def mod(db):
    user = User.objects.create_user("moderadora", password="pw-moderadora-123")
    user.groups.add(moderation.ensure_moderator_group())
    return User.objects.get(pk=user.pk)


@pytest.fixture
def running(league, people, mod):
    """Season 1 of the league with ana, beto, caro and dani, started: round 1's two tables are in play."""
    t0 = timezone.now().replace(microsecond=0) - 2 * DAY  # its rounds fall due as the test ticks at their times
    season = create_season(league, t0)
    for user in people:
        do_register(season.pk, user)
    tick(t0)
    assert LeagueTable.objects.filter(round__season=season, round__number=1).count() == 2
    client = Client()
    client.force_login(mod)
    return season, t0, client


def seated_in(season: Season, number: int) -> set[str]:
    return set(Seat.objects.filter(game__league_table__round__season=season, game__league_table__round__number=number)
               .values_list("user__username", flat=True))


def test_a_banned_player_forfeits_sits_out_and_is_not_carried_over(running, league):
    season, t0, client = running
    client.post("/moderation/users/beto/act/", {"kind": "ban", "reason": "cheating"})
    game = LeagueTable.objects.get(round__season=season, round__number=1, game__seats__user__username="beto").game
    assert Seat.objects.get(game=game, user__username="beto").is_bot  # a bot plays on at once: nobody waits
    play_round(season, 1)
    tick(t0 + DAY)
    result = PlayerResult.objects.get(game=game, user__username="beto")
    assert result.forfeit and result.points == 0
    assert "beto" in seated_in(season, 1) and "beto" not in seated_in(season, 2)
    assert seated_in(season, 2) == {"ana", "caro", "dani"}
    for lang, words in (("en", "banned: withdrawn"), ("es", "expulsado: retirado")):
        page = Client(HTTP_ACCEPT_LANGUAGE=lang).get(league.get_absolute_url()).content.decode()
        assert f'beto</a> <span class="pill pill-danger">{words}</span>' in page
    for number in (2, 3):
        play_round(season, number)
        tick(t0 + number * DAY)
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED
    following = Season.objects.get(league=league, number=2)
    assert set(Membership.objects.filter(season=following).values_list("user__username", flat=True)) == {
        "ana", "caro", "dani"}


def test_a_suspended_player_sits_out_while_suspended_and_registers_once_it_is_over(running, league, mod):
    season, t0, client = running
    client.post("/moderation/users/caro/act/", {"kind": "suspend", "reason": "abandons games"})
    caro = User.objects.get(username="caro")
    assert Seat.objects.get(game__league_table__round__season=season, user=caro).is_bot
    play_round(season, 1)
    tick(t0 + DAY)
    assert "caro" not in seated_in(season, 2)
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(league.get_absolute_url()).content.decode()
    assert 'caro</a> <span class="pill">suspended</span>' in page
    for number in (2, 3):
        play_round(season, number)
        tick(t0 + number * DAY)
    following = Season.objects.get(league=league, number=2)
    assert not Membership.objects.filter(season=following, user=caro).exists()  # not carried over
    with pytest.raises(MoveRejected) as refused:
        do_register(following.pk, caro)
    assert refused.value.code == "not_your_seat"
    moderation.do_lift(mod, caro.restrictions.get(kind="suspension").pk, "appeal accepted")
    do_register(following.pk, caro)
    assert Membership.objects.filter(season=following, user=caro).exists()


def test_a_sanction_takes_the_player_out_of_a_season_taking_registrations(league, people, mod):
    season = create_season(league, timezone.now() + DAY)
    for user in people:
        do_register(season.pk, user)
    moderation.do_suspend(mod, "dani", "abandons games")
    moderation.do_ban(mod, "ana", "cheating")
    assert set(Membership.objects.filter(season=season).values_list("user__username", flat=True)) == {
        "beto", "caro"}
