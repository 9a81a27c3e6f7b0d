"""Purchases from the Exchange and Cost card (Exchange and Cost Card; Playing the Game 6-7;
Trading at ports; Buying Industries; Buying free industry percentages)."""

from __future__ import annotations

from games.core.refusals import _, refuse

from . import board as B
from .industry import is_bought, update_owner
from .schema import State
from .state import has_cards, is_blocked, is_int, known, mps_in, pay_bank, tokens_left

OFFICIAL_COST = {"grapes": 1, "cows": 1, "sheep": 1}
STOCKBROKER_COST = {"wood": 1, "tobacco": 1, "fish": 1}
PERCENTAGE_COST = {"oil": 1, "soy": 1, "metals": 1}


def auto_pay(state: State, seat: int) -> list[str] | None:
    """The 3 different resources the seat holds most of (used when an action gives no ``pay``)."""
    hand = state["hands"][seat]
    held = sorted((m for m in B.MATERIALS if hand[m] > 0), key=lambda m: (-hand[m], B.MATERIALS.index(m)))
    return held[:3] if len(held) >= 3 else None


def three_different(state: State, seat: int, pay) -> dict:
    """1 MP or 1 Port costs 3 Production cards of different resources."""
    if pay is None:
        pay = auto_pay(state, seat)
        if pay is None:
            refuse(_("You need 3 Production cards of different resources."), "exchange-and-cost-card")
    if not isinstance(pay, list) or len(pay) != 3 or not all(known(m, B.MATERIALS) for m in pay) or len(set(pay)) != 3:
        refuse(_("Pay with exactly 3 cards of different resources."), "exchange-and-cost-card")
    cost = {m: 1 for m in pay}
    if not has_cards(state, seat, cost):
        refuse(_("You do not hold those cards."), "exchange-and-cost-card")
    return cost


def need_token(state: State, seat: int) -> None:
    if tokens_left(state, seat) <= 0:
        refuse(_("You have no tokens left (35 per colour)."), "components")


def get_province(province) -> dict:
    if not known(province, B.PROVINCES):
        refuse(_("There is no province %(province)s."), "setup", province=str(province))
    return B.PROVINCES[province]


def get_slot(state: State, province: str, slot) -> int:
    if not is_int(slot) or not 0 <= slot < len(state["mps"][province]):
        refuse(_("That province has no such MP."), "raw-materials")
    return slot


def check_free_mp(state: State, seat: int, action: dict, prelim: bool) -> tuple[str, int, dict]:
    """Buying a free MP: only in provinces in play (any province in the preliminary round, but never
    a second MP in one province there), never in a blocked province."""
    p = action.get("province")
    get_province(p)
    slot = get_slot(state, p, action.get("slot"))
    if state["mps"][p][slot] is not None:
        refuse(_("That MP already has an owner."), "buying-a-free-mp")
    if is_blocked(state, "province", p):
        refuse(_("The Union Organizer blocks %(province)s."), "playing-the-game", province=p)
    if prelim:
        if mps_in(state, seat, p):
            refuse(_("In the preliminary round you may take only 1 MP per province."), "preliminary-round")
    elif p not in state["in_play"]:
        refuse(_("Free MPs may only be bought in the provinces in play."), "buying-a-free-mp")
    need_token(state, seat)
    cost = three_different(state, seat, action.get("pay"))
    return p, slot, cost


def buy_free_mp(state: State, events: list[dict], seat: int, action: dict, prelim: bool = False) -> None:
    p, slot, cost = check_free_mp(state, seat, action, prelim)
    pay_bank(state, seat, cost)
    state["mps"][p][slot] = seat
    events.append({"type": "mp_bought", "seat": seat, "province": p, "slot": slot,
                   "material": B.PROVINCES[p]["mps"][slot], "paid": cost})


def check_port(state: State, seat: int, action: dict) -> tuple[str, dict]:
    """Trading at ports: a free port may be bought only in a province in play, not blocked, where the
    buyer holds at least 1 MP; price 3 different resources."""
    port = action.get("port")
    if not known(port, B.PORTS):
        refuse(_("There is no port %(port)s."), "trading-at-ports", port=str(port))
    if state["ports"][port] is not None:
        refuse(_("That port already has an owner."), "trading-at-ports")
    p = B.PORTS[port]["province"]
    if is_blocked(state, "province", p):
        refuse(_("The Union Organizer blocks %(province)s."), "playing-the-game", province=p)
    if p not in state["in_play"]:
        refuse(_("A port may only be bought in a province in play."), "trading-at-ports")
    if not mps_in(state, seat, p):
        refuse(_("You need at least 1 MP in %(province)s to buy its port."), "trading-at-ports", province=p)
    need_token(state, seat)
    return port, three_different(state, seat, action.get("pay"))


