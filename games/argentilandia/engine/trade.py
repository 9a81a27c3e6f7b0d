"""Trade (Playing the Game 5; Trading at ports; International Trade).

Only the player on turn trades: offers go from them to one or all players, the others may accept,
refuse or counter (a counter goes only to the player on turn, and answers the offer). The bank gives
1 card for 4 identical, an owned port for 2 or 3 identical, a monopolised border province for 2 identical.

The Banker's 4:1 opens only for a player with no usable port or border monopoly, after each other player
refused an offer made to all of them this turn (decision 13): a refusal made for a seat whose clock ran out
counts (the server's time-out move is a refusal, ``timeout.py``); a withdrawn or replaced offer, or one
somebody answered with a counter-offer, does not.

Online (decision 16): an offer keeps each addressed player in ``to_move`` until they answer (a timeout
refuses it); the player on turn waits for the answers (or withdraws the offer) before ending the turn;
at most ``MAX_OFFERS_PER_TURN`` offers a turn (anti-spam). Every event names who and what.
"""

from __future__ import annotations

from operator import itemgetter

from games.core.refusals import _, refuse

from . import board as B
from .schema import Offer, State
from .state import blocked_id, hand_size, has_cards, is_blocked, is_int, known, mps_in, normalize_cards, sole_holder
from .victory import province_monopolist

MAX_OFFERS_PER_TURN = 5

# Built once, for the offer handlers (a third of all moves): (seats, seat) -> everyone else in seat order,
# and seat -> its key in the turn flags' offers_made (str(seat)).
OTHER_SEATS = {(n, seat): tuple(s for s in range(n) if s != seat) for n in range(1, 9) for seat in range(n)}
SEAT_KEYS = tuple(str(seat) for seat in range(8))


def recipients(state: State) -> list[int]:
    """Seats an open offer waits for."""
    offers = state["offers"]
    if not offers:
        return []
    if len(offers) == 1:  # the usual case (to_move asks before every move): one offer, no set needed
        to = offers[0]["to"]
        return list(to) if len(to) < 2 else sorted(set(to))
    seats: set = set()
    for o in offers:
        seats.update(o["to"])
    return sorted(seats)


def awaits_answer(state: State, seat: int) -> bool:
    """``seat`` made an offer that some addressed player has not answered yet."""
    for o in state["offers"]:
        if o["from"] == seat and o["to"]:
            return True
    return False


# Offers and the turn's flags are replaced, never changed in place: apply shares them with the state
# before the move (games.core.copying), so the offer handlers need no copy of them.


def _drop(state: State, offer: dict) -> None:
    oid = offer["id"]
    kept = []
    for o in state["offers"]:
        if o["id"] != oid:
            kept.append(o)
    state["offers"] = kept


def _answered(state: State, offer: Offer, seat: int, countered: bool = False) -> Offer:
    """``offer`` no longer waiting for ``seat``: a new dict in its place in the offers (marked ``countered``
    when the answer was a counter-offer)."""
    to = []
    for s in offer["to"]:
        if s != seat:
            to.append(s)
    new: Offer = {**offer, "to": to, "countered": True} if countered else {**offer, "to": to}
    offers = []
    for o in state["offers"]:
        offers.append(new if o is offer else o)
    state["offers"] = offers
    return new


def _refused_by_all(state: State, offer: dict) -> None:
    """The turn player's offer to everyone was refused by each of the others (a refusal made for a seat whose
    clock ran out counts: ``timeout.timeout_action``): they had no chance to trade with the other players, so
    the Banker opens for the rest of the turn (decision 13). An offer withdrawn or replaced, or one that
    somebody answered with a counter-offer, never gets here."""
    if offer["from"] == state["current"] and offer.get("to_all") and not offer.get("countered"):
        state["flags"] = {**state["flags"], "players_declined": True}


def _offer_event(kind: str, offer: dict) -> dict:
    """The event of a new offer: its terms, sharing none of its lists or card dicts with the state."""
    return {"type": kind, **offer, "to": list(offer["to"]), "give": dict(offer["give"]), "get": dict(offer["get"])}


def _terms(offer: dict) -> dict:
    """Who offered what for what: the part of every offer event the log needs."""
    return {"offer_id": offer["id"], "from": offer["from"], "give": dict(offer["give"]), "get": dict(offer["get"])}


