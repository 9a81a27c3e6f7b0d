"""The replay viewer in Chromium: from the game-over card, step forward and back, jump, keys, autoplay, a shared
address, another player's view; without JavaScript; on a phone. Real Daphne, the test's PostgreSQL and Redis."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from games.models import Game
from games.tables import lifecycle as tables
from games.tests.test_browser_two_people import in_thread
from games.tests.test_replay import play_out
from tests.fixtures.browsers import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def shown(page) -> int:
    return int(page.locator("#replay-step .replay-step").get_attribute("data-at"))


def wait_step(page, n: int) -> None:
    page.wait_for_selector(f"#replay-step .replay-step[data-at='{n}']", timeout=15000)
    assert re.search(rf"[?&]at={n}(&|$)", page.url), page.url


def watch_errors(page) -> list[str]:
    """Script errors and console errors (a Content-Security-Policy violation is one) collected while the test runs."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    return errors


def test_stepping_through_a_finished_game_from_the_game_over_card(daphne_server, browser, players):
    game = in_thread(play_out, players, "estanciero")
    last = game.version
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="es-AR")
    page = ctx.new_page()
    errors = watch_errors(page)

    page.goto(f"{daphne_server}/games/{game.pk}/")
    card = page.locator(".card.outcome")
    card.scroll_into_view_if_needed()
    screenshot(page, "replay-game-over-card", full_page=False)
    card.locator("a.btn-replay").click()
    page.wait_for_url(f"**/games/{game.pk}/replay/")
    assert shown(page) == 0 and "El reparto" in page.locator(".replay-move").inner_text()
    screenshot(page, "replay-desktop-deal", full_page=False)

    # Buttons: forward twice, back once.
    page.click("a[data-go=forward]")
    wait_step(page, 1)
    page.click("a[data-go=forward]")
    wait_step(page, 2)
    page.click("a[data-go=back]")
    wait_step(page, 1)
    assert f"Jugada 1 de {last}" in page.locator(".replay-move").inner_text()

    # Keys: arrows step, End and Home go to the ends.
    page.locator("h1").click()  # the keys belong to the page, not to a field
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    wait_step(page, 4)
    page.keyboard.press("ArrowLeft")
    wait_step(page, 3)
    page.keyboard.press("End")
    wait_step(page, last)
    assert page.locator("a[data-go=forward]").get_attribute("aria-disabled") == "true"
    assert "Fin de la partida" in page.locator(".replay-step .outcome").inner_text()
    page.keyboard.press("Home")
    wait_step(page, 0)
    assert page.locator("a[data-go=back]").get_attribute("aria-disabled") == "true"

    # Jump: a number typed in, then the slider, then a move of the list of earlier ones.
    page.fill(".rp-at", "30")
    page.press(".rp-at", "Enter")
    wait_step(page, 30)
    page.locator(".rp-slider").evaluate("(el) => { el.value = '12'; el.dispatchEvent(new Event('input')); }")
    wait_step(page, 12)
    assert page.locator(".rp-slider").input_value() == "12" and page.locator(".rp-at").input_value() == "12"
    page.locator(".rp-earlier a[data-at='9']").click()
    wait_step(page, 9)
    screenshot(page, "replay-desktop-step", full_page=False)
    page.go_back()  # the browser's back button walks the steps seen
    wait_step(page, 12)

    # Autoplay moves on by itself until paused.
    page.select_option(".rp-speed-select", "400")
    page.click("[data-go=play]")
    assert page.locator("[data-go=play]").get_attribute("aria-pressed") == "true"
    # Three moves on from 12. At or past 15 rather than exactly 15: on a loaded machine the poll could miss a step
    # the autoplay had already left. A failed step would stop it and say so in the error box.
    try:
        page.wait_for_function(
            "() => Number(document.querySelector('#replay-step .replay-step').dataset.at) >= 15", timeout=30000)
    except PlaywrightTimeout:
        raise AssertionError(f"autoplay stopped at {shown(page)}: {page.locator('.rp-error').inner_text()!r}, "
                             f"errors {errors}") from None
    page.click("[data-go=play]")
    assert page.locator("[data-go=play]").get_attribute("aria-pressed") == "false"
    page.wait_for_function("() => !document.getElementById('replay').classList.contains('is-loading')")
    paused_at = shown(page)
    assert paused_at >= 15

    # Another player's view, and the address shares exactly that step.
    page.select_option(".rp-as", "0")
    page.wait_for_selector(".rp-seen-by")
    assert "as=0" in page.url
    shared = page.url
    other = ctx.new_page()
    other.goto(shared)
    assert shown(other) == paused_at and other.locator(".rp-seen-by").count() == 1
    assert other.locator(".rp-as").input_value() == "0"
    assert errors == []

    # A game still in play has no replay: a clear refusal, no board.
    live = in_thread(tables.do_create_table, players[2], "estanciero", 2, bots=1, time_control="correspondence")
    response = page.goto(f"{daphne_server}/games/{live.pk}/replay/?at=0")
    assert response.status == 403
    assert "La repetición se abre cuando termina la partida" in page.locator(".replay-refused").inner_text()
    assert page.locator(".replay-board").count() == 0
    screenshot(page, "replay-refused-live-game", full_page=False)
    ctx.close()


