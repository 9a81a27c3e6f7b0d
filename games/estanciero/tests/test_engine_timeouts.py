"""Time-outs (online, docs/rules/estanciero.md decision 34): what a seat does when its clock runs out is the
passive choice: let an open claim go, reject a proposal addressed to it, roll, decline to buy, pay rather than
draw, end the turn, pass in an auction; in debt, sell a building, then mortgage, and declare bankruptcy only
when nothing is left. Gaps that the mutation run of 2 December 2026 found in ``engine/bot.py``
(``timeout_action``): only the claim and proposal cases were pinned; the others were only known to be legal."""

from __future__ import annotations

import pytest

from games.core.rulesets import IllegalAction
from games.estanciero.engine import RULESET as R
from games.estanciero.engine import board
from games.estanciero.engine.schema import PHASE_END

from .test_engine_auction_mutants import auction_of
from .test_engine_rules import act, broke, force_dice, game


def test_time_outs_on_turn_roll_decline_and_end_the_turn():
    s = game()
    assert R.timeout_action(s, 0) == {"type": "roll"}
    force_dice(s, 1, 2)
    s, _ = act(s, 0, R.timeout_action(s, 0))  # lands on a deed for sale
    assert R.timeout_action(s, 0) == {"type": "decline"}
    s, _ = act(s, 0, R.timeout_action(s, 0))
    assert R.timeout_action(s, 0) == {"type": "end_turn"}


def test_time_outs_pay_the_fine_rather_than_draw_a_card():
    s = game(3)
    s["decks"]["destino"] = ["D16"] + [c for c in s["decks"]["destino"] if c != "D16"]  # pay 200 or draw Chance
    s["players"][0]["position"] = 7
    force_dice(s, 1, 2)
    s, _ = act(s, 0, {"type": "roll"})
    assert R.timeout_action(s, 0) == {"type": "choose_card_option", "option": "pay"}


def test_time_outs_pass_in_an_auction():
    s = auction_of(12)
    for seat in R.to_move(s):
        assert R.timeout_action(s, seat) == {"type": "pass"}


def test_time_outs_in_debt_sell_buildings_then_mortgage_and_go_bankrupt_last():
    s = broke()  # seat 0 owes the Bank 5,000 with 1,000 in hand and deeds 12, 18, 22
    assert R.timeout_action(s, 0) == {"type": "mortgage", "space": 12}
    built = broke()
    for m in board.group_members(1):
        built["owners"][str(m)], built["buildings"][str(m)] = 0, 1
    assert R.timeout_action(built, 0)["type"] == "sell_building"
    bare = broke()
    for space in (12, 18, 22):
        bare["owners"][str(space)] = None
    assert R.timeout_action(bare, 0) == {"type": "declare_bankruptcy"}


def test_time_outs_out_of_debt_keep_buildings_and_deeds():
    """Not in debt, a time-out never sells or mortgages: it ends the turn."""
    s = game()
    for m in board.group_members(1):
        s["owners"][str(m)], s["buildings"][str(m)] = 0, 1
    force_dice(s, 3, 4)
    s, _ = act(s, 0, {"type": "roll"})  # to the Livestock Prize: nothing to buy, the turn may end
    assert s["turn"]["phase"] == PHASE_END
    assert {a["type"] for a in R.legal_actions(s, 0)} >= {"sell_building", "end_turn"}
    assert R.timeout_action(s, 0) == {"type": "end_turn"}


def test_time_outs_need_something_to_do():
    """The Game: a seat that is not waited for has no time-out."""
    s = game()
    assert R.to_move(s) == [0] and R.legal_actions(s, 1) == []
    with pytest.raises(IllegalAction) as nothing:
        R.timeout_action(s, 1)
    assert nothing.value.rule == "the-game"
