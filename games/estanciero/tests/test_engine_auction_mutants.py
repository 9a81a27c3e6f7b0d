"""Auction (Remate): the gaps that mutation testing of ``engine/auction.py`` found on 2 December 2026
(docs/TESTING.md, "Mutation testing"): malformed bids, a direct bid that leaves no room for the mortgage
interest, a deed handed to the Bank that nobody buys, and the auction's events that the game log reads."""

from __future__ import annotations

from games.estanciero.engine import RULESET as R
from games.estanciero.engine.mortgage import interest
from tests.support.engines import refused

from .test_engine_rules import broke


def auction_of(space: int, seller: int = 0, n: int = 3, mortgaged: bool = False) -> dict:
    """A fresh game in which ``seller`` has just put their deed ``space`` up for auction through the banker."""
    s = R.new_game(n, "unit-test", None)
    s["turn"]["seat"] = seller
    s["owners"][str(space)] = seller
    if mortgaged:
        s["mortgaged"][str(space)] = {"lift_extra": 0}
    s, _ = R.apply(s, seller, {"type": "auction", "space": space})
    return s


def test_auction_a_bid_must_be_a_whole_sum_of_money_above_the_high_bid():
    """Auction (Remate): the deed goes to the highest bidder, so a bid is a sum of money above the high
    bid; a flag, a fraction, a text or nothing is not a bid. The refusal names the high bid to beat."""
    s = auction_of(12)
    for amount in (True, 150.5, "500", None):
        refused(R, s, 1, {"type": "bid", "amount": amount}, "auction")
    s, _ = R.apply(s, 1, {"type": "bid", "amount": 500})
    assert refused(R, s, 2, {"type": "bid", "amount": 500}, "auction").params == {"high": 500}
    assert refused(R, s, 2, {"type": "bid", "amount": 100}, "auction").params == {"high": 500}


def test_auction_a_bid_on_a_mortgaged_deed_must_leave_the_interest_in_hand():
    """Auction (Remate) + Mortgage: the buyer of a mortgaged deed also pays the Bank the 10% interest, so a
    bid is refused unless the bidder holds the bid plus the interest; holding exactly that is enough."""
    s = auction_of(12, mortgaged=True)
    fee = interest(12)
    assert fee > 0
    s["players"][1]["money"] = 500 + fee - 1
    refused(R, s, 1, {"type": "bid", "amount": 500}, "auction")
    s["players"][1]["money"] = 500 + fee
    s, _ = R.apply(s, 1, {"type": "bid", "amount": 500})
    assert s["auction"]["high_bidder"] == 1 and s["auction"]["high_bid"] == 500


def test_auction_a_deed_handed_to_the_bank_that_nobody_buys_stays_with_the_bank():
    """Shortage of Money + Auction (Remate): "If a player must give the BANK a title deed as payment, the
    BANK puts it up for auction"; when every bidder passes the deed stays with the Bank (it does not go back
    to the debtor), nothing is credited and the debt is still owed."""
    s = broke()  # seat 0 owes the Bank 5,000 with 1,000 in hand and deeds 12, 18, 22
    owed = sum(d["amount"] for d in s["debts"])
    s, ev = R.apply(s, 0, {"type": "hand_over", "space": 12})
    assert s["auction"]["space"] == 12 and s["auction"]["seller"] == 0 and sorted(R.to_move(s)) == [1, 2]
    s, _ = R.apply(s, 1, {"type": "pass"})
    s, ev = R.apply(s, 2, {"type": "pass"})
    assert s["auction"] is None and s["owners"]["12"] is None and "12" not in s["mortgaged"]
    assert {"type": "auction_unsold", "space": 12, "seller": 0, "returned": False} in ev
    assert s["players"][0]["money"] == 1000 and sum(d["amount"] for d in s["debts"]) == owed


def test_auction_events_name_the_deed_the_seller_the_bidders_and_the_result():
    """Auction (Remate): the game log (games/estanciero/text.py) tells the table who auctions which deed,
    every bid, who won it for how much, and whether an unsold deed went back to its owner; the events
    it reads must carry those facts."""
    s = R.new_game(3, "unit-test", None)
    s["turn"]["seat"] = 0
    s["owners"]["12"] = 0
    s, ev = R.apply(s, 0, {"type": "auction", "space": 12})
    assert ev == [{"type": "auction_started", "space": 12, "seller": 0, "reason": "voluntary"}]
    s, ev = R.apply(s, 1, {"type": "bid", "amount": 600})
    assert ev == [{"type": "bid", "seat": 1, "amount": 600, "space": 12}]
    s, ev = R.apply(s, 2, {"type": "pass"})
    assert {"type": "auction_won", "space": 12, "seat": 1, "amount": 600, "seller": 0} in ev
    assert s["owners"]["12"] == 1
    # unsold in a voluntary auction: the deed goes back to the seller, and the event says so
    s["turn"]["seat"] = 1
    s, _ = R.apply(s, 1, {"type": "auction", "space": 12})
    s, _ = R.apply(s, 0, {"type": "pass"})
    s, ev = R.apply(s, 2, {"type": "pass"})
    assert {"type": "auction_unsold", "space": 12, "seller": 1, "returned": True} in ev
    assert s["owners"]["12"] == 1
