"""The list of legal actions, phase by phase (Round Summary), for a player, a bot or the timeout.

It runs before every move, so the facts several parts need (whether 3 different cards are held, the
largest count, the blocked province) are worked out once per call and passed down, and tokens are counted
at most once, only when some listed action would place one. Nothing is kept between calls: a state can be
changed by whoever holds it, so a cache could go stale.

The hot parts are plain loops: a small comprehension is a function call of its own, dearer here than the
few items it builds. Every list is still built fresh on each call, but the frequent actions (the exchanges,
the offer examples, the Union Organizer's moves, the end of the turn) are prebuilt dicts that the list
(an ``Actions``, action_list.py) only points to: it copies the one that is read.
"""

from __future__ import annotations

from operator import countOf, itemgetter

from . import board as B
from . import contest, special, trade
from .action_list import Actions
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
    State,
)
from .state import blocked_id, is_int, tokens_left


def legal(state: State, seat: int) -> Actions:
    """The concrete actions ``seat`` may take now (open-ended ones as examples: see docs/API.md)."""
    ph = state["phase"]
    if ph == PHASE_OVER or (type(seat) is not int and not is_int(seat)) or not 0 <= seat < state["num_players"]:
        return Actions()
    if ph == PHASE_MAIN:  # most calls: checked first, the phases below cannot be the main one
        return _main_actions(state, seat) if seat == state["current"] else _responses(state, seat)
    if ph == PHASE_DISCARD:
        need = state["discards"][seat]
        if need <= 0:
            return Actions()
        return Actions(({"type": "discard", "random": True},
                        {"type": "discard", "cards": greedy_discard(state, seat, need)}))
    if ph in (PHASE_CONTEST, PHASE_ROLLOFF):
        return Actions(_CONTEST_ROLL if contest.roller(state) == seat else ())
    if seat != state["current"]:
        return Actions()
    if ph == PHASE_DRAFT:
        return _draft(state, seat)
    out = Actions()
    if ph == PHASE_PRELIM_BUY:
        out.append({"type": "pass"})
        out += _free_mps(state, seat, True)
        return out
    if ph == PHASE_PRE_ROLL:
        out.append(_ROLL)
        _add_union_moves(out, state, seat)
        if state["stockbrokers"][seat] >= 1:
            start = len(out)
            _add_rival_percentages(out, state, seat)
            if len(out) > start and tokens_left(state, seat) <= 0:
                del out[start:]
        return out
    if ph == PHASE_UNION:
        _add_targets(out, state)
        return out
    return _main_actions(state, seat)


def greedy_discard(state: State, seat: int, need: int) -> dict:
    """A concrete discard: repeatedly the material held most."""
    hand = dict(state["hands"][seat])
    out: dict[str, int] = {}
    for _i in range(need):
        m = max(B.MATERIALS, key=hand.__getitem__)
        hand[m] -= 1
        out[m] = out.get(m, 0) + 1
    return out


def _pays_three(hand: dict) -> bool:
    """1 MP or 1 port costs 3 cards of different resources (purchase.auto_pay finds them). A hand holds
    every material and no count goes below 0, so the materials held are those not at 0."""
    return len(hand) - countOf(hand.values(), 0) >= 3


def _draft(state: State, seat: int) -> Actions:
    out = Actions()
    if tokens_left(state, seat) <= 0:
        return out
    blocked = blocked_id(state, "province")
    for p in B.PROVINCE_IDS:
        slots = state["mps"][p]
        if p == blocked or seat in slots:
            continue
        for i, o in enumerate(slots):
            if o is None:
                out.append({"type": "place_mp", "province": p, "slot": i})
    return out


def _free_mps(state: State, seat: int, prelim: bool) -> Actions:
    """The free MPs the seat may buy (Buying a free MP; Preliminary Round when ``prelim``)."""
    out = Actions()
    if _pays_three(state["hands"][seat]):
        _add_free_mps(out, state, seat, prelim, blocked_id(state, "province"))
        if out and tokens_left(state, seat) <= 0:
            out.clear()
    return out


