"""The player's moves on a phone (issue 40, item 14), in all three games: "Your move" comes right after the board,
before the other players' cards, so nobody scrolls past them to reach their buttons; the floating Chat button
never covers a button; and the hints say what is true at the width they are read at."""

from __future__ import annotations

import pytest

from accounts.models import User
from games.core.rulesets import get
from games.ladrillazo.tests.browsing import clear_position
from games.ladrillazo.tests.helpers import to_hand, to_plot
from games.models import Game, Seat
from games.tables import lifecycle as tables
from games.tests.test_browser_game import login
from games.tests.turn_helpers import in_thread, wait_live
from tests.fixtures.browsers import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
SEATS = {"estanciero": 2, "ladrillazo": 2, "argentilandia": 3}
# A player's card in each game's board: the first one must come after "Your move" on a phone.
PLAYER_CARD = {"estanciero": ".es-player", "ladrillazo": ".lz-player:not(.mine)", "argentilandia": ".al-players"}
# What is drawn first: the board (Ladrillazo's table has no drawing of its own: the turn's status line).
BOARD = {"estanciero": ".es-board", "ladrillazo": ".lz-status", "argentilandia": ".al-map"}


def estanciero_for_sale(state: dict) -> None:
    """Seat 0 stands on Formosa South, for sale: the buy panel, its hint and Buy/Decline are on the table."""
    state["players"][0]["position"] = 1
    state["turn"] = {"seat": 0, "phase": "buy", "doubles": 0, "dice": [1, 0], "again": False, "offer": 1}


def ladrillazo_with_cards(state: dict) -> None:
    clear_position(state)
    for key in ("ladrillos_sa", "cunado", "solar_urbanizable"):
        to_hand(state, 0, key)
    to_plot(state, 0, "dehesa")
    to_plot(state, 1, "adosados")


ARRANGE = {"estanciero": estanciero_for_sale, "ladrillazo": ladrillazo_with_cards, "argentilandia": None}


def the_player_on_move(browser, base: str, ruleset: str, lang: str, device: dict, tag: str = ""):
    """A started table of people only (no bot moves in the middle of a measurement), opened by the person whose
    move it is, in ``lang``. Returns (page, context)."""
    users = []
    for i in range(SEATS[ruleset]):
        user = User.objects.create_user(f"{ruleset[:4]}{lang}{tag}{i}", password="pw-phone-1", language=lang)
        users.append(user)
    game = in_thread(tables.do_create_table, users[0], ruleset, len(users), time_control="correspondence")
    for user in users[1:]:
        in_thread(tables.do_join, game.pk, user)
    in_thread(tables.do_start, game.pk, users[0])
    if ARRANGE[ruleset]:
        state = Game.objects.get(pk=game.pk).state
        ARRANGE[ruleset](state)
        Game.objects.filter(pk=game.pk).update(state=state)
    state = Game.objects.get(pk=game.pk).state
    seat = get(ruleset).to_move(state)[0]
    mover = Seat.objects.select_related("user").get(game_id=game.pk, index=seat).user
    ctx = browser.new_context(**device)
    page = ctx.new_page()
    login(page, base, mover.username, "pw-phone-1")
    page.goto(f"{base}/games/{game.pk}/")
    wait_live(page)
    page.wait_for_selector("#table .actions-card")
    return page, ctx


def buttons_under_the_chat(page) -> list[str]:
    """The page's buttons and fields (the table's and the footer's) that the Chat button covers, as seen now: the
    part of each in sight (below the sticky header, inside the screen) that the button's box overlaps."""
    return page.evaluate("""() => {
      const chat = document.querySelector('.chat-toggle').getBoundingClientRect();
      const top = document.querySelector('.site-header').getBoundingClientRect().bottom;
      const hit = r => {
        const t = Math.max(r.top, top), b = Math.min(r.bottom, window.innerHeight);
        return r.width > 0 && b > t && r.left < chat.right && chat.left < r.right && t < chat.bottom && chat.top < b;
      };
      return Array.from(document.querySelectorAll('#table button, #table input, #table select, #table summary, footer a'))
        .filter(el => el.checkVisibility() && hit(el.getBoundingClientRect()))
        .map(el => (el.textContent || el.name || el.tagName).trim().slice(0, 40));
    }""")


@pytest.mark.parametrize("ruleset", ["estanciero", "ladrillazo", "argentilandia"])
def test_your_move_comes_before_the_players_and_the_chat_covers_no_button_on_a_phone(daphne_server, browser, ruleset):
    page, ctx = the_player_on_move(browser, daphne_server, ruleset, "en", PHONE)
    moves = page.locator("#table .actions-card").bounding_box()
    board = page.locator(f"#table {BOARD[ruleset]}").bounding_box()
    first_player = page.locator(f"#table {PLAYER_CARD[ruleset]}").first.bounding_box()
    assert moves["y"] < first_player["y"], "Your move comes before the players' cards"
    assert board["y"] < moves["y"], "the board still comes first"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    # The last move button, scrolled to the bottom of the screen, is not under the Chat button.
    last = page.locator("#table .actions-card :is(button, summary):visible").last
    last.evaluate("el => el.scrollIntoView({block: 'end'})")
    assert buttons_under_the_chat(page) == []
    # Nor is anything at the very bottom of the page.
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    assert buttons_under_the_chat(page) == []
    ctx.close()


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_the_buy_hint_says_where_the_buttons_are(daphne_server, browser, device):
    """Estanciero's "For sale" panel tells the player where Buy and Decline are: on a phone they are not beside
    the board."""
    page, ctx = the_player_on_move(browser, daphne_server, "estanciero", "en", PHONE if device == "phone" else DESKTOP)
    hint = page.locator("#table .es-p-buy .es-hint").inner_text()
    assert "beside the board" not in hint
    assert "Your move" in hint
    panel = page.locator("#table .actions-card").bounding_box()
    if device == "phone":
        assert panel["y"] < page.locator("#table .es-player").first.bounding_box()["y"]
    ctx.close()


YOUR_MOVE = {"es": "Tu jugada", "en": "Your move"}


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("ruleset", ["estanciero", "ladrillazo", "argentilandia"])
def test_the_table_reads_in_its_language_and_fits_on_a_phone_and_a_desktop(daphne_server, browser, ruleset, lang):
    """The table in the player's language, no wider than the screen, on a phone and a desktop; the pictures
    (test-artifacts/phone-*.jpg, desk-*.jpg) are for people to look at."""
    for name, device in (("phone", PHONE), ("desk", DESKTOP)):
        page, ctx = the_player_on_move(browser, daphne_server, ruleset, lang, device, tag=name)
        assert page.evaluate("() => document.documentElement.lang") == lang
        assert page.locator("#table .actions-card h2").inner_text() == YOUR_MOVE[lang]
        assert page.evaluate("() => document.documentElement.scrollWidth") <= device["viewport"]["width"]
        screenshot(page, f"{name}-{ruleset}-{lang}", full_page=False)
        screenshot(page, f"{name}-{ruleset}-{lang}-full")
        ctx.close()
