"""A game created, played and finished in the browser, against a bot moved by Celery."""


import pytest

from accounts.models import User
from games.models import Game, Move
from tests.fixtures.browsers import (
    assert_shows_a_fresh_table,
    create_table_in_browser,
    play_until_finished,
    screenshot,
    watch_kept_pushes,
)

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
    pushes = watch_kept_pushes(page)  # watched from a reload of the table
    page.reload()
    play_until_finished(page, game, PREFERRED, 240, "estanciero-table-desktop", shot_after=6)
    page.wait_for_selector(".outcome", timeout=20000)
    screenshot(page, "estanciero-finished")
    # The pushes named the board's unchanged spaces, deeds and log lines (data-keep), most of them in runs
    # (data-run), and the page filled them from what it showed: after the whole game it shows what a fresh page
    # of the final table shows.
    assert pushes["kept"] and pushes["runs"], pushes
    # The game under way came as the table every viewer shares, with this page's own parts (its seat, its moves,
    # its deal form) beside it, which the page put in place: it played the whole game through them.
    assert pushes["own"], pushes
    assert page.locator("#table g.es-cell").count() == 42
    assert_shows_a_fresh_table(page)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    sources = set(Move.objects.filter(game=game).values_list("source", flat=True))
    assert {"ui", "bot"} <= sources
    page.click(".outcome a[href$='/verify/']")
    page.wait_for_url(f"**/games/{game.pk}/verify/")
    assert page.locator(".checks .ok").count() == 2
    screenshot(page, "verify")
