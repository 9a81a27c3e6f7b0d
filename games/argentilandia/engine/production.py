"""The roll, production and the doubles discard (Round Summary 2-4; Playing the Game 3-4;
Special Rules: Production cards; Doubling)."""

from __future__ import annotations

from games.core.rng import draw

from . import board as B
from .industry import doubles_for
from .schema import State
from .state import blocked_id, sole_holder
from .victory import province_monopolist


def roll_dice(state: State) -> list[int]:
    return draw(state, lambda r: [r.die(), r.die()])


def multiplier(state: State, seat: int, province: str, material: str) -> int:
    """Doubling: a province monopoly doubles, owning the material's factory doubles, both give four."""
    mult = 1
    if province_monopolist(state, province) == seat:
        mult *= 2
    if doubles_for(state, seat, material):
        mult *= 2
    return mult


def production_due(state: State, total: int) -> dict:
    """Cards owed per material per seat for a roll of ``total``: one per MP held in the provinces in
    play, times the doubling; blocked provinces produce nothing (Union Organizer)."""
    due: dict[str, list[int]] = {}
    n = state["num_players"]
    blocked = blocked_id(state, "province")
    for p in B.PROVINCES_BY_NUMBER.get(total, ()):
        if p == blocked:
            continue
        mats = B.PROVINCES[p]["mps"]
        slots = state["mps"][p]
        monopolist = sole_holder(slots)  # multiplier(), with the province's monopoly looked up once
        for i, owner in enumerate(slots):
            if owner is None:
                continue
            m = mats[i]
            row = due.setdefault(m, [0] * n)
            mult = 2 if monopolist == owner else 1
            if doubles_for(state, owner, m):
                mult *= 2
            row[owner] += mult
    return due


def pay_production(state: State, total: int) -> list[dict]:
    """Production cards: a material the bank cannot pay in full is paid to no one."""
    events: list[dict] = []
    due = production_due(state, total)
    for m in B.MATERIALS:
        row = due.get(m)
        if not row:
            continue
        need = sum(row)
        if need == 0:
            continue
        if state["bank"][m] < need:
            # The bank's count per material is not told (decision 18: discards went back to its piles).
            events.append({"type": "production_unpaid", "material": m, "needed": need})
            continue
        for seat, c in enumerate(row):
            if c:
                state["bank"][m] -= c
                state["hands"][seat][m] += c
                events.append({"type": "produced", "seat": seat, "material": m, "count": c})
    return events


def discards_due(state: State) -> list[int]:
    """Doubles a.: a player holding more than 7 cards gives up half, rounded down."""
    out = []
    for hand in state["hands"]:
        size = sum(hand.values())
        out.append(size // 2 if size > 7 else 0)
    return out


def random_discard(state: State, seat: int, count: int) -> dict:
    """A fair random pick of ``count`` cards from the seat's hand, using the state's rng."""
    pool: list[str] = []
    for m in B.MATERIALS:
        pool.extend([m] * state["hands"][seat][m])

    def pick(r) -> dict:
        cards = list(pool)
        chosen: dict[str, int] = {}
        for _ in range(count):
            i = r.randbelow(len(cards))
            m = cards.pop(i)
            chosen[m] = chosen.get(m, 0) + 1
        return chosen

    return draw(state, pick)
