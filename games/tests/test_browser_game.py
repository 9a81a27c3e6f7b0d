"""A game created, played and finished in the browser, against a bot moved by Celery."""

import time

import pytest

from accounts.models import User
from conftest import click_a_move, create_table_in_browser, screenshot, wait_for_version_above
from games.models import Game, Move

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PREFERRED = ["roll", "pay_fine", "claim_rent", "claim_prize", "buy", "pay", "end_turn", "decline", "pass"]


def login(page, base, username, password):
    page.goto(base + "/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", password)
    page.click("main form button[type=submit]")
    page.wait_for_url(base + "/")


def test_estanciero_against_a_bot_in_chromium(daphne_server, celery_worker, page):
    User.objects.create_user("jugadora", password="pw-jugadora-1")
    login(page, daphne_server, "jugadora", "pw-jugadora-1")
    create_table_in_browser(page, daphne_server, "estanciero", seats=2, bots=1, max_turns=2, shot="play-es")
    game = Game.objects.get()
    Game.objects.filter(pk=game.pk).update(bot_delay_ms=100)
    assert game.status == Game.Status.ACTIVE
    shot_taken = False

    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            break
        version = game.version
        if click_a_move(page, PREFERRED):
            # The htmx response (and the socket push) re-render the table at the new version.
            wait_for_version_above(page, version)
            if not shot_taken and game.version > 6:
                screenshot(page, "estanciero-table-desktop")
                shot_taken = True
        else:
            time.sleep(0.3)  # the bot is thinking; the socket will push its move
    page.wait_for_selector(".outcome", timeout=20000)
    screenshot(page, "estanciero-finished")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    sources = set(Move.objects.filter(game=game).values_list("source", flat=True))
    assert {"ui", "bot"} <= sources
    page.click(".outcome a[href$='/verify/']")
    page.wait_for_url(f"**/games/{game.pk}/verify/")
    assert page.locator(".checks .ok").count() == 2
    screenshot(page, "verify")
