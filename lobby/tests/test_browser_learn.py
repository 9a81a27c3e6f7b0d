"""Learn by playing in Chromium on a phone: from Estanciero's rules page to the guided game; the coach's card and its
move lit up; the learner follows it, the bots answer slowly and say why, and the coach names the next move. Real
Daphne, a Celery worker for the bots' clocks, the test's PostgreSQL and Redis."""

from __future__ import annotations

import pytest

from accounts.models import User
from games.models import Game
from games.tests.test_browser_game import login
from games.tests.test_browser_replay import PHONE, watch_errors
from games.tests.test_browser_two_people import shown_version, wait_live
from tests.fixtures.browsers import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_guided_first_game_on_a_phone(daphne_server, celery_worker, browser):
    User.objects.create_user("novata", password="pw-novata-1")
    ctx = browser.new_context(locale="es-AR", **PHONE)
    page = ctx.new_page()
    errors = watch_errors(page)
    login(page, daphne_server, "novata", "pw-novata-1")
    page.goto(f"{daphne_server}/rules/estanciero/")
    page.locator("form.learn-rules button").tap()
    page.wait_for_url("**/games/*/")
    wait_live(page)
    game = Game.objects.get()
    assert game.teaching
    Game.objects.filter(pk=game.pk).update(bot_delay_ms=300)  # a teaching table's 4 s are checked in test_learn
    followed = 0
    for _ in range(20):
        coach = page.locator(".coach")
        if coach.count():
            assert "Entrenador" in coach.inner_text() and coach.locator("a[href*='/rules/estanciero/#']").count()
            pick = page.locator("form[data-coach] button.act")
            assert pick.count() == 1 and page.locator(".table-grid.coaching").count() == 1
            go = coach.locator("[data-coach-go]")
            # The coach's button names the marked move (both read at once: a push may come between two reads).
            named, marked = page.evaluate("() => [document.querySelector('[data-coach-go]').textContent.trim(), "
                                          "document.querySelector('form[data-coach] button.act').textContent.trim()]")
            assert named == marked
            if followed == 0:
                screenshot(page, "learn-coach-phone", full_page=False)
            before = shown_version(page)
            # The coach's own button first (it sits above the board on a phone), then the move's own button
            # (a move kept among the board's moves sits in a folded list: the coach's button makes it then)
            (pick if followed % 2 and pick.is_visible() else go).tap()
            page.wait_for_function(f"() => Number(document.querySelector('#table [data-version]').textContent) > {before}",
                                   timeout=20000)
            followed += 1
            if followed == 3:
                break
        else:
            page.wait_for_timeout(1500)  # a bot's turn: it takes its time at a teaching table
    assert followed == 3
    assert errors == []
