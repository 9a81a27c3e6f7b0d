"""Shortage of Money: the debt phase and bankruptcy.

The oldest debt in ``state["debts"]`` is active; its debtor must raise the
money by selling buildings to the Bank, mortgaging, selling deeds to other
players (proposals) or handing deeds over to the creditor.  The debt is paid
automatically as soon as the debtor holds the amount.  When even selling
everything could not pay, the debtor may (and on time-out does) declare
bankruptcy and leaves the game: buildings are sold to the Bank, then cash,
deeds and jail cards go to a creditor player; when the creditor is the Bank,
the cash goes to the Bank and every deed is auctioned (Remate).
"""

from __future__ import annotations

from games.core.refusals import _, refuse

from . import auction, board
from .building import liquidate_all, sale_value
from .money import transfer
from .mortgage import transfer_mortgaged
from .rent import lapsed_event
from .schema import State
from .state import active_seats, deeds_of, is_mortgaged, level, new_turn, owner, player, province_has_buildings
from .trade import expire


def active_debt(state: State) -> dict | None:
    return state["debts"][0] if state["debts"] else None


def require_debtor(state: State, seat: int) -> dict:
    debt = active_debt(state)
    if debt is None or debt["debtor"] != seat or state["auction"] is not None:
        refuse(_("You have no debt to settle now."), "shortage-of-money")
    return debt


def liquidation_value(state: State, seat: int) -> int:
    """Money that selling all buildings and mortgaging every deed would raise."""
    total = 0
    for index in deeds_of(state, seat):
        lv = level(state, index)
        if lv == 5:
            total += sale_value(index, 5) + 4 * sale_value(index, 1)
        elif lv:
            total += lv * sale_value(index, 1)
        if not is_mortgaged(state, index):
            total += board.mortgage_value(index) - board.mortgage_value(index) // 10
    return total


def owed(state: State, seat: int) -> int:
    return sum(d["amount"] for d in state["debts"] if d["debtor"] == seat)


def may_go_bankrupt(state: State, seat: int, has_liquidation_action: bool) -> bool:
    """Bankruptcy only when, even after selling everything, the money is short."""
    if not has_liquidation_action:
        return True
    return player(state, seat)["money"] + liquidation_value(state, seat) < owed(state, seat)


def hand_over(state: State, events: list, seat: int, index: object) -> None:
    """Hand a deed to the creditor: a player takes it at its price (less the
    mortgage if mortgaged), the surplus is lost; the Bank auctions it and the
    price raised is credited to the debtor."""
    debt = require_debtor(state, seat)
    if not board.is_deed(index) or owner(state, index) != seat:
        refuse(_("You do not own that title deed."), "shortage-of-money")
    if province_has_buildings(state, index):
        refuse(_("Sell the chacras and estancias of the province first."), "shortage-of-money")
    creditor = debt["creditor"]
    if creditor is None:
        if is_mortgaged(state, index):
            refuse(_("A mortgaged deed already belongs to the Bank's security: it cannot be handed over."),
                   "shortage-of-money")
        events.append({"type": "handed_over", "seat": seat, "to": None, "space": index, "credit": None})
        auction.queue(state, index, seat, False, "payment")
        auction.start_next(state, events)
        return
    credit = board.price(index) - (board.mortgage_value(index) if is_mortgaged(state, index) else 0)
    state["owners"][str(index)] = creditor
    if is_mortgaged(state, index):
        transfer_mortgaged(state, events, creditor, index, fee=False)
    debt["amount"] -= credit
    events.append({"type": "handed_over", "seat": seat, "to": creditor, "space": index, "credit": credit})
    if debt["amount"] <= 0:
        state["debts"].remove(debt)
        events.append({"type": "debt_paid", "debtor": seat, "creditor": creditor, "amount": 0})


def bankrupt(state: State, events: list, seat: int) -> None:
    """BANKRUPT: the player leaves the game and their assets go to the creditor."""
    debt = require_debtor(state, seat)
    creditor = debt["creditor"]
    liquidate_all(state, events, seat)
    p = player(state, seat)
    transfer(state, events, seat, creditor, p["money"], "bankruptcy")
    for index in deeds_of(state, seat):
        if creditor is None:
            state["mortgaged"].pop(str(index), None)
            auction.queue(state, index, None, False, "bankruptcy")
        else:
            state["owners"][str(index)] = creditor
            if is_mortgaged(state, index):
                transfer_mortgaged(state, events, creditor, index, fee=False)
    for card_id in p["jail_cards"]:
        if creditor is None:
            state["decks"][board.deck_of(card_id)].append(card_id)
        else:
            player(state, creditor)["jail_cards"].append(card_id)
    p["jail_cards"] = []
    p["bankrupt"] = True
    p["in_jail"] = False
    state["bankrupt_count"] += 1
    p["bankrupt_order"] = state["bankrupt_count"]
    state["debts"] = [d for d in state["debts"] if d["debtor"] != seat]
    for d in state["debts"]:
        if d["creditor"] == seat:
            d["creditor"] = None
    for c in [c for c in state["claims"] if seat in (c["seat"], c.get("payer"))]:
        state["claims"].remove(c)
        events.append(lapsed_event(c, "bankrupt"))
    expire(state, events, seat, "bankrupt")
    events.append({"type": "bankrupt", "seat": seat, "creditor": creditor})
    if state["turn"]["seat"] == seat and len(active_seats(state)) > 1:
        pass_turn(state, events)
    auction.start_next(state, events)


def pass_turn(state: State, events: list) -> None:
    """The turn goes to the next active seat (the seat order, round the table)."""
    cur = state["turn"]["seat"]
    state["turns_played"] += 1
    n = state["num_players"]
    for step in range(1, n + 1):
        nxt = (cur + step) % n
        if not player(state, nxt)["bankrupt"]:
            state["turn"] = new_turn(nxt)
            events.append({"type": "turn", "seat": nxt})
            return
