"""Mortgages from the Bank (The Bank; Mortgage).

The Bank lends the deed's mortgage value charging 10% interest in advance,
so the player receives 90%.  Lifting costs the mortgage value; a player who
received an already mortgaged deed paid 10% at the transaction and pays
another 10% when lifting unless they lift "immediately" (before the next
roll of the dice).  Zones with buildings in their province cannot be
mortgaged; mortgaged deeds earn no rent.
"""

from __future__ import annotations

from games.core.refusals import _, refuse

from . import board
from .money import has_debt, transfer
from .schema import State
from .state import is_mortgaged, owner, player, province_has_buildings


def interest(index: int) -> int:
    return board.mortgage_value(index) // 10


def check_mortgage(state: State, seat: int, index: int) -> None:
    if not board.is_deed(index) or owner(state, index) != seat:
        refuse(_("You do not own that title deed."), "mortgage")
    if is_mortgaged(state, index):
        refuse(_("That title deed is already mortgaged."), "mortgage")
    if province_has_buildings(state, index):
        refuse(_("Sell the chacras and estancias of the province before mortgaging."), "mortgage")


def mortgage(state: State, events: list, seat: int, index: int) -> None:
    check_mortgage(state, seat, index)
    amount = board.mortgage_value(index) - interest(index)
    state["mortgaged"][str(index)] = {"lift_extra": 0}
    transfer(state, events, None, seat, amount, "mortgage")
    events.append({"type": "mortgaged", "seat": seat, "space": index, "amount": amount})


def lift_cost(state: State, index: int) -> int:
    return board.mortgage_value(index) + state["mortgaged"][str(index)]["lift_extra"]


def check_lift(state: State, seat: int, index: int) -> None:
    if not board.is_deed(index) or owner(state, index) != seat or not is_mortgaged(state, index):
        refuse(_("You have no mortgage on that title deed."), "mortgage")
    if has_debt(state, seat):
        refuse(_("Pay your debt before lifting mortgages."), "shortage-of-money")
    cost = lift_cost(state, index)
    if player(state, seat)["money"] < cost:
        refuse(_("You need %(cost)s to lift that mortgage."), "mortgage", cost=cost)


def lift(state: State, events: list, seat: int, index: int) -> None:
    check_lift(state, seat, index)
    cost = lift_cost(state, index)
    del state["mortgaged"][str(index)]
    if index in state["mortgage_grace"]:
        state["mortgage_grace"].remove(index)
    transfer(state, events, seat, None, cost, "mortgage_lift")
    events.append({"type": "mortgage_lifted", "seat": seat, "space": index, "amount": cost})


def transfer_mortgaged(state: State, events: list, receiver: int, index: int, fee: bool) -> None:
    """A mortgaged deed changes hands: 10% to the Bank now (if ``fee``), and the
    later lift costs another 10% unless done before the next roll."""
    if fee:
        transfer(state, events, receiver, None, interest(index), "mortgage_interest")
    state["mortgaged"][str(index)] = {"lift_extra": 0}
    if index not in state["mortgage_grace"]:
        state["mortgage_grace"].append(index)


def end_grace(state: State) -> None:
    """The dice are rolled: mortgages received earlier now cost 10% more to lift."""
    for index in state["mortgage_grace"]:
        entry = state["mortgaged"].get(str(index))
        if entry is not None:
            entry["lift_extra"] = interest(index)
    state["mortgage_grace"] = []
