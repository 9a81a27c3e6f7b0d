"""The list of legal actions, phase by phase (Round Summary), for a player, a bot or the timeout.

It runs before every move, so the facts several parts need (tokens left, whether 3 different cards
are held, what the Union Organizer blocks) are worked out once per call and passed down. Nothing is
kept between calls: a state can be changed by whoever holds it, so a cache could go stale.
"""

from __future__ import annotations

from . import board as B
from . import contest, schema, special, trade, union
from .state import blocked_id, has_cards, is_int, sole_holder, tokens_left


def legal(state: dict, seat: int) -> list[dict]:
    """The concrete actions ``seat`` may take now (open-ended ones as examples: see docs/API.md)."""
    ph = state["phase"]
    if ph == schema.PHASE_OVER or not is_int(seat) or not 0 <= seat < state["num_players"]:
        return []
    if ph == schema.PHASE_DISCARD:
        need = state["discards"][seat]
        if need <= 0:
            return []
        return [{"type": "discard", "random": True}, {"type": "discard", "cards": greedy_discard(state, seat, need)}]
    if ph in (schema.PHASE_CONTEST, schema.PHASE_ROLLOFF):
        return [{"type": "contest_roll"}] if contest.roller(state) == seat else []
    if seat != state["current"]:
        return _responses(state, seat) if ph == schema.PHASE_MAIN else []
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
    return len(hand) - [*hand.values()].count(0) >= 3


def _draft(state: dict, seat: int) -> list[dict]:
    if tokens_left(state, seat) <= 0:
        return []
    blocked = blocked_id(state, "province")
    out = []
    for p in B.PROVINCE_IDS:
        slots = state["mps"][p]
        if p == blocked or seat in slots:
            continue
        out += [{"type": "place_mp", "province": p, "slot": i} for i, o in enumerate(slots) if o is None]
    return out


def _free_mps(state: dict, seat: int, prelim: bool, has_token: HasToken | bool | None = None) -> list[dict]:
    if not _pays_three(state["hands"][seat]):
        return []
    blocked = blocked_id(state, "province")
    out = []
    for p in B.PROVINCE_IDS if prelim else state["in_play"]:
        slots = state["mps"][p]
        if p == blocked or None not in slots or (prelim and seat in slots):
            continue
        out += [{"type": "buy_mp", "province": p, "slot": i} for i, o in enumerate(slots) if o is None]
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
        if info["owner"] is None or ind == blocked or sole_holder(info["slots"]) is not None:  # no monopoly
            continue
        sellers = sorted({x for x in info["slots"] if x is not None and x != seat})
        out += [{"type": "buy_rival_percentage", "industry": ind, "seller": s} for s in sellers]
    return out if out and (HasToken(state, seat) if has_token is None else has_token) else []


def _rival_mps(state: dict, seat: int, has_token: HasToken | bool | None = None) -> list[dict]:
    if state["officials"][seat] < 1:
        return []
    blocked = blocked_id(state, "province")
    out = []
    for p in B.PROVINCE_IDS:
        slots = state["mps"][p]
        if None in slots or seat not in slots or p == blocked:
            continue
        out += [{"type": "buy_rival_mp", "province": p, "slot": i} for i, o in enumerate(slots) if o != seat]
    return out if out and (HasToken(state, seat) if has_token is None else has_token) else []


def _exchanges(state: dict, seat: int) -> list[dict]:
    """The Banker's, the own ports' and the border monopolies' trades (Trade; Trading at ports;
    International Trade), in that order, every give/get pair the hand and the bank allow."""
    hand = state["hands"][seat]
    most = max(hand.values())
    if most < _CHEAPEST_RATIO:  # a third of the calls: no card held often enough for any exchange
        return []
    owners = state["ports"]  # a third of the seats own no port: one look in C before the full checks
    ports = [port for port in B.PORT_IDS if owners[port] == seat and trade.port_usable(state, seat, port)] \
        if seat in owners.values() else []
    borders = trade.usable_borders(state, seat)
    ratios: list[tuple[dict, int]] = []
    # the Banker's conditions are worth checking only for a hand that could pay 4 identical cards
    if most >= _BANK_RATIO and (trade.free_bank(state) or (
            not ports and not borders and trade.players_refusal(state, seat) is None)):
        ratios.append((_BANK_ROWS, _BANK_RATIO))
    for port in ports:
        ratios.append((_PORT_ROWS[port], B.PORTS[port]["ratio"]))
    for p in borders:
        ratios.append((_INTL_ROWS[p], _INTL_RATIO))
    bank = state["bank"]
    full = min(bank.values()) > 0  # the bank usually has every card: then any other material can be got
    out: list[dict] = []
    for rows, ratio in ratios:
        if ratio > most:
            continue
        for give in B.MATERIALS:
            if hand[give] >= ratio:
                row = rows[give]
                out += map(dict.copy, row) if full else [a.copy() for a in row if bank[a["get"]] > 0]
    return out


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
_CHEAPEST_RATIO = min(_INTL_RATIO, _BANK_RATIO, *(port["ratio"] for port in B.PORTS.values()))


