"""Monopolies, victory points and the end of the game (Monopoly, Victory, Variant: 3 Players)."""

from __future__ import annotations

from . import board as B
from .industry import monopolist as industry_monopolist
from .schema import PHASE_OVER, State
from .state import blocked_id, sole_holder


def province_monopolist(state: State, province: str) -> int | None:
    """Monopoly: a single player holds every MP of the province."""
    return sole_holder(state["mps"][province])


def holds_material(state: State, seat: int, material: str) -> bool:
    mps = state["mps"]
    return any(mps[p][i] == seat for p, i in B.MPS_OF_MATERIAL[material])


def vp_breakdowns(state: State) -> list[dict]:
    """Victory points, every seat's in one pass: monopolised provinces score their VP; a monopolised
    industry scores only if its monopolist holds at least 1 MP of its material. Blocked
    provinces/industries score nothing."""
    n = state["num_players"]
    out: list[dict] = [{"provinces": [], "industries": [], "total": 0} for _ in range(n)]
    blocked = blocked_id(state, "province")  # the Union Organizer blocks the effect of monopolies
    mps = state["mps"]
    for p in B.PROVINCE_IDS:
        seat = None if p == blocked else sole_holder(mps[p])
        if seat is not None and 0 <= seat < n:
            out[seat]["provinces"].append(p)
            out[seat]["total"] += B.PROVINCES[p]["vp"]
    blocked = blocked_id(state, "industry")
    for ind in B.INDUSTRY_IDS:
        seat = industry_monopolist(state, ind)
        if seat is None or not 0 <= seat < n or ind == blocked:
            continue
        if holds_material(state, seat, B.INDUSTRIES[ind]["material"]):
            out[seat]["industries"].append(ind)
            out[seat]["total"] += B.INDUSTRIES[ind]["vp"]
    return out


def vp_breakdown(state: State, seat: int) -> dict:
    return vp_breakdowns(state)[seat]


def all_vp(state: State) -> list[int]:
    return [bd["total"] for bd in vp_breakdowns(state)]


def _monopolises_an_industry(state: State, seat: int) -> bool:
    """An industry scores only for its monopolist: without one, no factory counts towards victory."""
    for info in state["industries"].values():  # every turn's end: sole_holder(slots) == seat, written out
        slots = info["slots"]
        if slots[0] == seat and slots.count(seat) == len(slots):
            return True
    return False


def meets_victory(state: State, seat: int) -> bool:
    """Victory: at least 16 VP (18 with 3 players) including at least 1 factory (2 with 3 players)
    and 1 province."""
    if state["factories_needed"] > 0 and not _monopolises_an_industry(state, seat):
        return False  # nearly every turn's end: no factory can score, so no need to count the points
    bd = vp_breakdown(state, seat)
    return (
        bd["total"] >= state["vp_to_win"]
        and len(bd["industries"]) >= state["factories_needed"]
        and len(bd["provinces"]) >= state["provinces_needed"]
    )


def outcome(state: State) -> dict | None:
    """The result once the game is over: winner first, then the rest by VP (seat order on ties)."""
    if state["phase"] != PHASE_OVER:
        return None
    vp = all_vp(state)
    winner = state["winner"]
    rest = sorted((s for s in range(state["num_players"]) if s != winner), key=lambda s: (-vp[s], s))
    ranking = ([winner] if winner is not None else []) + rest
    return {"ranking": ranking, "winner": ranking[0], "vp": vp, "reason": state["end_reason"]}
