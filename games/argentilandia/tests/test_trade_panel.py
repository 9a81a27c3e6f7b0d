"""What the Argentilandia table offers a seat, as the page renders it (issue 40, item 15): Accept only on an
offer the engine would take (Playing the Game: trades between players), with the engine's reason when not;
a dice contest in the status bar while it runs (Buying another player's MP: the dice contest); exchanges
with the bank, a port or abroad made with the exchange form alone (Trade; Trading at ports)."""

import re

import pytest

from games.argentilandia.engine import board as B
from games.argentilandia.tests.test_engine_helpers import main_state
from games.core.rulesets import get
from games.models import Game
from games.tests.conftest import client_for, make_users, open_table

pytestmark = pytest.mark.django_db

RS = get("argentilandia")


@pytest.fixture
def table():
    users = make_users("ana", "beto", "caro")
    game = open_table("argentilandia", users, start=True)
    return game, users


def with_state(game: Game, state: dict) -> Game:
    Game.objects.filter(pk=game.pk).update(state=state, rev=game.rev + 1)
    return Game.objects.get(pk=game.pk)


def page(game: Game, user, lang: str = "en") -> str:
    response = client_for(user, lang).get(f"/games/{game.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def offered(game: Game, users, seat: int, give: dict, get_: dict) -> Game:
    """Seat 0 (on turn) offers ``give`` for ``get_`` to ``seat``, through the move path."""
    from games.play.actions import do_move

    do_move(game.pk, seat=0, action={"type": "offer_trade", "to": seat, "give": give, "get": get_},
            expected_version=game.version, actor=users[0], source="ui")
    return Game.objects.get(pk=game.pk)


def accept_forms(html: str) -> list[str]:
    return re.findall(r'data-key="accept-(\d+)"', html)


def test_accept_is_offered_only_on_an_offer_you_can_pay_and_says_why_not(table):
    """Playing the Game: an offer is accepted only by a player who holds the cards it asks for; the page
    offers no Accept the engine would refuse, and gives the engine's reason instead."""
    game, users = table
    state = main_state(n=3, seed=game.seed, hands={0: {"cows": 3, "wood": 2}, 1: {"fish": 1}, 2: {"soy": 2}})
    game = offered(with_state(game, state), users, 1, {"cows": 1}, {"soy": 2})  # beto holds no soy
    oid = game.state["offers"][0]["id"]
    assert {"type": "accept_offer", "offer_id": oid} not in RS.legal_actions(game.state, 1)
    html = page(game, users[1])
    assert accept_forms(html) == [] and "{#" not in html
    assert "You cannot accept: You do not hold the cards asked for." in html
    assert f'data-key="refuse-{oid}"' in html  # refusing is still offered
    spanish = page(game, users[1], "es")
    assert accept_forms(spanish) == [] and "No podés aceptar:" in spanish

    # The same offer to a seat that holds the soy: Accept is there, once (not again beside the board).
    game = offered(game, users, 2, {"cows": 1}, {"soy": 2})
    oid = game.state["offers"][-1]["id"]
    assert {"type": "accept_offer", "offer_id": oid} in RS.legal_actions(game.state, 2)
    html = page(game, users[2])
    assert accept_forms(html) == [str(oid)] and "You cannot accept" not in html
    side = html.split('<aside class="side">')[1]
    assert "act-accept_offer" not in side and "act-refuse_offer" not in side
    # The offer waiting for an answer is in sight: the trade panel comes before the hand and the players.
    assert html.index('class="al-card al-trade"') < html.index('class="al-card al-hand"')


def test_a_dice_contest_shows_in_the_status_bar_not_the_last_production_roll(table):
    """Buying another player's MP: while the dice contest runs, the status bar names seller and buyer and
    shows their dice; the production roll before it is not shown as if it were the news."""
    game, users = table
    state = main_state(n=3, seed=game.seed, mps={"san_luis": [0, 0, 1]}, total=6)
    state["phase"] = "contest"
    state["contest"] = {"kind": "mp", "buyer": 0, "seller": 1, "province": "san_luis", "slot": 2,
                        "return_phase": "main", "seller_roll": [4, 5], "buyer_roll": None}
    game = with_state(game, state)
    for lang, contest in (("en", "Contest for an MP"), ("es", "Duelo por una MP")):
        html = page(game, users[2], lang)
        bar = html.split('class="al-status"')[1].split('class="al-layout"')[0]
        assert "al-dice" not in bar, "the production roll is not the news during a contest"
        duel = bar.split('class="al-duel"')[1]
        assert contest in duel and "beto" in duel and "ana" in duel
        assert duel.index("beto") < duel.index("vs") < duel.index("ana")
        assert re.findall(r'class="die rolled">(\d)<', duel) == ["4", "5"]
        assert 'class="die pending"' in duel  # the buyer has not rolled yet

    # A port roll-off (Trading at ports: tied players roll off) is shown the same way: each player and their die.
    state["contest"], state["phase"] = None, "rolloff"
    state["rolloff"] = {"port": B.PORT_IDS[0], "players": [2, 0], "rolls": [6, None], "return_phase": "main"}
    bar = page(with_state(game, state), users[1]).split('class="al-status"')[1].split('class="al-layout"')[0]
    duel = bar.split('class="al-duel"')[1]
    assert "al-dice" not in bar and "Port roll-off" in duel
    assert duel.index("caro") < duel.index("vs") < duel.index("ana")
    assert re.findall(r'class="die rolled">(\d)<', duel) == ["6"] and 'class="die pending"' in duel

    # Once the contest is over, the bar shows the last roll again.
    state["rolloff"] = None
    state["phase"], state["contest"] = "main", None
    html = page(with_state(game, state), users[2])
    bar = html.split('class="al-status"')[1].split('class="al-layout"')[0]
    assert "al-dice" in bar and "al-duel" not in bar


def test_exchanges_are_made_with_the_exchange_form_alone(table):
    """Trading at ports: the own port's exchanges are legal, and offered by the exchange form only, not by a
    button per material given and got folded beside the map."""
    game, users = table
    port = B.PORT_IDS[0]
    province = B.PORTS[port]["province"]
    state = main_state(n=3, seed=game.seed, hands={0: {"cows": 5, "wood": 1}},
                       mps={province: [0] + [None] * (len(B.PROVINCES[province]["mps"]) - 1)})
    state["ports"][port] = 0
    game = with_state(game, state)
    legal = RS.legal_actions(game.state, 0)
    assert sum(1 for a in legal if a["type"] == "port_trade") >= 8
    html = page(game, users[0])
    for kind in ("bank_trade", "port_trade", "intl_trade", "offer_trade"):
        assert f"act-{kind}" not in html, kind
    swap = html.split('id="al-swap"')[1].split("</form>")[0]
    assert f'"port": "{port}"' in swap
    # Only the partners the engine trades with now: not the bank's 4:1, which this hand cannot pay.
    assert not any(a["type"] == "bank_trade" for a in legal) and "bank_trade" not in swap
    # With no offer waiting for an answer the panel keeps its place, after the hand and the players.
    assert html.index('class="al-card al-trade"') > html.index('class="al-card al-players"')
    # What is left beside the map are the turn's other moves, none folded away.
    assert "more moves" not in html
    assert "act-end_turn" in html


def test_with_no_exchange_possible_the_form_says_so_instead_of_offering_one(table):
    """Trade; Trading at ports: with no 4 identical cards, no port and no border monopoly there is no exchange,
    and the panel says so rather than offer a form the rules would refuse."""
    game, users = table
    game = with_state(game, main_state(n=3, seed=game.seed, hands={0: {"cows": 3, "wood": 2}}))
    assert not any(a["type"] in ("bank_trade", "port_trade", "intl_trade") for a in RS.legal_actions(game.state, 0))
    for lang, words in (("en", "No exchange with the bank, a port or abroad is possible with your cards now."),
                        ("es", "Con tus cartas no podés cambiar ahora")):
        html = page(game, users[0], lang)
        assert 'id="al-swap"' not in html and words in html
        assert 'id="al-offer"' in html  # offering a trade to the others still is


def _move(game: Game, users, seat: int, action: dict) -> Game:
    from games.play.actions import do_move

    do_move(game.pk, seat=seat, action=action, expected_version=game.version, actor=users[seat], source="ui")
    return Game.objects.get(pk=game.pk)


def _banker_note(html: str) -> tuple[str, str]:
    found = re.search(r'<p class="small al-banker" data-banker="([^"]+)">(.*?)</p>', html)
    assert found, "the trade panel says nothing about the Banker"
    return found.group(1), found.group(2)


def test_the_trade_panel_says_when_the_banker_opens(table):
    """Playing the Game 5, Trade (decision 13, issue 42.8): the player on turn is told that the Banker is shut and
    how it opens; an offer to everyone withdrawn at once leaves it shut; once both others refuse one, the panel
    says it is open and the exchange form offers it."""
    game, users = table
    game = with_state(game, main_state(n=3, seed=game.seed, hands={0: {"oil": 5, "wood": 1}, 1: {"fish": 1},
                                                                  2: {"soy": 2}}))
    why, words = _banker_note(page(game, users[0]))
    assert why == "players" and "offer a trade to everyone" in words and "withdrawn offer" in words
    assert "ofrecé un intercambio a todos" in _banker_note(page(game, users[0], "es"))[1]
    offer = {"type": "offer_trade", "to": None, "give": {"oil": 2}, "get": {"fish": 1}}
    game = _move(game, users, 0, offer)
    assert _banker_note(page(game, users[0]))[0] == "waiting"
    game = _move(game, users, 0, {"type": "cancel_offer", "offer_id": game.state["offers"][0]["id"]})
    html = page(game, users[0])
    assert _banker_note(html)[0] == "players" and 'id="al-swap"' not in html  # 5 Oil, no port: nothing to exchange
    game = _move(game, users, 0, offer)
    for seat in (1, 2):
        game = _move(game, users, seat, {"type": "refuse_offer", "offer_id": game.state["offers"][0]["id"]})
    html = page(game, users[0])
    assert _banker_note(html)[0] == "open"
    assert '"type": "bank_trade"' in html.split('id="al-swap"')[1].split("</form>")[0]
    assert 'data-banker' not in page(game, users[1])  # the others are not told what only the turn's player may do
