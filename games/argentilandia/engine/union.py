"""The Union Organizer (Playing the Game 8; Corrupt Official: removing the Union Organizer; Doubles c.)."""

from __future__ import annotations

from games.core.rng import draw

from . import board as B
from .industry import is_bought
from .schema import State
from .state import known


def targets(state: State) -> list[dict]:
    """Where the Union Organizer may go: any other province, or any industry already in use
    (industries stay in the box until bought: Setup)."""
    cur = state["union"]
    out = [{"kind": "province", "id": p} for p in B.PROVINCE_IDS]
    out += [{"kind": "industry", "id": i} for i in B.INDUSTRY_IDS if is_bought(state, i)]
    return [t for t in out if not (cur and t["kind"] == cur["kind"] and t["id"] == cur["id"])]


def is_target(state: State, target) -> bool:
    if not isinstance(target, dict):
        return False
    kind, ident = target.get("kind"), target.get("id")
    if kind == "province":
        ok = known(ident, B.PROVINCES)
    elif kind == "industry":
        ok = known(ident, B.INDUSTRIES) and is_bought(state, ident)
    else:
        return False
    cur = state["union"]
    return ok and not (cur and cur["kind"] == kind and cur["id"] == ident)


def present(state: State, target: dict) -> list[int]:
    """Players in a province (holding MPs) or an industry (holding percentages)."""
    if target["kind"] == "province":
        slots = state["mps"][target["id"]]
    else:
        slots = state["industries"][target["id"]]["slots"]
    return sorted({s for s in slots if s is not None})


def move(state: State, seat: int, target: dict) -> list[dict]:
    """Move the Union Organizer and draw 1 face-down Production card from each other player there
    who has any (the drawer picks blind: a uniform random card)."""
    state["union"] = {"kind": target["kind"], "id": target["id"]}
    events: list[dict] = [{"type": "union_moved", "seat": seat, "target": dict(state["union"])}]
    for victim in present(state, target):
        if victim == seat:
            continue
        hand = state["hands"][victim]
        size = sum(hand.values())
        if size == 0:
            continue
        k = draw(state, lambda r, size=size: r.randbelow(size))
        for m in B.MATERIALS:
            if k < hand[m]:
                break
            k -= hand[m]
        hand[m] -= 1
        state["hands"][seat][m] += 1
        events.append({
            "type": "card_drawn", "thief": seat, "victim": victim, "material": m,
            "only": [seat, victim], "public": {"type": "card_drawn", "thief": seat, "victim": victim},
        })
    return events
