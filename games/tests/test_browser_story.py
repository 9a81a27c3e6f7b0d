"""A finished game's story in Chromium: the charts drawn on the game-over card and on the replay, the key moments
jumped to, on a phone in Spanish and a desktop in English, and without JavaScript. Real Daphne, the test's PostgreSQL and Redis."""

from __future__ import annotations

import pytest

from games.tests.test_browser_replay import PHONE, wait_step, watch_errors
from games.tests.test_browser_two_people import in_thread
from games.tests.test_replay import play_out
from tests.fixtures.browsers import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"viewport": {"width": 1280, "height": 900}}
CHARTS = {"estanciero": 5, "argentilandia": 3, "ladrillazo": 3}  # the measures, and the dice where they roll


def charts_drawn(page, section: str) -> list[dict]:
    """Each chart image of the story in ``section``, once loaded: its words and its drawn size."""
    story = page.locator(f"{section} .story")
    story.scroll_into_view_if_needed()
    images = story.locator("img")
    for i in range(images.count()):
        images.nth(i).scroll_into_view_if_needed()  # lazy images load as they come into sight
    page.wait_for_function(
        f"() => [...document.querySelectorAll('{section} .story img')].every(i => i.complete && i.naturalWidth > 0)",
        timeout=20000)
    return images.evaluate_all("(imgs) => imgs.map(i => ({alt: i.alt, width: i.getBoundingClientRect().width, "
                               "natural: i.naturalWidth}))")


@pytest.mark.parametrize("ruleset", list(CHARTS))
def test_the_story_on_the_game_over_card_and_the_replay(daphne_server, browser, players, ruleset):
    """Every game's charts on a phone in Spanish; Estanciero's also on a desktop in English and without JavaScript."""
    game = in_thread(play_out, players, ruleset)
    contexts = [("phone", "es-AR", PHONE, True)]
    if ruleset == "estanciero":
        contexts += [("desktop", "en-GB", DESKTOP, True), ("phone-no-js", "es-AR", PHONE, False)]
    for name, locale, options, scripts in contexts:
        ctx = browser.new_context(locale=locale, java_script_enabled=scripts, **options)
        page = ctx.new_page()
        errors = watch_errors(page)
        page.goto(f"{daphne_server}/games/{game.pk}/")
        drawn = charts_drawn(page, ".card.outcome")
        assert len(drawn) == CHARTS[ruleset]
        assert all(chart["alt"] and chart["natural"] > 0 for chart in drawn)
        if name.startswith("phone"):
            # One chart a row, the screen's width, and nothing wider than the screen.
            assert all(300 <= chart["width"] <= 390 for chart in drawn), drawn
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
            assert "La historia de la partida" in page.locator(".card.outcome .story").inner_text()
        else:
            assert "The game's story" in page.locator(".card.outcome .story").inner_text()
        screenshot(page, f"story-{ruleset}-{name}-game-over", full_page=False)
        page.goto(f"{daphne_server}/games/{game.pk}/replay/")
        assert len(charts_drawn(page, ".replay-story")) == CHARTS[ruleset]
        screenshot(page, f"story-{ruleset}-{name}-replay", full_page=False)
        moments = page.locator(".rp-moments a[data-at]")
        if moments.count():
            # A key moment jumps the replay to its move: in the page with JavaScript, by its link without.
            moment = moments.last
            step = int(moment.get_attribute("data-at"))
            moment.scroll_into_view_if_needed()
            screenshot(page, f"story-{ruleset}-{name}-moments", full_page=False)
            moment.tap() if name == "phone" else moment.click()
            wait_step(page, step)
            assert page.locator(".rp-moments").count() == 1  # still there, outside the step
        if not scripts:
            page.goto(f"{daphne_server}/games/{game.pk}/verify/")
            (dice,) = charts_drawn(page, ".verify")
            assert dice["alt"] == "Cómo cayeron los dados"
            assert "tiradas" in page.locator(".verify .story figcaption").inner_text()
            screenshot(page, "story-verify-phone-no-js")
        assert errors == []
        ctx.close()
