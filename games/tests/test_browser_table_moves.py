"""What two people see at a live table, each in their own browser and language (issue 40, items 15-18):
Argentilandia's Accept only on an offer one can pay, with the reason otherwise, and a dice contest in the
status bar while it runs; Ladrillazo's proposal answered in one place and its card bar reached with the
keyboard; Estanciero's moves off turn headed as such; the game-over card in the recorded order."""

from __future__ import annotations

import random
import re

import pytest

from accounts.models import User
from games.argentilandia.engine import board as B
from games.argentilandia.tests.test_engine_helpers import main_state
from games.core.rulesets import get
from games.models import Game, Seat
from games.play.actions import do_move
from games.tables import lifecycle as tables
from games.tests.turn_helpers import in_thread, live_pages, wait_live
from tests.fixtures.browsers import screenshot
from tests.support import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def two_people(browser, base: str, ruleset: str, names: tuple[str, ...], locales: tuple[str, ...],
               state=None, seats: int | None = None) -> tuple[Game, list, dict]:
    """A started table of ``names`` (all people) with ``state`` put in place, and a page for each of the
    first two, signed in and live, in ``locales``."""
    users = [User.objects.create_user(n, password=f"pw-{n}-1") for n in names]
    game = in_thread(tables.do_create_table, users[0], ruleset, seats or len(users), time_control="correspondence")
    for user in users[1:]:
        in_thread(tables.do_join, game.pk, user)
    in_thread(tables.do_start, game.pk, users[0])
    game = Game.objects.get(pk=game.pk)
    if state is not None:
        Game.objects.filter(pk=game.pk).update(state=state(game), rev=game.rev + 1)
        game = Game.objects.get(pk=game.pk)
    return game, users, live_pages(browser, base, game, zip(users[:2], locales))


def moved(game: Game, seat: int, user, action: dict) -> Game:
    in_thread(do_move, game.pk, seat=seat, action=action, expected_version=game.version, actor=user, source="api")
    return Game.objects.get(pk=game.pk)


# --- Argentilandia ------------------------------------------------------------------------------------


def test_argentilandia_offers_accept_only_on_an_offer_one_can_pay(daphne_server, browser):
    """Playing the Game (trades between players): ofrece offers a trade asking for soy that recibe does not
    hold: recibe's screen offers no Accept and says why; a payable offer then brings Accept, once."""
    def position(g):
        """ofrece owns Buenos Aires's port and an MP in its province: its 3x1 trade is open to her."""
        state = main_state(n=3, seed=g.seed, hands={0: {"cows": 3, "wood": 2}, 1: {"fish": 2}, 2: {"soy": 2}},
                           mps={"caba": [0] + [None] * (len(B.PROVINCES["caba"]["mps"]) - 1)})
        state["ports"]["puerto_buenos_aires"] = 0
        return state

    game, users, pages = two_people(browser, daphne_server, "argentilandia", ("ofrece", "recibe", "tercera"),
                                    ("es-AR", "en-GB"), state=position)
    offering, receiving = pages["ofrece"], pages["recibe"]
    # The trade panel's forms are the one way to exchange and offer: no buttons for them beside the map.
    assert offering.locator(".actions-card button.act-port_trade, .actions-card button.act-bank_trade, "
                            ".actions-card button.act-offer_trade").count() == 0
    assert offering.locator("form.al-swap select[name=action] option").all_inner_texts() == [
        "el puerto de Buenos Aires (3x1)"]
    offering.locator("form.al-swap").scroll_into_view_if_needed()
    screenshot(offering, "argentilandia-exchange-form-es", full_page=False)

    game = moved(game, 0, users[0], {"type": "offer_trade", "to": 1, "give": {"cows": 1}, "get": {"soy": 2}})
    oid = game.state["offers"][0]["id"]
    why = receiving.locator(f".al-trade [data-cannot='accept-{oid}']")
    why.wait_for(timeout=15000)
    assert "You cannot accept: You do not hold the cards asked for." in why.inner_text()
    assert receiving.locator(".al-trade form[data-key^='accept-']").count() == 0
    assert receiving.locator(".actions-card button.act-accept_offer").count() == 0
    assert receiving.locator(f".al-trade form[data-key='refuse-{oid}']").count() == 1
    # The offer waiting for an answer is in sight, in the panels' column beside the map.
    box, board = why.bounding_box(), receiving.locator("#table .al-map").bounding_box()
    assert box["x"] > board["x"] + board["width"] and box["y"] + box["height"] < 900, box
    screenshot(receiving, "argentilandia-offer-in-sight-en", full_page=False)
    # The same in Spanish, the reason in the reader's language.
    for code, words in (("es", "No podés aceptar: No tenés las cartas que te piden."), ("en", "You cannot accept")):
        receiving.locator(f".lang-switch button[value='{code}']").click()
        receiving.wait_for_load_state()
        wait_live(receiving)
        assert words in receiving.locator(f".al-trade [data-cannot='accept-{oid}']").inner_text()
        if code == "es":
            screenshot(receiving, "argentilandia-offer-in-sight-es", full_page=False)
    screenshot(receiving, "argentilandia-accept-refused-en", full_page=False)

    # An offer recibe can pay (the fish it holds): Accept, in the panel only, and it is taken.
    game = moved(game, 0, users[0], {"type": "offer_trade", "to": 1, "give": {"cows": 1}, "get": {"fish": 1}})
    oid = game.state["offers"][-1]["id"]
    accept = receiving.locator(f".al-trade form[data-key='accept-{oid}'] button")
    accept.wait_for(timeout=15000)
    assert receiving.locator(".al-trade [data-cannot]").count() == 0
    assert receiving.locator(".actions-card button.act-accept_offer").count() == 0
    accept.scroll_into_view_if_needed()
    screenshot(receiving, "argentilandia-accept-offered-en", full_page=False)
    accept.click()
    assert wait_until(lambda: Game.objects.get(pk=game.pk).state["hands"][1]["cows"] == 1, timeout=15)
    offering.locator(".al-trade form[data-key^='cancel-']").wait_for(state="detached", timeout=15000)


