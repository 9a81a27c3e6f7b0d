"""Mortgage (Hipoteca): the gaps that mutation testing of ``engine/mortgage.py`` found on 2 December 2026
(docs/TESTING.md, "Mutation testing"): mortgaging or lifting a deed one does not hold, lifting while in debt
or without the money, the grace to lift a received mortgage, and the events the game log reads."""

from __future__ import annotations

from games.estanciero.engine import RULESET as R
from tests.support.engines import refused

from .test_engine_rules import broke, force_dice, game, give


def test_mortgage_only_the_owner_of_a_mortgaged_deed_may_lift_it():
    """Mortgage: the Bank lends on a deed and its owner repays to lift the mortgage, so lifting is refused
    on one's own deed that is not mortgaged and on another player's mortgaged deed; nothing changes."""
    s = game()
    give(s, 0, 12)
    give(s, 1, 16)
    s["mortgaged"]["16"] = {"lift_extra": 0}
    refused(R, s, 0, {"type": "lift_mortgage", "space": 12}, "mortgage")
    refused(R, s, 0, {"type": "lift_mortgage", "space": 16}, "mortgage")
    s, _ = R.apply(s, 1, {"type": "lift_mortgage", "space": 16})
    assert "16" not in s["mortgaged"] and s["owners"]["16"] == 1


def test_shortage_of_money_no_mortgage_is_lifted_while_a_debt_is_owed():
    """Shortage of Money: a player who lacks the money to pay must first sell, mortgage or hand over deeds;
    money raised that way goes to the debt, so lifting a mortgage is refused while the debt is owed, even
    with the lift's cost in hand."""
    s = broke()  # seat 0 owes the Bank 5,000 with 1,000 in hand and deeds 12, 18, 22
    s, _ = R.apply(s, 0, {"type": "mortgage", "space": 12})
    assert s["debts"] and s["players"][0]["money"] >= 1900
    refused(R, s, 0, {"type": "lift_mortgage", "space": 12}, "shortage-of-money")


def test_mortgage_a_deed_lifted_at_once_and_mortgaged_again_costs_no_extra_10_percent():
    """Mortgage: the extra 10% is owed by a player who received a mortgaged field and "do[es] not lift the
    mortgage immediately". One who lifts it at once and then mortgages it again holds a mortgage of their
    own: after the next roll, lifting it costs the mortgage value only."""
    s = game()
    give(s, 0, 12, 1)
    s["mortgaged"]["12"] = {"lift_extra": 0}
    s, _ = R.apply(s, 0, {"type": "propose", "to": 1, "give": {"deeds": [12]}, "ask": {"cash": 1000}})
    s, _ = R.apply(s, 1, {"type": "accept_proposal", "id": s["proposals"][0]["id"]})
    s, _ = R.apply(s, 1, {"type": "lift_mortgage", "space": 12})
    s, _ = R.apply(s, 1, {"type": "mortgage", "space": 12})
    force_dice(s, 1, 2)
    s, _ = R.apply(s, 0, {"type": "roll"})
    money = s["players"][1]["money"]
    s, ev = R.apply(s, 1, {"type": "lift_mortgage", "space": 12})
    assert s["players"][1]["money"] == money - 1900 and "12" not in s["mortgaged"]


def test_the_bank_lends_only_on_a_deed_the_borrower_owns():
    """The Bank + Mortgage: the Bank lends "on FIELDS, RAILROADS and COMPANIES" to the player who holds the
    title deed; a deed of another player, or one the Bank still holds, cannot be mortgaged."""
    s = game()
    give(s, 1, 12)
    refused(R, s, 0, {"type": "mortgage", "space": 12}, "mortgage")
    refused(R, s, 0, {"type": "mortgage", "space": 13}, "mortgage")
    s, _ = R.apply(s, 1, {"type": "mortgage", "space": 12})
    assert "12" in s["mortgaged"]


def test_mortgage_lifting_needs_the_mortgage_value_in_hand_and_exactly_that_is_enough():
    """Mortgage: lifting repays the Bank the mortgage value (1,900 for deed 12); a player holding less is
    refused, told the cost, and a player holding exactly that lifts it and is left with nothing."""
    s = game()
    give(s, 0, 12)
    s["mortgaged"]["12"] = {"lift_extra": 0}
    s["players"][0]["money"] = 1899
    assert refused(R, s, 0, {"type": "lift_mortgage", "space": 12}, "mortgage").params == {"cost": 1900}
    s["players"][0]["money"] = 1900
    s, _ = R.apply(s, 0, {"type": "lift_mortgage", "space": 12})
    assert s["players"][0]["money"] == 0 and "12" not in s["mortgaged"]


def test_the_bank_mortgage_and_its_lifting_are_announced_in_whole_pesos():
    """The Bank + Mortgage: the Bank lends the mortgage value less 10% in advance (1,900 - 190 for deed 12) and
    lifting repays 1,900. The game log (games/estanciero/text.py) tells the table who mortgaged or lifted
    which deed for how much, and names the payments "mortgage" and "mortgage lifted"; the events it reads
    must carry those facts, and sums of money stay whole numbers."""
    s = game()
    give(s, 0, 12)
    s, ev = R.apply(s, 0, {"type": "mortgage", "space": 12})
    assert {"type": "money", "from": None, "to": 0, "amount": 1710, "reason": "mortgage"} in ev
    assert {"type": "mortgaged", "seat": 0, "space": 12, "amount": 1710} in ev
    assert type(s["players"][0]["money"]) is int and s["players"][0]["money"] == 35000 + 1710
    s, ev = R.apply(s, 0, {"type": "lift_mortgage", "space": 12})
    assert {"type": "money", "from": 0, "to": None, "amount": 1900, "reason": "mortgage_lift"} in ev
    assert {"type": "mortgage_lifted", "seat": 0, "space": 12, "amount": 1900} in ev


def test_mortgage_the_grace_to_lift_a_received_mortgage_ends_with_the_next_roll():
    """Mortgage: a received mortgaged field costs another 10% to lift unless lifted "immediately", i.e. before
    the next roll of the dice. That roll ends the grace of every deed received so far: none is still waiting
    for the next one, and the deed's lift now costs 1,900 + 190."""
    s = game()
    give(s, 0, 12, 1)
    s["mortgaged"]["12"] = {"lift_extra": 0}
    s, _ = R.apply(s, 0, {"type": "propose", "to": 1, "give": {"deeds": [12]}, "ask": {"cash": 1000}})
    s, _ = R.apply(s, 1, {"type": "accept_proposal", "id": s["proposals"][0]["id"]})
    assert s["mortgage_grace"] == [12]
    force_dice(s, 1, 2)
    s, _ = R.apply(s, 0, {"type": "roll"})
    assert s["mortgage_grace"] == []
    money = s["players"][1]["money"]
    s, _ = R.apply(s, 1, {"type": "lift_mortgage", "space": 12})
    assert s["players"][1]["money"] == money - 2090
