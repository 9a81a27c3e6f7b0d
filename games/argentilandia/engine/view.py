"""What a seat (or a spectator, ``None``) may see: never the seed, the rng counter or another
seat's hand (only its card count), and the bank's Production cards only as a total.

The bank's piles per material are shown to nobody (decision 18): the discards after doubles go back to
them, and a count per material before and after a discard would tell everyone which cards a player
handed over. On the table the piles are in sight but nobody counts them card by card; what the bank
cannot pay shows only by its outcome (``production_unpaid``, an exchange refused for an empty pile)."""

from __future__ import annotations

from typing import Any

from . import board as B
from .actions import COPY
from .schema import PHASE_MAIN, State
from .state import tokens_left
from .trade import bank_refusal
from .victory import province_monopolist, vp_breakdowns

HIDDEN = ("seed", "rng_counter", "hands", "bank")


def _banker(state: State) -> str:
    cur = state["current"]
    why = bank_refusal(state, cur)
    if why is None:
        return "open"
    if why == "players" and any(o["from"] == cur and o.get("to_all") for o in state["offers"]):
        return "waiting"
    return why


def view(state: State, seat: int | None) -> dict:
    out: dict[str, Any] = COPY.whole({k: v for k, v in state.items() if k not in HIDDEN})
    n = state["num_players"]
    out["hand_counts"] = [sum(h.values()) for h in state["hands"]]
    out["hand"] = dict(state["hands"][seat]) if seat is not None and 0 <= seat < n else None
    out["seat"] = seat
    out["bank_total"] = sum(state["bank"].values())
    # Whether the Banker's 4:1 is open to the player on turn (Trade, decision 13), from public facts only:
    # "open"; "waiting" (their offer to everyone still waits for answers) or "players" (no offer to everyone
    # refused by each of the others yet); or the id of the port or border province they trade through
    # instead. None outside the main phase.
    out["banker"] = _banker(state) if state["phase"] == PHASE_MAIN else None
    out["vp"] = vp_breakdowns(state)
    out["tokens_left"] = [tokens_left(state, s) for s in range(n)]
    monopolists = ((p, province_monopolist(state, p)) for p in B.PROVINCE_IDS)
    out["province_monopolies"] = {p: s for p, s in monopolists if s is not None}
    return out
