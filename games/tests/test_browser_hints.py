"""Hints at the table in Chromium, two people at one Estanciero table: "What can I do now?" lists the moves of the
player on move with a line on each and its rule; a board place tells what it is on a mouse's hover (desktop) and on
a long press (phone), and the long press makes no move. Real Daphne, the test's PostgreSQL and Redis."""

from __future__ import annotations

import pytest

from accounts.models import User
from games.core.rulesets import get
from games.models import Game, Move, Seat
from games.tables import lifecycle as tables
from games.tests.test_browser_game import login
from games.tests.test_browser_replay import PHONE, watch_errors
from games.tests.test_browser_two_people import shown_version, wait_live
from tests.fixtures.browsers import click_a_move, create_table_in_browser, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def long_press(page, box: dict, ms: int = 700) -> None:
    """A finger held on the middle of ``box`` (a touch, as a phone sends it, through the DevTools protocol)."""
    cdp = page.context.new_cdp_session(page)
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    page.wait_for_timeout(ms)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_what_can_i_do_now_and_the_boards_hints_on_a_desktop_and_a_phone(daphne_server, browser):
    users = [User.objects.create_user(name, password=f"pw-{name}-1") for name in ("hinta", "hintb")]
    game = tables.do_create_table(users[0], "estanciero", 2, time_control="correspondence")
    tables.do_join(game.pk, users[1])
    tables.do_start(game.pk, users[0])
    game = Game.objects.get(pk=game.pk)
    mover = get("estanciero").to_move(game.state)[0]
    pages = {}
    for seat, (user, options) in enumerate(zip(users, ({"viewport": {"width": 1280, "height": 900}}, PHONE))):
        ctx = browser.new_context(locale="es-AR", **options)
        page = ctx.new_page()
        login(page, daphne_server, user.username, f"pw-{user.username}-1")
        page.goto(f"{daphne_server}/games/{game.pk}/")
        wait_live(page)
        pages[seat] = page
    errors = {seat: watch_errors(page) for seat, page in pages.items()}

    # The player on move: the list of what they can do, with why and the rule.
    page = pages[mover]
    box = page.locator("details.what-now")
    box.locator("summary").click()
    roll = box.locator("li[data-type=roll]")
    assert "Tirar los dados" in roll.inner_text()
    assert roll.locator(".what-now-why").inner_text().strip()
    assert "/rules/estanciero/#" in roll.locator("a").get_attribute("href")
    screenshot(page, f"hints-what-now-seat{mover}", full_page=False)

    # Desktop: a mouse resting on a board place tells what it is.
    desktop = pages[0]
    cell = desktop.locator(".es-cell[data-space='5']")
    cell.hover()
    pop = desktop.locator("#hint-pop")
    pop.wait_for(state="visible", timeout=5000)
    assert "Río Negro Zona Sur" in pop.inner_text() and cell.get_attribute("aria-describedby") == "hint-pop"
    screenshot(desktop, "hints-hover-desktop", full_page=False)
    desktop.mouse.move(5, 5)
    pop.wait_for(state="detached", timeout=5000)

    # Phone: a long press on a place shows its hint and makes no move; a tap elsewhere puts it away.
    phone = pages[1]
    before = shown_version(phone)
    target = phone.locator(".es-cell[data-space='9']")
    target.scroll_into_view_if_needed()
    long_press(phone, target.bounding_box())
    phone.locator("#hint-pop").wait_for(state="visible", timeout=5000)
    assert "Salta Zona Sur" in phone.locator("#hint-pop").inner_text()
    assert phone.locator("#target-pop").count() == 0
    screenshot(phone, "hints-long-press-phone", full_page=False)
    phone.locator("h1").tap()
    phone.locator("#hint-pop").wait_for(state="detached", timeout=5000)
    assert shown_version(phone) == before == Game.objects.get(pk=game.pk).version
    assert errors == {0: [], 1: []}


