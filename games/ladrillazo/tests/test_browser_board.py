"""Ladrillazo on the board, in Chromium: lowering a card by clicking it in hand and then the plot cards
that pay for it (Turn and lower), backing by clicking or dragging one card onto another with the level
shown before committing (Level and support), and the table on a phone (390×844)."""

from __future__ import annotations

import pytest

from tests.fixtures.browsers import screenshot
from tests.support import wait_until

from .browsing import PHONE, clear_position, person_with_a_bot, plot_entry, state_of
from .helpers import to_hand, to_plot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _card(page, cid):
    return page.locator(f"#table .lz-card[data-card='{cid}']")


def test_lowering_by_clicking_the_hand_card_and_the_plot_cards_that_pay(daphne_server, browser):
    """Turn and lower: a builder needing a land and a citizen is lowered by tapping one of each; the meter
    shows the requirement being met, a card that is not needed is refused before sending, Cancel undoes."""
    ids = {}

    def arrange(s):
        clear_position(s)
        ids["builder"] = to_hand(s, 0, "ladrillos_sa")
        ids["land1"] = to_plot(s, 0, "solar_urbanizable")
        ids["land2"] = to_plot(s, 0, "dehesa")
        ids["citizen"] = to_plot(s, 0, "cunado")

    game, page, ctx = person_with_a_bot(browser, daphne_server, "bajadora", arrange=arrange)
    _card(page, ids["builder"]).click()
    bar = page.locator("#lz-bar")
    bar.wait_for()
    go = bar.locator(".lz-bar-go")
    assert go.is_disabled()
    assert page.locator("#table .lz-card.lz-payable").count() == 3
    # Cancel leaves everything as it was.
    bar.locator(".lz-bar-cancel").click()
    assert page.locator("#lz-bar").count() == 0 and page.locator("#table .lz-payable").count() == 0

    _card(page, ids["builder"]).click()
    _card(page, ids["land1"]).click()
    assert "lz-paying" in _card(page, ids["land1"]).get_attribute("class")
    assert bar.locator(".lz-meter-i.ok").count() == 1 and bar.locator(".lz-meter-i.short").count() == 1
    assert go.is_disabled()
    _card(page, ids["land2"]).click()  # a second land is not needed: the engine would refuse it
    assert go.is_disabled() and "bad" in bar.locator("[data-lz-check]").get_attribute("class")
    _card(page, ids["land2"]).click()  # unchosen again
    _card(page, ids["citizen"]).click()
    assert bar.locator(".lz-meter-i.short").count() == 0 and go.is_enabled()
    screenshot(page, "ladrillazo-lowering-chosen", full_page=False)
    go.click()

    def lowered():
        s = state_of(game)
        return plot_entry(s, 0, ids["builder"]) is not None and s
    s = wait_until(lowered, timeout=15)
    assert s, "the builder is on the plot"
    assert plot_entry(s, 0, ids["land1"])["tapped"] and plot_entry(s, 0, ids["citizen"])["tapped"]
    assert not plot_entry(s, 0, ids["land2"])["tapped"]
    page.wait_for_selector(f"#table .lz-plot .lz-card[data-card='{ids['builder']}']")
    assert page.locator("#lz-bar").count() == 0
    assert page.locator(f"#table .lz-card.tapped[data-card='{ids['land1']}']").count() == 1
    screenshot(page, "ladrillazo-lowered", full_page=False)
    ctx.close()


