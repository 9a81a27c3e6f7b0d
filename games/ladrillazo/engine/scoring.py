"""The end of the game and the ranking (End of the game; Aim).

"The player with the most envelopes wins in total": envelopes hidden on one's plot cards plus those
evaded to paradise; the player of the last turn, who need not hide money, also counts the loose
envelopes in hand. Cards in hand are worth nothing. Ties: more envelopes in paradise (the safe
money) first, then fewer turns played, then the order of play after the last player.
"""

from __future__ import annotations

from . import plot
from .schema import PHASE_OVER, State


def total(state: State, seat: int) -> int:
    p = state["players"][seat]
    return plot.hidden(state, seat) + p["paradise"] + p["loose"]


def ranking(state: State, last: int) -> list[int]:
    """Seats from first to last place (ties broken as documented above)."""
    n = state["num_players"]

    def key(seat: int) -> tuple:
        p = state["players"][seat]
        return (-total(state, seat), -p["paradise"], p["turns"], (seat - last - 1) % n)

    return sorted(range(n), key=key)


def finish(state: State, events: list, reason: str, last: int) -> None:
    """End of the game: rank everyone and record the result."""
    order = ranking(state, last)
    state["phase"] = PHASE_OVER  # open proposals were already expired by the turn that ends the game
    state["result"] = {
        "ranking": order,
        "winner": order[0],
        "reason": reason,
        "totals": {str(s): total(state, s) for s in range(state["num_players"])},
        "paradise": {str(s): state["players"][s]["paradise"] for s in range(state["num_players"])},
    }
    events.append({"type": "game_over", **state["result"]})
