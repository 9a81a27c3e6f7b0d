"""Envelopes: earning from the dispenser, hiding on ESCONDE cards, evading to paradise (Money).

Envelopes a player earns are "loose" until hidden on a plot card with an ESCONDE stamp (up to its
number, whether the card is tapped or backed, but never on a card that backs another) or evaded to
paradise (no limit; nothing leaves). Loose envelopes go back to the dispenser at the end of the turn.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.core.refusals import _, refuse

from . import cards, inputs, plot
from .schema import PlotCard, State
from .turn_guard import require_turn

RULE = "money"


def take(state: State, events: list, seat: int, n: int, source: int | None) -> int:
    """Money: ``seat`` takes up to ``n`` envelopes from the dispenser (as many as are left).

    End of the game: the turn in which the dispenser runs dry is the last one.
    """
    got = min(n, state["dispenser"])
    state["dispenser"] -= got
    state["players"][seat]["loose"] += got
    if state["dispenser"] == 0:
        state["turn"]["dispenser_emptied"] = True
    events.append({"type": "earned", "seat": seat, "amount": got, "card": source, "dispenser": state["dispenser"]})
    return got


def to_dispenser(state: State, n: int) -> None:
    state["dispenser"] += n


def to_paradise(state: State, events: list, seat: int, n: int, source: int | None) -> None:
    """Money: evaded envelopes go to paradise, which has no limit and from which nothing leaves."""
    p = state["players"][seat]
    p["loose"] -= n
    p["paradise"] += n
    events.append({"type": "evaded", "seat": seat, "amount": n, "card": source, "paradise": p["paradise"]})


def do_hide(state: State, events: list, seat: int, action: dict) -> None:
    """Money: put loose envelopes on an ESCONDE card of one's plot, up to its stamp."""
    require_turn(state, seat)
    cid = inputs.card_id(action.get("card"), RULE)
    n = inputs.amount(action.get("amount"), RULE)
    e = plot.own_entry(state, seat, cid, RULE)
    p = state["players"][seat]
    if n > p["loose"]:
        refuse(_("You have only %(loose)s envelopes to hide."), RULE, loose=p["loose"])
    if e["backing"] is not None:
        refuse(_("A card that backs another cannot hold envelopes."), "level-and-support", card=plot.key(state, cid))
    if cards.of(state, cid)["hide"] == 0:
        refuse(_("%(card)s has no ESCONDE stamp."), RULE, card=plot.key(state, cid))
    if n > plot.room(state, e):
        refuse(_("%(card)s can hold %(room)s more envelopes."), RULE, card=plot.key(state, cid), room=plot.room(state, e))
    p["loose"] -= n
    e["envelopes"] += n
    events.append({"type": "hidden", "seat": seat, "card": cid, "amount": n})


def do_unhide(state: State, events: list, seat: int, action: dict) -> None:
    """Money: "to put and remove envelopes of a card does not matter if it is rotated or backed"."""
    require_turn(state, seat)
    cid = inputs.card_id(action.get("card"), RULE)
    n = inputs.amount(action.get("amount"), RULE)
    e = plot.own_entry(state, seat, cid, RULE)
    if n > e["envelopes"]:
        refuse(_("%(card)s holds only %(held)s envelopes."), RULE, card=plot.key(state, cid), held=e["envelopes"])
    e["envelopes"] -= n
    state["players"][seat]["loose"] += n
    events.append({"type": "unhidden", "seat": seat, "card": cid, "amount": n})


def evade_capacity(state: State, seat: int, cid: int) -> tuple[int, PlotCard | None]:
    """The EVADE stamp of ``cid`` (a plot card or the player's paradise) and its plot entry."""
    p = state["players"][seat]
    if cid == p["paradise_id"]:
        return plot.paradise_evade(state), None
    e = plot.own_entry(state, seat, cid, RULE)
    return cards.of(state, cid)["evade"], e


def do_evade(state: State, events: list, seat: int, action: dict) -> None:
    """Money: an EVADE stamp moves up to its number of loose envelopes to paradise. Evading is an
    action, so the card is turned and cannot be used again this turn (Powers and actions)."""
    require_turn(state, seat)
    cid = inputs.card_id(action.get("card"), RULE)
    n = inputs.amount(action.get("amount"), RULE)
    p = state["players"][seat]
    stamp, e = evade_capacity(state, seat, cid)
    if stamp == 0:
        refuse(_("%(card)s has no EVADE stamp."), RULE, card=plot.key(state, cid))
    if e is None:
        if p["paradise_tapped"]:
            refuse(_("Each plot card is used once per turn: %(card)s is already turned."), "turn", card=plot.key(state, cid))
    else:
        if e["backing"] is not None:
            refuse(_("A card that backs another cannot act on its own."), "level-and-support", card=plot.key(state, cid))
        if e["tapped"]:
            refuse(_("Each plot card is used once per turn: %(card)s is already turned."), "turn", card=plot.key(state, cid))
    if n > stamp:
        refuse(_("%(card)s evades at most %(stamp)s envelopes."), RULE, card=plot.key(state, cid), stamp=stamp)
    if n > p["loose"]:
        refuse(_("You have only %(loose)s envelopes in hand to evade."), RULE, loose=p["loose"])
    if e is None:
        p["paradise_tapped"] = True
    else:
        e["tapped"] = True
    to_paradise(state, events, seat, n, cid)


def pay_out(state: State, seat: int, n: int) -> None:
    """Take ``n`` envelopes from ``seat``: loose ones first, then hidden ones in plot order (Talks)."""
    p = state["players"][seat]
    from_loose = min(n, p["loose"])
    p["loose"] -= from_loose
    n -= from_loose
    for e in p["plot"]:
        if n == 0:
            break
        take_here = min(n, e["envelopes"])
        e["envelopes"] -= take_here
        n -= take_here


def available(state: State, seat: int, leaving: Iterable[int] = ()) -> int:
    """Envelopes ``seat`` could hand over: loose plus hidden (paradise never leaves), except those on the
    plot cards ``leaving`` with the same deal: Talks, "if a card that has saved envelopes changes player,
    the envelopes are returned to the tube", so they cannot pay a price."""
    gone = set(leaving)
    return state["players"][seat]["loose"] + sum(e["envelopes"] for e in state["players"][seat]["plot"]
                                                  if e["id"] not in gone)


def receive(state: State, events: list, seat: int, n: int) -> None:
    """Talks: envelopes received. On one's own turn they are loose (to hide or evade); otherwise
    they are hidden at once where there is room, in plot order, and the rest go back to the dispenser."""
    p = state["players"][seat]
    if state["turn"]["seat"] == seat:
        p["loose"] += n
        return
    for e in p["plot"]:
        put = min(n, plot.room(state, e))
        e["envelopes"] += put
        n -= put
    if n:
        to_dispenser(state, n)
        state["returned"] += n
        events.append({"type": "returned", "seat": seat, "amount": n, "dispenser": state["dispenser"]})
