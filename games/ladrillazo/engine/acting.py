"""Running a card's action (Powers and actions; Money).

An action is shown by circles: the card needs that level. Running it turns the card, which can
then neither pay a requirement nor run another action this turn (each plot card is used once per
turn). A project's own action earns as many envelopes as its level.
"""

from __future__ import annotations

from games.core.refusals import _, refuse

from . import cards, inputs, plot, powers
from .schema import WHEN_ACTION, PlotCard, State
from .turn_guard import require_turn

RULE = "powers-and-actions"


def action_problem(state: State, e: PlotCard, index: int) -> str | None:
    """Why plot card ``e`` cannot run its power ``index`` now (None when it can)."""
    power = cards.of(state, e["id"])["powers"][index]
    if power["when"] != WHEN_ACTION:
        return _("That power is not an action.")
    if e["backing"] is not None:
        return _("A card that backs another cannot act on its own.")
    if e["tapped"]:
        return _("Each plot card is used once per turn: that card is already turned.")
    if plot.level(state, e) < power.get("level", 0):
        return _("That action needs level %(need)s; the card has level %(have)s.")
    return None


def do_act(state: State, events: list, seat: int, action: dict) -> None:
    """Powers and actions: run action ``power`` of plot card ``card`` (turning it)."""
    require_turn(state, seat)
    cid = inputs.card_id(action.get("card"), RULE)
    e = plot.own_entry(state, seat, cid, RULE)
    d = cards.of(state, cid)
    index = inputs.index(action.get("power", 0), len(d["powers"]), RULE)
    problem = action_problem(state, e, index)
    if problem is not None:
        refuse(problem, RULE, card=plot.key(state, cid), need=d["powers"][index].get("level", 0), have=plot.level(state, e))
    power = d["powers"][index]
    target = powers.check_target(state, seat, power, action)
    e["tapped"] = True
    events.append({"type": "acted", "seat": seat, "card": cid, "power": index, "kind": power["kind"], "target": target})
    powers.run(state, events, seat, cid, power, plot.level(state, e), target)
