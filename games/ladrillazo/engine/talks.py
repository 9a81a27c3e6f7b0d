"""Negotiation by proposal and answer (Talks).

Players may trade, sell, buy or bribe with cards and envelopes: a proposal gives cards from the
proposer's hand or plot and envelopes, and asks for cards of the other player's plot and envelopes
(cards in another hand are secret, so they cannot be named; the other player may propose back).
Cards keep their place (hand to hand, plot to plot) and their tapped state; a card changes hands
only during the turn of one of the two players; envelopes on a traded card return to the
dispenser (they never pay the price), and its backing stays behind; a padlocked card that is backed never
leaves its plot (Level and support). Paradise money never leaves. Proposals stay open until
answered, withdrawn, or the end of the turn; at most ``MAX_PER_TURN`` per player per turn.

An open proposal is waited for: its recipient is among the players to move (their clock runs, and a
time-out rejects it), and the player on turn cannot end the turn while a proposal of theirs is open
(they may withdraw it), so an offer made on one's turn is always answered.
"""

from __future__ import annotations

from games.core.answers import waiting_for
from games.core.refusals import _, refuse

from . import inputs, money, plot
from .schema import Proposal, Side, State

RULE = "talks"
MAX_PER_TURN = 3


def parse_side(raw: object, asking: bool) -> Side:
    """One side of a proposal, type-checked and normalised."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict) or set(raw) - {"hand", "plot", "envelopes"}:
        refuse(_("A proposal side lists hand cards, plot cards and envelopes only."), RULE)
    hand = inputs.id_list(raw.get("hand"), RULE)
    if asking and hand:
        refuse(_("Cards in another player's hand are secret: ask for plot cards or envelopes."), RULE)
    return {"hand": sorted(hand), "plot": sorted(inputs.id_list(raw.get("plot"), RULE)),
            "envelopes": inputs.count(raw.get("envelopes", 0), RULE)}


def moves_cards(prop: dict) -> bool:
    return any(prop[side][where] for side in ("give", "ask") for where in ("hand", "plot"))


def check_turn_rule(state: State, frm: int, to: int, prop: dict) -> None:
    """Talks: "a card can only pass from one player to another in the turn of one of them"."""
    if moves_cards(prop) and state["turn"]["seat"] not in (frm, to):
        refuse(_("A card can only change hands during the turn of one of the two players."), RULE)


def check_side(state: State, seat: int, side: Side, envelopes: bool = True) -> None:
    """``seat`` holds everything on ``side`` and may hand it over."""
    p = state["players"][seat]
    for cid in side["hand"]:
        if cid not in p["hand"]:
            refuse(_("That card is not in the giver's hand."), RULE)
    for cid in side["plot"]:
        e = plot.entry(state, seat, cid)
        if e is None:
            refuse(_("That card is not in the giver's plot."), RULE, card=plot.key(state, cid))
        if e["backing"] is not None:
            refuse(_("A card that backs another cannot change hands on its own."), "level-and-support", card=plot.key(state, cid))
        if plot.is_mamandurria(state, cid):
            refuse(_("A spent mamandurria cannot change hands."), RULE, card=plot.key(state, cid))
        if plot.bound(state, e):
            refuse(plot.PADLOCKED, "level-and-support", card=plot.key(state, cid))
    if not envelopes or side["envelopes"] <= money.available(state, seat, side["plot"]):
        return
    if side["envelopes"] <= money.available(state, seat):
        refuse(_("The envelopes on a card that changes hands go back to the dispenser and cannot pay: the giver "
                 "has only %(other)s other envelopes outside paradise, not %(envelopes)s."), RULE,
               other=money.available(state, seat, side["plot"]), envelopes=side["envelopes"])
    refuse(_("The giver does not have %(envelopes)s envelopes outside paradise."), RULE, envelopes=side["envelopes"])


def do_propose(state: State, events: list, seat: int, action: dict) -> None:
    """Talks: offer ``give`` to player ``to`` in exchange for ``ask``."""
    to = inputs.seat(state, action.get("to"), RULE)
    if to == seat:
        refuse(_("Choose another player to make a proposal to."), RULE)
    give = parse_side(action.get("give"), asking=False)
    ask = parse_side(action.get("ask"), asking=True)
    prop = {"from": seat, "to": to, "give": give, "ask": ask}
    if not any((give["hand"], give["plot"], give["envelopes"], ask["plot"], ask["envelopes"])):
        refuse(_("A proposal must move a card or an envelope."), RULE)
    check_turn_rule(state, seat, to, prop)
    check_side(state, seat, give)
    check_side(state, to, ask, envelopes=False)
    if any(p["from"] == seat and p["to"] == to for p in state["proposals"]):
        refuse(_("You already have an open proposal to that player."), RULE)
    made = state["turn"]["proposals_made"]
    if made.get(str(seat), 0) >= MAX_PER_TURN:
        refuse(_("At most %(limit)s proposals per player per turn."), RULE, limit=MAX_PER_TURN)
    made[str(seat)] = made.get(str(seat), 0) + 1
    full: Proposal = {"id": state["next_id"], **prop}  # type: ignore[typeddict-item]
    state["next_id"] += 1
    state["proposals"].append(full)
    events.append({"type": "proposal", **full, "only": [seat, to], "public": {"type": "proposal", **redact(full)}})


def redact(prop: dict) -> dict:
    """A proposal as a third player sees it: hand cards only counted."""
    out = {k: v for k, v in prop.items() if k not in ("give", "ask")}
    for side in ("give", "ask"):
        s = dict(prop[side])
        s["hand_count"] = len(s["hand"])
        s["hand"] = []
        out[side] = s
    return out


def find(state: State, pid: object) -> Proposal:
    if not inputs.is_int(pid):
        refuse(_("There is no such open proposal."), RULE)
    for prop in state["proposals"]:
        if prop["id"] == pid:
            return prop
    refuse(_("There is no such open proposal."), RULE)


def check_accept(state: State, seat: int, prop: Proposal) -> None:
    if prop["to"] != seat:
        refuse(_("That proposal is not addressed to you."), RULE)
    check_turn_rule(state, prop["from"], prop["to"], prop)
    check_side(state, prop["from"], prop["give"])
    check_side(state, prop["to"], prop["ask"])


def move_plot_card(state: State, giver: int, receiver: int, cid: int) -> tuple[int, list[int]]:
    """Talks: a plot card goes to the other plot in its state; envelopes on it return to the
    dispenser and its backing stays behind. Returns (envelopes returned, backers left)."""
    e = plot.entry(state, giver, cid)
    returned = e["envelopes"]
    e["envelopes"] = 0
    state["dispenser"] += returned
    left = plot.detach_backers(state, giver, e)
    state["players"][giver]["plot"].remove(e)
    state["players"][receiver]["plot"].append(e)
    return returned, left


def move_cards(state: State, giver: int, receiver: int, side: Side) -> int:
    """Hand over the cards of one side; returns the envelopes their plot cards sent back to the dispenser."""
    returned = 0
    for cid in side["hand"]:
        state["players"][giver]["hand"].remove(cid)
        state["players"][receiver]["hand"].append(cid)
    for cid in side["plot"]:
        returned += move_plot_card(state, giver, receiver, cid)[0]
    return returned


def do_accept(state: State, events: list, seat: int, action: dict) -> None:
    """Talks: accept a proposal addressed to you; both sides change hands at once. The cards move first, so
    the envelopes saved on a plot card that changes player return to the dispenser ("to the tube") and the
    prices are then paid from each giver's other envelopes (checked by ``check_side``)."""
    prop = find(state, action.get("id"))
    check_accept(state, seat, prop)
    state["proposals"].remove(prop)
    frm, to = prop["from"], prop["to"]
    returned = move_cards(state, frm, to, prop["give"]) + move_cards(state, to, frm, prop["ask"])
    money.pay_out(state, frm, prop["give"]["envelopes"])
    money.pay_out(state, to, prop["ask"]["envelopes"])
    if prop["give"]["envelopes"]:
        money.receive(state, events, to, prop["give"]["envelopes"])
    if prop["ask"]["envelopes"]:
        money.receive(state, events, frm, prop["ask"]["envelopes"])
    accepted = {"type": "proposal_accepted", **prop, "returned": returned}
    events.append({**accepted, "only": [frm, to], "public": {**redact(accepted), "type": "proposal_accepted"}})