def _add_free_mps(out: Actions, state: State, seat: int, prelim: bool, blocked: str | None) -> None:
    """The free MPs a hand known to pay 3 different cards may buy (``blocked``: the province the Union
    Organizer blocks), appended to ``out`` (the caller checks that a token is left)."""
    mps = state["mps"]
    for p in B.PROVINCE_IDS if prelim else state["in_play"]:
        slots = mps[p]
        if p == blocked or None not in slots or (prelim and seat in slots):
            continue
        for i, o in enumerate(slots):
            if o is None:
                out.append({"type": "buy_mp", "province": p, "slot": i})


def _add_union_moves(out: Actions, state: State, seat: int) -> None:
    """A Corrupt Official's Union Organizer moves (once per turn), appended to ``out``."""
    if not state["flags"]["union_official_used"] and state["officials"][seat] >= 1:
        _add_targets(out, state)


def _add_targets(out: Actions, state: State) -> None:
    """A move of the Union Organizer to each of union.targets, in its order, appended to ``out``."""
    cur = state["union"]
    kind = cur["kind"] if cur else None
    if kind == "province":
        here = cur["id"]
        for p, move in _UNION_TO_PROVINCE:
            if p != here:
                out.append(move)
    else:
        out += _UNION_TO_PROVINCES
    industries = state["industries"]
    for ind, move in _UNION_TO_INDUSTRY:
        if industries[ind]["owner"] is not None and not (kind == "industry" and ind == cur["id"]):  # is_bought
            out.append(move)


def _add_rival_percentages(out: Actions, state: State, seat: int) -> None:
    """Stockbroker purchases from other holders (the seat holds a Stockbroker), appended to ``out`` (the
    caller checks that a token is left)."""
    blocked = blocked_id(state, "industry")
    industries = state["industries"]
    for ind in B.INDUSTRY_IDS:
        info = industries[ind]
        if info["owner"] is None or ind == blocked:
            continue
        slots = info["slots"]
        first = slots[0]
        if first is not None and countOf(slots, first) == len(slots):  # a monopoly (sole_holder)
            continue
        for s in sorted(set(slots).difference((None, seat))):
            out.append({"type": "buy_rival_percentage", "industry": ind, "seller": s})


def _rival_mps(state: State, seat: int) -> Actions:
    """Other players' MPs the seat may buy with a Corrupt Official."""
    out = Actions()
    if state["officials"][seat] >= 1:
        _add_rival_mps(out, state, seat, blocked_id(state, "province"))
        if out and tokens_left(state, seat) <= 0:
            out.clear()
    return out


def _add_rival_mps(out: Actions, state: State, seat: int, blocked: str | None) -> None:
    """Corrupt Official purchases of other players' MPs (the seat holds an official; ``blocked``: the
    province the Union Organizer blocks), appended to ``out`` (the caller checks that a token is left)."""
    mps = state["mps"]
    for p in B.PROVINCE_IDS:
        slots = mps[p]
        if None in slots or seat not in slots or p == blocked:
            continue
        for i, o in enumerate(slots):
            if o != seat:
                out.append({"type": "buy_rival_mp", "province": p, "slot": i})


def _exchanges(state: State, seat: int) -> Actions:
    """The Banker's, the own ports' and the border monopolies' trades (Trade; Trading at ports;
    International Trade), in that order, every give/get pair the hand and the bank allow."""
    hand = state["hands"][seat]
    out = Actions()
    _add_exchanges(out, state, seat, hand, max(hand.values()), blocked_id(state, "province"))
    return out


