"""Ratings per pace in Chromium, on a phone and a desktop, in Spanish and English: the profile's card shows a rating
and a chart per pace played, each linking to its pace's leaderboard; the leaderboard's pace switch changes the
list; its names link back to the profile's card. Nothing is wider than the screen. Real Daphne, the test's
PostgreSQL."""

from __future__ import annotations

import pytest

from games.models import Game
from games.tests.test_browser_replay import PHONE
from lobby.results import record_game
from lobby.tests.conftest import finished_game, make_people
from tests.fixtures.browsers import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"viewport": {"width": 1280, "height": 900}}


@pytest.fixture
def paced(db):
    """Ana: six blitz games (no longer provisional), two live and a relaxed one (rapid), one correspondence."""
    ana, beto, caro, dani = make_people()
    plan = [("blitz", [ana, beto, caro], [0, 1, 2]), ("blitz", [ana, beto], [1, 0]), ("blitz", [ana, caro], [0, 1]),
            ("blitz", [ana, dani], [0, 1]), ("blitz", [ana, beto, dani], [2, 0, 1]), ("blitz", [ana, caro], [0, 1]),
            ("live", [ana, beto], [1, 0]), ("relaxed", [ana, caro, dani], [1, 2, 0]), ("live", [ana, beto], [0, 1]),
            ("correspondence", [ana, dani], [1, 0])]
    for time_control, users, ranking in plan:
        game = finished_game(users, ranking)
        Game.objects.filter(pk=game.pk).update(time_control=time_control)
        record_game(game.pk)
    return ana


@pytest.mark.parametrize(("device", "lang"), [("phone", "es-AR"), ("phone", "en"), ("desktop", "es-AR"),
                                              ("desktop", "en")])
def test_ratings_per_pace_on_the_profile_and_the_leaderboard(daphne_server, browser, paced, device, lang):
    ctx = browser.new_context(locale=lang, **(PHONE if device == "phone" else DESKTOP))
    page = ctx.new_page()
    page.goto(f"{daphne_server}/u/ana/")
    card = page.locator("#rating-estanciero")
    assert card.locator(".pace-rating").count() == 3
    assert card.locator("svg.chart").count() == 3
    assert card.locator(".pace-rating").first.locator(".pill").count() == 0  # blitz: six games, not provisional
    assert card.locator(".pace-rating").nth(1).locator(".pill").count() == 1
    names = card.locator(".pace-name").all_inner_texts()
    rapid = "Rápidas" if lang == "es-AR" else "Rapid"
    assert [n.lower() for n in names] in (["blitz", rapid.lower(), "correspondencia" if lang == "es-AR"
                                            else "correspondence"], ["blitz", "rapid", "correspondencia"])
    assert page.evaluate("() => document.documentElement.scrollWidth") <= page.viewport_size["width"]
    card.scroll_into_view_if_needed()
    screenshot(page, f"profile-paces-{device}-{lang}", full_page=False)

    card.locator(".pace-rating").nth(1).locator("a").click()  # the rapid leaderboard
    page.wait_for_url("**/leaderboards/estanciero/?pace=rapid")
    assert page.locator(".pace-nav a[aria-current=page]").get_attribute("href").endswith("?pace=rapid")
    assert page.locator("table.leaderboard tbody tr").count() == 4
    assert page.evaluate("() => document.documentElement.scrollWidth") <= page.viewport_size["width"]
    screenshot(page, f"leaderboard-rapid-{device}-{lang}")
    page.locator(".pace-nav a").nth(2).click()  # correspondence
    page.wait_for_url("**/leaderboards/estanciero/?pace=correspondence")
    assert page.locator("table.leaderboard tbody tr").count() == 2
    page.locator("table.leaderboard a", has_text="ana").click()
    page.wait_for_url("**/u/ana/#rating-estanciero")
