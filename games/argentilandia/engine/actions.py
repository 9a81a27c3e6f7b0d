"""Action dispatch and the list of legal actions, phase by phase (Round Summary)."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from . import board as B
from . import contest, purchase, special, trade, turn, union
from .errors import IllegalAction, _, refuse
from .industry import is_bought, monopolist
from .schema import (
    PHASE_CONTEST,
    PHASE_DISCARD,
    PHASE_DRAFT,
    PHASE_MAIN,
    PHASE_OVER,
    PHASE_PRE_ROLL,
    PHASE_PRELIM_BUY,
    PHASE_ROLLOFF,
    PHASE_UNION,
)
from .state import is_blocked, is_int, mps_in, tokens_left
from .victory import province_monopolist


def to_move(state: dict) -> list[int]:
    """Seats whose action is required now: the discarders, the contest roller; in the main phase every
    seat an open offer waits for (their clock is the visible timer), then the player on turn unless
    their own offer still waits for answers; else the player on turn."""
    ph = state["phase"]
    if ph == PHASE_OVER:
        return []
    if ph == PHASE_DISCARD:
        return [s for s, c in enumerate(state["discards"]) if c > 0]
    if ph in (PHASE_CONTEST, PHASE_ROLLOFF):
        r = contest.roller(state)
        return [] if r is None else [r]
    cur = state["current"]
    if ph != PHASE_MAIN:
        return [cur]
    answering = trade.recipients(state)
    if cur in answering or trade.awaits_answer(state, cur):
        return answering
    return answering + [cur]


Handler = Callable[[dict, int, dict], list]


def _end_turn(state: dict, seat: int, action: dict) -> list[dict]:
    return turn.end_turn(state, seat)


def _roll(state: dict, seat: int, action: dict) -> list[dict]:
    return turn.roll(state, seat)


def _contest_roll(state: dict, seat: int, action: dict) -> list[dict]:
    return contest.roll(state, seat)


def _buy_official(state: dict, seat: int, action: dict) -> list[dict]:
    return purchase.buy_card(state, seat, "official")


def _buy_stockbroker(state: dict, seat: int, action: dict) -> list[dict]:
    return purchase.buy_card(state, seat, "stockbroker")


def _buy_rival_mp(state: dict, seat: int, action: dict) -> list[dict]:
    return contest.start(state, seat, "mp", action)


def _buy_rival_percentage(state: dict, seat: int, action: dict) -> list[dict]:
    return contest.start(state, seat, "percentage", action)


# Answers to an offer: any addressed player may make them in the main phase, on turn or not.
RESPONSES: dict[str, Handler] = {
    "accept_offer": trade.accept_offer,
    "refuse_offer": trade.refuse_offer,
    "counter_offer": trade.counter_offer,
}

# The player on turn's actions after the roll (Round Summary 5-9).
MAIN: dict[str, Handler] = {
    "end_turn": _end_turn,
    "buy_mp": purchase.buy_free_mp,
    "buy_port": purchase.buy_port,
    "buy_factory": purchase.buy_factory,
    "buy_percentage": purchase.buy_percentage,
    "buy_official": _buy_official,
    "buy_stockbroker": _buy_stockbroker,
    "bank_trade": trade.bank_trade,
    "port_trade": trade.port_trade,
    "intl_trade": trade.intl_trade,
    "offer_trade": trade.make_offer,
    "cancel_offer": trade.cancel_offer,
    "buy_rival_mp": _buy_rival_mp,
    "buy_rival_percentage": _buy_rival_percentage,
    "move_union": turn.move_union,
    "claim_special": special.claim,
    "accept_offer": trade.accept_offer,
    "refuse_offer": trade.refuse_offer,
}


class PhaseRules(NamedTuple):
    """What a phase allows: its handlers, whether only the player on turn acts, and the refusal
    (message, rule slug) for any other action type."""

    handlers: dict[str, Handler]
    turn_only: bool
    message: str
    rule: str


# The dispatch table: phase -> the action types it accepts and their handlers.
HANDLERS: dict[str, PhaseRules] = {
    PHASE_DRAFT: PhaseRules({"place_mp": turn.draft_place}, True,
                            _("Choose a free MP for the preliminary round."), "preliminary-round"),
    PHASE_PRELIM_BUY: PhaseRules({"buy_mp": turn.prelim_buy, "pass": turn.prelim_buy}, True,
                                 _("In this phase you may only buy 1 MP or pass: no trades, ports or officials."),
                                 "preliminary-round"),
    PHASE_PRE_ROLL: PhaseRules({"roll": _roll, "move_union": turn.move_union, "buy_rival_percentage": _buy_rival_percentage},
                               True, _("Roll the dice first (only a Corrupt Official or a Stockbroker may be played before)."),
                               "round-summary"),
    PHASE_DISCARD: PhaseRules({"discard": turn.discard}, False, _("Discards after doubles come first."), "doubling"),
    PHASE_UNION: PhaseRules({"move_union": turn.move_union}, True,
                            _("After doubles you must move the Union Organizer."), "doubling"),
    PHASE_CONTEST: PhaseRules({"contest_roll": _contest_roll}, False,
                              _("The contest must be rolled first."), "buying-another-players-mp"),
    PHASE_ROLLOFF: PhaseRules({"contest_roll": _contest_roll}, False,
                              _("The contest must be rolled first."), "buying-another-players-mp"),
    PHASE_MAIN: PhaseRules(MAIN, True, _("Unknown or unavailable action %(type)s."), "round-summary"),
}


def _check_envelope(state: dict, seat: int, action: dict) -> None:
    """Every action is an object with a string type, from a real seat, while the game runs."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        refuse(_("An action needs a type."), "round-summary")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state["num_players"]:
        refuse(_("There is no such seat."), "round-summary")
    if state["phase"] == PHASE_OVER:
        refuse(_("The game is over."), "victory")