def expire_offers(state: State, why: str) -> list[dict]:
    """The turn ends: every open offer lapses, each named with who was still to answer."""
    offers = state["offers"]
    state["offers"] = []
    if not offers:  # nearly every turn ends with none open
        return []
    return [{"type": "offer_expired", **_terms(o), "to": list(o["to"]), "why": why} for o in offers]


def _replace_own(state: State, seat: int) -> list[dict]:
    """A new offer replaces the maker's previous one (withdrawn, and said so)."""
    own = []
    for o in state["offers"]:  # (every offer asks: a loop is cheaper than a comprehension here)
        if o["from"] == seat:
            own.append(o)
    if not own:
        return []
    events = [{"type": "offer_withdrawn", **_terms(o), "by": seat, "to": list(o["to"]), "why": "replaced"} for o in own]
    state["offers"] = [o for o in state["offers"] if o["from"] != seat]
    return events


def _count_offer(state: State, seat: int) -> None:
    """Online anti-spam: at most MAX_OFFERS_PER_TURN offers (counters included) per player per turn."""
    flags = state["flags"]
    made = flags.get("offers_made", {})
    key = SEAT_KEYS[seat] if 0 <= seat < len(SEAT_KEYS) else str(seat)
    count = made.get(key, 0)
    if count >= MAX_OFFERS_PER_TURN:
        refuse(_("At most %(limit)s offers per turn."), "playing-the-game", limit=MAX_OFFERS_PER_TURN)
    state["flags"] = {**flags, "offers_made": {**made, key: count + 1}}


def _cards(raw, side: str) -> dict:
    """The cards of one side of an offer; each side's refusal is a sentence of its own (the side's name spliced
    into one sentence came out raw in Spanish, "Indicá las cartas (get)")."""
    try:
        return normalize_cards(raw)
    except ValueError:
        if side == "give":
            refuse(_("Name the cards you give as {material: count}."), "playing-the-game")
        refuse(_("Name the cards you ask for as {material: count}."), "playing-the-game")


def find_offer(state: State, offer_id) -> dict:
    if is_int(offer_id):
        for o in state["offers"]:
            if o["id"] == offer_id:
                return o
    refuse(_("There is no such offer."), "playing-the-game")


def make_offer(state: State, events: list[dict], seat: int, action: dict) -> None:
    """The player on turn offers ``give`` for ``get`` to one player (``to``) or to all (``to`` null).
    Gifts are not allowed, so both sides are non-empty. A new offer replaces the player's previous one."""
    give = _cards(action.get("give"), "give")
    get = _cards(action.get("get"), "get")
    to = action.get("to")
    n = state["num_players"]
    if to is None:
        others = OTHER_SEATS.get((n, seat))
        targets = list(others) if others is not None else [s for s in range(n) if s != seat]
    elif is_int(to) and 0 <= to < n and to != seat:
        targets = [to]
    else:
        refuse(_("Offer to another player, or to everyone."), "playing-the-game")
    if not has_cards(state, seat, give):
        refuse(_("You do not hold the cards you offer."), "playing-the-game")
    _count_offer(state, seat)
    events += _replace_own(state, seat)
    offer = {"id": state["next_offer_id"], "from": seat, "to": targets, "give": give, "get": get,
             "to_all": to is None}
    state["next_offer_id"] += 1
    state["offers"] = [*state["offers"], offer]
    events.append(_offer_event("trade_offered", offer))


def counter_offer(state: State, events: list[dict], seat: int, action: dict) -> None:
    """A player addressed by the turn player's offer answers with their own terms, to the turn player only."""
    base = find_offer(state, action.get("offer_id"))
    cur = state["current"]
    if base["from"] != cur or seat not in base["to"]:
        refuse(_("Only the player on turn trades; you may answer their offers."), "playing-the-game")
    give = _cards(action.get("give"), "give")
    get = _cards(action.get("get"), "get")
    if not has_cards(state, seat, give):
        refuse(_("You do not hold the cards you offer."), "playing-the-game")
    _count_offer(state, seat)
    events += _replace_own(state, seat)
    base = _answered(state, base, seat, countered=True)  # the counter answers the offer (and keeps the bank shut)
    if not base["to"]:
        _drop(state, base)
    offer = {"id": state["next_offer_id"], "from": seat, "to": [cur], "give": give, "get": get, "counter_to": base["id"]}
    state["next_offer_id"] += 1
    state["offers"] = [*state["offers"], offer]
    events.append(_offer_event("trade_countered", offer))


