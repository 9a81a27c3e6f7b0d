"""Shortage of Money, bankruptcy and Sale of Properties: gaps that the mutation sample of 2 December 2026 found
in ``engine/debt.py`` (``liquidation_value``), ``engine/building.py`` (``liquidate_all``) and ``engine/trade.py``
(``parse_side``), docs/TESTING.md."""

from __future__ import annotations

from games.estanciero.engine import RULESET as R
from games.estanciero.engine import board
from games.estanciero.engine.schema import PHASE_END
from tests.support.engines import refused

from .test_engine_rules import act, force_dice, game


def indebted(money: int) -> dict:
    """Seat 0 owns Formosa (spaces 1-3, chacras 2, 2, 1: 1,000 each to build) and owes the Bank the income tax
    (5,000) with ``money`` in hand."""
    s = game(3)
    s["players"][0]["money"] = money
    for m, lv in zip(board.group_members(1), (2, 2, 1)):
        s["owners"][str(m)], s["buildings"][str(m)] = 0, lv
    force_dice(s, 1, 3)
    s, _ = act(s, 0, {"type": "roll"})
    assert [d["amount"] for d in s["debts"]] == [5000]
    return s


def test_shortage_of_money_bankruptcy_only_when_selling_and_mortgaging_cannot_pay():
    """Shortage of Money: a player who can raise the debt by selling buildings (half their cost) and
    mortgaging deeds (less the 10% interest to lift them) must do so: bankruptcy is not open to them. Here
    the five chacras sell for 5 x 500 and the deeds mortgage for 450 + 450 + 540: 3,940, so 1,060 in hand is
    enough and 1,059 is not."""
    raised = 5 * (board.chacra_cost(1) // 2) + sum(board.mortgage_value(m) * 9 // 10 for m in board.group_members(1))
    assert raised == 3940
    can_pay = indebted(5000 - raised)
    assert {"type": "declare_bankruptcy"} not in R.legal_actions(can_pay, 0)
    cannot = indebted(5000 - raised - 1)
    assert {"type": "declare_bankruptcy"} in R.legal_actions(cannot, 0)


def test_bankruptcy_the_buildings_go_back_to_the_bank_at_half_price():
    """BANKRUPT: the player's buildings return to the Bank's stock (each chacra counted back) and are paid for
    at half price before everything the player holds goes to the creditor (here the Bank)."""
    s = indebted(0)
    stock = dict(s["bank"])
    s, ev = act(s, 0, {"type": "declare_bankruptcy"})
    assert s["bank"]["chacras"] == stock["chacras"] + 5 and s["bank"]["estancias"] == stock["estancias"]
    assert all(s["buildings"][str(m)] == 0 for m in board.group_members(1))
    sales = [e["amount"] for e in ev if e["type"] == "money" and e["reason"] == "building_sale"]
    assert sum(sales) == 5 * (board.chacra_cost(1) // 2)
    assert s["players"][0]["money"] == 0 and s["players"][0]["bankrupt"]


def test_sale_of_properties_a_proposal_names_each_deed_and_card_once():
    """Sale of Properties (decision 25): a side of a proposal lists distinct deeds and distinct jail cards; a
    deed or a card named twice is refused (it would be handed over once and counted twice)."""
    s = game(3)
    s["owners"]["5"] = 0
    s["players"][0]["jail_cards"] = ["D02"]
    s["turn"]["phase"] = PHASE_END
    for side in ({"deeds": [5, 5]}, {"deeds": [5], "jail_cards": ["D02", "D02"]}):
        refused(R, s, 0, {"type": "propose", "to": 1, "give": side, "ask": {"cash": 100}}, "sale-of-properties")
    ok, _ = act(s, 0, {"type": "propose", "to": 1, "give": {"deeds": [5], "jail_cards": ["D02"]}, "ask": {"cash": 100}})
    assert ok["proposals"][0]["give"] == {"deeds": [5], "cash": 0, "jail_cards": ["D02"]}
