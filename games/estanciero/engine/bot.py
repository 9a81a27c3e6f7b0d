"""A simple sensible bot and the time-out policy.

Bot: claims every rent and prize at once, buys when it keeps a reserve,
builds evenly on complete provinces, pays its way out of jail early, bids up
to the deed's price, raises money by mortgaging loose deeds before selling
buildings, and goes bankrupt only when the rules allow nothing else.
"""

from __future__ import annotations

from . import actions, auction, board
from .common import _, refuse
from .debt import active_debt
from .state import player

RESERVE = 2000


def optional_action(state: dict, seat: int) -> dict | None:
    """Claims are never reminded, so a bot must take them whenever it can;
    it also answers proposals addressed to it."""
    if state["over"] or player(state, seat)["bankrupt"]:
        return None
    claims = actions.claim_actions(state, seat)
    if claims:
        return claims[0]
    if state["auction"] is None:
        for prop in state["proposals"]:
            if prop["to"] == seat:
                if _good_deal(state, seat, prop) and _can_accept(state, seat, prop):
                    return {"type": "accept_proposal", "id": prop["id"]}
                return {"type": "reject_proposal", "id": prop["id"]}
    return None


def _completes(state: dict, seat: int, index: int) -> bool:
    return all(state["owners"][str(m)] == seat for m in board.group_members(index) if m != index)


