"""Sale of Properties in the browser: one player proposes a deed for cash with the
deal form, the other accepts it from their own screen."""

import random

import pytest

from accounts.models import User
from games.core.rulesets import get
from games.models import Game
from games.play.actions import do_move
from games.tables import lifecycle as tables
from games.tests.test_browser_game import login
from tests.fixtures.browsers import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def play_until_seat0_owns_a_deed(game, users) -> int:
    rs = get("estanciero")
    rng = random.Random(11)
    for _ in range(400):
        game.refresh_from_db()
        owned = [int(d) for d, o in game.state["owners"].items() if o == 0 and d not in game.state["mortgaged"]]
        seat = rs.to_move(game.state)[0]
        if owned and seat == 0 and game.state["turn"]["phase"] in ("roll", "end"):
            return owned[0]
        legal = rs.legal_actions(game.state, seat)
        buys = [a for a in legal if a["type"] == "buy"] if seat == 0 else []
        plain = [a for a in legal if a["type"] in ("roll", "end_turn", "decline", "pay_fine")]
        action = (buys or plain or legal)[0] if (buys or plain) else rng.choice(legal)
        do_move(game.pk, seat=seat, action=action, expected_version=game.version, actor=users[seat], source="api")
    raise AssertionError("seat 0 never bought a deed")


def test_propose_and_accept_a_sale_between_two_browsers(daphne_server, browser):
    users = [User.objects.create_user(n, password=f"pw-{n}-1") for n in ("vendedor", "compradora")]
    game = tables.do_create_table(users[0], "estanciero", 2, time_control="correspondence")
    tables.do_join(game.pk, users[1])
    tables.do_start(game.pk, users[0])
    deed = play_until_seat0_owns_a_deed(Game.objects.get(pk=game.pk), users)

    seller_ctx, buyer_ctx = browser.new_context(), browser.new_context()
    seller, buyer = seller_ctx.new_page(), buyer_ctx.new_page()
    login(seller, daphne_server, "vendedor", "pw-vendedor-1")
    login(buyer, daphne_server, "compradora", "pw-compradora-1")
    seller.goto(f"{daphne_server}/games/{game.pk}/")
    buyer.goto(f"{daphne_server}/games/{game.pk}/")

    seller.click("#es-propose-box summary")
    seller.check(f"input[data-give-deed][value='{deed}']")
    seller.fill("input[data-ask-cash]", "1500")
    screenshot(seller, "estanciero-propose", full_page=False)
    seller.click("form[data-es-propose] button[type=submit]")
    seller.wait_for_function("() => document.querySelector('[data-version]') !== null")

    def proposals():
        game.refresh_from_db()
        return game.state["proposals"]

    buyer.wait_for_selector(".actions-card button.act-accept_proposal, button.act-accept_proposal", timeout=15000)
    assert len(proposals()) == 1
    proposal = proposals()[0]
    assert proposal["give"]["deeds"] == [deed] and proposal["ask"]["cash"] == 1500 and proposal["to"] == 1
    money_before = [p["money"] for p in game.state["players"]]
    buyer.locator("button.act-accept_proposal").first.click()
    buyer.wait_for_function("() => !document.querySelector('button.act-accept_proposal')", timeout=15000)
    game.refresh_from_db()
    assert game.state["owners"][str(deed)] == 1
    assert [p["money"] for p in game.state["players"]] == [money_before[0] + 1500, money_before[1] - 1500]
    screenshot(buyer, "estanciero-after-sale", full_page=False)
    seller_ctx.close()
    buyer_ctx.close()