def test_argentilandia_shows_a_dice_contest_in_the_status_bar(daphne_server, browser):
    """Buying another player's MP (the dice contest): while it runs both screens' status bars show seller
    against buyer with their dice, each die as it is rolled; not the production roll before it."""
    def contest(g):
        state = main_state(n=3, seed=g.seed, mps={"san_luis": [0, 0, 1]}, total=6)
        state["officials"][0] += 1
        state["bank_officials"] -= 1
        return state

    game, users, pages = two_people(browser, daphne_server, "argentilandia", ("compra", "vende", "mira"),
                                    ("es-AR", "en-GB"), state=contest)
    buyer, seller = pages["compra"], pages["vende"]
    game = moved(game, 0, users[0], {"type": "buy_rival_mp", "province": "san_luis", "slot": 2})
    assert game.state["phase"] == "contest"
    for page, words in ((buyer, "Duelo por una MP"), (seller, "Contest for an MP")):
        duel = page.locator("#table .al-status .al-duel")
        duel.wait_for(timeout=15000)
        text = duel.inner_text()
        assert words in text and re.search(r"vende.*vs.*compra", text, re.S), text
        assert page.locator("#table .al-status .al-dice").count() == 0
    screenshot(buyer, "argentilandia-duel-status-es", full_page=False)

    # The seller rolls on their screen: both bars show the seller's two dice at once.
    seller.locator(".actions-card button.act-contest_roll").click()
    rolled = None
    for page in (buyer, seller):
        page.wait_for_function(
            "() => document.querySelectorAll('#table .al-status .al-duel .die.rolled').length === 2", timeout=15000)
        dice = page.locator("#table .al-status .al-duel .die.rolled").all_inner_texts()
        rolled = rolled or dice
        assert dice == rolled
    assert [int(d) for d in rolled] == Game.objects.get(pk=game.pk).state["contest"]["seller_roll"]
    screenshot(seller, "argentilandia-duel-status-en", full_page=False)


# --- Ladrillazo ---------------------------------------------------------------------------------------


