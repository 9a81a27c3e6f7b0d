"""End of the game (Objective; Shortening the Game).

The game ends when one player remains, when one player owns every title
deed, or (online option ``max_turns``) after that many turns per player,
ranked by net worth: cash + deed prices (mortgaged: price minus mortgage
value) + buildings at cost.
"""

from __future__ import annotations

from . import board
from .schema import State
from .state import active_seats, deeds_of, is_mortgaged, level, player


def net_worth(state: State, seat: int) -> int:
    total = player(state, seat)["money"]
    for index in deeds_of(state, seat):
        total += board.price(index)
        if is_mortgaged(state, index):
            total -= board.mortgage_value(index)
        lv = level(state, index)
        if lv == 5:
            total += board.estancia_cash(index) + 4 * board.chacra_cost(index)
        elif lv:
            total += lv * board.chacra_cost(index)
    return total


def ranking(state: State) -> list[int]:
    alive = sorted(active_seats(state), key=lambda s: (-net_worth(state, s), s))
    gone = sorted((p for p in state["players"] if p["bankrupt"]), key=lambda p: -p["bankrupt_order"])
    return alive + [p["seat"] for p in gone]


def finish(state: State, events: list, reason: str) -> None:
    state["over"] = True
    order = ranking(state)
    state["result"] = {"ranking": order, "winner": order[0], "reason": reason,
                       "net_worth": {str(s): net_worth(state, s) for s in active_seats(state)}}
    state["auction"] = None
    state["auction_queue"] = []
    state["debts"] = []
    state["claims"] = []
    events.append({"type": "game_over", **state["result"]})


def check_end(state: State, events: list) -> None:
    """One player left, or one player owns all the deeds."""
    if state["over"]:
        return
    alive = active_seats(state)
    if len(alive) <= 1:
        finish(state, events, "last_player")
        return
    if state["auction"] is None and not state["auction_queue"]:
        owners = set(state["owners"].values())
        if len(owners) == 1 and None not in owners:
            finish(state, events, "all_properties")


def turn_limit_reached(state: State) -> bool:
    limit = state["options"]["max_turns"]
    return limit is not None and state["turns_played"] >= limit * state["num_players"]