def _add_exchanges(out: Actions, state: State, seat: int, hand: dict, most: int, blocked: str | None) -> None:
    """_exchanges for the seat's ``hand`` (``most`` its largest count; ``blocked``: the province the Union
    Organizer blocks), appended to ``out``."""
    if most < _CHEAPEST_RATIO:  # a third of the calls: no card held often enough for any exchange
        return
    # trade.port_usable and trade.usable_borders
    mps = state["mps"]
    owners = state["ports"]
    trades: list[tuple[dict, int]] = []  # (rows, ratio) of each own port, then each border monopoly
    if seat in owners.values():  # a third of the seats own no port: one look in C before the full checks
        for port, p in _PORT_PROVINCES:
            if owners[port] == seat and p != blocked and seat in mps[p]:
                trades.append(_PORT_TRADES[port])
    for p in B.BORDER_PROVINCES:
        slots = mps[p]
        if slots[0] == seat and slots.count(seat) == len(slots) and p != blocked:  # sole_holder(slots) == seat
            trades.append(_INTL_TRADES[p])
    # the Banker's conditions are worth checking only for a hand that could pay 4 identical cards
    if most >= _BANK_RATIO and (trade.free_bank(state) or (
            not trades and trade.players_refusal(state, seat) is None)):
        trades.insert(0, _BANK_TRADES)
    if not trades:
        return
    bank = state["bank"]
    full = min(bank.values()) > 0  # the bank usually has every card: then any other material can be got
    gives: dict[int, list[str]] = {}  # ratio -> the materials held that often (several rows share a ratio)
    for rows, ratio in trades:
        if ratio > most:
            continue
        held = gives.get(ratio)
        if held is None:
            held = gives[ratio] = []
            for give in B.MATERIALS:
                if hand[give] >= ratio:
                    held.append(give)
        for give in held:
            row = rows[give]
            if full:
                out += row
            else:
                for a in row:
                    if bank[a["get"]] > 0:
                        out.append(a)


def _exchange_rows(base: dict) -> dict[str, tuple[dict, ...]]:
    """give -> the trades of ``base`` giving it, one per other material, in MATERIALS order."""
    return {give: tuple({**base, "give": give, "get": get} for get in B.OTHER_MATERIALS[give]) for give in B.MATERIALS}


# Every exchange action there can be, built once: a legal list points to these (Actions copies the one read).
_BANK_ROWS = _exchange_rows({"type": "bank_trade"})
_PORT_ROWS = {port: _exchange_rows({"type": "port_trade", "port": port}) for port in B.PORT_IDS}
_INTL_ROWS = {p: _exchange_rows({"type": "intl_trade", "province": p}) for p in B.BORDER_PROVINCES}
_BANK_RATIO = 4  # Trade: 4 identical cards for 1
_INTL_RATIO = 2  # International Trade: a border monopoly trades as a 2x1 port
_PORT_PROVINCES = tuple((port, B.PORTS[port]["province"]) for port in B.PORT_IDS)  # in PORT_IDS order
_PORT_RATIO = {port: B.PORTS[port]["ratio"] for port in B.PORT_IDS}
_BANK_TRADES = (_BANK_ROWS, _BANK_RATIO)
_PORT_TRADES = {port: (_PORT_ROWS[port], _PORT_RATIO[port]) for port in B.PORT_IDS}
_INTL_TRADES = {p: (_INTL_ROWS[p], _INTL_RATIO) for p in B.BORDER_PROVINCES}
_NOT_OIL = tuple(m for m in B.MATERIALS if m != "oil")  # a factory's 3 identical cards (Buying Industries)
_CHEAPEST_RATIO = min(_INTL_RATIO, _BANK_RATIO, *(port["ratio"] for port in B.PORTS.values()))

# The other frequent actions, built once for the same reason (in union.targets' order for the moves).
_END_TURN = {"type": "end_turn"}
_ROLL = {"type": "roll"}
_CONTEST_ROLL = ({"type": "contest_roll"},)
_UNION_TO_PROVINCE = tuple((p, {"type": "move_union", "target": {"kind": "province", "id": p}}) for p in B.PROVINCE_IDS)
_UNION_TO_PROVINCES = tuple(move for _p, move in _UNION_TO_PROVINCE)
_UNION_TO_INDUSTRY = tuple((i, {"type": "move_union", "target": {"kind": "industry", "id": i}}) for i in B.INDUSTRY_IDS)
# material held most -> 1 of it for 1 of each other material, to everyone
_OFFERS_TO_ALL = {top: tuple({"type": "offer_trade", "to": None, "give": {top: 1}, "get": {m: 1}}
                             for m in B.OTHER_MATERIALS[top]) for top in B.MATERIALS}
_TABLE_SIZES = range(3, 6)  # the ruleset's 3 to 5 players; another size (a state made by hand) is built per call
# (material held most, the other held least) -> seat -> 1 of the first for 1 of the second, to that seat
_OFFERS_TO_SEAT = {(top, low): tuple({"type": "offer_trade", "to": s, "give": {top: 1}, "get": {low: 1}}
                                     for s in range(max(_TABLE_SIZES)))
                   for top in B.MATERIALS for low in B.OTHER_MATERIALS[top]}
