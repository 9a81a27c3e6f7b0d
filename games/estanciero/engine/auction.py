"""Auction (Remate).

A deed handed to the Bank as payment is auctioned and awarded to the
highest bidder; a player may also auction their own deed "through the
banker".  During the auction the deed is held by the Bank (owner None).
Every active player except the seller may bid; ``to_move`` is every bidder
still in except the current high bidder; ``pass`` leaves the auction for
good.  It ends when nobody but the high bidder remains (or everyone passed).
The winner pays the seller (a player) or the Bank; a mortgaged deed's buyer
also pays the 10% interest.  Unsold: a voluntary auction returns the deed
to the seller; a deed given to the Bank stays with the Bank.
"""

from __future__ import annotations

from games.core.refusals import _, refuse

from . import board
from .money import transfer
from .mortgage import interest, transfer_mortgaged
from .schema import State
from .state import active_seats, is_mortgaged, owner, player, province_has_buildings

STEPS = (100, 500, 1000)


def queue(state: State, index: int, seller: int | None, return_if_unsold: bool, reason: str) -> None:
    state["owners"][str(index)] = None
    state["auction_queue"].append({"space": index, "seller": seller, "return_if_unsold": return_if_unsold,
                                   "reason": reason})


def start_next(state: State, events: list) -> None:
    """Open the next queued auction if none is running."""
    while state["auction"] is None and state["auction_queue"]:
        item = state["auction_queue"].pop(0)
        bidders = [s for s in active_seats(state) if s != item["seller"]]
        state["auction"] = {**item, "high_bid": 0, "high_bidder": None, "bidders": bidders}  # type: ignore[typeddict-item]
        events.append({"type": "auction_started", "space": item["space"], "seller": item["seller"],
                       "reason": item["reason"]})
        # No bidder at all means no other player is left: endgame.check_end ends the game and clears the auction.


def to_move(state: State) -> list[int]:
    a = state["auction"]
    return [s for s in a["bidders"] if s != a["high_bidder"]]


def start_voluntary(state: State, events: list, seat: int, index: object) -> None:
    if state["auction"] is not None:
        refuse(_("Another auction is running."), "auction")
    if not board.is_deed(index) or owner(state, index) != seat:
        refuse(_("You do not own that title deed."), "auction")
    if province_has_buildings(state, index):
        refuse(_("Chacras and estancias may only be sold to the Bank: sell them before auctioning the deed."),
               "sale-of-properties")
    started = state["turn"].setdefault("auctions_started", {})  # counted per turn (bots auction once a turn)
    started[str(seat)] = started.get(str(seat), 0) + 1
    queue(state, index, seat, True, "voluntary")
    start_next(state, events)


def fee(state: State) -> int:
    a = state["auction"]
    return interest(a["space"]) if is_mortgaged(state, a["space"]) else 0


def bid(state: State, events: list, seat: int, amount: object) -> None:
    a = state["auction"]
    if a is None or seat not in to_move(state):
        refuse(_("You cannot bid in this auction."), "auction")
    if not isinstance(amount, int) or isinstance(amount, bool) or amount <= a["high_bid"]:
        refuse(_("A bid must be higher than %(high)s."), "auction", high=a["high_bid"])
    if player(state, seat)["money"] < amount + fee(state):
        refuse(_("You cannot bid more than the money you hold."), "auction")
    a["high_bid"] = amount
    a["high_bidder"] = seat
    events.append({"type": "bid", "seat": seat, "amount": amount, "space": a["space"]})
    maybe_close(state, events)


def pass_(state: State, events: list, seat: int) -> None:
    a = state["auction"]
    if a is None or seat not in to_move(state):
        refuse(_("You are not bidding in this auction."), "auction")
    a["bidders"].remove(seat)
    events.append({"type": "auction_pass", "seat": seat, "space": a["space"]})
    maybe_close(state, events)


def bid_options(state: State, seat: int) -> list[int]:
    a = state["auction"]
    money = player(state, seat)["money"] - fee(state)
    return [a["high_bid"] + s for s in STEPS if a["high_bid"] + s <= money]


def maybe_close(state: State, events: list) -> None:
    a = state["auction"]
    if to_move(state):
        return
    state["auction"] = None
    index, seller, key = a["space"], a["seller"], str(a["space"])
    winner = a["high_bidder"]
    if winner is not None:
        transfer(state, events, winner, seller, a["high_bid"], "auction")
        state["owners"][key] = winner
        if is_mortgaged(state, index):
            transfer_mortgaged(state, events, winner, index, fee=True)
        events.append({"type": "auction_won", "space": index, "seat": winner, "amount": a["high_bid"],
                       "seller": seller})
    else:
        if a["return_if_unsold"]:
            state["owners"][key] = seller
        # A deed queued for the Bank is never mortgaged (debt.hand_over refuses one, debt.bankrupt lifts it first),
        # so an unsold one just stays with the Bank.
        events.append({"type": "auction_unsold", "space": index, "seller": seller,
                       "returned": bool(a["return_if_unsold"])})
    start_next(state, events)