def test_ladrillazo_a_proposal_is_answered_in_one_place(daphne_server, browser):
    """Talks: a proposal reaches the other person, who finds Accept and Reject once, beside it."""
    from games.ladrillazo.tests.browsing import clear_position
    from games.ladrillazo.tests.helpers import to_plot

    def position(g):
        state = g.state
        clear_position(state)
        to_plot(state, 1, "solar_urbanizable")
        to_plot(state, 0, "asesor_fiscal")  # EVADE 2: the proposer has a move of its own while it waits
        state["players"][0]["loose"] += 1
        state["dispenser"] -= 1
        return state

    game, users, pages = two_people(browser, daphne_server, "ladrillazo", ("propone", "responde"),
                                    ("es-AR", "en-GB"), state=position)
    offer = next(a for a in get("ladrillazo").legal_actions(game.state, 0) if a["type"] == "propose")
    moved(game, 0, users[0], offer)
    answering = pages["responde"]
    answering.locator("#lz-deals .lz-b-accept").wait_for(timeout=15000)
    assert answering.locator("button.lz-b-accept, button.act-accept").count() == 1
    assert answering.locator("button.lz-b-reject, button.act-reject").count() == 1
    assert answering.locator(".actions-card button.act-accept, .actions-card button.act-reject").count() == 0
    answering.locator("#lz-deals").scroll_into_view_if_needed()
    screenshot(answering, "ladrillazo-answer-once-en", full_page=False)
    proposing = pages["propone"]
    proposing.locator("#lz-deals .lz-b-cancel").wait_for(timeout=15000)
    assert proposing.locator("button.act-cancel, button.act-propose").count() == 0
    assert proposing.locator(".actions-card h2").inner_text() == "Tu jugada"  # still the proposer's turn
    screenshot(proposing, "ladrillazo-proposal-made-es", full_page=False)
    answering.locator("#lz-deals .lz-b-accept").click()
    proposing.wait_for_function("() => !document.querySelector('#lz-deals')", timeout=15000)


def test_ladrillazo_the_card_bar_is_played_with_the_keyboard(daphne_server, browser):
    """Turn and lower, with Tab, Enter and Space only: the card in hand opens the bar, the focus goes into
    it, Tab walks its controls (the plot cards that pay, then Lower, then Cancel) with the focus showing,
    then returns to the card; the card is lowered from the keyboard."""
    from games.ladrillazo.tests.browsing import clear_position, person_with_a_bot, plot_entry, state_of
    from games.ladrillazo.tests.helpers import to_hand, to_plot

    ids = {}

    def arrange(s):
        clear_position(s)
        ids["builder"] = to_hand(s, 0, "ladrillos_sa")
        ids["land"] = to_plot(s, 0, "solar_urbanizable")
        ids["citizen"] = to_plot(s, 0, "cunado")

    game, page, ctx = person_with_a_bot(browser, daphne_server, "teclado", arrange=arrange)
    page.locator(f"#table .lz-card.in-hand[data-card='{ids['builder']}']").focus()
    page.keyboard.press("Enter")
    bar = page.locator("#lz-bar")
    bar.wait_for()

    def focused() -> str:
        return page.evaluate("() => { const e = document.activeElement; return (e.closest('#lz-bar') ? 'bar ' : '')"
                             " + e.className + ' ' + (e.dataset.card || e.textContent.trim()); }")

    first = focused()
    assert first.startswith("bar lz-bar-pay"), first  # the focus went into the bar, on its first control
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("", "none"), "the focus shows"
    page.keyboard.press("Space")  # pays with the first card
    assert bar.locator(".lz-bar-pay[aria-pressed='true']").count() == 1
    assert focused() == first, "the redrawn bar keeps the focus where it was"
    page.keyboard.press("Tab")
    page.keyboard.press("Space")  # and the second
    assert bar.locator(".lz-bar-pay[aria-pressed='true']").count() == 2
    page.keyboard.press("Tab")
    assert focused().startswith("bar lz-btn lz-bar-go")  # Lower, now enabled
    page.keyboard.press("Tab")
    assert focused().startswith("bar btn-ghost lz-bar-cancel")
    page.keyboard.press("Tab")  # past the bar's last control: back on the card it is about
    assert focused().endswith(str(ids["builder"])) and not focused().startswith("bar")
    page.keyboard.press("Tab")  # and from the card into the bar again
    assert focused().startswith("bar lz-bar-pay")
    screenshot(page, "ladrillazo-bar-keyboard", full_page=False)
    page.keyboard.press("Shift+Tab")
    assert focused().endswith(str(ids["builder"]))
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert focused().startswith("bar lz-btn lz-bar-go")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#table .lz-plot .lz-card[data-card='{ids['builder']}']", timeout=15000)
    assert plot_entry(state_of(game), 0, ids["builder"]) is not None
    ctx.close()


