"""Action dispatch and the list of legal actions, phase by phase (Round Summary)."""

from __future__ import annotations

from . import board as B
from . import contest, purchase, special, trade, turn, union
from .errors import IllegalAction, _, refuse
from .industry import is_bought, monopolist
from .state import (
    PHASE_CONTEST,
    PHASE_DISCARD,
    PHASE_DRAFT,
    PHASE_MAIN,
    PHASE_OVER,
    PHASE_PRE_ROLL,
    PHASE_PRELIM_BUY,
    PHASE_ROLLOFF,
    PHASE_UNION,
    is_blocked,
    mps_in,
    tokens_left,
)
from .victory import province_monopolist

MAIN_TURN_ACTIONS = {
    "end_turn", "buy_mp", "buy_port", "buy_factory", "buy_percentage", "buy_official", "buy_stockbroker",
    "bank_trade", "port_trade", "intl_trade", "offer_trade", "cancel_offer", "buy_rival_mp",
    "buy_rival_percentage", "move_union", "claim_special", "accept_offer", "refuse_offer",
}
RESPONSE_ACTIONS = {"accept_offer", "refuse_offer", "counter_offer"}


def to_move(state: dict) -> list[int]:
    ph = state["phase"]
    if ph == PHASE_OVER:
        return []
    if ph == PHASE_DISCARD:
        return [s for s, c in enumerate(state["discards"]) if c > 0]
    if ph in (PHASE_CONTEST, PHASE_ROLLOFF):
        r = contest.roller(state)
        return [] if r is None else [r]
    return [state["current"]]


def _not_your_turn() -> IllegalAction:
    return refuse(_("It is not your turn."), "round-summary")


