"""What one seat (or a spectator) is shown.

Hidden: the seed and generator counter, the deck's order and the discard pile (face down: sizes
only), other players' hands (counts only), and the hand cards in proposals between two other
players. Every card shown carries its printed definition (``card``: type, levels, slots, padlock,
requirements, stamps, powers, names) and derived values (``level``, ``capacity``, ``slots_free``),
so a client draws the cards from the data alone.
"""

from __future__ import annotations

from typing import Any

from games.core.copying import copy_whole

from . import cards, plot
from .schema import State
from .talks import redact

HIDDEN_KEYS = ("seed", "rng_counter", "deck", "discard", "players", "proposals", "cards")


def _plot_card(state: State, e: dict) -> dict:
    d = cards.of(state, e["id"])
    return {**e, "backers": list(e["backers"]), "key": d["key"], "type": d["type"], "level": plot.level(state, e),
            "capacity": plot.capacity(state, e), "slots_free": plot.free_slots(state, e), "bound": plot.bound(state, e),
            "card": d}


def _side_cards(state: State, side: dict) -> list[dict]:
    shown = [("hand", c) for c in side["hand"]] + [("plot", c) for c in side["plot"]]
    return [{"id": c, "where": where, "key": state["cards"][c], "name": cards.of(state, c)["name"],
             "name_en": cards.of(state, c)["name_en"]} for where, c in shown]


def view(state: State, seat: int | None, to_move: list[int]) -> dict:
    out = copy_whole({k: v for k, v in state.items() if k not in HIDDEN_KEYS})
    out["deck_size"] = len(state["deck"])
    out["discard_size"] = len(state["discard"])
    players = []
    for p in state["players"]:
        mine = p["seat"] == seat
        entry = {k: v for k, v in p.items() if k not in ("hand", "plot")}
        entry["plot"] = [_plot_card(state, e) for e in p["plot"]]
        entry["hidden"] = plot.hidden(state, p["seat"])
        entry["hand_count"] = len(p["hand"])
        entry["hand"] = [{"id": c, "key": state["cards"][c], "type": cards.of(state, c)["type"], "card": cards.of(state, c)}
                         for c in p["hand"]] if mine else []
        # Its EVADE stamp is the table's (option ``paradise_evade``: 1, a reconstruction; 0 in the rulebook).
        entry["paradise_card"] = {**cards.definition(p["paradise_key"]), "evade": plot.paradise_evade(state)}
        players.append(entry)
    out["players"] = players
    proposals = []
    for prop in state["proposals"]:
        shown: dict[str, Any] = copy_whole(prop) if seat in (prop["from"], prop["to"]) else redact(prop)
        for side in ("give", "ask"):
            shown[side]["cards"] = _side_cards(state, shown[side])
        proposals.append(shown)
    out["proposals"] = proposals
    out["viewer"] = seat
    out["to_move"] = to_move
    return out
