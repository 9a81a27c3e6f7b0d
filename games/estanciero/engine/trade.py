"""Sales between players (Sale of Properties; Shortage of Money: no loans).

A proposal offers ``give`` = {deeds, cash, jail_cards} for ``ask`` = the
same from one other player, who accepts or rejects.  Decision: the
"Sale of Properties" section (deeds may be bought and sold among players)
overrides the "Zones" sentence forbidding it.  Buildings are never sold
between players, so a deed whose province has buildings cannot be traded.
A proposal must move at least one deed or jail card (cash-only gifts would
be loans).  Online, a player may make at most ``MAX_PER_TURN`` proposals per
turn (anti-spam).  An open proposal keeps its recipient in ``to_move`` until
they accept or reject it (a timeout rejects it); it does not expire with the
turn, and the proposer on turn waits for the answer (or withdraws it).
"""

from __future__ import annotations

from games.core.refusals import _, refuse

from . import board
from .money import transfer
from .mortgage import interest, transfer_mortgaged
from .schema import State
from .state import is_mortgaged, next_id, owner, player, province_has_buildings

RULE = "sale-of-properties"
MAX_PER_TURN = 3


def parse_side(raw: object) -> dict:
    """Validate one side of a proposal and return it normalised."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict) or set(raw) - {"deeds", "cash", "jail_cards"}:
        refuse(_("A proposal side lists deeds, cash and jail cards only."), RULE)
    deeds = raw.get("deeds", [])
    cash = raw.get("cash", 0)
    cards = raw.get("jail_cards", [])
    if not isinstance(deeds, list) or not all(board.is_deed(d) for d in deeds) or len(set(deeds)) != len(deeds):
        refuse(_("The deeds of a proposal must be distinct title deeds."), RULE)
    if not isinstance(cash, int) or isinstance(cash, bool) or cash < 0:
        refuse(_("Cash in a proposal must be a whole non-negative amount."), RULE)
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards) or len(set(cards)) != len(cards):
        refuse(_("The jail cards of a proposal must be distinct card ids."), RULE)
    return {"deeds": sorted(deeds), "cash": cash, "jail_cards": sorted(cards)}


def check_side(state: State, seat: int, side: dict, check_cash: bool = True) -> None:
    """``seat`` must hold everything it would hand over."""
    p = player(state, seat)
    for d in side["deeds"]:
        if owner(state, d) != seat:
            refuse(_("Player %(seat)s does not own %(space)s."), RULE, seat=seat, space=d)
        if province_has_buildings(state, d):
            refuse(_("Chacras and estancias may only be sold to the Bank: sell them before trading the deed."), RULE)
    for c in side["jail_cards"]:
        if c not in p["jail_cards"]:
            refuse(_("Player %(seat)s does not hold that card."), RULE, seat=seat)
    if check_cash and p["money"] < side["cash"]:
        refuse(_("Player %(seat)s does not have %(cash)s."), RULE, seat=seat, cash=side["cash"])


def fees(state: State, deeds: list[int]) -> int:
    """10% interest the receiver of mortgaged deeds pays the Bank (Mortgage)."""
    return sum(interest(d) for d in deeds if is_mortgaged(state, d))


def propose(state: State, events: list, seat: int, action: dict) -> None:
    if state["auction"] is not None:
        refuse(_("No proposals while an auction is running."), "auction")
    to = action.get("to")
    if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to < state["num_players"] or to == seat:
        refuse(_("Choose another player to make a proposal to."), RULE)
    if player(state, to)["bankrupt"]:
        refuse(_("That player has left the game."), RULE)
    give = parse_side(action.get("give"))
    ask = parse_side(action.get("ask"))
    if not (give["deeds"] or give["jail_cards"] or ask["deeds"] or ask["jail_cards"]):
        refuse(_("Players may not lend money to one another: a proposal must include a deed or a card."),
               "shortage-of-money")
    if give["cash"] and ask["cash"]:
        refuse(_("Only one side of a proposal may pay cash."), RULE)
    check_side(state, seat, give)
    check_side(state, to, ask, check_cash=False)
    if any(p["from"] == seat and p["to"] == to for p in state["proposals"]):
        refuse(_("You already have an open proposal to that player."), RULE)
    made = state["turn"].setdefault("proposals_made", {})
    if made.get(str(seat), 0) >= MAX_PER_TURN:
        refuse(_("At most %(limit)s proposals per player per turn."), RULE, limit=MAX_PER_TURN)
    made[str(seat)] = made.get(str(seat), 0) + 1
    prop = {"id": next_id(state), "from": seat, "to": to, "give": give, "ask": ask}
    state["proposals"].append(prop)
    events.append({"type": "proposal", **prop})


def find(state: State, pid: object) -> dict:
    prop = None
    if isinstance(pid, int) and not isinstance(pid, bool):
        prop = next((p for p in state["proposals"] if p["id"] == pid), None)
    if prop is None:
        refuse(_("There is no such open proposal."), RULE)
    return prop


def check_accept(state: State, seat: int, prop: dict) -> None:
    if state["auction"] is not None:
        refuse(_("No proposals while an auction is running."), "auction")
    if prop["to"] != seat:
        refuse(_("That proposal is not addressed to you."), RULE)
    frm, to = prop["from"], prop["to"]
    check_side(state, frm, prop["give"])
    check_side(state, to, prop["ask"])
    need_from = prop["give"]["cash"] + fees(state, prop["ask"]["deeds"]) - prop["ask"]["cash"]
    need_to = prop["ask"]["cash"] + fees(state, prop["give"]["deeds"]) - prop["give"]["cash"]
    if player(state, frm)["money"] < need_from:
        refuse(_("Player %(seat)s cannot pay for this deal."), RULE, seat=frm)
    if player(state, to)["money"] < need_to:
        refuse(_("Player %(seat)s cannot pay for this deal."), RULE, seat=to)


def accept(state: State, events: list, seat: int, pid: object) -> None:
    prop = find(state, pid)
    check_accept(state, seat, prop)
    state["proposals"].remove(prop)
    frm, to = prop["from"], prop["to"]
    transfer(state, events, frm, to, prop["give"]["cash"], "sale")
    transfer(state, events, to, frm, prop["ask"]["cash"], "sale")
    for giver, receiver, side in ((frm, to, prop["give"]), (to, frm, prop["ask"])):
        for d in side["deeds"]:
            state["owners"][str(d)] = receiver
            if is_mortgaged(state, d):
                transfer_mortgaged(state, events, receiver, d, fee=True)
        for c in side["jail_cards"]:
            player(state, giver)["jail_cards"].remove(c)
            player(state, receiver)["jail_cards"].append(c)
    events.append({"type": "proposal_accepted", "id": prop["id"], "from": frm, "to": to,
                   "give": prop["give"], "ask": prop["ask"]})


def reject(state: State, events: list, seat: int, pid: object) -> None:
    prop = find(state, pid)
    if prop["to"] != seat:
        refuse(_("That proposal is not addressed to you."), RULE)
    state["proposals"].remove(prop)
    events.append({"type": "proposal_rejected", "id": prop["id"], "from": prop["from"], "to": seat,
                   "give": prop["give"], "ask": prop["ask"]})


def cancel(state: State, events: list, seat: int, pid: object) -> None:
    prop = find(state, pid)
    if prop["from"] != seat:
        refuse(_("That proposal is not yours."), RULE)
    state["proposals"].remove(prop)
    events.append({"type": "proposal_cancelled", "id": prop["id"], "from": seat, "to": prop["to"],
                   "give": prop["give"], "ask": prop["ask"]})


def expire(state: State, events: list, seat: int, why: str) -> None:
    """Drop the open proposals from or to ``seat`` (who left the game), naming each one and why."""
    for prop in [p for p in state["proposals"] if seat in (p["from"], p["to"])]:
        state["proposals"].remove(prop)
        events.append({"type": "proposal_expired", "id": prop["id"], "from": prop["from"], "to": prop["to"],
                       "give": prop["give"], "ask": prop["ask"], "why": why})


def recipients(state: State) -> list[int]:
    """Seats an open proposal waits for: each is in ``to_move`` until it answers."""
    return sorted({p["to"] for p in state["proposals"]})


def awaits_answer(state: State, seat: int) -> bool:
    """``seat`` made a proposal that is still open: it waits for the answer (or withdraws it)."""
    return any(p["from"] == seat for p in state["proposals"])
