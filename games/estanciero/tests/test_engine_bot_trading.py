"""Bots that trade (issue 13 item 5): answering and making proposals, resting, auctioning, the strong level.

Engine only (no database), except the bot-level checks, which import the framework modules but touch no
table.
"""

from __future__ import annotations

import random

import pytest

from games.estanciero.engine import RULESET as R
from games.estanciero.engine import board, bot
from games.estanciero.engine.schema import PHASE_ROLL


def _game(players: int = 2, seed: str = "trading") -> dict:
    s = R.new_game(players, seed)
    s["turn"]["seat"] = 0
    return s


def _propose(state: dict, frm: int, to: int, give: dict, ask: dict) -> dict:
    state, _ = R.apply(state, frm, {"type": "propose", "to": to, "give": give, "ask": ask})
    return state


def test_engine_bot_refuses_to_complete_a_rivals_province_for_too_little():
    """Sale of Properties ("FIELDS ... may be bought and sold among players"): the bot refuses a deal that
    hands the proposer a whole province unless it gets at least as much: three times the price in cash
    is not enough while it holds no province of its own, nor is a weak province (Formosa) for a strong
    one (Buenos Aires) even at balanced prices."""
    s = _game()
    s["owners"].update({"5": 0, "6": 1})
    s = _propose(s, 0, 1, {"cash": 3 * board.price(6)}, {"deeds": [6]})
    assert bot.bot_action(s, 1, random.Random(1))["type"] == "reject_proposal"

    s = _game(seed="trading-2")
    s["owners"].update({"37": 0, "39": 0, "3": 0, "40": 1, "1": 1, "2": 1})
    s = _propose(s, 0, 1, {"deeds": [3], "cash": board.price(40) - board.price(3)}, {"deeds": [40]})
    assert bot.bot_action(s, 1, random.Random(1))["type"] == "reject_proposal"


def test_engine_bot_accepts_fair_offers():
    """Sale of Properties: the bot accepts deals worth it: enough cash for the last field of a rival's
    province (a third of what the province earns with estancias), and a fair price for a stray field."""
    s = _game()
    s["owners"].update({"5": 0, "6": 1})
    premium = bot.province_strength("Río Negro") // 3
    s = _propose(s, 0, 1, {"cash": premium}, {"deeds": [6]})
    action = bot.bot_action(s, 1, random.Random(1))
    assert action["type"] == "accept_proposal"
    s, _ = R.apply(s, 1, action)
    assert s["owners"]["6"] == 0

    s = _game(seed="trading-3")
    s["owners"].update({"11": 0, "9": 1})
    s = _propose(s, 0, 1, {"cash": 4400}, {"deeds": [9]})  # 1.7x the price for a field seat 0 is collecting
    assert bot.bot_action(s, 1, random.Random(1))["type"] == "accept_proposal"


def test_engine_bot_proposes_a_swap_that_completes_its_own_province_once_a_turn():
    """Sale of Properties: before rolling, the bot offers a deed the other player needs (completing
    their Formosa) plus the difference in cash for the deed completing its own Río Negro; the other bot
    accepts.  It makes one proposal a turn, then rolls (no flood of offers)."""
    s = _game()
    s["owners"].update({"5": 0, "3": 0, "6": 1, "1": 1, "2": 1})
    action = bot.bot_action(s, 0, random.Random(1))
    assert action == {"type": "propose", "to": 1, "give": {"deeds": [3], "cash": 1000}, "ask": {"deeds": [6]}}
    s, _ = R.apply(s, 0, action)
    answer = bot.bot_action(s, 1, random.Random(1))
    assert answer["type"] == "accept_proposal"
    s, _ = R.apply(s, 1, answer)
    assert [s["owners"][str(i)] for i in (5, 6, 1, 2, 3)] == [0, 0, 1, 1, 1]
    s["owners"].update({"9": 0, "11": 0, "13": 1, "17": 1, "19": 1, "20": 0})  # another swap is possible...
    assert s["turn"]["phase"] == PHASE_ROLL
    for _ in range(20):  # ...but not this turn: it builds on its new province, then rolls
        action = bot.bot_action(s, 0, random.Random(1))
        assert action["type"] != "propose"
        if action["type"] == "roll":
            break
        s, _ = R.apply(s, 0, action)
    assert action["type"] == "roll"


