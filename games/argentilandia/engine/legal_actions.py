"""The list of legal actions, phase by phase (Round Summary), for a player, a bot or the timeout.

It runs before every move, so the facts several parts need (tokens left, whether 3 different cards
are held, what the Union Organizer blocks) are worked out once per call and passed down. Nothing is
kept between calls: a state can be changed by whoever holds it, so a cache could go stale.

The hot parts are plain loops: a small comprehension is a function call of its own, dearer here than the
few items it builds. Every list is still built fresh on each call.
"""

from __future__ import annotations

from operator import countOf, itemgetter

from . import board as B
from . import contest, schema, special, trade, union
from .state import blocked_id, is_int, tokens_left


def legal(state: dict, seat: int) -> list[dict]:
    """The concrete actions ``seat`` may take now (open-ended ones as examples: see docs/API.md)."""
    ph = state["phase"]
    if ph == schema.PHASE_OVER or (type(seat) is not int and not is_int(seat)) or not 0 <= seat < state["num_players"]:
        return []
    if ph == schema.PHASE_MAIN:  # most calls: checked first, the phases below cannot be the main one
        return _main_actions(state, seat) if seat == state["current"] else _responses(state, seat)
    if ph == schema.PHASE_DISCARD:
        need = state["discards"][seat]
        if need <= 0:
            return []
        return [{"type": "discard", "random": True}, {"type": "discard", "cards": greedy_discard(state, seat, need)}]
    if ph in (schema.PHASE_CONTEST, schema.PHASE_ROLLOFF):
        return [{"type": "contest_roll"}] if contest.roller(state) == seat else []
    if seat != state["current"]:
        return []
    if ph == schema.PHASE_DRAFT:
        return _draft(state, seat)
    if ph == schema.PHASE_PRELIM_BUY:
        return [{"type": "pass"}] + _free_mps(state, seat, True)
    if ph == schema.PHASE_PRE_ROLL:
        return [{"type": "roll"}] + _union_moves(state, seat) + _rival_percentages(state, seat)
    if ph == schema.PHASE_UNION:
        return [{"type": "move_union", "target": t} for t in union.targets(state)]
    return _main_actions(state, seat)


def greedy_discard(state: dict, seat: int, need: int) -> dict:
    """A concrete discard: repeatedly the material held most."""
    hand = dict(state["hands"][seat])
    out: dict[str, int] = {}
    for _i in range(need):
        m = max(B.MATERIALS, key=hand.__getitem__)
        hand[m] -= 1
        out[m] = out.get(m, 0) + 1
    return out


class HasToken:
    """Whether the seat still has a token (Components: 35 per colour), counted on first use only: counting
    walks the whole board, and most calls find no purchase that would need it."""

    __slots__ = ("state", "seat", "known")

    def __init__(self, state: dict, seat: int) -> None:
        self.state, self.seat, self.known = state, seat, None

    def __bool__(self) -> bool:
        if self.known is None:
            self.known = tokens_left(self.state, self.seat) > 0
        return self.known


def _pays_three(hand: dict) -> bool:
    """1 MP or 1 port costs 3 cards of different resources (purchase.auto_pay finds them). A hand holds
    every material and no count goes below 0, so the materials held are those not at 0."""
    return len(hand) - countOf(hand.values(), 0) >= 3


def _draft(state: dict, seat: int) -> list[dict]:
    if tokens_left(state, seat) <= 0:
        return []
    blocked = blocked_id(state, "province")
    out = []
    for p in B.PROVINCE_IDS:
        slots = state["mps"][p]
        if p == blocked or seat in slots:
            continue
        for i, o in enumerate(slots):
            if o is None:
                out.append({"type": "place_mp", "province": p, "slot": i})
    return out


def _free_mps(state: dict, seat: int, prelim: bool, has_token: HasToken | bool | None = None) -> list[dict]:
    if not _pays_three(state["hands"][seat]):
        return []
    return _free_mps_paid(state, seat, prelim, has_token)


