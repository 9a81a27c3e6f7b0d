"""What a seat (or a spectator, ``None``) may see: never the seed, the rng counter or another
seat's hand (only its card count)."""

from __future__ import annotations

from typing import Any

from . import board as B
from .actions import COPY
from .schema import State
from .state import tokens_left
from .victory import province_monopolist, vp_breakdowns

HIDDEN = ("seed", "rng_counter", "hands")


def view(state: State, seat: int | None) -> dict:
    out: dict[str, Any] = COPY.whole({k: v for k, v in state.items() if k not in HIDDEN})
    n = state["num_players"]
    out["hand_counts"] = [sum(h.values()) for h in state["hands"]]
    out["hand"] = dict(state["hands"][seat]) if seat is not None and 0 <= seat < n else None
    out["seat"] = seat
    out["vp"] = vp_breakdowns(state)
    out["tokens_left"] = [tokens_left(state, s) for s in range(n)]
    monopolists = ((p, province_monopolist(state, p)) for p in B.PROVINCE_IDS)
    out["province_monopolies"] = {p: s for p, s in monopolists if s is not None}
    return out
