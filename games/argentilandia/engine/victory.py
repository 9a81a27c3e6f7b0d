"""Monopolies, victory points and the end of the game (Monopoly, Victory, Variant: 3 Players)."""

from __future__ import annotations

from . import board as B
from .industry import monopolist as industry_monopolist
from .schema import PHASE_OVER
from .state import is_blocked


def province_monopolist(state: dict, province: str) -> int | None:
    """Monopoly: a single player holds every MP of the province."""
    slots = state["mps"][province]
    first = slots[0]
    if first is not None and all(s == first for s in slots):
        return first
    return None


def effective_province_monopolist(state: dict, province: str) -> int | None:
    """A monopoly whose effects apply: the Union Organizer blocks the effect of monopolies."""
    if is_blocked(state, "province", province):
        return None
    return province_monopolist(state, province)


def holds_material(state: dict, seat: int, material: str) -> bool:
    for p, slots in state["mps"].items():
        mats = B.PROVINCES[p]["mps"]
        for i, s in enumerate(slots):
            if s == seat and mats[i] == material:
                return True
    return False


def vp_breakdown(state: dict, seat: int) -> dict:
    """Victory points: monopolised provinces score their VP; a monopolised industry scores only if its
    monopolist holds at least 1 MP of its material. Blocked provinces/industries score nothing."""
    provs = [p for p in B.PROVINCE_IDS if effective_province_monopolist(state, p) == seat]
    inds = []
    for ind in B.INDUSTRY_IDS:
        if industry_monopolist(state, ind) != seat or is_blocked(state, "industry", ind):
            continue
        if holds_material(state, seat, B.INDUSTRIES[ind]["material"]):
            inds.append(ind)
    total = sum(B.PROVINCES[p]["vp"] for p in provs) + sum(B.INDUSTRIES[i]["vp"] for i in inds)
    return {"provinces": provs, "industries": inds, "total": total}


def all_vp(state: dict) -> list[int]:
    return [vp_breakdown(state, s)["total"] for s in range(state["num_players"])]


def meets_victory(state: dict, seat: int) -> bool:
    """Victory: at least 16 VP (18 with 3 players) including at least 1 factory (2 with 3 players)
    and 1 province."""
    bd = vp_breakdown(state, seat)
    return (
        bd["total"] >= state["vp_to_win"]
        and len(bd["industries"]) >= state["factories_needed"]
        and len(bd["provinces"]) >= state["provinces_needed"]
    )


def outcome(state: dict) -> dict | None:
    """The result once the game is over: winner first, then the rest by VP (seat order on ties)."""
    if state["phase"] != PHASE_OVER:
        return None
    vp = all_vp(state)
    winner = state["winner"]
    rest = sorted((s for s in range(state["num_players"]) if s != winner), key=lambda s: (-vp[s], s))
    ranking = ([winner] if winner is not None else []) + rest
    return {"ranking": ranking, "winner": ranking[0], "vp": vp, "reason": state["end_reason"]}
