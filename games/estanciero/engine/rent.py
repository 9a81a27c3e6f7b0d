"""Rent by title deed (The Game; Zones; Railroads and Companies; Mortgage).

Claims: rent and prizes must be CLAIMED before the dice are rolled again
(The Game; Prizes and Taxes).  Unless ``auto_collect`` is set, they wait in
``state["claims"]`` and lapse at the next roll of the dice.
"""

from __future__ import annotations

from . import board
from .money import charge, transfer
from .state import is_mortgaged, level, next_id, owner


def owns_whole_group(state: dict, index: int, seat: int) -> bool:
    return all(owner(state, m) == seat for m in board.group_members(index))


def count_owned(state: dict, index: int, seat: int) -> int:
    """Railways/companies of the same kind owned by ``seat`` (mortgaged included)."""
    return sum(1 for m in board.group_members(index) if owner(state, m) == seat)


def rent_due(state: dict, index: int, dice_total: int) -> int:
    """The rent printed on the deed for its current situation.

    Zones: bare field rent, doubled when the owner holds the whole province;
    1-4 chacras and estancia by the deed.  Railways: by number owned.
    Companies: the dice times 100/200/300 by number owned.  Mortgaged: 0.
    """
    own = owner(state, index)
    if own is None or is_mortgaged(state, index):
        return 0
    sp = board.space(index)
    if sp["type"] == "province":
        lv = level(state, index)
        if lv == 0:
            rent = sp["rent"]["campo"]
            return rent * 2 if owns_whole_group(state, index, own) else rent
        if lv == 5:
            return sp["rent"]["estancia"]
        return sp["rent"][f"chacras_{lv}"]
    n = count_owned(state, index, own)
    if sp["type"] == "railway":
        return sp["rent_by_owned"][str(n)]
    return sp["rent_dice_multiplier_by_owned"][str(n)] * dice_total


def add_rent_claim(state: dict, events: list, payer: int, index: int) -> None:
    """A player landed on another's deed: the owner may claim the rent."""
    own = owner(state, index)
    if own is None or own == payer or is_mortgaged(state, index):
        return
    dice = state["last_dice"] or [0, 0]
    amount = rent_due(state, index, dice[0] + dice[1])
    if amount <= 0:
        return
    if state["options"]["auto_collect"]:
        events.append({"type": "rent_claimed", "seat": own, "payer": payer, "space": index, "amount": amount,
                       "auto": True})
        charge(state, events, payer, own, amount, "rent")
        return
    state["claims"].append({"id": next_id(state), "kind": "rent", "seat": own, "payer": payer,
                            "space": index, "amount": amount})


def add_prize_claim(state: dict, events: list, seat: int, amount: int, source: str) -> None:
    """A prize from the Bank (Premio space or a card) that must be claimed."""
    if state["options"]["auto_collect"]:
        events.append({"type": "prize_claimed", "seat": seat, "amount": amount, "source": source, "auto": True})
        transfer(state, events, None, seat, amount, "prize")
        return
    state["claims"].append({"id": next_id(state), "kind": "prize", "seat": seat, "payer": None,
                            "amount": amount, "source": source})


def lapse_claims(state: dict, events: list) -> None:
    """The dice are rolled: every unclaimed rent or prize is lost (The Game)."""
    if state["claims"]:
        events.append({"type": "claims_lapsed", "count": len(state["claims"])})
        state["claims"] = []


def claim(state: dict, events: list, seat: int, claim_id: int, kind: str) -> None:
    """Collect a pending rent (from the payer) or prize (from the Bank)."""
    from .common import _, refuse

    found = next((c for c in state["claims"] if c["id"] == claim_id), None)
    if found is None or found["seat"] != seat or found["kind"] != kind:
        refuse(_("There is no such claim of yours to collect."), "the-game" if kind == "rent" else "prizes-and-taxes")
    state["claims"].remove(found)
    if kind == "rent":
        events.append({"type": "rent_claimed", "seat": seat, "payer": found["payer"], "space": found["space"],
                       "amount": found["amount"], "auto": False})
        charge(state, events, found["payer"], seat, found["amount"], "rent")
    else:
        events.append({"type": "prize_claimed", "seat": seat, "amount": found["amount"], "source": found["source"],
                       "auto": False})
        transfer(state, events, None, seat, found["amount"], "prize")