def do_reject(state: State, events: list, seat: int, action: dict) -> None:
    prop = find(state, action.get("id"))
    if prop["to"] != seat:
        refuse(_("That proposal is not addressed to you."), RULE)
    state["proposals"].remove(prop)
    events.append({"type": "proposal_rejected", "id": prop["id"], "from": prop["from"], "to": seat})


def do_cancel(state: State, events: list, seat: int, action: dict) -> None:
    prop = find(state, action.get("id"))
    if prop["from"] != seat:
        refuse(_("That proposal is not yours."), RULE)
    state["proposals"].remove(prop)
    events.append({"type": "proposal_cancelled", "id": prop["id"], "from": seat, "to": prop["to"]})


def waited_for(state: State) -> list[int]:
    """The seats the game waits for (``games.core.answers``), in seat order: recipients of open proposals, and
    the player on turn unless they are only waiting for answers to their own proposals."""
    me = state["turn"]["seat"]
    answering = sorted({p["to"] for p in state["proposals"]})
    # Seat order, the player on turn included (Ladrillazo's pages and tests read the list so).
    return sorted(waiting_for(answering, me, bool(own_open(state, me))))


def own_open(state: State, seat: int) -> list[Proposal]:
    """The open proposals ``seat`` made."""
    return [p for p in state["proposals"] if p["from"] == seat]


def check_no_open_proposal(state: State, seat: int) -> None:
    """Talks: the turn does not end under an open proposal of its player: it is answered or withdrawn."""
    if own_open(state, seat):
        refuse(_("Your proposal is waiting for an answer: wait for it or withdraw it before ending the turn."), RULE)


def expire(state: State, events: list) -> None:
    """Open proposals lapse at the end of the turn."""
    if state["proposals"]:
        events.append({"type": "proposals_expired", "ids": [p["id"] for p in state["proposals"]]})
        state["proposals"] = []
