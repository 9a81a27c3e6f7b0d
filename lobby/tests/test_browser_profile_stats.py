"""The profile's statistics per game in Chromium on a phone: the breakdowns open, the bars drawn, nothing wider than
the screen. Real Daphne, the test's PostgreSQL."""

from __future__ import annotations

import pytest

from games.tests.test_browser_replay import PHONE
from lobby.tests.test_player_stats import ana_record  # noqa: F401  (the fixture)
from tests.fixtures.browsers import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_statistics_on_a_phone(daphne_server, browser, ana_record):  # noqa: F811
    ctx = browser.new_context(locale="es-AR", **PHONE)
    page = ctx.new_page()
    page.goto(f"{daphne_server}/u/ana/")
    details = page.locator(".game-details").first
    details.locator("summary").tap()
    assert details.get_attribute("open") is not None
    bars = details.locator(".wb-bar > span")
    assert bars.count() == 2 + 2 + 2  # two seats, two table sizes, two paces
    widths = bars.evaluate_all("(spans) => spans.map(s => s.getBoundingClientRect().width)")
    full = details.locator(".wb-bar").first.bounding_box()["width"]
    assert widths[0] == pytest.approx(full, abs=1) and widths[1] == 0  # 100% at seat 1, 0% at seat 2
    assert "Aperturas favoritas" in details.inner_text() and "Río Negro Zona Sur" in details.inner_text()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    details.scroll_into_view_if_needed()
    screenshot(page, "profile-statistics-phone", full_page=False)
