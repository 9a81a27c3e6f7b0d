"""Argentilandia in the browser: a person and two bots (moved by Celery) from the
preliminary round to the end (a victory, or the table's 8-turn limit), with the map drawn and
updated live; the person refuses the bots' trade offers, which wait for the answer."""


import pytest

from accounts.models import User
from games.models import Game, Move
from games.tests.test_browser_game import login
from tests.fixtures.browsers import (
    assert_shows_a_fresh_table,
    create_table_in_browser,
    play_until_finished,
    screenshot,
    watch_kept_pushes,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PREFERRED = ["discard", "contest_roll", "refuse_offer", "roll", "end_turn", "pass"]


def test_argentilandia_with_two_bots_in_chromium(daphne_server, celery_worker, browser):
    User.objects.create_user("porteña", password="pw-portena-1")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    pushes = watch_kept_pushes(page)
    login(page, daphne_server, "porteña", "pw-portena-1")
    create_table_in_browser(page, daphne_server, "argentilandia", seats=3, bots=2, max_turns=8)
    game = Game.objects.get()
    Game.objects.filter(pk=game.pk).update(bot_delay_ms=50)
    assert page.locator("#table [data-target^='province:']").count() == 24
    play_until_finished(page, game, PREFERRED, 150, "argentilandia-table-desktop", shot_after=40, full_page=False)
    game.refresh_from_db()
    if game.status != Game.Status.FINISHED:  # say where it stuck before failing
        from games.core.rulesets import get

        rs = get("argentilandia")
        screenshot(page, "argentilandia-stuck", full_page=False)
        print("stuck at", game.version, game.state["phase"], rs.to_move(game.state), rs.legal_actions(game.state, 0)[:5],
              list(game.seats.values_list("index", "deadline", "is_bot")))
    page.wait_for_selector(".outcome", timeout=30000)
    screenshot(page, "argentilandia-finished", full_page=False)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.outcome["ranking"]
    # Bot games end by Victory in about 11 rounds; the table's 8-turn limit keeps the browser run short.
    assert game.outcome["reason"] in ("victory", "turn_limit"), game.outcome
    assert {"ui", "bot"} <= set(Move.objects.filter(game=game).values_list("source", flat=True))
    # The pushes named the provinces, ports, industries and log lines the page showed, mostly in runs, and the
    # page filled them in: it shows what a fresh page of the final table shows.
    assert pushes["kept"] and pushes["runs"], pushes
    # While the game ran, the table was the one every viewer shares, with the person's own parts put in its slots.
    assert pushes["own"], pushes
    assert_shows_a_fresh_table(page)
    # A province's hint, shared by every viewer, still tells the person how many of its MPs they hold.
    page.locator("#table [data-target='province:buenos_aires']").focus()
    shown = page.wait_for_selector("#hint-pop").text_content()
    assert shown.startswith("Buenos Aires: rolled on") and "You hold " in shown and shown.endswith("MPs."), shown
    context.close()
