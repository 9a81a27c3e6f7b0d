"""Rent by title deed (The Game; Zones; Railroads and Companies; Mortgage).

Collection (decision 6): by default rents and prizes are collected
automatically.  With the table option ``claim_rents`` (the rulebook's mode: The
Game, "If the owner does not claim the rent for their property before the dice
are rolled again, they lose the right to collect it"; Prizes and Taxes) they
wait in ``state["claims"]`` for their owner, who may claim them (or let them
go) until the next roll of the dice, anyone's: that roll lapses every open
claim.  Nothing waits for them and nothing reminds anyone (Helping Players):
an owner is never put on move by a claim.
"""

from __future__ import annotations

from games.core.refusals import _, refuse

from . import board
from .money import charge, transfer
from .schema import CLAIM_PRIZE, CLAIM_RENT, State
from .state import claim_mode, is_mortgaged, level, next_id, owner


def owns_whole_group(state: State, index: int, seat: int) -> bool:
    return all(owner(state, m) == seat for m in board.group_members(index))


def count_owned(state: State, index: int, seat: int) -> int:
    """Railways/companies of the same kind owned by ``seat`` (mortgaged included)."""
    return sum(1 for m in board.group_members(index) if owner(state, m) == seat)


def rent_due(state: State, index: int, dice_total: int) -> int:
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


def add_rent_claim(state: State, events: list, payer: int, index: int) -> None:
    """A player landed on another's deed: the owner may claim the rent."""
    own = owner(state, index)
    if own is None or own == payer or is_mortgaged(state, index):
        return
    dice = state["last_dice"] or [0, 0]
    amount = rent_due(state, index, dice[0] + dice[1])
    if amount <= 0:
        return
    if not claim_mode(state):
        events.append({"type": "rent_claimed", "seat": own, "payer": payer, "space": index, "amount": amount,
                       "auto": True})
        charge(state, events, payer, own, amount, "rent")
        return
    state["claims"].append({"id": next_id(state), "kind": CLAIM_RENT, "seat": own, "payer": payer,
                            "space": index, "amount": amount})


def pay_prize(state: State, events: list, seat: int, amount: int, source: str) -> None:
    """The Bank pays a prize now (every card payout, and the Premio space outside claim mode)."""
    events.append({"type": "prize_claimed", "seat": seat, "amount": amount, "source": source, "auto": True})
    transfer(state, events, None, seat, amount, "prize")


def add_prize_claim(state: State, events: list, seat: int, amount: int, source: str) -> None:
    """The Premio Ganadero space's prize: in claim mode it must be claimed before the next roll
    (Prizes and Taxes: "a player who forgets to claim a PRIZE from the BANK ... loses the right")."""
    if not claim_mode(state):
        pay_prize(state, events, seat, amount, source)
        return
    state["claims"].append({"id": next_id(state), "kind": CLAIM_PRIZE, "seat": seat, "payer": None,
                            "amount": amount, "source": source})


def lapsed_event(c: dict, why: str) -> dict:
    """The log line's data for a rent or prize lost: who lost what, to whom, and why."""
    event = {"type": "claim_lapsed", "kind": c["kind"], "owner": c["seat"], "payer": c.get("payer"),
             "amount": c["amount"], "why": why}
    if c["kind"] == CLAIM_RENT:
        event["space"] = c["space"]
    else:
        event["source"] = c.get("source")
    return event


def lapse_claims(state: State, events: list) -> None:
    """The dice are rolled (by anyone, the owner included): every unclaimed rent or prize is lost (The Game:
    "before the dice are rolled again, they lose the right to collect it"; Prizes and Taxes)."""
    for c in state["claims"]:
        events.append(lapsed_event(c, "roll"))
    state["claims"] = []


def find_claim(state: State, seat: int, claim_id: object, kind: str | None) -> dict:
    """The open claim ``claim_id`` of ``seat`` (of ``kind`` when given), or a refusal."""
    found = None
    if isinstance(claim_id, int) and not isinstance(claim_id, bool):
        found = next((c for c in state["claims"] if c["id"] == claim_id), None)
    if found is None or found["seat"] != seat or (kind is not None and found["kind"] != kind):
        refuse(_("There is no such claim of yours to collect."),
               "prizes-and-taxes" if kind == CLAIM_PRIZE else "the-game")
    return found


def claim(state: State, events: list, seat: int, claim_id: object, kind: str) -> None:
    """Collect a pending rent (from the payer) or prize (from the Bank)."""
    found = find_claim(state, seat, claim_id, kind)
    state["claims"].remove(found)
    if kind == CLAIM_RENT:
        events.append({"type": "rent_claimed", "seat": seat, "payer": found["payer"], "space": found["space"],
                       "amount": found["amount"], "auto": False})
        charge(state, events, found["payer"], seat, found["amount"], "rent")
    else:
        events.append({"type": "prize_claimed", "seat": seat, "amount": found["amount"], "source": found["source"],
                       "auto": False})
        transfer(state, events, None, seat, found["amount"], "prize")


def waive(state: State, events: list, seat: int, claim_id: object) -> None:
    """The owner lets a rent or prize go (or their clock ran out): it is lost, and the log says whose."""
    found = find_claim(state, seat, claim_id, None)
    state["claims"].remove(found)
    events.append(lapsed_event(found, "waived"))
