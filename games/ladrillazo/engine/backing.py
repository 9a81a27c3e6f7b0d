"""Backing and withdrawing backing (Level and support).

Land and citizens may be tucked behind a plot card that shows an attenuated icon of their type; each
raises its level by one, up to one per icon. Backing is put or removed only between untapped cards.
A card with a padlock keeps its backing for the rest of the game. A backing card cannot be used on
its own and loses its ability to hold envelopes.
"""

from __future__ import annotations

from games.core.refusals import _, refuse

from . import cards, inputs, plot
from .schema import FREE_TYPES, PlotCard, State
from .turn_guard import require_turn

RULE = "level-and-support"


def backing_problem(state: State, backer: PlotCard, target: PlotCard) -> str | None:
    """Why ``backer`` cannot back ``target`` now (None when it can)."""
    if backer["id"] == target["id"]:
        return _("A card cannot back itself.")
    kind = cards.of(state, backer["id"])["type"]
    if kind not in FREE_TYPES:
        return _("Only land and citizens can back another card.")
    if backer["tapped"] or target["tapped"]:
        return _("Backing is put or withdrawn only between untapped cards.")
    if backer["backing"] is not None:
        return _("That card already backs another.")
    if backer["backers"]:
        return _("A card with backing of its own cannot back another.")
    if target["backing"] is not None:
        return _("A card that backs another cannot be backed.")
    if backer["envelopes"]:
        return _("Take the envelopes off that card first: a backing card cannot hold envelopes.")
    if kind not in plot.free_slots(state, target):
        return _("That card has no free backing slot of this type.")
    return None


def do_back(state: State, events: list, seat: int, action: dict) -> None:
    """Level and support: tuck ``card`` behind ``target``, raising the target's level by one."""
    require_turn(state, seat)
    backer = plot.own_entry(state, seat, inputs.card_id(action.get("card"), RULE), RULE)
    target = plot.own_entry(state, seat, inputs.card_id(action.get("target"), RULE), RULE)
    problem = backing_problem(state, backer, target)
    if problem is not None:
        refuse(problem, RULE, card=plot.key(state, backer["id"]), target=plot.key(state, target["id"]))
    backer["backing"] = target["id"]
    target["backers"].append(backer["id"])
    events.append({"type": "backed", "seat": seat, "card": backer["id"], "target": target["id"],
                   "level": plot.level(state, target)})


def withdraw_problem(state: State, seat: int, backer: PlotCard) -> str | None:
    """Why the backing of ``backer`` cannot be withdrawn now (None when it can)."""
    if backer["backing"] is None:
        return _("That card backs nothing.")
    target = plot.entry(state, seat, backer["backing"])
    if backer["tapped"] or target["tapped"]:
        return _("Backing is put or withdrawn only between untapped cards.")
    if cards.of(state, target["id"])["padlock"]:
        return _("That card has a padlock: its backing stays for the rest of the game.")
    return None


def do_withdraw(state: State, events: list, seat: int, action: dict) -> None:
    """Level and support: take a backing card from behind another; it is a free plot card again."""
    require_turn(state, seat)
    backer = plot.own_entry(state, seat, inputs.card_id(action.get("card"), RULE), RULE)
    problem = withdraw_problem(state, seat, backer)
    if problem is not None:
        refuse(problem, RULE, card=plot.key(state, backer["id"]))
    target = plot.entry(state, seat, backer["backing"])
    target["backers"].remove(backer["id"])
    backer["backing"] = None
    events.append({"type": "withdrawn", "seat": seat, "card": backer["id"], "target": target["id"],
                   "level": plot.level(state, target)})