def handler_for(state: dict, seat: int, t: str) -> Handler:
    """The handler for action type ``t`` by ``seat`` now, or a refusal citing the phase's rule."""
    ph = state["phase"]
    if ph == PHASE_MAIN and seat != state["current"] and t in RESPONSES:
        return RESPONSES[t]
    rules = HANDLERS[ph]
    if rules.turn_only and seat != state["current"]:
        refuse(_("It is not your turn."), "round-summary")
    handler = rules.handlers.get(t)
    if handler is None:
        refuse(rules.message, rules.rule, **({"type": t} if "%(type)s" in rules.message else {}))
    return handler


def dispatch(state: dict, seat: int, action: dict) -> list[dict]:
    """Apply ``action`` to ``state`` in place (the caller passes a copy)."""
    _check_envelope(state, seat, action)
    return handler_for(state, seat, action["type"])(state, seat, action)


# ---- legal actions ---------------------------------------------------------


def legal(state: dict, seat: int) -> list[dict]:
    """The concrete actions ``seat`` may take now (open-ended ones as examples: see docs/API.md)."""
    ph = state["phase"]
    if ph == PHASE_OVER or not is_int(seat) or not 0 <= seat < state["num_players"]:
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
    ratios: list[tuple[dict, int]] = [] if trade.bank_refusal(state, seat) else [({"type": "bank_trade"}, 4)]
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
    out: list[dict] = [] if trade.awaits_answer(state, seat) else [{"type": "end_turn"}]
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
    out += offer_examples(state, seat)
    for o in state["offers"]:
        if o["from"] == seat:
            out.append({"type": "cancel_offer", "offer_id": o["id"]})
        elif seat in o["to"]:
            out += _answer(state, seat, o)
    return out


def offers_left(state: dict, seat: int) -> bool:
    return state["flags"].get("offers_made", {}).get(str(seat), 0) < trade.MAX_OFFERS_PER_TURN


def offer_examples(state: dict, seat: int) -> list[dict]:
    """Open-ended offers (docs/API.md: any valid give/get is accepted; these are examples): 1 card of the
    material held most for 1 of each other, to everyone, and for the material held least to each player."""
    hand = state["hands"][seat]
    if not sum(hand.values()) or not offers_left(state, seat):
        return []
    top = max(B.MATERIALS, key=lambda k: hand[k])
    out = [{"type": "offer_trade", "to": None, "give": {top: 1}, "get": {m: 1}} for m in B.MATERIALS if m != top]
    low = min((m for m in B.MATERIALS if m != top), key=lambda k: hand[k])
    out += [{"type": "offer_trade", "to": s, "give": {top: 1}, "get": {low: 1}}
            for s in range(state["num_players"]) if s != seat]
    return out


def counter_examples(state: dict, seat: int, o: dict) -> list[dict]:
    """Counter-offers to an offer (examples of the open-ended action): 1 of a card we hold for 1 of each
    card the offer gives."""
    hand = state["hands"][seat]
    if o["from"] != state["current"] or o.get("counter_to") is not None or not offers_left(state, seat):
        return []
    held = sorted((m for m in B.MATERIALS if hand[m] > 0), key=lambda k: -hand[k])[:3]
    return [{"type": "counter_offer", "offer_id": o["id"], "give": {m: 1}, "get": {g: 1}}
            for g in o["give"] for m in held if m != g]


def _answer(state: dict, seat: int, o: dict) -> list[dict]:
    out = [{"type": "refuse_offer", "offer_id": o["id"]}]
    hands = state["hands"]
    if all(hands[o["from"]][m] >= c for m, c in o["give"].items()) and all(hands[seat][m] >= c for m, c in o["get"].items()):
        out.insert(0, {"type": "accept_offer", "offer_id": o["id"]})
    if seat != state["current"]:
        out += counter_examples(state, seat, o)
    return out


def _responses(state: dict, seat: int) -> list[dict]:
    out: list[dict] = []
    for o in state["offers"]:
        if seat in o["to"] and o["from"] == state["current"]:
            out += _answer(state, seat, o)
    return out
