"""Queries about a player's plot (trama): where a card is, its level, what it may hold.

Level and support: a card's level is its filled icons plus one per card backing it. A card that
backs another cannot be used on its own and cannot hold envelopes.
"""

from __future__ import annotations

from games.core.refusals import _, refuse

from . import cards
from .schema import KIND_DISCOUNT, KIND_SHIELD, PARADISE_EVADE, TYPE_MAMANDURRIA, WHEN_PERMANENT, PlotCard, State


def key(state: State, card_id: object) -> str:
    """The printed card of instance ``card_id`` (for messages; ``?`` when there is none)."""
    if isinstance(card_id, int) and not isinstance(card_id, bool) and 0 <= card_id < len(state["cards"]):
        return state["cards"][card_id]
    return "?"


def new_entry(card_id: int) -> PlotCard:
    """A card just lowered: untapped, nothing on it, nothing behind it."""
    return {"id": card_id, "tapped": False, "frozen": False, "envelopes": 0, "backers": [], "backing": None}


def entry(state: State, seat: int, card_id: int) -> PlotCard | None:
    """The plot entry of ``card_id`` in ``seat``'s plot, or None."""
    for e in state["players"][seat]["plot"]:
        if e["id"] == card_id:
            return e
    return None


def own_entry(state: State, seat: int, card_id: int, rule: str) -> PlotCard:
    """``card_id`` must be in ``seat``'s own plot."""
    e = entry(state, seat, card_id)
    if e is None:
        refuse(_("That card is not in your plot."), rule)
    return e


def owner_of(state: State, card_id: int) -> int | None:
    """The seat whose plot holds ``card_id``, or None."""
    for p in state["players"]:
        for e in p["plot"]:
            if e["id"] == card_id:
                return p["seat"]
    return None


def level(state: State, e: PlotCard) -> int:
    """Level and support: filled icons plus one per backing card."""
    return cards.of(state, e["id"])["level"] + len(e["backers"])


def free_slots(state: State, e: PlotCard) -> list[str]:
    """The backing slots of ``e`` still empty (one slot per attenuated icon, by type)."""
    slots = list(cards.of(state, e["id"])["slots"])
    for b in e["backers"]:
        t = cards.of(state, b)["type"]
        if t in slots:
            slots.remove(t)
    return slots


def capacity(state: State, e: PlotCard) -> int:
    """Money: envelopes ``e`` can hold (its ESCONDE stamp); none while it backs another card."""
    if e["backing"] is not None:
        return 0
    return cards.of(state, e["id"])["hide"]


def room(state: State, e: PlotCard) -> int:
    return max(0, capacity(state, e) - e["envelopes"])


def hidden(state: State, seat: int) -> int:
    """Envelopes hidden on ``seat``'s plot cards."""
    return sum(e["envelopes"] for e in state["players"][seat]["plot"])


def usable(e: PlotCard) -> bool:
    """Untapped and not backing: can pay a requirement or run an action this turn."""
    return not e["tapped"] and e["backing"] is None


def permanent_total(state: State, seat: int, kind: str) -> int:
    """Sum of a permanent power's amount (1 when it has none) over ``seat``'s free plot cards."""
    total = 0
    for e in state["players"][seat]["plot"]:
        if e["backing"] is not None:
            continue
        for power in cards.of(state, e["id"])["powers"]:
            if power["when"] == WHEN_PERMANENT and power["kind"] == kind:
                total += power.get("amount", 1)
    return total


def shielded(state: State, seat: int) -> bool:
    """Powers and actions: a permanent shield protects the whole plot from hostile powers."""
    return permanent_total(state, seat, KIND_SHIELD) > 0


def mamandurria_cost(state: State, seat: int, card_id: int) -> int:
    """A mamandurria's envelope cost, less any permanent discount (never below zero)."""
    return max(0, cards.of(state, card_id)["cost"] - permanent_total(state, seat, KIND_DISCOUNT))


def is_mamandurria(state: State, card_id: int) -> bool:
    return cards.of(state, card_id)["type"] == TYPE_MAMANDURRIA


# Level and support: a backed padlocked card is never given away nor taken (``bound``).
PADLOCKED = _("%(card)s has a padlock and is backed: it cannot leave its plot for the rest of the game.")


def bound(state: State, e: PlotCard) -> bool:
    """Level and support: "if they have a padlock, it means that the card you are supporting cannot leave
    during the rest of the game": a padlocked card with backing never leaves its plot (no deal, no steal)."""
    return bool(e["backers"]) and cards.of(state, e["id"])["padlock"]


def paradise_evade(state: State) -> int:
    """The EVADE stamp of a paradise card. The rulebook gives evading to "cards with the 'EVADE' stamp" and
    says the paradise card "contains a summary of the steps": none by default; the table option
    ``paradise_evade`` (a reconstruction) gives it EVADE 1. A game saved before the option existed
    (no key) was played with the stamp and keeps it."""
    return PARADISE_EVADE if state["options"].get("paradise_evade", True) else 0


def detach_backers(state: State, seat: int, e: PlotCard) -> list[int]:
    """Talks: the backing of a card that leaves the plot stays behind as free cards."""
    left = list(e["backers"])
    for b in left:
        backer = entry(state, seat, b)
        if backer is not None:
            backer["backing"] = None
    e["backers"] = []
    return left