def test_the_replay_works_without_javascript(daphne_server, browser, players):
    game = in_thread(play_out, players, "ladrillazo")
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="es-AR", java_script_enabled=False)
    page = ctx.new_page()
    page.goto(f"{daphne_server}/games/{game.pk}/replay/")
    assert page.locator(".rp-play").is_hidden() and page.locator(".rp-slider").is_hidden()
    page.click("a[data-go=forward]")
    wait_step(page, 1)
    page.click("a[data-go=last]")
    wait_step(page, game.version)
    page.fill(".rp-at", "7")
    page.select_option(".rp-as", "1")
    page.click(".rp-go")
    wait_step(page, 7)
    assert "as=1" in page.url and page.locator(".rp-seen-by").count() == 1
    ctx.close()


@pytest.mark.parametrize("ruleset", ["estanciero", "argentilandia", "ladrillazo"])
def test_the_replay_on_a_phone_and_a_desktop(daphne_server, browser, players, ruleset):
    game = in_thread(play_out, players, ruleset)
    middle = game.version // 2
    for name, options in (("phone", PHONE), ("desktop", {"viewport": {"width": 1280, "height": 900}})):
        ctx = browser.new_context(locale="es-AR", **options)
        page = ctx.new_page()
        errors = watch_errors(page)
        seen_by = "&as=0" if ruleset == "ladrillazo" else ""  # a hand of cards to show
        page.goto(f"{daphne_server}/games/{game.pk}/replay/?at={middle}{seen_by}")
        assert shown(page) == middle
        if name == "phone":
            # Nothing wider than the screen, and the step buttons large enough for a thumb.
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
            forward = page.locator("a[data-go=forward]")
            box = forward.bounding_box()
            assert box["height"] >= 40 and box["width"] >= 40
            forward.tap()
            wait_step(page, middle + 1)
            page.locator("a[data-go=back]").tap()
            wait_step(page, middle)
        screenshot(page, f"replay-{ruleset}-{name}", full_page=False)
        screenshot(page, f"replay-{ruleset}-{name}-full")
        assert errors == []
        ctx.close()
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED


def test_a_game_of_earlier_rules_shows_its_stored_log_and_says_why(daphne_server, browser, players):
    """A game played under an earlier revision of the rules is not redrawn by today's engine: its replay page says
    why, in the reader's language, and lists the stored log; its check of the shuffle says the same; on a phone
    too, and without a script error."""
    from games.tests.test_rules_revision import EARLIER_ES, earlier_rules_game

    game = in_thread(earlier_rules_game, players)
    for name, options in (("desktop", {"viewport": {"width": 1280, "height": 900}}), ("phone", PHONE)):
        ctx = browser.new_context(locale="es-AR", **options)
        page = ctx.new_page()
        errors = watch_errors(page)
        page.goto(f"{daphne_server}/games/{game.pk}/replay/")
        note = page.locator(".rp-rules-note")
        assert EARLIER_ES in note.inner_text() and "Su semilla coincide" in note.inner_text()
        assert page.locator(".rp-stored-log .replay-move").count() == game.version
        assert page.locator(".replay-board").count() == 0
        screenshot(page, f"replay-earlier-rules-{name}", full_page=False)
        page.click(".replay-head a[href$='/verify/']")
        page.wait_for_url(f"**/games/{game.pk}/verify/")
        assert EARLIER_ES in page.locator(".rules-note").inner_text()
        screenshot(page, f"verify-earlier-rules-{name}", full_page=False)
        assert errors == []
        ctx.close()
