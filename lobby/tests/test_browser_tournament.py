"""A Swiss tournament in Chromium, from its creation to its podium, with two people and two bots: Ana creates it
with the form on a phone (Spanish) and adds two bots, Beto finds it in the list on a desktop (English) and joins;
the beat starts it; both pages show each round's tables and standing as they change, over the tournament's socket,
without a reload; after the last round both show the podium.

The people's games are played by the test through the move path, as a bot would play their seats (clicking a whole
game is the table tests' part): what this test proves is the tournament around them. Real Daphne, a Celery worker
(each game's end moves the tournament on), the test's PostgreSQL and Redis."""

from __future__ import annotations

import random
import time

import pytest
from django.utils import timezone

from accounts.models import User
from games.core.rulesets import get
from games.models import Game, Seat
from games.play.actions import do_move
from games.tests.test_browser_game import login
from games.tests.test_browser_replay import PHONE, watch_errors
from lobby import tournaments
from lobby.models import Tournament, TournamentGame, TournamentPolicy
from tests.fixtures.browsers import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def people_play(t: Tournament, deadline: float) -> None:
    """The people's seats of the tournament's games under way move, as a bot would play them, until those games
    end (the bots' seats move at their own deadlines, in the worker)."""
    rs = get(t.ruleset)
    # The bots hurry (a table with people gives them a person's pace; the pace is the clock tests' part).
    Game.objects.filter(tournament_game__tournament=t, status=Game.Status.ACTIVE).update(bot_delay_ms=50)
    while time.monotonic() < deadline:
        live = list(Game.objects.filter(tournament_game__tournament=t, status=Game.Status.ACTIVE))
        if not live:
            return
        moved = False
        for game in live:
            to_move = rs.to_move(game.state)
            for seat in Seat.objects.filter(game=game, index__in=to_move, is_bot=False).select_related("user"):
                action = rs.bot_action(game.state, seat.index, random.Random(game.version))
                try:
                    do_move(game.pk, seat=seat.index, action=action, expected_version=game.version, actor=seat.user,
                            source="ui")
                    moved = True
                except Exception:  # the game moved on meanwhile (a bot): read it again
                    pass
                break
        if not moved:
            time.sleep(0.05)
    raise AssertionError("the tournament's games did not end")


def test_a_swiss_from_the_form_to_the_podium_with_two_people_and_bots(daphne_server, celery_worker, browser):
    TournamentPolicy.objects.update_or_create(pk=1, defaults={"min_account_days": 0, "min_rated_games": 0})
    User.objects.create_user("ana", password="pw-ana-1")
    User.objects.create_user("beto", password="pw-beto-1")
    ana = browser.new_context(locale="es-AR", **PHONE).new_page()
    beto = browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 900}).new_page()
    errors = watch_errors(ana) + watch_errors(beto)
    login(ana, daphne_server, "ana", "pw-ana-1")
    login(beto, daphne_server, "beto", "pw-beto-1")

    ana.goto(f"{daphne_server}/tournaments/")
    ana.fill("#tn-name", "Copa Ladrillo")
    ana.select_option("#tn-game", "ladrillazo")
    ana.fill("#tn-rounds", "2")
    ana.fill("#tn-starts", "0")
    ana.select_option("#tn-clock", "live")
    ana.locator("form.new-tournament button[type=submit]").tap()
    ana.wait_for_url("**/tournaments/*/")
    t = Tournament.objects.get()
    Tournament.objects.filter(pk=t.pk).update(options={"handful": 5})  # a short game (the form has no options)
    for _ in range(2):
        ana.locator(".btn-add-bot").tap()
        ana.wait_for_load_state()
    beto.goto(f"{daphne_server}/tournaments/")
    beto.get_by_text("Copa Ladrillo").click()
    beto.wait_for_url(f"**/tournaments/{t.pk}/")
    beto.locator(".btn-join-tournament").click()
    beto.wait_for_selector(".tournament-standings >> text=beto")
    for page in (ana, beto):
        page.wait_for_function("() => document.getElementById('tournament-live').dataset.connected === '1'")
    screenshot(ana, "tournament-phone-before", full_page=True)

    assert tournaments.advance(t.pk, timezone.now()) == "started"  # as the beat does when it is due
    for page, words in ((ana, "Ronda 1 de 2"), (beto, "Round 1 of 2")):
        page.wait_for_selector(f".tournament-status >> text={words}", timeout=15000)  # pushed, not reloaded
    assert beto.locator(".tournament-games a").count() == 2
    deadline = time.monotonic() + 180
    people_play(t, deadline)
    for page, words in ((ana, "Ronda 2 de 2"), (beto, "Round 2 of 2")):
        page.wait_for_selector(f".tournament-status >> text={words}", timeout=30000)
    screenshot(beto, "tournament-desktop-round-2", full_page=True)
    people_play(Tournament.objects.get(pk=t.pk), deadline)
    for page, words in ((ana, "Podio"), (beto, "Podium")):
        page.wait_for_selector(f"ol.podium[aria-label='{words}']", timeout=30000)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED and len(t.podium) == 3
    assert TournamentGame.objects.filter(tournament=t).count() == 4
    shown = [li.inner_text() for li in beto.locator("ol.podium li strong").all()]
    assert shown == [p["name"] for p in t.podium]
    screenshot(ana, "tournament-phone-podium", full_page=True)
    assert errors == []
