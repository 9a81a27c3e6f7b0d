"""Listing the legal moves of a seat.

Open-ended moves are listed by example and validated in full by ``apply``: a lowering with one
minimal payment (any other valid payment is accepted too), hiding and evading the most envelopes
possible, unhiding everything from a card, proposals to buy a free land or citizen for one envelope.
"""

from __future__ import annotations

from games.core.checks import passes

from . import acting, backing, cards, lowering, money, plot, powers, talks
from .schema import FREE_TYPES, PHASE_OVER, TARGETED_KINDS, TYPE_MAMANDURRIA, WHEN_ACTION, WHEN_LOWER, State


def _targets(state: State, seat: int, card_id: int) -> list[dict]:
    """The target parameters a lowering needs (one dict per choice)."""
    choices: list[dict] = [{}]
    for power in cards.of(state, card_id)["powers"]:
        if power["when"] == WHEN_LOWER and power["kind"] in TARGETED_KINDS:
            found = powers.valid_targets(state, seat, power)
            if found:
                choices = [{"target": t} for t in found]
    return choices


def lower_actions(state: State, seat: int) -> list[dict]:
    p = state["players"][seat]
    acts = []
    pools = lowering.payment_pools(state, seat)
    for cid in p["hand"]:
        d = cards.of(state, cid)
        if d["type"] in FREE_TYPES:
            acts.append({"type": "lower", "card": cid, "pay": []})
        elif d["type"] == TYPE_MAMANDURRIA:
            if plot.mamandurria_cost(state, seat, cid) <= p["loose"]:
                acts += [{"type": "lower", "card": cid, "pay": [], **t} for t in _targets(state, seat, cid)]
        else:
            pay = lowering.find_payment(state, seat, cid, pools)
            if pay is not None:
                acts += [{"type": "lower", "card": cid, "pay": pay, **t} for t in _targets(state, seat, cid)]
    return acts


def backing_actions(state: State, seat: int) -> list[dict]:
    entries = state["players"][seat]["plot"]
    acts = []
    targets = [t for t in entries if plot.usable(t) and plot.free_slots(state, t)]
    for b in entries:
        if b["backing"] is not None:
            if backing.withdraw_problem(state, seat, b) is None:
                acts.append({"type": "withdraw", "card": b["id"]})
            continue
        if b["tapped"] or b["backers"] or b["envelopes"] or cards.of(state, b["id"])["type"] not in FREE_TYPES:
            continue
        for t in targets:
            if backing.backing_problem(state, b, t) is None:
                acts.append({"type": "back", "card": b["id"], "target": t["id"]})
    return acts


def card_actions(state: State, seat: int) -> list[dict]:
    acts = []
    for e in state["players"][seat]["plot"]:
        for i, power in enumerate(cards.of(state, e["id"])["powers"]):
            if power["when"] != WHEN_ACTION or acting.action_problem(state, e, i) is not None:
                continue
            if power["kind"] in TARGETED_KINDS:
                acts += [{"type": "act", "card": e["id"], "power": i, "target": t}
                         for t in powers.valid_targets(state, seat, power)]
            else:
                acts.append({"type": "act", "card": e["id"], "power": i})
    return acts


def money_actions(state: State, seat: int) -> list[dict]:
    p = state["players"][seat]
    acts = []
    loose = p["loose"]
    if loose:
        if not p["paradise_tapped"]:
            stamp = plot.paradise_evade(state)
            if stamp:
                acts.append({"type": "evade", "card": p["paradise_id"], "amount": min(stamp, loose)})
        for e in p["plot"]:
            stamp = cards.of(state, e["id"])["evade"]
            if stamp and plot.usable(e):
                acts.append({"type": "evade", "card": e["id"], "amount": min(stamp, loose)})
    for e in p["plot"]:
        room = plot.room(state, e)
        if loose and room:
            acts.append({"type": "hide", "card": e["id"], "amount": min(room, loose)})
        if e["envelopes"]:
            acts.append({"type": "unhide", "card": e["id"], "amount": e["envelopes"]})
    return acts


def talk_actions(state: State, seat: int) -> list[dict]:
    acts = []
    for prop in state["proposals"]:
        if prop["to"] == seat:
            if passes(talks.check_accept, state, seat, prop):
                acts.append({"type": "accept", "id": prop["id"]})
            acts.append({"type": "reject", "id": prop["id"]})
        elif prop["from"] == seat:
            acts.append({"type": "cancel", "id": prop["id"]})
    if state["turn"]["seat"] != seat or money.available(state, seat) < 1:
        return acts
    if state["turn"]["proposals_made"].get(str(seat), 0) >= talks.MAX_PER_TURN:
        return acts
    busy = {p["to"] for p in state["proposals"] if p["from"] == seat}
    for other in state["players"]:
        if other["seat"] == seat or other["seat"] in busy:
            continue
        for e in other["plot"]:
            if e["backing"] is None and not plot.bound(state, e) and cards.of(state, e["id"])["type"] in FREE_TYPES:
                acts.append({"type": "propose", "to": other["seat"], "give": {"envelopes": 1},
                             "ask": {"plot": [e["id"]]}})
                break
    return acts


def legal_actions(state: State, seat: object) -> list[dict]:
    if state["phase"] == PHASE_OVER or not isinstance(seat, int) or not 0 <= seat < state["num_players"]:
        return []
    acts: list[dict] = []
    if state["turn"]["seat"] == seat:
        acts += lower_actions(state, seat)
        acts += card_actions(state, seat)
        acts += money_actions(state, seat)
        acts += backing_actions(state, seat)
        if not talks.own_open(state, seat):
            acts.append({"type": "end_turn", "discard": []})
    acts += talk_actions(state, seat)
    return acts
