"""Trade (Playing the Game 5; Trading at ports; International Trade).

Only the player on turn trades: offers go from them to one or all players, the others may accept,
refuse or counter (a counter goes only to the player on turn). The bank gives 1 card for 4 identical,
an owned port for 2 or 3 identical, a monopolised border province for 2 identical.
"""

from __future__ import annotations

from . import board as B
from .errors import _, refuse
from .state import has_cards, is_blocked, mps_in, normalize_cards
from .victory import province_monopolist


def _cards(raw, what: str) -> dict:
    try:
        return normalize_cards(raw)
    except ValueError:
        raise refuse(_("Name the cards to %(what)s as {material: count}."), "playing-the-game", what=what) from None


def find_offer(state: dict, offer_id) -> dict:
    for o in state["offers"]:
        if o["id"] == offer_id:
            return o
    raise refuse(_("There is no such offer."), "playing-the-game")


def make_offer(state: dict, seat: int, action: dict) -> list[dict]:
    """The player on turn offers ``give`` for ``get`` to one player (``to``) or to all (``to`` null).
    Gifts are not allowed, so both sides are non-empty. A new offer replaces the player's previous one."""
    give = _cards(action.get("give"), "give")
    get = _cards(action.get("get"), "get")
    to = action.get("to")
    n = state["num_players"]
    if to is None:
        targets = [s for s in range(n) if s != seat]
    elif isinstance(to, int) and not isinstance(to, bool) and 0 <= to < n and to != seat:
        targets = [to]
    else:
        raise refuse(_("Offer to another player, or to everyone."), "playing-the-game")
    if not has_cards(state, seat, give):
        raise refuse(_("You do not hold the cards you offer."), "playing-the-game")
    state["offers"] = [o for o in state["offers"] if o["from"] != seat]
    offer = {"id": state["next_offer_id"], "from": seat, "to": targets, "give": give, "get": get}
    state["next_offer_id"] += 1
    state["offers"].append(offer)
    return [{"type": "trade_offered", **{k: v for k, v in offer.items()}}]


def counter_offer(state: dict, seat: int, action: dict) -> list[dict]:
    """A player addressed by the turn player's offer answers with their own terms, to the turn player only."""
    base = find_offer(state, action.get("offer_id"))
    cur = state["current"]
    if base["from"] != cur or seat not in base["to"]:
        raise refuse(_("Only the player on turn trades; you may answer their offers."), "playing-the-game")
    give = _cards(action.get("give"), "give")
    get = _cards(action.get("get"), "get")
    if not has_cards(state, seat, give):
        raise refuse(_("You do not hold the cards you offer."), "playing-the-game")
    state["offers"] = [o for o in state["offers"] if o["from"] != seat]
    offer = {"id": state["next_offer_id"], "from": seat, "to": [cur], "give": give, "get": get, "counter_to": base["id"]}
    state["next_offer_id"] += 1
    state["offers"].append(offer)
    return [{"type": "trade_countered", **offer}]


def accept_offer(state: dict, seat: int, action: dict) -> list[dict]:
    """Accept an offer addressed to you; both sides must still hold the cards."""
    offer = find_offer(state, action.get("offer_id"))
    if seat not in offer["to"]:
        raise refuse(_("That offer is not addressed to you."), "playing-the-game")
    maker = offer["from"]
    if not has_cards(state, maker, offer["give"]):
        raise refuse(_("The player who offered no longer holds those cards."), "playing-the-game")
    if not has_cards(state, seat, offer["get"]):
        raise refuse(_("You do not hold the cards asked for."), "playing-the-game")
    hm, hs = state["hands"][maker], state["hands"][seat]
    for m, c in offer["give"].items():
        hm[m] -= c
        hs[m] += c
    for m, c in offer["get"].items():
        hs[m] -= c
        hm[m] += c
    state["offers"] = [o for o in state["offers"] if o["id"] != offer["id"]]
    return [{"type": "trade_accepted", "offer_id": offer["id"], "from": maker, "by": seat,
             "give": offer["give"], "get": offer["get"]}]


