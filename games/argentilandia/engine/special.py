"""Special Provinces: a monopoly of Santiago del Estero, Córdoba, San Luis or Santa Fe earns, once per
turn and from the turn after it was achieved, a Corrupt Official or a Stockbroker, alternating."""

from __future__ import annotations

from . import board as B
from .errors import _, refuse
from .state import is_blocked
from .victory import province_monopolist

KINDS = ("official", "stockbroker")


def refresh(state: dict) -> None:
    """Track who monopolises each special province and since which turn."""
    sp = state["special"]
    for p in B.SPECIAL_PROVINCES:
        holder = province_monopolist(state, p)
        entry = sp.get(p)
        if holder is None:
            if entry is not None:
                del sp[p]
        elif entry is None or entry["seat"] != holder:
            sp[p] = {"seat": holder, "since": state["turn"], "last": None}


def claimable(state: dict, seat: int) -> list[tuple[str, str]]:
    out = []
    for p, e in state["special"].items():
        if e["seat"] != seat or e["since"] >= state["turn"] or p in state["flags"]["special_claimed"]:
            continue
        if is_blocked(state, "province", p):
            continue
        for k in KINDS:
            if k != e["last"] and state["bank_officials" if k == "official" else "bank_stockbrokers"] > 0:
                out.append((p, k))
    return out


def claim(state: dict, seat: int, action: dict) -> list[dict]:
    p, kind = action.get("province"), action.get("kind")
    if p not in B.SPECIAL_PROVINCES:
        raise refuse(_("Only Santiago del Estero, Córdoba, San Luis and Santa Fe grant cards."), "special-provinces")
    e = state["special"].get(p)
    if e is None or e["seat"] != seat:
        raise refuse(_("You need the monopoly of %(province)s."), "special-provinces", province=p)
    if e["since"] >= state["turn"]:
        raise refuse(_("The card is granted from the turn after the monopoly was achieved."), "special-provinces")
    if p in state["flags"]["special_claimed"]:
        raise refuse(_("Only once per turn."), "special-provinces")
    if is_blocked(state, "province", p):
        raise refuse(_("The Union Organizer blocks %(province)s."), "playing-the-game", province=p)
    if kind not in KINDS:
        raise refuse(_("Choose a Corrupt Official or a Stockbroker."), "special-provinces")
    if kind == e["last"]:
        raise refuse(_("You must alternate: not the same card on consecutive turns."), "special-provinces")
    key = "bank_officials" if kind == "official" else "bank_stockbrokers"
    if state[key] <= 0:
        raise refuse(_("The bank has none left; this turn's card is lost."), "special-provinces")
    state[key] -= 1
    state["officials" if kind == "official" else "stockbrokers"][seat] += 1
    e["last"] = kind
    state["flags"]["special_claimed"].append(p)
    return [{"type": "special_granted", "seat": seat, "province": p, "kind": kind}]