def _purchases(state: dict, seat: int, has_token: HasToken) -> list[dict]:
    """Ports, factories, percentages, officials and stockbrokers the hand pays for now (a port, factory
    or percentage also needs a token: asked last, as it is the dearest to know)."""
    hand = state["hands"][seat]
    placed: list[dict] = []
    owners = state["ports"]
    if None in owners.values() and _pays_three(hand):
        blocked = blocked_id(state, "province")
        in_play, mps = state["in_play"], state["mps"]
        for port, p in _PORT_PROVINCES:
            if owners[port] is None and p in in_play and seat in mps[p] and p != blocked:
                placed.append({"type": "buy_port", "port": port})
    if hand["oil"] >= 1:
        industries = state["industries"]
        unbought = [ind for ind in B.INDUSTRY_IDS if industries[ind]["owner"] is None]
        mats = [m for m in B.MATERIALS if m != "oil" and hand[m] >= 3] if unbought else []
        for ind in unbought:
            placed += [{"type": "buy_factory", "industry": ind, "with": m} for m in mats]
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
    out: list[dict] = [] if trade.awaits_answer(state, seat) else [{"type": "end_turn"}]
    out += _free_mps(state, seat, False, has_token)
    out += _purchases(state, seat, has_token)
    out += _exchanges(state, seat)
    officials = state["officials"][seat]  # (each part checks its card itself: this skips moot calls)
    if officials:
        out += _rival_mps(state, seat, has_token)
    if state["stockbrokers"][seat]:
        out += _rival_percentages(state, seat, has_token)
    if officials:
        out += _union_moves(state, seat)
    if state["special"]:
        out += [{"type": "claim_special", "province": p, "kind": k} for p, k in special.claimable(state, seat)]
    out += offer_examples(state, seat)
    for o in state["offers"]:
        if o["from"] == seat:
            out.append({"type": "cancel_offer", "offer_id": o["id"]})
        elif seat in o["to"]:
            out += _answer(state, seat, o)
    return out


def offers_left(state: dict, seat: int) -> bool:
    made = state["flags"].get("offers_made")
    return not made or made.get(str(seat), 0) < trade.MAX_OFFERS_PER_TURN


def offer_examples(state: dict, seat: int) -> list[dict]:
    """Open-ended offers (docs/API.md: any valid give/get is accepted; these are examples): 1 card of the
    material held most for 1 of each other, to everyone, and for the material held least to each player."""
    hand = state["hands"][seat]
    if not sum(hand.values()) or not offers_left(state, seat):
        return []
    top = max(B.MATERIALS, key=hand.__getitem__)
    others = B.OTHER_MATERIALS[top]
    low = min(others, key=hand.__getitem__)
    out = [{"type": "offer_trade", "to": None, "give": {top: 1}, "get": {m: 1}} for m in others]
    out += [{"type": "offer_trade", "to": s, "give": {top: 1}, "get": {low: 1}} for s in range(state["num_players"]) if s != seat]
    return out


def counter_examples(state: dict, seat: int, o: dict) -> list[dict]:
    """Counter-offers to an offer (examples of the open-ended action): 1 of a card we hold for 1 of each
    card the offer gives."""
    hand = state["hands"][seat]
    if o["from"] != state["current"] or o.get("counter_to") is not None or not offers_left(state, seat):
        return []
    # a stable sort, reversed: equal counts keep the materials' order
    held = sorted([m for m in B.MATERIALS if hand[m] > 0], key=hand.__getitem__, reverse=True)[:3]
    return [{"type": "counter_offer", "offer_id": o["id"], "give": {m: 1}, "get": {g: 1}}
            for g in o["give"] for m in held if m != g]


def _answer(state: dict, seat: int, o: dict) -> list[dict]:
    out = [{"type": "refuse_offer", "offer_id": o["id"]}]
    if has_cards(state, o["from"], o["give"]) and has_cards(state, seat, o["get"]):
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
