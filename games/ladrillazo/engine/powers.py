"""What card powers do (Powers and actions).

A power is permanent (``plot.permanent_total``), runs once when its card is lowered, or is an action:
it needs the level shown by its circles, turns the card, and a card never runs two actions in one
turn. Each kind is one handler in ``KINDS``; hostile kinds (inspect, freeze, steal) need a target
card in another player's plot, and a permanent shield protects a whole plot from them.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core.refusals import _, refuse

from . import cards, deck, inputs, money, plot
from .schema import (
    KIND_DRAW,
    KIND_EARN,
    KIND_EVADE,
    KIND_FREEZE,
    KIND_INSPECT,
    KIND_STEAL,
    TARGETED_KINDS,
    TYPE_MAMANDURRIA,
    Power,
    State,
)

RULE = "powers-and-actions"


def target_problem(state: State, seat: int, power: Power, card_id: int, shield: bool | None = None,
                   owner: int | None = None) -> str | None:
    """Why ``card_id`` cannot be the target of ``power`` used by ``seat`` (None when it can)."""
    if owner is None:
        owner = plot.owner_of(state, card_id)
    if owner is None or owner == seat:
        return _("Choose a card in another player's plot.")
    e = plot.entry(state, owner, card_id)
    if e["backing"] is not None:
        return _("A card that backs another cannot be targeted on its own.")
    if plot.shielded(state, owner) if shield is None else shield:
        return _("That plot is protected by parliamentary immunity.")
    if cards.of(state, card_id)["type"] == TYPE_MAMANDURRIA:
        return _("A mamandurria is spent: it cannot be targeted.")
    if power["kind"] == KIND_STEAL and cards.of(state, card_id)["type"] not in power.get("types", []):
        return _("This power cannot take a card of that type.")
    if power["kind"] == KIND_STEAL and plot.bound(state, e):
        return plot.PADLOCKED
    return None


def valid_targets(state: State, seat: int, power: Power) -> list[int]:
    """Every card ``power`` could target now."""
    found = []
    for p in state["players"]:
        if p["seat"] == seat or not p["plot"] or plot.shielded(state, p["seat"]):
            continue
        found += [e["id"] for e in p["plot"] if target_problem(state, seat, power, e["id"], False, p["seat"]) is None]
    return found


def check_target(state: State, seat: int, power: Power, action: dict) -> int | None:
    """The target named by ``action``; None for untargeted kinds or when no card can be targeted."""
    if power["kind"] not in TARGETED_KINDS:
        if action.get("target") is not None:
            refuse(_("This power takes no target."), RULE)
        return None
    if action.get("target") is None and not valid_targets(state, seat, power):
        return None
    target = inputs.card_id(action.get("target"), RULE)
    problem = target_problem(state, seat, power, target)
    if problem is not None:
        refuse(problem, "level-and-support" if problem == plot.PADLOCKED else RULE, card=plot.key(state, target))
    return target


def earn(state: State, events: list, seat: int, source: int, power: Power, level: int, target: int | None) -> None:
    """Money: a project earns as many envelopes as its level (or the power's amount)."""
    money.take(state, events, seat, power.get("amount", level), source)


def draw(state: State, events: list, seat: int, source: int, power: Power, level: int, target: int | None) -> None:
    deck.draw(state, events, seat, power.get("amount", 1))


def evade(state: State, events: list, seat: int, source: int, power: Power, level: int, target: int | None) -> None:
    """Move up to ``amount`` loose envelopes to paradise."""
    n = min(power.get("amount", 1), state["players"][seat]["loose"])
    if n:
        money.to_paradise(state, events, seat, n, source)


def inspect(state: State, events: list, seat: int, source: int, power: Power, level: int, target: int | None) -> None:
    """Up to ``amount`` envelopes hidden on the target go back to the dispenser."""
    if target is None:
        return
    owner = plot.owner_of(state, target)
    e = plot.entry(state, owner, target)
    n = min(power.get("amount", 1), e["envelopes"])
    e["envelopes"] -= n
    money.to_dispenser(state, n)
    events.append({"type": "inspected", "seat": seat, "owner": owner, "target": target, "amount": n, "source": source})


def freeze(state: State, events: list, seat: int, source: int, power: Power, level: int, target: int | None) -> None:
    """The target stays turned at its owner's next straightening."""
    if target is None:
        return
    owner = plot.owner_of(state, target)
    e = plot.entry(state, owner, target)
    e["frozen"] = True
    events.append({"type": "frozen", "seat": seat, "owner": owner, "target": target, "source": source})


def steal(state: State, events: list, seat: int, source: int, power: Power, level: int, target: int | None) -> None:
    """Talks: a stolen card keeps its place (plot to plot) and state; envelopes on it go back to the
    dispenser, and any card backing it stays in the victim's plot (a padlocked card with backing is never
    a target: ``target_problem``)."""
    if target is None:
        return
    owner = plot.owner_of(state, target)
    victim = state["players"][owner]
    e = plot.entry(state, owner, target)
    returned = e["envelopes"]
    money.to_dispenser(state, returned)
    e["envelopes"] = 0
    left = plot.detach_backers(state, owner, e)
    victim["plot"].remove(e)
    state["players"][seat]["plot"].append(e)
    events.append({"type": "stolen", "seat": seat, "owner": owner, "target": target, "returned": returned,
                   "left_behind": left, "source": source})


Handler = Callable[[dict, list, int, int, Power, int, "int | None"], None]

KINDS: dict[str, Handler] = {
    KIND_EARN: earn,
    KIND_DRAW: draw,
    KIND_EVADE: evade,
    KIND_INSPECT: inspect,
    KIND_FREEZE: freeze,
    KIND_STEAL: steal,
}


def run(state: State, events: list, seat: int, source: int, power: Power, level: int, target: int | None) -> None:
    KINDS[power["kind"]](state, events, seat, source, power, level, target)