def refuse_offer(state: dict, seat: int, action: dict) -> list[dict]:
    offer = find_offer(state, action.get("offer_id"))
    if seat not in offer["to"]:
        raise refuse(_("That offer is not addressed to you."), "playing-the-game")
    offer["to"] = [s for s in offer["to"] if s != seat]
    if not offer["to"]:
        state["offers"] = [o for o in state["offers"] if o["id"] != offer["id"]]
    return [{"type": "trade_refused", "offer_id": offer["id"], "by": seat}]


def cancel_offer(state: dict, seat: int, action: dict) -> list[dict]:
    offer = find_offer(state, action.get("offer_id"))
    if offer["from"] != seat:
        raise refuse(_("You can only withdraw your own offer."), "playing-the-game")
    state["offers"] = [o for o in state["offers"] if o["id"] != offer["id"]]
    return [{"type": "offer_withdrawn", "offer_id": offer["id"], "by": seat}]


def _exchange(state: dict, seat: int, action: dict, ratio: int, rule: str) -> tuple[str, str]:
    give, get = action.get("give"), action.get("get")
    if give not in B.MATERIALS or get not in B.MATERIALS or give == get:
        raise refuse(_("Give one resource and get a different one."), rule)
    if state["hands"][seat][give] < ratio:
        raise refuse(_("You need %(n)s identical cards."), rule, n=ratio)
    if state["bank"][get] < 1:
        raise refuse(_("The bank has no %(material)s card."), rule, material=get)
    state["hands"][seat][give] -= ratio
    state["bank"][give] += ratio
    state["bank"][get] -= 1
    state["hands"][seat][get] += 1
    return give, get


def bank_trade(state: dict, seat: int, action: dict) -> list[dict]:
    """Trade with the Banker: 4 identical cards for 1 of any resource."""
    give, get = _exchange(state, seat, action, 4, "playing-the-game")
    return [{"type": "bank_trade", "seat": seat, "give": give, "count": 4, "get": get}]


def check_port_use(state: dict, seat: int, port) -> int:
    """Trading at ports: only your own port, with at least 1 MP in its province, not blocked."""
    if port not in B.PORTS:
        raise refuse(_("There is no port %(port)s."), "trading-at-ports", port=str(port))
    if state["ports"][port] != seat:
        raise refuse(_("You do not own that port."), "trading-at-ports")
    p = B.PORTS[port]["province"]
    if is_blocked(state, "province", p):
        raise refuse(_("The Union Organizer blocks the port of %(province)s."), "trading-at-ports", province=p)
    if not mps_in(state, seat, p):
        raise refuse(_("You need at least 1 MP in %(province)s."), "trading-at-ports", province=p)
    return B.PORTS[port]["ratio"]


def port_trade(state: dict, seat: int, action: dict) -> list[dict]:
    ratio = check_port_use(state, seat, action.get("port"))
    give, get = _exchange(state, seat, action, ratio, "trading-at-ports")
    return [{"type": "port_trade", "seat": seat, "port": action["port"], "give": give, "count": ratio, "get": get}]


def check_intl(state: dict, seat: int, province) -> None:
    """International Trade: a monopoly of a border province without sea port trades as a 2x1 port."""
    if province not in B.BORDER_PROVINCES:
        raise refuse(_("Only the border provinces without a sea port trade internationally."), "international-trade")
    if province_monopolist(state, province) != seat:
        raise refuse(_("You need the monopoly of %(province)s."), "international-trade", province=province)
    if is_blocked(state, "province", province):
        raise refuse(_("The Union Organizer blocks %(province)s."), "playing-the-game", province=province)


def intl_trade(state: dict, seat: int, action: dict) -> list[dict]:
    check_intl(state, seat, action.get("province"))
    give, get = _exchange(state, seat, action, 2, "international-trade")
    return [{"type": "intl_trade", "seat": seat, "province": action["province"], "give": give, "count": 2, "get": get}]