def accept_offer(state: State, events: list[dict], seat: int, action: dict) -> None:
    """Accept an offer addressed to you; both sides must still hold the cards."""
    offer = find_offer(state, action.get("offer_id"))
    if seat not in offer["to"]:
        refuse(_("That offer is not addressed to you."), "playing-the-game")
    maker = offer["from"]
    if not has_cards(state, maker, offer["give"]):
        refuse(_("The player who offered no longer holds those cards."), "playing-the-game")
    if not has_cards(state, seat, offer["get"]):
        refuse(_("You do not hold the cards asked for."), "playing-the-game")
    hm, hs = state["hands"][maker], state["hands"][seat]
    for m, c in offer["give"].items():
        hm[m] -= c
        hs[m] += c
    for m, c in offer["get"].items():
        hs[m] -= c
        hm[m] += c
    _drop(state, offer)
    events.append({"type": "trade_accepted", **_terms(offer), "by": seat})


def refuse_offer(state: State, events: list[dict], seat: int, action: dict) -> None:
    offer = find_offer(state, action.get("offer_id"))
    if seat not in offer["to"]:
        refuse(_("That offer is not addressed to you."), "playing-the-game")
    offer = _answered(state, offer, seat)
    if not offer["to"]:
        _drop(state, offer)
        _refused_by_all(state, offer)
    events.append({"type": "trade_refused", **_terms(offer), "by": seat})


def cancel_offer(state: State, events: list[dict], seat: int, action: dict) -> None:
    offer = find_offer(state, action.get("offer_id"))
    if offer["from"] != seat:
        refuse(_("You can only withdraw your own offer."), "playing-the-game")
    _drop(state, offer)  # withdrawn: the others had no real chance to answer, so the Banker stays shut
    events.append({"type": "offer_withdrawn", **_terms(offer), "by": seat, "to": list(offer["to"]), "why": "withdrawn"})


def _exchange(state: State, seat: int, action: dict, ratio: int, rule: str) -> tuple[str, str]:
    give, get = action.get("give"), action.get("get")
    if not known(give, B.MATERIALS) or not known(get, B.MATERIALS) or give == get:
        refuse(_("Give one resource and get a different one."), rule)
    if state["hands"][seat][give] < ratio:
        refuse(_("You need %(n)s identical cards."), rule, n=ratio)
    if state["bank"][get] < 1:
        refuse(_("The bank has no %(material)s card."), rule, material=get)
    state["hands"][seat][give] -= ratio
    state["bank"][give] += ratio
    state["bank"][get] -= 1
    state["hands"][seat][get] += 1
    return give, get


def port_usable(state: State, seat: int, port: str) -> bool:
    """Trading at ports: the seat's own port, with at least 1 MP in its province, not blocked."""
    p = B.PORTS[port]["province"]
    return state["ports"][port] == seat and not is_blocked(state, "province", p) and seat in state["mps"][p]


_BORDER_SLOTS = itemgetter(*B.BORDER_PROVINCES)  # the border provinces' MP slots, fetched in one C call


def usable_borders(state: State, seat: int) -> list[str]:
    """International Trade: the border provinces without sea port the seat monopolises, not blocked."""
    blocked = blocked_id(state, "province")
    return [p for p, slots in zip(B.BORDER_PROVINCES, _BORDER_SLOTS(state["mps"]))
            if slots[0] == seat and sole_holder(slots) == seat and p != blocked]


def usable_exchange(state: State, seat: int) -> str | None:
    """A port of the player's own that trades now (an MP there, not blocked), or a monopolised border
    province (International Trade): its id, else None. Either trades any card at 2 or 3 for 1, so it can
    make every trade the Banker could."""
    for port in state["ports"]:
        if port_usable(state, seat, port):
            return port
    borders = usable_borders(state, seat)
    return borders[0] if borders else None