def buy_port(state: State, events: list[dict], seat: int, action: dict) -> None:
    port, cost = check_port(state, seat, action)
    pay_bank(state, seat, cost)
    state["ports"][port] = seat
    events.append({"type": "port_bought", "seat": seat, "port": port, "paid": cost})


def check_factory(state: State, seat: int, action: dict) -> tuple[str, dict]:
    """Buying Industries: 1 Oil + 3 identical cards of another resource (never 4 Oil)."""
    ind = action.get("industry")
    if not known(ind, B.INDUSTRIES):
        refuse(_("There is no industry %(industry)s."), "buying-industries", industry=str(ind))
    if is_bought(state, ind):
        refuse(_("That factory has already been bought; buy a percentage instead."), "buying-industries")
    m = action.get("with")
    if m == "oil":
        refuse(_("A factory cannot be bought with 4 Oil: 1 Oil + 3 identical other cards."), "special-rules")
    if not known(m, B.MATERIALS):
        refuse(_("Name the resource of the 3 identical cards."), "buying-industries")
    cost = {"oil": 1, m: 3}
    if not has_cards(state, seat, cost):
        refuse(_("A factory costs 1 Oil + 3 identical cards."), "buying-industries")
    need_token(state, seat)
    return ind, cost


def buy_factory(state: State, events: list[dict], seat: int, action: dict) -> None:
    ind, cost = check_factory(state, seat, action)
    pay_bank(state, seat, cost)
    info = state["industries"][ind]
    info["slots"][0] = seat
    info["owner"] = seat
    events.append({"type": "factory_bought", "seat": seat, "industry": ind, "paid": cost})


def check_percentage(state: State, seat: int, action: dict) -> str:
    """Buying free industry percentages: Oil + Soy + Metals, in a bought, unblocked industry."""
    ind = action.get("industry")
    if not known(ind, B.INDUSTRIES):
        refuse(_("There is no industry %(industry)s."), "buying-free-percentages", industry=str(ind))
    if not is_bought(state, ind):
        refuse(_("Nobody has bought that factory yet."), "buying-free-percentages")
    if is_blocked(state, "industry", ind):
        refuse(_("The Union Organizer blocks %(industry)s."), "playing-the-game", industry=ind)
    if None not in state["industries"][ind]["slots"]:
        refuse(_("That industry has no free percentage."), "buying-free-percentages")
    if not has_cards(state, seat, PERCENTAGE_COST):
        refuse(_("A percentage costs 1 Oil + 1 Soy + 1 Metals."), "exchange-and-cost-card")
    need_token(state, seat)
    return ind


def buy_percentage(state: State, events: list[dict], seat: int, action: dict) -> None:
    ind = check_percentage(state, seat, action)
    pay_bank(state, seat, PERCENTAGE_COST)
    slots = state["industries"][ind]["slots"]
    slots[slots.index(None)] = seat
    events.append({"type": "percentage_bought", "seat": seat, "industry": ind, "paid": dict(PERCENTAGE_COST)})
    new = update_owner(state, ind, seat)
    if new is not None:
        events.append({"type": "industry_owner_changed", "industry": ind, "owner": new})


def check_card(state: State, seat: int, kind: str) -> dict:
    """Corrupt Official: Grapes + Cows + Sheep; Stockbroker: Wood + Tobacco + Fish; the bank must have one."""
    cost = OFFICIAL_COST if kind == "official" else STOCKBROKER_COST
    if state["bank_officials" if kind == "official" else "bank_stockbrokers"] <= 0:
        refuse(_("The bank has none left."), "playing-the-game")
    if not has_cards(state, seat, cost):
        if kind == "official":
            refuse(_("A Corrupt Official costs 1 Grapes + 1 Cows + 1 Sheep."), "exchange-and-cost-card")
        refuse(_("A Stockbroker costs 1 Wood + 1 Tobacco + 1 Fish."), "exchange-and-cost-card")
    return cost


def buy_card(state: State, seat: int, kind: str) -> list[dict]:
    cost = check_card(state, seat, kind)
    pay_bank(state, seat, cost)
    if kind == "official":
        state["bank_officials"] -= 1
        state["officials"][seat] += 1
    else:
        state["bank_stockbrokers"] -= 1
        state["stockbrokers"][seat] += 1
    return [{"type": kind + "_bought", "seat": seat, "paid": dict(cost)}]