def _free_mps_paid(state: dict, seat: int, prelim: bool, has_token: HasToken | bool | None = None) -> list[dict]:
    """_free_mps for a hand known to pay 3 different cards."""
    blocked = blocked_id(state, "province")
    mps = state["mps"]
    out = []
    for p in B.PROVINCE_IDS if prelim else state["in_play"]:
        slots = mps[p]
        if p == blocked or None not in slots or (prelim and seat in slots):
            continue
        for i, o in enumerate(slots):
            if o is None:
                out.append({"type": "buy_mp", "province": p, "slot": i})
    return out if out and (HasToken(state, seat) if has_token is None else has_token) else []


def _union_moves(state: dict, seat: int) -> list[dict]:
    if state["flags"]["union_official_used"] or state["officials"][seat] < 1:
        return []
    return [{"type": "move_union", "target": t} for t in union.targets(state)]


def _rival_percentages(state: dict, seat: int, has_token: HasToken | bool | None = None) -> list[dict]:
    if state["stockbrokers"][seat] < 1:
        return []
    blocked = blocked_id(state, "industry")
    industries = state["industries"]
    out = []
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
    return out if out and (HasToken(state, seat) if has_token is None else has_token) else []


def _rival_mps(state: dict, seat: int, has_token: HasToken | bool | None = None) -> list[dict]:
    if state["officials"][seat] < 1:
        return []
    blocked = blocked_id(state, "province")
    out = []
    mps = state["mps"]
    for p in B.PROVINCE_IDS:
        slots = mps[p]
        if None in slots or seat not in slots or p == blocked:
            continue
        for i, o in enumerate(slots):
            if o != seat:
                out.append({"type": "buy_rival_mp", "province": p, "slot": i})
    return out if out and (HasToken(state, seat) if has_token is None else has_token) else []


def _exchanges(state: dict, seat: int) -> list[dict]:
    """The Banker's, the own ports' and the border monopolies' trades (Trade; Trading at ports;
    International Trade), in that order, every give/get pair the hand and the bank allow."""
    hand = state["hands"][seat]
    out: list[dict] = []
    _add_exchanges(out, state, seat, hand, max(hand.values()))
    return out


def _add_exchanges(out: list[dict], state: dict, seat: int, hand: dict, most: int) -> None:
    """_exchanges for the seat's ``hand`` (``most`` its largest count), appended to ``out``."""
    if most < _CHEAPEST_RATIO:  # a third of the calls: no card held often enough for any exchange
        return
    # trade.port_usable and trade.usable_borders, with the blocked province looked up once for both
    blocked = blocked_id(state, "province")
    mps = state["mps"]
    owners = state["ports"]  # a third of the seats own no port: one look in C before the full checks
    ports = []
    if seat in owners.values():
        for port, p in _PORT_PROVINCES:
            if owners[port] == seat and p != blocked and seat in mps[p]:
                ports.append(port)
    borders = []
    for p in B.BORDER_PROVINCES:
        slots = mps[p]
        if slots[0] == seat and slots.count(seat) == len(slots) and p != blocked:  # sole_holder(slots) == seat
            borders.append(p)
    ratios: list[tuple[dict, int]] = []
    # the Banker's conditions are worth checking only for a hand that could pay 4 identical cards
    if most >= _BANK_RATIO and (trade.free_bank(state) or (
            not ports and not borders and trade.players_refusal(state, seat) is None)):
        ratios.append((_BANK_ROWS, _BANK_RATIO))
    for port in ports:
        ratios.append((_PORT_ROWS[port], _PORT_RATIO[port]))
    for p in borders:
        ratios.append((_INTL_ROWS[p], _INTL_RATIO))
    if not ratios:
        return
    bank = state["bank"]
    full = min(bank.values()) > 0  # the bank usually has every card: then any other material can be got
    gives: dict[int, list[str]] = {}  # ratio -> the materials held that often (several rows share a ratio)
    for rows, ratio in ratios:
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
                out += map(dict.copy, row)
            else:
                out += [a.copy() for a in row if bank[a["get"]] > 0]