def free_bank(state: State) -> bool:
    """The table option ``free_bank`` opens the Banker's 4:1 trade to everyone, always."""
    return bool(state.get("options", {}).get("free_bank"))


def players_refusal(state: State, seat: int) -> str | None:
    """``"players"`` while the seat still has a chance to trade with the other players: this turn no offer
    to all of them was refused by each of them, and some of them hold cards (decision 13); else None."""
    if state["flags"].get("players_declined"):
        return None
    for s in range(state["num_players"]):
        if s != seat and hand_size(state, s):
            return "players"
    return None


def bank_refusal(state: State, seat: int) -> str | None:
    """Trade: "When a player has no chance to trade through a port or with the other players, they may
    trade with the Banker" (decision 13). Read as a player would check it: no port (or border monopoly)
    of their own that trades now, and this turn each of the other players refused an offer made to all of
    them (a refusal by time-out counts; a withdrawn offer or a counter-offer does not), or the others hold
    no cards at all. Returns why it is closed (the usable port or province id, or ``"players"``), or None
    when open."""
    if free_bank(state):
        return None
    own = usable_exchange(state, seat)
    if own is not None:
        return own
    return players_refusal(state, seat)


def bank_trade(state: State, events: list[dict], seat: int, action: dict) -> None:
    """Trade with the Banker: 4 identical cards for 1 of any resource, when the player has no chance to
    trade through a port or with the other players (``bank_refusal``)."""
    why = bank_refusal(state, seat)
    if why == "players":
        refuse(_("The Banker trades only when you have no chance to trade with the other players: first offer "
                 "a trade to everyone. The Banker opens (1 card for 4 identical) once each of them has refused it "
                 "or let their time run out; a withdrawn offer, or one answered with a counter-offer, does not "
                 "open it."), "playing-the-game")
    if why is not None:
        place = B.PORTS[why]["name"] if why in B.PORTS else B.PROVINCES[why]["name"]
        refuse(_("The Banker trades only with players who cannot trade through a port: trade through %(place)s "
                 "instead (2 or 3 identical cards for 1)."), "playing-the-game", place=place)
    give, get = _exchange(state, seat, action, 4, "playing-the-game")
    events.append({"type": "bank_trade", "seat": seat, "give": give, "count": 4, "get": get})


def check_port_use(state: State, seat: int, port) -> int:
    """Trading at ports: only your own port, with at least 1 MP in its province, not blocked."""
    if not known(port, B.PORTS):
        refuse(_("There is no port %(port)s."), "trading-at-ports", port=str(port))
    if state["ports"][port] != seat:
        refuse(_("You do not own that port."), "trading-at-ports")
    p = B.PORTS[port]["province"]
    if is_blocked(state, "province", p):
        refuse(_("The Union Organizer blocks the port of %(province)s."), "trading-at-ports", province=p)
    if not mps_in(state, seat, p):
        refuse(_("You need at least 1 MP in %(province)s."), "trading-at-ports", province=p)
    return B.PORTS[port]["ratio"]


def port_trade(state: State, events: list[dict], seat: int, action: dict) -> None:
    ratio = check_port_use(state, seat, action.get("port"))
    give, get = _exchange(state, seat, action, ratio, "trading-at-ports")
    events.append({"type": "port_trade", "seat": seat, "port": action["port"], "give": give, "count": ratio, "get": get})


def check_intl(state: State, seat: int, province) -> None:
    """International Trade: a monopoly of a border province without sea port trades as a 2x1 port."""
    if not known(province, B.BORDER_PROVINCES):
        refuse(_("Only the border provinces without a sea port trade internationally."), "international-trade")
    if province_monopolist(state, province) != seat:
        refuse(_("You need the monopoly of %(province)s."), "international-trade", province=province)
    if is_blocked(state, "province", province):
        refuse(_("The Union Organizer blocks %(province)s."), "playing-the-game", province=province)


def intl_trade(state: State, events: list[dict], seat: int, action: dict) -> None:
    check_intl(state, seat, action.get("province"))
    give, get = _exchange(state, seat, action, 2, "international-trade")
    events.append({"type": "intl_trade", "seat": seat, "province": action["province"], "give": give, "count": 2, "get": get})