def test_engine_bot_rests_on_descanso_before_a_rivals_estancias():
    """Rest (Descanso): "the player has the right, if they wish, to remain for two turns ... The player
    must announce the wish to stay before rolling the dice."  The bot rests when the next roll would
    probably land on a rival's estancias (Santa Fe), and rolls on when the road ahead is clear."""
    s = _game()
    s["players"][0].update({"position": board.REST, "rest_turns": 2})
    assert bot.bot_action(s, 0, random.Random(1))["type"] == "roll"
    s["owners"].update({"23": 1, "24": 1, "26": 1})
    s["buildings"].update({"23": 5, "24": 5, "26": 5})
    action = bot.bot_action(s, 0, random.Random(1))
    assert action == {"type": "rest"}
    s, events = R.apply(s, 0, action)
    assert events[0]["type"] == "rest_announced"


def test_engine_bot_auctions_a_stray_deed_to_pay_the_rents_ahead_once_a_turn():
    """Auction (Remate): "If a player wishes to auction their title deeds in order to have greater value
    available for paying rent, they may do so through the banker."  Short of the rent it may meet on the
    next roll, the bot auctions a deed of a group it holds nothing else of; if nobody buys, it does not
    start another auction in the same turn."""
    s = _game()
    s["players"][0].update({"money": 1500, "position": 0})
    s["owners"].update({"8": 0, "5": 1, "6": 1})
    s["buildings"].update({"5": 5, "6": 5})
    action = bot.bot_action(s, 0, random.Random(1))
    assert action == {"type": "auction", "space": 8}
    s, _ = R.apply(s, 0, action)
    assert s["auction"] is not None and R.to_move(s) == [1]
    s, _ = R.apply(s, 1, {"type": "pass"})
    assert s["owners"]["8"] == 0  # unsold: back to the seller
    assert bot.bot_action(s, 0, random.Random(1))["type"] == "roll"


def test_engine_strong_bot_bids_to_block_a_rivals_province():
    """Auction (Remate): the strong bot values a deed that would complete a rival's province above its
    price (to keep the rival from building); the normal bot bids up to the price only."""
    s = _game(3)
    s["owners"].update({"5": 2, "6": 1})
    s, _ = R.apply(s, 1, {"type": "auction", "space": 6})
    s["auction"]["high_bid"] = board.price(6)
    assert bot.bot_action(s, 0, random.Random(1), "normal")["type"] == "pass"
    assert bot.bot_action(s, 0, random.Random(1), "strong")["type"] == "bid"


def test_engine_bot_levels_strong_is_accepted_and_wired():
    """Shortening the Game aside, bot strength is a table option: "strong" is a known level, the
    Estanciero ruleset plays it, and rulesets without levels play "normal" for it."""
    from games.argentilandia.engine import RULESET as ARG
    from games.play import bots
    from games.play.actions import MoveRejected
    from games.tables import lifecycle as tables

    for level in ("easy", "normal", "strong"):
        tables.check_bot_level(level)
    with pytest.raises(MoveRejected):
        tables.check_bot_level("expert")
    assert "strong" in R.bot_levels
    s = R.new_game(4, "levels")
    seat = R.to_move(s)[0]
    assert bots.choose(R, s, seat, "strong", random.Random(1)) == bot.bot_action(s, seat, None, "strong")
    a = ARG.new_game(3, "levels")
    seat = ARG.to_move(a)[0]
    assert bots.choose(ARG, a, seat, "strong", random.Random(1)) == ARG.bot_action(a, seat, random.Random(1))