def test_a_teaching_table_against_a_bot_on_a_phone(daphne_server, celery_worker, browser):
    """Made from the New table form with "Teaching table" ticked: "What can I do now?" stands open, and when the bot
    moves, the log says why (in Spanish), live over the socket."""
    User.objects.create_user("aprendiz", password="pw-aprendiz-1")
    ctx = browser.new_context(locale="es-AR", **PHONE)
    page = ctx.new_page()
    errors = watch_errors(page)
    login(page, daphne_server, "aprendiz", "pw-aprendiz-1")
    create_table_in_browser(page, daphne_server, "estanciero", seats=2, bots=1, max_turns=0, teaching=True)
    wait_live(page)
    game = Game.objects.get()
    assert game.teaching and "para aprender" in page.locator(".table-head").inner_text()
    Game.objects.filter(pk=game.pk).update(bot_delay_ms=300)  # its 4 s are test_teaching_table's: not waited here
    # Whoever starts, the bot moves within a turn: the person plays theirs (the list open while they may move).
    for _ in range(12):
        if page.locator(".log .log-why").count():
            break
        if page.locator(".actions-card button.act:visible").count():
            assert page.locator("details.what-now").get_attribute("open") is not None
            click_a_move(page, ["roll", "decline", "end_turn"])
        page.wait_for_timeout(1500)
    why = page.locator(".log .log-why").first
    try:
        why.wait_for(timeout=15000)
    except Exception:
        print("MOVES", list(Move.objects.filter(game=game).values_list("seq", "source", "action")))
        print("LOG", page.locator(".log").inner_html()[:2000])
        print("SEATS", list(Seat.objects.filter(game=game).values_list("index", "is_bot", "deadline")))
        raise
    # Read and brought into view in one go in the page: the bot keeps moving, and a push replaces the log's lines.
    text = page.evaluate("() => { const el = document.querySelector('.log .log-why');"
                         " if (el) el.scrollIntoView({block: 'center'}); return el ? el.textContent : ''; }")
    assert text.split(" ", 1)[1].startswith("Por qué: "), text
    screenshot(page, "teaching-table-phone", full_page=False)
    assert errors == []


def test_a_province_and_a_card_tell_what_they_are_in_argentilandia_and_ladrillazo(daphne_server, browser):
    """One hint per game, in Chromium: an Argentilandia province tells the seat how many of its MPs it holds
    (Provinces and dice; Monopoly), focused as a keyboard reaches it; a Ladrillazo hand card tells its type, level,
    requirements and powers on a mouse's hover (The Cards; Powers and actions)."""
    from games.play.actions import do_move
    from games.tests.conftest import make_users, open_table

    users = make_users("hintal0", "hintal1", "hintal2")
    game = open_table("argentilandia", users, start=True)
    rs = get("argentilandia")
    mover = rs.to_move(game.state)[0]
    place = next(a for a in rs.legal_actions(game.state, mover) if a.get("province") == "santa_fe")
    do_move(game.pk, seat=mover, action=place, expected_version=game.version, actor=users[mover],
            source=Move.Source.UI)
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    errors = watch_errors(page)
    login(page, daphne_server, users[mover].username, f"pw-{users[mover].username}-123")
    page.goto(f"{daphne_server}/games/{game.pk}/")
    wait_live(page)
    page.locator(".hit[data-target='province:santa_fe']").focus()
    pop = page.locator("#hint-pop")
    pop.wait_for(state="visible", timeout=5000)
    assert "Santa Fe: rolled on 10" in pop.inner_text() and "You hold 1 of its 3 MPs." in pop.inner_text()
    screenshot(page, "hints-argentilandia-province", full_page=False)
    assert errors == []

    lz_users = make_users("hintlz0", "hintlz1")
    lz = open_table("ladrillazo", lz_users, start=True)
    page = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900}).new_page()
    errors = watch_errors(page)
    login(page, daphne_server, "hintlz0", "pw-hintlz0-123")
    page.goto(f"{daphne_server}/games/{lz.pk}/")
    wait_live(page)
    # A card with requirements when the hand holds one (the deal is the game's own shuffle).
    rich = page.locator(".lz-hand .lz-card:not(.lz-t-land):not(.lz-t-citizen):not(.lz-t-mamandurria)")
    card = rich.first if rich.count() else page.locator(".lz-hand .lz-card:not(.lz-t-mamandurria)").first
    card.hover()
    pop = page.locator("#hint-pop")
    pop.wait_for(state="visible", timeout=5000)
    assert pop.inner_text() == card.get_attribute("data-hint") and ", level " in pop.inner_text()
    screenshot(page, "hints-ladrillazo-hand-card", full_page=False)
    assert errors == []