def test_backing_by_clicking_then_by_dragging(daphne_server, browser):
    """Level and support: a land backs a project (click the land, then the project: the new level is shown
    before committing); another land is dragged onto a card with a land slot."""
    ids = {}

    def arrange(s):
        clear_position(s)
        ids["project"] = to_plot(s, 0, "adosados")
        ids["rustic"] = to_plot(s, 0, "terreno_rustico")
        ids["land1"] = to_plot(s, 0, "solar_urbanizable")
        ids["land2"] = to_plot(s, 0, "paraje_protegido")
        ids["spare"] = to_plot(s, 0, "dehesa")

    game, page, ctx = person_with_a_bot(browser, daphne_server, "avaladora", arrange=arrange)
    _card(page, ids["land1"]).click()
    bar = page.locator("#lz-bar")
    bar.wait_for()
    assert "lz-back-target" in _card(page, ids["project"]).get_attribute("class")
    _card(page, ids["project"]).click()
    preview = bar.locator(".lz-preview").inner_text()
    assert "1 → 2" in preview, preview
    screenshot(page, "ladrillazo-backing-preview", full_page=False)
    assert plot_entry(state_of(game), 0, ids["land1"])["backing"] is None, "nothing is sent before confirming"
    bar.locator(".lz-bar-go").click()
    assert wait_until(lambda: plot_entry(state_of(game), 0, ids["land1"])["backing"] == ids["project"], timeout=15)
    page.wait_for_selector(f"#table .lz-backer .lz-card[data-card='{ids['land1']}']")
    # The page at the game's revision before the drag starts: a push arriving mid-drag morphs the cards under
    # the mouse (seen once under the full suite's load, where the drop then never came).
    game.refresh_from_db()
    page.wait_for_function(f"() => Number(document.querySelector('#table [data-rev]').dataset.rev) >= {game.rev}",
                           timeout=30_000)

    # Dragging with the mouse: the land onto the rustic plot (it shows a land slot).
    page.wait_for_selector(f"#table .lz-card.is-legal[data-card='{ids['land2']}']")
    src = _card(page, ids["land2"]).bounding_box()
    dst = _card(page, ids["rustic"]).bounding_box()
    page.mouse.move(src["x"] + src["width"] / 2, src["y"] + 30)
    page.mouse.down()
    page.mouse.move(src["x"] + src["width"] / 2 + 20, src["y"] + 40, steps=3)
    page.mouse.move(dst["x"] + dst["width"] / 2, dst["y"] + dst["height"] / 2, steps=8)
    screenshot(page, "ladrillazo-dragging", full_page=False)
    page.mouse.up()
    bar.wait_for()
    assert "1 → 2" in bar.locator(".lz-preview").inner_text()
    bar.locator(".lz-bar-go").click()
    assert wait_until(lambda: plot_entry(state_of(game), 0, ids["land2"])["backing"] == ids["rustic"], timeout=30)
    page.wait_for_selector(f"#table .lz-backer .lz-card[data-card='{ids['land2']}']")
    screenshot(page, "ladrillazo-backed", full_page=False)
    ctx.close()


def test_the_table_on_a_phone(daphne_server, browser):
    """The plot and the hand are legible at 390×844 and nothing is wider than the screen; a card chosen
    on the phone opens the bar at the bottom, inside the screen."""
    ids = {}

    def arrange(s):
        clear_position(s)
        ids["builder"] = to_hand(s, 0, "ladrillos_sa")
        for key in ("eurovegas", "cunado", "solar_urbanizable", "asesor_fiscal"):
            to_hand(s, 0, key)
        ids["project"] = to_plot(s, 0, "adosados", tapped=True)
        ids["land"] = to_plot(s, 0, "solar_urbanizable")
        ids["citizen"] = to_plot(s, 0, "rusos")
        to_plot(s, 1, "algarrobico")
        to_plot(s, 1, "primera_linea")

    game, page, ctx = person_with_a_bot(browser, daphne_server, "movilera", device=PHONE, arrange=arrange)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    for sel in ("#table .lz-plot", "#table .lz-hand"):
        box = page.locator(sel).first.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 391, (sel, box)
    # Every card fits on the screen, and its name is at a legible size.
    for card in page.locator("#table .lz-hand .lz-card, #table .lz-player.mine .lz-plot .lz-card").all():
        box = card.bounding_box()
        assert box["x"] >= -1 and box["x"] + box["width"] <= 391, box
    size = page.locator("#table .lz-hand .lz-name").first.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")
    assert size >= 11
    screenshot(page, "ladrillazo-phone", full_page=False)
    screenshot(page, "ladrillazo-phone-full")
    page.locator(f"#table .lz-card[data-card='{ids['builder']}']").tap()
    bar = page.locator("#lz-bar")
    bar.wait_for()
    box = bar.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844
    page.locator(f"#table .lz-card[data-card='{ids['land']}']").tap()
    page.locator(f"#table .lz-card[data-card='{ids['citizen']}']").tap()
    assert bar.locator(".lz-bar-go").is_enabled()
    screenshot(page, "ladrillazo-phone-lowering", full_page=False)
    bar.locator(".lz-bar-go").tap()
    assert wait_until(lambda: plot_entry(state_of(game), 0, ids["builder"]) is not None, timeout=15)
    ctx.close()