# (seats, seat, material held most, the other held least) -> the whole block of offer examples, in one piece
_OFFERS = {(n, seat, top, low): _OFFERS_TO_ALL[top] + tuple(to_seat[s] for s in range(n) if s != seat)
           for (top, low), to_seat in _OFFERS_TO_SEAT.items() for n in _TABLE_SIZES for seat in range(n)}


def _add_placements(out: Actions, state: State, seat: int, hand: dict, three: bool, blocked: str | None) -> None:
    """Ports, factories and percentages the seat's ``hand`` pays for now (``three``: whether it pays 3
    different cards; ``blocked``: the province the Union Organizer blocks), appended to ``out`` (the caller
    checks that a token is left)."""
    owners = state["ports"]
    if three and None in owners.values():
        in_play, mps = state["in_play"], state["mps"]
        for port, p in _PORT_PROVINCES:
            if p in in_play and owners[port] is None and seat in mps[p] and p != blocked:
                out.append({"type": "buy_port", "port": port})
    if hand["oil"] >= 1:
        industries = state["industries"]
        mats = None
        for ind in B.INDUSTRY_IDS:
            if industries[ind]["owner"] is None:
                if mats is None:
                    mats = [m for m in _NOT_OIL if hand[m] >= 3]
                for m in mats:
                    out.append({"type": "buy_factory", "industry": ind, "with": m})
        if hand["soy"] and hand["metals"]:
            stopped = blocked_id(state, "industry")
            for ind in B.INDUSTRY_IDS:
                info = industries[ind]
                if info["owner"] is not None and None in info["slots"] and ind != stopped:
                    out.append({"type": "buy_percentage", "industry": ind})


def _add_cards(out: Actions, state: State, hand: dict) -> None:
    """The Corrupt Official and the Stockbroker the ``hand`` pays for, if the bank has them, appended to ``out``."""
    if state["bank_officials"] > 0 and hand["grapes"] and hand["cows"] and hand["sheep"]:
        out.append({"type": "buy_official"})
    if state["bank_stockbrokers"] > 0 and hand["wood"] and hand["tobacco"] and hand["fish"]:
        out.append({"type": "buy_stockbroker"})


def _main_actions(state: State, seat: int) -> Actions:
    offers = state["offers"]
    out = Actions()
    if not (offers and trade.awaits_answer(state, seat)):
        out.append(_END_TURN)
    hand = state["hands"][seat]
    counts = [*hand.values()]  # what several parts ask of the hand, worked out once
    three = len(counts) - counts.count(0) >= 3  # _pays_three
    blocked = blocked_id(state, "province")
    placing = len(out)  # from here to ``placed``, and from ``rival`` to ``rivals``: actions placing a token
    if three and state["in_play"]:  # (each part checks its conditions itself: these guards skip moot calls)
        _add_free_mps(out, state, seat, False, blocked)
    _add_placements(out, state, seat, hand, three, blocked)
    placed = len(out)
    _add_cards(out, state, hand)
    most = max(counts)
    if most >= _CHEAPEST_RATIO:  # (a third of the calls hold no card often enough for any exchange)
        _add_exchanges(out, state, seat, hand, most, blocked)
    officials = state["officials"][seat]
    rival = len(out)
    if officials >= 1:
        _add_rival_mps(out, state, seat, blocked)
    if state["stockbrokers"][seat] >= 1:
        _add_rival_percentages(out, state, seat)
    rivals = len(out)
    # Components: no token left, no placement; counted once, and only when something would place one
    if (placed > placing or rivals > rival) and tokens_left(state, seat) <= 0:
        del out[rival:rivals]
        del out[placing:placed]
    if officials >= 1:
        _add_union_moves(out, state, seat)
    if state["special"]:
        for p, k in special.claimable(state, seat):
            out.append({"type": "claim_special", "province": p, "kind": k})
    _add_offer_examples(out, state, seat, hand, sum(counts))
    for o in offers:
        if o["from"] == seat:
            out.append({"type": "cancel_offer", "offer_id": o["id"]})
        elif seat in o["to"]:
            _add_answer(out, state, seat, o)
    return out