# --- Estanciero ---------------------------------------------------------------------------------------


def test_estanciero_off_turn_moves_are_headed_as_such(daphne_server, browser):
    """Decision 18 (building and deals between turns): the person on turn reads "Your move"; the other
    reads that it is not their turn over what they can do then, and proposes with the deal form, not from a
    stack of example proposals."""
    def shared_province(g):
        state = g.state
        state["owners"]["1"], state["owners"]["2"], state["owners"]["3"] = 0, 1, 1
        return state

    game, users, pages = two_people(browser, daphne_server, "estanciero", ("uno", "dos"), ("es-AR", "en-GB"),
                                    state=shared_province)
    headings = {"uno": ("Tu jugada", "No es tu turno, pero podés"),
                "dos": ("Your move", "Not your turn: you can still")}
    rs = get("estanciero")
    for turn in range(2):  # the turn passes: the headings swap on both screens
        on = game.state["turn"]["seat"]
        playing, waiting = users[on].username, users[1 - on].username
        for name, mine in ((playing, 0), (waiting, 1)):
            pages[name].wait_for_function(
                "h => document.querySelector('.actions-card h2')?.textContent === h", arg=headings[name][mine],
                timeout=15000)
        assert pages[waiting].locator("button.act-propose").count() == 0
        assert pages[playing].locator("button.act-propose").count() == 0
        assert pages[waiting].locator("#es-propose-box").count() == 1
        if not turn:  # what it can do between turns, in the position as set (the bots' play may change it)
            assert pages[waiting].locator("button.act-mortgage").count() >= 1
        screenshot(pages[waiting], f"estanciero-off-turn-{waiting}", full_page=False)
        if turn:
            break
        for step in range(80):  # the seats on move play the bot's choices until the turn is the other's
            if game.state["turn"]["seat"] != on:
                break
            seat = rs.to_move(game.state)[0]
            game = moved(game, seat, users[seat], rs.bot_action(game.state, seat, random.Random(step)))
        assert game.state["turn"]["seat"] != on


# --- the game-over card -------------------------------------------------------------------------------


def test_the_game_over_card_ranks_a_forfeit_last_on_both_screens(daphne_server, browser):
    """A bot played ausente's seat after her timeouts and the game is decided with that seat first: both
    screens' game-over cards put her last, as a forfeit, as the recorded results do, and hers no longer
    offers to take back her seat."""
    from lobby.models import PlayerResult
    from lobby.results import record_game
    from moderation.games import do_adjudicate
    from moderation.users import ensure_moderator_group

    game, users, pages = two_people(browser, daphne_server, "estanciero", ("ausente", "presente"),
                                    ("es-AR", "en-GB"))
    in_thread(lambda: (Seat.objects.filter(game=game, index=0).update(is_bot=True, timeouts=game.max_timeouts),
                       Game.objects.filter(pk=game.pk).update(rev=game.rev + 1)))
    absent, present = pages["ausente"], pages["presente"]
    absent.reload()
    wait_live(absent)
    assert absent.locator(".takeover").count() == 1
    moderator = User.objects.create_user("moderadora", password="pw-moderadora-1")
    moderator.groups.add(ensure_moderator_group())
    moderator = User.objects.get(pk=moderator.pk)
    in_thread(do_adjudicate, moderator, game.pk, [0, 1], "the absent player's bot led when play stopped")
    in_thread(record_game, game.pk)
    recorded = [r.user.username for r in PlayerResult.objects.filter(game=game).order_by("place")]
    assert recorded == ["presente", "ausente"]
    for page, forfeit in ((absent, "abandono"), (present, "forfeit")):
        page.locator("#table .outcome").wait_for(timeout=15000)
        assert page.locator("#table .outcome .ranking strong").all_inner_texts() == recorded
        assert page.locator("#table .outcome .ranking li").last.locator(".pill-forfeit").inner_text() == forfeit
    assert absent.locator(".takeover").count() == 0 and absent.locator("text=Recuperar mi lugar").count() == 0
    screenshot(absent, "game-over-forfeit-es", full_page=False)
    screenshot(present, "game-over-forfeit-en", full_page=False)
