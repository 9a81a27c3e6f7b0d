"""Beginning and ending a turn (Turn and lower; End of turn; End of the game).

A turn begins by straightening every card of the player's plot (a frozen card stays turned once).
At its end the loose envelopes go back to the dispenser, spent mamandurrias are discarded, the
player discards any cards from hand face down and draws as many plus one, and play passes to the
right (the next seat). The game ends at the end of the turn in which the dispenser ran dry.
"""

from __future__ import annotations

from games.core.refusals import _, refuse

from . import deck, inputs, plot, scoring
from .schema import END_DISPENSER, END_TURN_LIMIT, State
from .setup import new_turn
from .talks import check_no_open_proposal, expire
from .turn_guard import require_turn

RULE = "end-of-turn"


def straighten(state: State, events: list, seat: int) -> None:
    """Turn and lower: "all the cards are straightened, ready to be used" at the start of a turn.
    A frozen card stays turned this once."""
    p = state["players"][seat]
    p["paradise_tapped"] = False
    kept = []
    for e in p["plot"]:
        if e["frozen"]:
            e["frozen"] = False
            e["tapped"] = True
            kept.append(e["id"])
        else:
            e["tapped"] = False
    events.append({"type": "straightened", "seat": seat, "kept_turned": kept})


def begin_turn(state: State, events: list, seat: int, number: int) -> None:
    state["turn"] = new_turn(seat, number)
    events.append({"type": "turn", "seat": seat, "number": number})
    straighten(state, events, seat)


def return_loose(state: State, events: list, seat: int) -> None:
    """End of turn: the money not hidden goes back to the dispenser."""
    p = state["players"][seat]
    n = p["loose"]
    if n:
        p["loose"] = 0
        state["dispenser"] += n
        state["returned"] += n
        events.append({"type": "returned", "seat": seat, "amount": n, "dispenser": state["dispenser"]})


def discard_mamandurrias(state: State, events: list, seat: int) -> None:
    """The Cards: a mamandurria is left on the discard pile at the end of the turn it was used in."""
    p = state["players"][seat]
    spent = [e["id"] for e in p["plot"] if plot.is_mamandurria(state, e["id"])]
    if spent:
        p["plot"] = [e for e in p["plot"] if e["id"] not in spent]
        state["discard"].extend(spent)
        events.append({"type": "mamandurrias_discarded", "seat": seat, "cards": spent})


def do_end_turn(state: State, events: list, seat: int, action: dict) -> None:
    """End of turn, in the rulebook's order; then the end of the game or the next player's turn."""
    require_turn(state, seat)
    check_no_open_proposal(state, seat)
    p = state["players"][seat]
    chosen = inputs.id_list(action.get("discard"), RULE)
    if any(c not in p["hand"] for c in chosen):
        refuse(_("You can only discard cards from your hand."), RULE)
    ending = state["turn"]["dispenser_emptied"]
    if not ending:
        return_loose(state, events, seat)
    discard_mamandurrias(state, events, seat)
    for c in chosen:
        p["hand"].remove(c)
    state["discard"].extend(chosen)
    events.append({"type": "discarded", "seat": seat, "cards": chosen, "count": len(chosen), "only": [seat],
                   "public": {"type": "discarded", "seat": seat, "count": len(chosen)}})
    deck.draw(state, events, seat, len(chosen) + 1)
    p["turns"] += 1
    expire(state, events)
    events.append({"type": "turn_ended", "seat": seat})
    limit = state["options"]["max_turns"]
    if ending:
        scoring.finish(state, events, END_DISPENSER, seat)
    elif limit is not None and state["turn"]["number"] >= limit * state["num_players"]:
        scoring.finish(state, events, END_TURN_LIMIT, seat)
    else:
        begin_turn(state, events, (seat + 1) % state["num_players"], state["turn"]["number"] + 1)
