"""Trading in the browser (Playing the Game: offers between players): the player on turn offers a trade to
another person with the trade panel, who sees it on their own screen, in their own language; the panel the
offer came from is still the person's own after the update."""

import random

import pytest

from accounts.models import User
from games.core.rulesets import get
from games.models import Game
from games.play.actions import do_move
from games.tables import lifecycle as tables
from games.tests.turn_helpers import live_pages
from tests.fixtures.browsers import screenshot
from tests.support import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def play_until_seat0_trades(game: Game, users: list) -> Game:
    """Random moves (no offers) until seat 0 is on turn in the main phase with at least two kinds of card."""
    rs = get("argentilandia")
    rng = random.Random(5)
    for _ in range(600):
        game = Game.objects.get(pk=game.pk)
        state = game.state
        seat = rs.to_move(state)[0]
        hand = rs.view(state, 0)["hand"]
        if state["phase"] == "main" and seat == 0 and not state["offers"] and sum(1 for c in hand.values() if c) >= 2:
            return game
        legal = [a for a in rs.legal_actions(state, seat) if a["type"] != "offer_trade"]
        action = rs.bot_action(state, seat, rng) if state["phase"] != "main" else rng.choice(legal)
        do_move(game.pk, seat=seat, action=action, expected_version=game.version, actor=users[seat], source="api")
    raise AssertionError("seat 0 never came to trade")


def test_an_offer_from_the_trade_panel_reaches_the_other_person_and_the_panel_stays_whole(daphne_server, browser):
    users = [User.objects.create_user(n, password=f"pw-{n}-1") for n in ("ofrece", "recibe", "mira")]
    game = tables.do_create_table(users[0], "argentilandia", 3, time_control="correspondence")
    for user in users[1:]:
        tables.do_join(game.pk, user)
    tables.do_start(game.pk, users[0])
    game = play_until_seat0_trades(Game.objects.get(pk=game.pk), users)
    hand = get("argentilandia").view(game.state, 0)["hand"]
    give = max(hand, key=hand.get)
    # What the other person holds, so that they can accept it (Accept is offered only then).
    theirs = get("argentilandia").view(game.state, 1)["hand"]
    ask = next((m for m in sorted(theirs, key=theirs.get, reverse=True) if theirs[m] and m != give),
               min(hand, key=hand.get))

    pages = live_pages(browser, daphne_server, game, ((users[0], "es-AR"), (users[1], "en-GB")),
                       viewport={"width": 1280, "height": 1000})
    offering, receiving = pages["ofrece"], pages["recibe"]
    swap_kinds = offering.locator("form.al-swap select[name=action] option").evaluate_all(
        "options => options.map(o => o.value)")

    form = offering.locator("form.al-offer")
    form.locator("select[name=to]").select_option("1")
    form.locator(f"[data-give='{give}']").fill("1")
    form.locator(f"[data-get='{ask}']").fill("1")
    form.locator("button[type=submit]").click()

    receiving.locator(".al-trade .offer.to-me").wait_for(timeout=15000)
    assert "ofrece" in receiving.locator(".al-trade").inner_text()
    payable = {"type": "accept_offer", "offer_id": Game.objects.get(pk=game.pk).state["offers"][0]["id"]} in \
        get("argentilandia").legal_actions(Game.objects.get(pk=game.pk).state, 1)
    assert receiving.locator(".al-trade form[data-key^='accept-']").count() == int(payable)
    assert ("Accept" in receiving.locator(".al-trade").inner_text()) == payable
    offering.locator(".al-trade form[data-key^='cancel-']").wait_for(timeout=15000)
    # Taking the offer back, in Spanish: not the league's "Darme de baja" (unsubscribe me), which it once read.
    assert offering.locator(".al-trade form[data-key^='cancel-'] button").inner_text() == "Retirar oferta"
    screenshot(offering, "argentilandia-offer-made", full_page=False)
    screenshot(receiving, "argentilandia-offer-received", full_page=False)
    # The update that brought the offer left each of the panel's forms whole: the exchange still chooses among
    # the bank, ports and borders (it once showed the offer's "to beto" there), the offer form its players.
    assert offering.locator("form.al-swap select[name=action] option").evaluate_all(
        "options => options.map(o => o.value)") == swap_kinds
    assert offering.locator("form.al-offer select[name=to] option").count() == 3
    state = Game.objects.get(pk=game.pk).state
    assert wait_until(lambda: Game.objects.get(pk=game.pk).state["offers"], timeout=5)
    offer = state["offers"][0]
    assert (offer["to"], offer["give"], offer["get"]) == ([1], {give: 1}, {ask: 1})