def _good_deal(state: dict, seat: int, prop: dict) -> bool:
    """Accept when what comes in is worth at least what goes out."""
    other = prop["from"]
    gain = prop["give"]["cash"] + sum(
        board.price(d) * (3 if _completes(state, seat, d) else 2) // 2 for d in prop["give"]["deeds"])
    loss = prop["ask"]["cash"] + sum(
        board.price(d) * (2 if _completes(state, other, d) else 1) + (board.price(d) if _completes(state, seat, d)
                                                                      else 0)
        for d in prop["ask"]["deeds"])
    return gain >= loss and player(state, seat)["money"] - prop["ask"]["cash"] >= RESERVE


def _can_accept(state: dict, seat: int, prop: dict) -> bool:
    from .trade import check_accept

    return actions._ok(check_accept, state, seat, prop)


def _proposal(state: dict, seat: int) -> dict | None:
    """Offer two and a half times the price for a deed that completes one of our provinces."""
    from .trade import MAX_PER_TURN

    if state["turn"].get("proposals_made", {}).get(str(seat), 0) >= min(1, MAX_PER_TURN):
        return None
    busy = {p["to"] for p in state["proposals"] if p["from"] == seat}
    money = player(state, seat)["money"]
    for key, other in state["owners"].items():
        index = int(key)
        if other is None or other == seat or other in busy or not board.is_zone(index):
            continue
        if not _completes(state, seat, index):
            continue
        if any(state["buildings"][str(m)] for m in board.province_members(index)):
            continue
        offer = 5 * board.price(index) // 2
        if money - offer >= RESERVE + 2000:
            return {"type": "propose", "to": other, "give": {"cash": offer}, "ask": {"deeds": [index]}}
    return None


def _first(acts: list[dict], kind: str) -> dict | None:
    return next((a for a in acts if a["type"] == kind), None)


def _to_move(state: dict) -> list[int]:
    from .ruleset import RULESET

    return RULESET.to_move(state)


def timeout_action(state: dict, seat: int) -> dict:
    """What happens when a seat's clock runs out: the passive choice."""
    acts = actions.legal_actions(state, seat)
    if not acts:
        refuse(_("There is nothing for that seat to do."), "the-game")
    for kind in ("pass", "declare_bankruptcy", "sell_building", "mortgage", "roll", "decline", "end_turn"):
        if state["auction"] is not None and kind != "pass":
            break
        found = _first(acts, kind)
        if found is not None:
            debt = active_debt(state)
            in_debt = debt is not None and debt["debtor"] == seat and state["auction"] is None
            if kind in ("sell_building", "mortgage") and not in_debt:
                continue
            return found
    choice = [a for a in acts if a["type"] == "choose_card_option"]
    if choice:
        return choice[0]
    rejects = _first(acts, "reject_proposal")
    if rejects is not None:
        return rejects
    return acts[0]


def _deed_value(state: dict, seat: int, index: int) -> int:
    value = board.price(index)
    members = board.group_members(index)
    mine = sum(1 for m in members if state["owners"][str(m)] == seat)
    if mine == len(members) - 1:
        value = value * 3 // 2
    return value


def _debt_action(state: dict, seat: int, acts: list[dict]) -> dict:
    def mortgage_key(a):
        index = a["space"]
        complete = all(state["owners"][str(m)] == seat for m in board.group_members(index))
        return (complete, board.mortgage_value(index))

    mortgages = sorted((a for a in acts if a["type"] == "mortgage"), key=mortgage_key)
    if mortgages and not mortgage_key(mortgages[0])[0]:
        return mortgages[0]
    sells = [a for a in acts if a["type"] == "sell_building"]
    if sells:
        return sells[0]
    if mortgages:
        return mortgages[0]
    found = _first(acts, "declare_bankruptcy") or _first(acts, "hand_over")
    return found or acts[0]


def _improve(state: dict, seat: int, acts: list[dict]) -> dict | None:
    money = player(state, seat)["money"]
    lifts = [a for a in acts if a["type"] == "lift_mortgage"]
    for a in lifts:
        if money - board.mortgage_value(a["space"]) * 11 // 10 > 8000:
            return a
    builds = [a for a in acts if a["type"] == "build"]
    from .building import build_cost

    builds.sort(key=lambda a: (-board.space(a["space"])["rent"]["chacras_3"], a["kind"] != "estancia"))
    for a in builds:
        if money - build_cost(state, a["space"], a["kind"]) >= RESERVE + 1000:
            return a
    return None


def bot_action(state: dict, seat: int, rng) -> dict:
    acts = actions.legal_actions(state, seat)
    if not acts:
        refuse(_("There is nothing for that seat to do."), "the-game")
    claim = optional_action(state, seat)
    if claim is not None:
        return claim
    money = player(state, seat)["money"]
    if state["auction"] is not None and seat in auction.to_move(state):
        a = state["auction"]
        limit = min(_deed_value(state, seat, a["space"]), money - RESERVE)
        if a["high_bid"] + 100 <= limit:
            return {"type": "bid", "amount": a["high_bid"] + 100}
        return {"type": "pass"}
    debt = active_debt(state)
    if debt is not None and debt["debtor"] == seat and state["auction"] is None:
        return _debt_action(state, seat, acts)
    answer = optional_action(state, seat)
    if answer is not None and seat not in _to_move(state):
        return answer
    turn = state["turn"]
    if turn["seat"] == seat and debt is None and state["auction"] is None:
        phase = turn["phase"]
        better = _improve(state, seat, acts) if phase in ("roll", "end") else None
        if better is not None:
            return better
        if phase == "roll":
            offer = _proposal(state, seat)
            if offer is not None:
                return offer
            p = player(state, seat)
            if p["in_jail"]:
                card = _first(acts, "use_jail_card")
                if card:
                    return card
                unowned = sum(1 for v in state["owners"].values() if v is None)
                if unowned > 8 and money > 6000 and _first(acts, "pay_fine"):
                    return {"type": "pay_fine"}
            return {"type": "roll"}
        if phase == "buy":
            if money - board.price(turn["offer"]) >= RESERVE and _first(acts, "buy"):
                return {"type": "buy"}
            return {"type": "decline"}
        if phase == "card_choice":
            if money >= 200 + RESERVE:
                return {"type": "choose_card_option", "option": "pay"}
            return {"type": "choose_card_option", "option": "draw"}
        if phase == "end":
            return {"type": "end_turn"}
    return timeout_action(state, seat)
