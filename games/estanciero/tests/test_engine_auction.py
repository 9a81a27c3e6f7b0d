"""Auction (Remate): the refusals and bid limits that mutation testing found untested (docs/TESTING.md)."""

from __future__ import annotations

from games.estanciero.engine import RULESET as R
from games.estanciero.engine import board
from games.estanciero.engine.mortgage import interest
from tests.support.engines import refused


def game(n: int = 3) -> dict:
    s = R.new_game(n, "unit-test", None)
    s["turn"]["seat"] = 0
    return s


def bids(state: dict, seat: int) -> list[int]:
    return [a["amount"] for a in R.legal_actions(state, seat) if a["type"] == "bid"]


def test_auction_only_ones_own_deed_and_one_auction_at_a_time():
    """Auction (Remate): a player auctions "their own" title deed, through the banker, one auction at a time."""
    s = game()
    s["owners"]["12"] = 0
    s["owners"]["18"] = 0
    s["owners"]["22"] = 1
    refused(R, s, 0, {"type": "auction", "space": 22}, "auction")  # another player's deed
    refused(R, s, 0, {"type": "auction", "space": 0}, "auction")  # not a deed at all
    s, _ = R.apply(s, 0, {"type": "auction", "space": 12})
    assert s["auction"]["space"] == 12
    refused(R, s, 0, {"type": "auction", "space": 18}, "auction")  # the first one is still running


def test_auction_of_a_deed_whose_province_has_buildings_is_refused():
    """Sale of Properties: chacras and estancias go back to the Bank only; a deed in a province that carries
    any may not be auctioned until they are sold."""
    s = game()
    members = board.province_members(1)
    for m in members:
        s["owners"][str(m)] = 0
    other = next(m for m in members if m != 1)
    s["buildings"][str(other)] = 1
    refused(R, s, 0, {"type": "auction", "space": 1}, "sale-of-properties")
    s["buildings"][str(other)] = 0
    s2, _ = R.apply(s, 0, {"type": "auction", "space": 1})
    assert s2["auction"]["space"] == 1


def test_auction_bid_options_stop_at_the_money_held():
    """Auction (Remate): a player may not bid more than they hold; a bid of exactly all their money is offered."""
    s = game()
    s["owners"]["12"] = 0
    s, _ = R.apply(s, 0, {"type": "auction", "space": 12})
    s["players"][1]["money"] = 500
    assert bids(s, 1) == [100, 500]
    s["players"][1]["money"] = 499
    assert bids(s, 1) == [100]
    s["players"][1]["money"] = 99
    assert bids(s, 1) == []
    s["players"][2]["money"] = 10 ** 6
    assert bids(s, 2) == [100, 500, 1000]


def test_auction_bid_options_keep_the_mortgage_interest_back():
    """Auction (Remate) + Mortgages: the buyer of a mortgaged deed also pays the 10% interest, so the bids
    offered leave that much in hand."""
    s = game()
    s["owners"]["12"] = 0
    s["mortgaged"]["12"] = {"lift_extra": 0}
    s, _ = R.apply(s, 0, {"type": "auction", "space": 12})
    fee = interest(12)
    assert fee > 0
    s["players"][1]["money"] = 500 + fee
    assert bids(s, 1) == [100, 500]
    s["players"][1]["money"] = 500 + fee - 1
    assert bids(s, 1) == [100]


def test_auction_pass_only_by_a_bidder_still_in():
    """Auction (Remate): "pass" leaves the auction for good; the seller, the high bidder and a player who
    already passed are not bidding, and there is nothing to pass when no auction runs."""
    s = game(4)
    s["owners"]["12"] = 0
    refused(R, s, 1, {"type": "pass"})  # no auction running
    s, _ = R.apply(s, 0, {"type": "auction", "space": 12})
    refused(R, s, 0, {"type": "pass"}, "auction")  # the seller
    s, _ = R.apply(s, 1, {"type": "bid", "amount": 100})
    refused(R, s, 1, {"type": "pass"}, "auction")  # the high bidder
    s, ev = R.apply(s, 2, {"type": "pass"})
    assert {"type": "auction_pass", "seat": 2, "space": 12} in ev and s["auction"]["bidders"] == [1, 3]
    refused(R, s, 2, {"type": "pass"}, "auction")  # already out
    refused(R, s, 2, {"type": "bid", "amount": 500}, "auction")


def test_auction_of_a_mortgaged_deed_the_buyer_pays_the_interest_and_keeps_the_mortgage():
    """Auction (Remate) + Mortgages: the winner pays the high bid to the seller and the 10% interest to the
    Bank; the deed stays mortgaged in the buyer's hands, its lift without surcharge until the next roll."""
    s = game()
    s["owners"]["12"] = 0
    s["mortgaged"]["12"] = {"lift_extra": 0}
    s, _ = R.apply(s, 0, {"type": "auction", "space": 12})
    money = [p["money"] for p in s["players"]]
    bank = s["bank"]["balance"]
    s, _ = R.apply(s, 1, {"type": "bid", "amount": 1000})
    s, ev = R.apply(s, 2, {"type": "pass"})
    fee = interest(12)
    assert s["owners"]["12"] == 1 and s["auction"] is None
    assert s["players"][1]["money"] == money[1] - 1000 - fee
    assert s["players"][0]["money"] == money[0] + 1000 and s["bank"]["balance"] == bank + fee
    assert {"type": "money", "from": 1, "to": 0, "amount": 1000, "reason": "auction"} in ev
    assert {"type": "money", "from": 1, "to": None, "amount": fee, "reason": "mortgage_interest"} in ev
    assert s["mortgaged"]["12"] == {"lift_extra": 0} and 12 in s["mortgage_grace"]


def test_auction_of_an_unmortgaged_deed_costs_only_the_bid():
    """Auction (Remate): no interest is due on a deed that is not mortgaged."""
    s = game()
    s["owners"]["12"] = 0
    s, _ = R.apply(s, 0, {"type": "auction", "space": 12})
    money = s["players"][1]["money"]
    s["players"][1]["money"] = 1000
    assert bids(s, 1) == [100, 500, 1000]
    s["players"][1]["money"] = money
    s, _ = R.apply(s, 1, {"type": "bid", "amount": 1000})
    s, ev = R.apply(s, 2, {"type": "pass"})
    assert s["players"][1]["money"] == money - 1000 and "12" not in s["mortgaged"]
    assert [e for e in ev if e["type"] == "money"] == [
        {"type": "money", "from": 1, "to": 0, "amount": 1000, "reason": "auction"}]


def test_a_deed_goes_to_the_bank_while_it_is_auctioned():
    """Auction (Remate): during the auction the deed is held by the Bank (no owner)."""
    s = game()
    s["owners"]["12"] = 0
    s, _ = R.apply(s, 0, {"type": "auction", "space": 12})
    assert s["owners"]["12"] is None
