"""Industries: ownership by largest share and doubling (Industries and doubling; majority of percentages)."""

from __future__ import annotations

from . import board as B
from .schema import State
from .state import is_blocked, sole_holder


def share(state: State, ind: str, seat: int) -> int:
    return state["industries"][ind]["slots"].count(seat)


def is_bought(state: State, ind: str) -> bool:
    return state["industries"][ind]["owner"] is not None


def monopolist(state: State, ind: str) -> int | None:
    """Monopoly (industries): a single player holds every percentage."""
    return sole_holder(state["industries"][ind]["slots"])


def update_owner(state: State, ind: str, actor: int) -> int | None:
    """Majority of percentages: the industry passes only to a strictly larger share; ties keep the
    current owner. If the owner lost every percentage, the largest holder takes it, the ``actor``
    (the buyer who caused the change) winning ties. Returns the new owner when it changed."""
    info = state["industries"][ind]
    slots = info["slots"]
    owner = info["owner"]
    counts: dict[int, int] = {}
    for s in slots:
        if s is not None:
            counts[s] = counts.get(s, 0) + 1
    if not counts:
        info["owner"] = None
        return None
    best = max(counts.values())
    own = counts.get(owner, 0) if owner is not None else 0
    if owner is not None and own == best:
        return None
    top = [s for s, c in counts.items() if c == best]
    new = actor if actor in top else min(top)
    info["owner"] = new
    return new


def doubles_for(state: State, seat: int, material: str) -> bool:
    """Industries and doubling: the owner doubles production of its material; holders tied with the
    owner for the largest share also double ("all players with percentages collect double").
    A blocked industry doubles nobody (Union Organizer)."""
    ind = B.INDUSTRY_OF_MATERIAL.get(material)
    if ind is None:
        return False
    info = state["industries"][ind]
    owner = info["owner"]
    if owner is None or is_blocked(state, "industry", ind):
        return False
    if seat == owner:
        return True
    mine = info["slots"].count(seat)
    return mine > 0 and mine == info["slots"].count(owner)