def _exchange_rows(base: dict) -> dict[str, tuple[dict, ...]]:
    """give -> the trades of ``base`` giving it, one per other material, in MATERIALS order."""
    return {give: tuple({**base, "give": give, "get": get} for get in B.OTHER_MATERIALS[give]) for give in B.MATERIALS}


# Every exchange action there can be, built once: a legal list holds copies (a dict of strings copies in
# one C call, several times faster than building it), never these.
_BANK_ROWS = _exchange_rows({"type": "bank_trade"})
_PORT_ROWS = {port: _exchange_rows({"type": "port_trade", "port": port}) for port in B.PORT_IDS}
_INTL_ROWS = {p: _exchange_rows({"type": "intl_trade", "province": p}) for p in B.BORDER_PROVINCES}
_BANK_RATIO = 4  # Trade: 4 identical cards for 1
_INTL_RATIO = 2  # International Trade: a border monopoly trades as a 2x1 port
_PORT_PROVINCES = tuple((port, B.PORTS[port]["province"]) for port in B.PORT_IDS)  # in PORT_IDS order
_PORT_RATIO = {port: B.PORTS[port]["ratio"] for port in B.PORT_IDS}
_NOT_OIL = tuple(m for m in B.MATERIALS if m != "oil")  # a factory's 3 identical cards (Buying Industries)
_CHEAPEST_RATIO = min(_INTL_RATIO, _BANK_RATIO, *(port["ratio"] for port in B.PORTS.values()))


def _purchases(state: dict, seat: int, has_token: HasToken, three: bool | None = None) -> list[dict]:
    """Ports, factories, percentages, officials and stockbrokers the hand pays for now (a port, factory
    or percentage also needs a token: asked last, as it is the dearest to know). ``three``: whether the
    hand pays 3 different cards, if the caller knows."""
    hand = state["hands"][seat]
    placed: list[dict] = []
    owners = state["ports"]
    if None in owners.values() and (_pays_three(hand) if three is None else three):
        blocked = blocked_id(state, "province")
        in_play, mps = state["in_play"], state["mps"]
        for port, p in _PORT_PROVINCES:
            if p in in_play and owners[port] is None and seat in mps[p] and p != blocked:
                placed.append({"type": "buy_port", "port": port})
    if hand["oil"] >= 1:
        industries = state["industries"]
        mats = None
        for ind in B.INDUSTRY_IDS:
            if industries[ind]["owner"] is None:
                if mats is None:
                    mats = [m for m in _NOT_OIL if hand[m] >= 3]
                for m in mats:
                    placed.append({"type": "buy_factory", "industry": ind, "with": m})
        if hand["soy"] and hand["metals"]:
            blocked = blocked_id(state, "industry")
            for ind in B.INDUSTRY_IDS:
                info = industries[ind]
                if info["owner"] is not None and None in info["slots"] and ind != blocked:
                    placed.append({"type": "buy_percentage", "industry": ind})
    out = placed if placed and has_token else []
    if state["bank_officials"] > 0 and hand["grapes"] and hand["cows"] and hand["sheep"]:
        out.append({"type": "buy_official"})
    if state["bank_stockbrokers"] > 0 and hand["wood"] and hand["tobacco"] and hand["fish"]:
        out.append({"type": "buy_stockbroker"})
    return out