def offers_left(state: State, seat: int) -> bool:
    made = state["flags"].get("offers_made")
    key = trade.SEAT_KEYS[seat] if 0 <= seat < len(trade.SEAT_KEYS) else str(seat)
    return not made or made.get(key, 0) < trade.MAX_OFFERS_PER_TURN


def _top_and_low(hand: dict) -> tuple[str, str]:
    """The material held most and, among the others, the one held least: the first in MATERIALS order on
    ties, as ``max``/``min`` over MATERIALS with the hand as key give them (here the counts are fetched
    in MATERIALS order in one C call, whatever the hand's own key order)."""
    counts = [*_COUNTS(hand)]
    i = counts.index(max(counts))
    counts[i] = _NO_LOW
    return B.MATERIALS[i], B.MATERIALS[counts.index(min(counts))]


_COUNTS = itemgetter(*B.MATERIALS)
# material -> {material: 1}, the cards of a counter example: shared by the listed counters (Actions copies
# an action's give and get when it is read).
_ONE = {m: {m: 1} for m in B.MATERIALS}
_NO_LOW = float("inf")  # above any count: the material held most is never the one held least


def offer_examples(state: State, seat: int) -> Actions:
    """Open-ended offers (docs/API.md: any valid give/get is accepted; these are examples): 1 card of the
    material held most for 1 of each other, to everyone, and for the material held least to each player."""
    hand = state["hands"][seat]
    out = Actions()
    _add_offer_examples(out, state, seat, hand, sum(hand.values()))
    return out


def _add_offer_examples(out: Actions, state: State, seat: int, hand: dict, cards: int) -> None:
    """offer_examples for the seat's ``hand`` of ``cards`` cards, appended to ``out``."""
    if not cards or not offers_left(state, seat):
        return
    top, low = _top_and_low(hand)
    block = _OFFERS.get((state["num_players"], seat, top, low))
    if block is not None:
        out += block
        return
    out += _OFFERS_TO_ALL[top]
    n = state["num_players"]
    for s in trade.OTHER_SEATS.get((n, seat)) or [s for s in range(n) if s != seat]:
        out.append({"type": "offer_trade", "to": s, "give": {top: 1}, "get": {low: 1}})


def counter_examples(state: State, seat: int, o: dict) -> Actions:
    """Counter-offers to an offer (examples of the open-ended action): 1 of a card we hold for 1 of each
    card the offer gives."""
    out = Actions()
    _add_counter_examples(out, state, seat, o)
    return out


def _add_counter_examples(out: Actions, state: State, seat: int, o: dict) -> None:
    """counter_examples, appended to ``out``."""
    if o["from"] != state["current"] or o.get("counter_to") is not None or not offers_left(state, seat):
        return
    hand = state["hands"][seat]
    held = []
    for m in B.MATERIALS:
        if hand[m] > 0:
            held.append(m)
    if len(held) > 1:  # a stable sort, reversed: equal counts keep the materials' order
        held = sorted(held, key=hand.__getitem__, reverse=True)[:3]
    oid = o["id"]
    for g in o["give"]:
        for m in held:
            if m != g:
                out.append({"type": "counter_offer", "offer_id": oid, "give": _ONE[m], "get": _ONE.get(g) or {g: 1}})


def _holds(hand: dict, cards: dict) -> bool:
    """state.has_cards for a hand already looked up."""
    for m, c in cards.items():
        if hand.get(m, 0) < c:
            return False
    return True


def _add_answer(out: Actions, state: State, seat: int, o: dict) -> None:
    """The answers to offer ``o`` addressed to ``seat``, appended to ``out``."""
    oid = o["id"]
    hands = state["hands"]
    if _holds(hands[o["from"]], o["give"]) and _holds(hands[seat], o["get"]):
        out.append({"type": "accept_offer", "offer_id": oid})
    out.append({"type": "refuse_offer", "offer_id": oid})
    if seat != state["current"]:
        _add_counter_examples(out, state, seat, o)


def _responses(state: State, seat: int) -> Actions:
    out = Actions()
    cur = state["current"]
    for o in state["offers"]:
        if seat in o["to"] and o["from"] == cur:
            _add_answer(out, state, seat, o)
    return out