def dispatch(state: dict, seat: int, action: dict) -> list[dict]:
    """Apply ``action`` to ``state`` in place (the caller passes a copy)."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise refuse(_("An action needs a type."), "round-summary")
    if not isinstance(seat, int) or not 0 <= seat < state["num_players"]:
        raise refuse(_("There is no such seat."), "round-summary")
    t = action["type"]
    ph = state["phase"]
    if ph == PHASE_OVER:
        raise refuse(_("The game is over."), "victory")
    if ph == PHASE_DISCARD:
        if t != "discard":
            raise refuse(_("Discards after doubles come first."), "doubling")
        return turn.discard(state, seat, action)
    if ph in (PHASE_CONTEST, PHASE_ROLLOFF):
        if t != "contest_roll":
            raise refuse(_("The contest must be rolled first."), "buying-another-players-mp")
        return contest.roll(state, seat)
    cur = state["current"]
    if ph == PHASE_MAIN and seat != cur and t in RESPONSE_ACTIONS:
        return _respond(state, seat, t, action)
    if seat != cur:
        raise _not_your_turn()
    if ph == PHASE_DRAFT:
        if t != "place_mp":
            raise refuse(_("Choose a free MP for the preliminary round."), "preliminary-round")
        return turn.draft_place(state, seat, action)
    if ph == PHASE_PRELIM_BUY:
        if t not in ("buy_mp", "pass"):
            raise refuse(_("In this phase you may only buy 1 MP or pass: no trades, ports or officials."), "preliminary-round")
        return turn.prelim_buy(state, seat, action)
    if ph == PHASE_PRE_ROLL:
        if t == "roll":
            return turn.roll(state, seat)
        if t == "move_union":
            return turn.move_union(state, seat, action)
        if t == "buy_rival_percentage":
            return contest.start(state, seat, "percentage", action)
        raise refuse(_("Roll the dice first (only a Corrupt Official or a Stockbroker may be played before)."), "round-summary")
    if ph == PHASE_UNION:
        if t != "move_union":
            raise refuse(_("After doubles you must move the Union Organizer."), "doubling")
        return turn.move_union(state, seat, action)
    # main phase, player on turn
    return _main(state, seat, t, action)


def _respond(state: dict, seat: int, t: str, action: dict) -> list[dict]:
    if t == "accept_offer":
        return trade.accept_offer(state, seat, action)
    if t == "refuse_offer":
        return trade.refuse_offer(state, seat, action)
    return trade.counter_offer(state, seat, action)


def _main(state: dict, seat: int, t: str, action: dict) -> list[dict]:
    if t == "end_turn":
        return turn.end_turn(state, seat)
    if t == "buy_mp":
        return purchase.buy_free_mp(state, seat, action)
    if t == "buy_port":
        return purchase.buy_port(state, seat, action)
    if t == "buy_factory":
        return purchase.buy_factory(state, seat, action)
    if t == "buy_percentage":
        return purchase.buy_percentage(state, seat, action)
    if t == "buy_official":
        return purchase.buy_card(state, seat, "official")
    if t == "buy_stockbroker":
        return purchase.buy_card(state, seat, "stockbroker")
    if t == "bank_trade":
        return trade.bank_trade(state, seat, action)
    if t == "port_trade":
        return trade.port_trade(state, seat, action)
    if t == "intl_trade":
        return trade.intl_trade(state, seat, action)
    if t == "offer_trade":
        return trade.make_offer(state, seat, action)
    if t == "cancel_offer":
        return trade.cancel_offer(state, seat, action)
    if t == "accept_offer":
        return trade.accept_offer(state, seat, action)
    if t == "refuse_offer":
        return trade.refuse_offer(state, seat, action)
    if t == "buy_rival_mp":
        return contest.start(state, seat, "mp", action)
    if t == "buy_rival_percentage":
        return contest.start(state, seat, "percentage", action)
    if t == "move_union":
        return turn.move_union(state, seat, action)
    if t == "claim_special":
        return special.claim(state, seat, action)
    raise refuse(_("Unknown or unavailable action %(type)s."), "round-summary", type=t)


# ---- legal actions ---------------------------------------------------------


def legal(state: dict, seat: int) -> list[dict]:
    ph = state["phase"]
    if ph == PHASE_OVER:
        return []
    if ph == PHASE_DISCARD:
        need = state["discards"][seat]
        if need <= 0:
            return []
        return [{"type": "discard", "random": True}, {"type": "discard", "cards": greedy_discard(state, seat, need)}]
    if ph in (PHASE_CONTEST, PHASE_ROLLOFF):
        return [{"type": "contest_roll"}] if contest.roller(state) == seat else []
    cur = state["current"]
    if seat != cur:
        return _responses(state, seat) if ph == PHASE_MAIN else []
    if ph == PHASE_DRAFT:
        return _draft(state, seat)
    if ph == PHASE_PRELIM_BUY:
        return [{"type": "pass"}] + _free_mps(state, seat, prelim=True)
    if ph == PHASE_PRE_ROLL:
        return [{"type": "roll"}] + _union_moves(state, seat) + _rival_percentages(state, seat)
    if ph == PHASE_UNION:
        return [{"type": "move_union", "target": t} for t in union.targets(state)]
    return _main_actions(state, seat)


def greedy_discard(state: dict, seat: int, need: int) -> dict:
    """A concrete discard: repeatedly the material held most."""
    hand = dict(state["hands"][seat])
    out: dict[str, int] = {}
    for _i in range(need):
        m = max(B.MATERIALS, key=lambda k: hand[k])
        hand[m] -= 1
        out[m] = out.get(m, 0) + 1
    return out


def _draft(state: dict, seat: int) -> list[dict]:
    if tokens_left(state, seat) <= 0:
        return []
    out = []
    for p in B.PROVINCE_IDS:
        if is_blocked(state, "province", p) or mps_in(state, seat, p):
            continue
        for i, o in enumerate(state["mps"][p]):
            if o is None:
                out.append({"type": "place_mp", "province": p, "slot": i})
    return out


def _free_mps(state: dict, seat: int, prelim: bool) -> list[dict]:
    if purchase.auto_pay(state, seat) is None or tokens_left(state, seat) <= 0:
        return []
    provs = B.PROVINCE_IDS if prelim else state["in_play"]
    out = []
    for p in provs:
        if is_blocked(state, "province", p) or (prelim and mps_in(state, seat, p)):
            continue
        for i, o in enumerate(state["mps"][p]):
            if o is None:
                out.append({"type": "buy_mp", "province": p, "slot": i})
    return out


def _union_moves(state: dict, seat: int) -> list[dict]:
    if state["flags"]["union_official_used"] or state["officials"][seat] < 1:
        return []
    return [{"type": "move_union", "target": t} for t in union.targets(state)]


def _rival_percentages(state: dict, seat: int) -> list[dict]:
    if state["stockbrokers"][seat] < 1 or tokens_left(state, seat) <= 0:
        return []
    out = []
    for ind in B.INDUSTRY_IDS:
        if not is_bought(state, ind) or is_blocked(state, "industry", ind) or monopolist(state, ind) is not None:
            continue
        for s in sorted({x for x in state["industries"][ind]["slots"] if x is not None and x != seat}):
            out.append({"type": "buy_rival_percentage", "industry": ind, "seller": s})
    return out


def _rival_mps(state: dict, seat: int) -> list[dict]:
    if state["officials"][seat] < 1 or tokens_left(state, seat) <= 0:
        return []
    out = []
    for p in B.PROVINCE_IDS:
        slots = state["mps"][p]
        if None in slots or seat not in slots or is_blocked(state, "province", p):
            continue
        for i, o in enumerate(slots):
            if o != seat:
                out.append({"type": "buy_rival_mp", "province": p, "slot": i})
    return out


def _exchanges(state: dict, seat: int) -> list[dict]:
    hand = state["hands"][seat]
    bank = state["bank"]
    out: list[dict] = []
    ratios: list[tuple[dict, int]] = [({"type": "bank_trade"}, 4)]
    for port in B.PORT_IDS:
        if state["ports"][port] == seat:
            try:
                ratios.append(({"type": "port_trade", "port": port}, trade.check_port_use(state, seat, port)))
            except IllegalAction:
                pass
    for p in B.BORDER_PROVINCES:
        if province_monopolist(state, p) == seat and not is_blocked(state, "province", p):
            ratios.append(({"type": "intl_trade", "province": p}, 2))
    for base, ratio in ratios:
        for give in B.MATERIALS:
            if hand[give] < ratio:
                continue
            for get in B.MATERIALS:
                if get != give and bank[get] > 0:
                    out.append({**base, "give": give, "get": get})
    return out


def _main_actions(state: dict, seat: int) -> list[dict]:
    out: list[dict] = [{"type": "end_turn"}]
    out += _free_mps(state, seat, prelim=False)
    hand = state["hands"][seat]
    has_token = tokens_left(state, seat) > 0
    if has_token and purchase.auto_pay(state, seat) is not None:
        for port in B.PORT_IDS:
            p = B.PORTS[port]["province"]
            if state["ports"][port] is None and p in state["in_play"] and mps_in(state, seat, p) and not is_blocked(state, "province", p):
                out.append({"type": "buy_port", "port": port})
    if has_token and hand["oil"] >= 1:
        mats = [m for m in B.MATERIALS if m != "oil" and hand[m] >= 3]
        for ind in B.INDUSTRY_IDS:
            if not is_bought(state, ind):
                out += [{"type": "buy_factory", "industry": ind, "with": m} for m in mats]
        if hand["soy"] and hand["metals"]:
            for ind in B.INDUSTRY_IDS:
                info = state["industries"][ind]
                if info["owner"] is not None and None in info["slots"] and not is_blocked(state, "industry", ind):
                    out.append({"type": "buy_percentage", "industry": ind})
    if state["bank_officials"] > 0 and hand["grapes"] and hand["cows"] and hand["sheep"]:
        out.append({"type": "buy_official"})
    if state["bank_stockbrokers"] > 0 and hand["wood"] and hand["tobacco"] and hand["fish"]:
        out.append({"type": "buy_stockbroker"})
    out += _exchanges(state, seat)
    out += _rival_mps(state, seat)
    out += _rival_percentages(state, seat)
    out += _union_moves(state, seat)
    out += [{"type": "claim_special", "province": p, "kind": k} for p, k in special.claimable(state, seat)]
    # Representative trade offers: 1 card of the material held most for 1 of each other, to everyone.
    if sum(hand.values()):
        top = max(B.MATERIALS, key=lambda k: hand[k])
        out += [{"type": "offer_trade", "to": None, "give": {top: 1}, "get": {m: 1}} for m in B.MATERIALS if m != top]
    for o in state["offers"]:
        if o["from"] == seat:
            out.append({"type": "cancel_offer", "offer_id": o["id"]})
        elif seat in o["to"]:
            out += _answer(state, seat, o)
    return out


def _answer(state: dict, seat: int, o: dict) -> list[dict]:
    out = [{"type": "refuse_offer", "offer_id": o["id"]}]
    hands = state["hands"]
    if all(hands[o["from"]][m] >= c for m, c in o["give"].items()) and all(hands[seat][m] >= c for m, c in o["get"].items()):
        out.insert(0, {"type": "accept_offer", "offer_id": o["id"]})
    return out


def _responses(state: dict, seat: int) -> list[dict]:
    out: list[dict] = []
    for o in state["offers"]:
        if seat in o["to"] and o["from"] == state["current"]:
            out += _answer(state, seat, o)
    return out