def _main_actions(state: dict, seat: int) -> list[dict]:
    has_token = HasToken(state, seat)
    offers = state["offers"]
    out: list[dict] = [] if offers and trade.awaits_answer(state, seat) else [{"type": "end_turn"}]
    hand = state["hands"][seat]
    counts = [*hand.values()]  # what several parts ask of the hand, worked out once
    three = len(counts) - counts.count(0) >= 3  # _pays_three
    if three and state["in_play"]:  # (each part checks its conditions itself: these guards skip moot calls)
        out += _free_mps_paid(state, seat, False, has_token)
    out += _purchases(state, seat, has_token, three)
    _add_exchanges(out, state, seat, hand, max(counts))
    officials = state["officials"][seat]
    if officials:
        out += _rival_mps(state, seat, has_token)
    if state["stockbrokers"][seat]:
        out += _rival_percentages(state, seat, has_token)
    if officials:
        out += _union_moves(state, seat)
    if state["special"]:
        for p, k in special.claimable(state, seat):
            out.append({"type": "claim_special", "province": p, "kind": k})
    _add_offer_examples(out, state, seat, hand, sum(counts))
    for o in offers:
        if o["from"] == seat:
            out.append({"type": "cancel_offer", "offer_id": o["id"]})
        elif seat in o["to"]:
            out += _answer(state, seat, o)
    return out


def offers_left(state: dict, seat: int) -> bool:
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
_NO_LOW = float("inf")  # above any count: the material held most is never the one held least


def offer_examples(state: dict, seat: int) -> list[dict]:
    """Open-ended offers (docs/API.md: any valid give/get is accepted; these are examples): 1 card of the
    material held most for 1 of each other, to everyone, and for the material held least to each player."""
    hand = state["hands"][seat]
    out: list[dict] = []
    _add_offer_examples(out, state, seat, hand, sum(hand.values()))
    return out


def _add_offer_examples(out: list[dict], state: dict, seat: int, hand: dict, cards: int) -> None:
    """offer_examples for the seat's ``hand`` of ``cards`` cards, appended to ``out``."""
    if not cards or not offers_left(state, seat):
        return
    top, low = _top_and_low(hand)
    for m in B.OTHER_MATERIALS[top]:
        out.append({"type": "offer_trade", "to": None, "give": {top: 1}, "get": {m: 1}})
    n = state["num_players"]
    for s in trade.OTHER_SEATS.get((n, seat)) or [s for s in range(n) if s != seat]:
        out.append({"type": "offer_trade", "to": s, "give": {top: 1}, "get": {low: 1}})


def counter_examples(state: dict, seat: int, o: dict) -> list[dict]:
    """Counter-offers to an offer (examples of the open-ended action): 1 of a card we hold for 1 of each
    card the offer gives."""
    if o["from"] != state["current"] or o.get("counter_to") is not None or not offers_left(state, seat):
        return []
    hand = state["hands"][seat]
    held = []
    for m in B.MATERIALS:
        if hand[m] > 0:
            held.append(m)
    if len(held) > 1:  # a stable sort, reversed: equal counts keep the materials' order
        held = sorted(held, key=hand.__getitem__, reverse=True)[:3]
    oid = o["id"]
    out = []
    for g in o["give"]:
        for m in held:
            if m != g:
                out.append({"type": "counter_offer", "offer_id": oid, "give": {m: 1}, "get": {g: 1}})
    return out


def _holds(hand: dict, cards: dict) -> bool:
    """state.has_cards for a hand already looked up."""
    for m, c in cards.items():
        if hand.get(m, 0) < c:
            return False
    return True


def _answer(state: dict, seat: int, o: dict) -> list[dict]:
    oid = o["id"]
    hands = state["hands"]
    if _holds(hands[o["from"]], o["give"]) and _holds(hands[seat], o["get"]):
        out = [{"type": "accept_offer", "offer_id": oid}, {"type": "refuse_offer", "offer_id": oid}]
    else:
        out = [{"type": "refuse_offer", "offer_id": oid}]
    if seat != state["current"]:
        out += counter_examples(state, seat, o)
    return out


def _responses(state: dict, seat: int) -> list[dict]:
    out: list[dict] = []
    cur = state["current"]
    for o in state["offers"]:
        if seat in o["to"] and o["from"] == cur:
            out += _answer(state, seat, o)
    return out
