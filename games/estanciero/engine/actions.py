"""Enumerating legal actions (concrete examples for open-ended ones).

Open-ended actions (``propose`` with any deeds/cash/cards, ``bid`` with any
amount) are validated in full by ``apply``; here only examples are listed:
bids at +100/+500/+1000, proposals to buy/sell single deeds at the price.
"""

from __future__ import annotations

from games.core.checks import passes

from . import auction, board
from .building import check_build, check_sell
from .debt import active_debt, may_go_bankrupt
from .mortgage import check_lift
from .schema import BUILD_PHASES, CLAIM_RENT, PHASE_BUY, PHASE_CARD_CHOICE, PHASE_END, PHASE_ROLL, State
from .state import deeds_of, is_mortgaged, owner, player
from .trade import MAX_PER_TURN, awaits_answer, check_accept
from .turn import can_rest


def claim_actions(state: State, seat: int) -> list[dict]:
    """Claim mode: the owner may collect each of their open rents and prizes, or let it go, until the next roll
    (listed to the owner only: another seat's legal moves never show that a claim is open)."""
    acts = []
    for c in state["claims"]:
        if c["seat"] == seat:
            acts.append({"type": "claim_rent" if c["kind"] == CLAIM_RENT else "claim_prize", "claim": c["id"]})
            acts.append({"type": "waive_claim", "claim": c["id"]})
    return acts


def built_provinces(state: State) -> set[str]:
    """Names of provinces with at least one chacra or estancia."""
    return {board.space(int(k))["province"] for k, lv in state["buildings"].items() if lv}


def tradeable(index: int, built: set[str]) -> bool:
    sp = board.space(index)
    return sp["type"] != "province" or sp["province"] not in built


def liquidation_actions(state: State, seat: int) -> list[dict]:
    acts = []
    built = built_provinces(state)
    for index in deeds_of(state, seat):
        if board.is_zone(index) and state["buildings"][str(index)] and passes(check_sell, state, seat, index):
            acts.append({"type": "sell_building", "space": index})
        if tradeable(index, built) and not is_mortgaged(state, index):
            acts.append({"type": "mortgage", "space": index})
    return acts


def lift_actions(state: State, seat: int) -> list[dict]:
    return [{"type": "lift_mortgage", "space": int(k)} for k in state["mortgaged"]
            if state["owners"][k] == seat and passes(check_lift, state, seat, int(k))]


def trade_actions(state: State, seat: int) -> list[dict]:
    if state["auction"] is not None:
        return []
    acts = []
    for prop in state["proposals"]:
        if prop["to"] == seat:
            if passes(check_accept, state, seat, prop):
                acts.append({"type": "accept_proposal", "id": prop["id"]})
            acts.append({"type": "reject_proposal", "id": prop["id"]})
        elif prop["from"] == seat:
            acts.append({"type": "cancel_proposal", "id": prop["id"]})
    busy = {p["to"] for p in state["proposals"] if p["from"] == seat}
    if state["turn"].get("proposals_made", {}).get(str(seat), 0) >= MAX_PER_TURN:
        busy = set(range(state["num_players"]))
    owners = state["owners"]
    money = player(state, seat)["money"]
    built = built_provinces(state)
    mine = [int(k) for k, v in owners.items() if v == seat]
    my_groups = {board.group_key(i) for i in mine}
    for index in mine:
        if not tradeable(index, built):
            continue
        acts.append({"type": "auction", "space": index})
        group_others = {owners[str(m)] for m in board.group_members(index) if m != index} - {None, seat}
        for other in sorted(group_others - busy):
            acts.append({"type": "propose", "to": other, "give": {"deeds": [index]},
                         "ask": {"cash": board.price(index)}})
    if len(busy) >= state["num_players"]:
        return acts
    for key, other in owners.items():
        if other is None or other == seat or other in busy:
            continue
        index = int(key)
        if board.group_key(index) not in my_groups or not tradeable(index, built):
            continue
        cost = board.price(index)
        if money >= cost + (board.mortgage_value(index) // 10 if key in state["mortgaged"] else 0):
            acts.append({"type": "propose", "to": other, "give": {"cash": cost}, "ask": {"deeds": [index]}})
    return acts


def turn_actions(state: State, seat: int) -> list[dict]:
    turn = state["turn"]
    p = player(state, seat)
    phase = turn["phase"]
    acts: list[dict] = []
    if phase == PHASE_ROLL:
        if p["in_jail"]:
            if p["money"] >= 1000:
                acts.append({"type": "pay_fine"})
            if p["jail_cards"]:
                acts.append({"type": "use_jail_card", "card": p["jail_cards"][0]})
        acts.append({"type": "roll"})  # open claims do not hold it up: the roll lapses them (The Game)
        if can_rest(state, seat):
            acts.append({"type": "rest"})
    elif phase == PHASE_BUY:
        if p["money"] >= board.price(turn["offer"]):
            acts.append({"type": "buy"})
        acts.append({"type": "decline"})
    elif phase == PHASE_CARD_CHOICE:
        if p["money"] >= turn["choice"]["amount"]:
            acts.append({"type": "choose_card_option", "option": "pay"})
        acts.append({"type": "choose_card_option", "option": "draw"})
    elif phase == PHASE_END and not awaits_answer(state, seat):
        acts.append({"type": "end_turn"})
    if phase in BUILD_PHASES:
        acts += build_actions(state, seat)
    return acts


def build_actions(state: State, seat: int) -> list[dict]:
    """Every chacra or estancia ``seat`` may place now (on turn, or between turns: decision 18)."""
    acts = []
    for index in deeds_of(state, seat):
        if board.is_zone(index) and all(owner(state, m) == seat for m in board.province_members(index)):
            for kind in ("chacra", "estancia"):
                if passes(check_build, state, seat, index, kind):
                    acts.append({"type": "build", "space": index, "kind": kind})
    return acts


def debt_actions(state: State, seat: int, debt: dict) -> list[dict]:
    liq = liquidation_actions(state, seat)
    acts = list(liq)
    built = built_provinces(state)
    for index in deeds_of(state, seat):
        if not tradeable(index, built):
            continue
        if debt["creditor"] is None and is_mortgaged(state, index):
            continue
        acts.append({"type": "hand_over", "space": index})
    if may_go_bankrupt(state, seat, bool(liq)):
        acts.append({"type": "declare_bankruptcy"})
    return acts


def legal_actions(state: State, seat: int) -> list[dict]:
    if state["over"] or not isinstance(seat, int) or not 0 <= seat < state["num_players"]:
        return []
    if player(state, seat)["bankrupt"]:
        return []
    acts: list[dict] = []
    debt = active_debt(state)
    if state["auction"] is not None:
        if seat in auction.to_move(state):
            acts += [{"type": "bid", "amount": a} for a in auction.bid_options(state, seat)]
            acts.append({"type": "pass"})
        acts += liquidation_actions(state, seat)
    elif debt is not None and debt["debtor"] == seat:
        acts += debt_actions(state, seat, debt)
        acts += trade_actions(state, seat)
    else:
        if debt is None and state["turn"]["seat"] == seat:
            acts += turn_actions(state, seat)
        elif debt is None:  # between turns: listed, but the seat is not put on move (decision 18)
            acts += build_actions(state, seat)
        acts += liquidation_actions(state, seat)
        acts += lift_actions(state, seat)
        acts += trade_actions(state, seat)
    acts += claim_actions(state, seat)
    return acts
