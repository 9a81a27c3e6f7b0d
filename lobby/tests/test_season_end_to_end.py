"""A whole season run by the real Celery beat and worker, with bots as players: registration (the league
page's buttons in Chromium, and the ``league_bots`` command), three rounds opened by the beat's schedule
(its period and the rounds' start times brought down to seconds), games played to the end by the bots,
standings and ratings updated, promotion and relegation, the next season opened. Then the pages people
see, in screenshots: the league's archive, a profile with its history and chart, the leaderboard."""

import sys
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from accounts.models import User
from games.models import Game
from games.tests.test_browser_game import login
from lobby.leagues import create_season
from lobby.models import BotAccount, League, LeagueTable, Membership, PlayerResult, Rating, Season
from tests.fixtures.browsers import screenshot
from tests.fixtures.servers import Proc, server_env
from tests.support import ARTIFACTS, wait_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "locale": "es-AR"}


def start_beat() -> Proc:
    """``celery beat`` with the project's schedule, its league tick and deadline sweep every second."""
    schedule = ARTIFACTS / "league-beat-schedule"
    for leftover in ARTIFACTS.glob("league-beat-schedule*"):
        leftover.unlink()
    env = server_env() | {"LEAGUE_SCHEDULE_SECONDS": "1", "SWEEP_SECONDS": "1"}
    return Proc("celery-beat-league", [sys.executable, "-m", "celery", "-A", "config", "beat", "-l", "info",
                                       "-s", str(schedule)], env)


def test_a_season_of_bots_run_by_the_beat(daphne_server, celery_worker, browser):
    league = League.objects.create(
        name="Liga del Estanciero", slug="estanciero", ruleset="estanciero", table_size=2, division_size=4,
        promote=1, relegate=1, rounds_per_season=3, round_interval=timedelta(seconds=2),
        season_break=timedelta(days=7), options={"max_turns": 2},
        description="Estanciero por correspondencia: dos jugadores por mesa, tres rondas por temporada.")
    season = create_season(league, timezone.now() + timedelta(days=1))  # the start is brought forward below

    # A person registers from the league page, then changes their mind.
    User.objects.create_user("lucia", password="pw-lucia-1234")
    page = browser.new_context(viewport={"width": 1280, "height": 860}, locale="es-AR").new_page()
    login(page, daphne_server, "lucia", "pw-lucia-1234")
    page.goto(f"{daphne_server}/leagues/")
    page.click("text=Liga del Estanciero")
    page.click("text=Anotarme en esta temporada")
    assert page.locator("text=Quedaste anotado para la próxima temporada.").is_visible()
    screenshot(page, "league-registration-desktop")
    assert Membership.objects.filter(season=season, user__username="lucia").exists()
    page.click("text=Darme de baja")
    assert page.locator("text=Te diste de baja de la próxima temporada.").is_visible()
    assert not Membership.objects.filter(season=season, user__username="lucia").exists()

    # Eight bots register (the admin's command); the season starts in two seconds.
    call_command("league_bots", "estanciero", "4", "--level", "easy", stdout=open("/dev/null", "w"))
    call_command("league_bots", "estanciero", "4", stdout=open("/dev/null", "w"))
    start = timezone.now() + timedelta(seconds=2)
    Season.objects.filter(pk=season.pk).update(starts_at=start)
    for rnd in season.rounds.all():
        rnd.starts_at = start + (rnd.number - 1) * league.round_interval
        rnd.save()
    bots = list(User.objects.filter(bot_account__isnull=False).order_by("username"))
    assert len(bots) == 8 and season.members.count() == 8

    beat = start_beat()
    try:
        done = wait_until(lambda: Season.objects.filter(league=league, number=2).exists(), timeout=300, step=1)
    finally:
        beat.stop()
    assert done, f"{beat.tail()}\n{celery_worker.tail()}"

    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED
    rounds = list(season.rounds.order_by("number"))
    assert all(r.opened_at is not None and r.opened_at >= r.starts_at for r in rounds)
    assert [r.opened_at for r in rounds] == sorted(r.opened_at for r in rounds)
    tables = LeagueTable.objects.filter(round__season=season).select_related("game")
    assert tables.count() == 12 and all(t.game.status == Game.Status.FINISHED for t in tables)
    for division in season.divisions.all():
        pairs = {frozenset(t.game.seats.values_list("user_id", flat=True)) for t in tables if t.division_id == division.pk}
        assert len(pairs) == 6  # nobody met the same opponent twice
    # Standings and ratings: every bot played three rated games, each worth one point to its winner.
    assert PlayerResult.objects.filter(game__league_table__round__season=season).count() == 24
    assert sum(PlayerResult.objects.filter(game__league_table__round__season=season)
               .values_list("points", flat=True)) == 12
    assert sorted(Rating.objects.filter(ruleset="estanciero").values_list("games", flat=True)) == [3] * 8
    # Promotion and relegation, and the next season with everyone carried over.
    archive = Membership.objects.filter(season=season)
    up, down = archive.get(movement="up"), archive.get(movement="down")
    assert (up.division.tier, up.final_position, down.division.tier, down.final_position) == (2, 1, 1, 4)
    following = Season.objects.get(league=league, number=2)
    assert following.status == Season.Status.REGISTRATION and following.rounds.count() == 3
    carried = {m.user_id: m.division.tier for m in Membership.objects.filter(season=following)}
    assert carried[up.user_id] == 1 and carried[down.user_id] == 2 and len(carried) == 8

    # What people see.
    page.goto(f"{daphne_server}/leagues/estanciero/season/1/")
    assert page.locator("text=asciende").count() >= 1 and page.locator("text=desciende").count() >= 1
    screenshot(page, "league-season-desktop")
    champion = archive.get(division__tier=1, final_position=1).user
    page.goto(f"{daphne_server}/u/{champion.username}/")
    assert page.locator("svg.chart polyline").count() == 1
    assert page.locator("table.history tbody tr").count() == 3
    screenshot(page, "profile-desktop")
    page.goto(f"{daphne_server}/leaderboards/estanciero/")
    assert page.locator("table.leaderboard tbody tr").count() == 8
    screenshot(page, "leaderboard-desktop")

    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{daphne_server}/leagues/estanciero/season/1/")
    screenshot(phone, "league-season-phone")
    phone.goto(f"{daphne_server}/u/{champion.username}/")
    screenshot(phone, "profile-phone")
    phone.goto(f"{daphne_server}/leagues/estanciero/")
    screenshot(phone, "league-next-season-phone")
    assert BotAccount.objects.filter(level="easy").count() == 4
