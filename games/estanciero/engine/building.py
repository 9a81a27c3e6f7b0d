"""Chacras and estancias (Chacras; Estancias; Shortage of Chacras and Estancias).

A zone's level is 0-4 chacras or 5 for an estancia.  Evenness (decision 17/19):
within a province the chacras of the fields *without* an estancia never differ by
more than one, both when building and when selling back.  An estancia stands
outside that count: "a player with enough capital may buy ESTANCIAS without having
previously bought CHACRAS", so it may go on any field of a complete province, at
any level, paying the difference.

Supply (Shortage of Chacras and Estancias, decision 18): "the player whose turn it
is has priority".  Others may build between turns, but the Bank keeps for the
player on turn as many units as that player could take now (``reserved``).
"""

from __future__ import annotations

from games.core.refusals import _, refuse

from . import board
from .money import transfer
from .schema import State
from .state import is_mortgaged, level, owner, player

EVENNESS_MSG = _("Chacras must be built and sold evenly: never two more on one field than on another of the province.")


def levels(state: State, index: int) -> list[int]:
    return [level(state, m) for m in board.province_members(index)]


def chacra_levels(state: State, index: int, *, exclude: int | None = None) -> list[int]:
    """Chacras on the fields of ``index``'s province that carry no estancia (evenness counts only these)."""
    return [lv for m in board.province_members(index) if m != exclude and (lv := level(state, m)) != 5]


def buildable_fields(state: State, seat: int) -> list[int]:
    """Fields of ``seat``'s complete, unmortgaged provinces."""
    out = []
    for prov in board.board_data()["provinces"].values():
        members = prov["members"]
        if all(owner(state, m) == seat and not is_mortgaged(state, m) for m in members):
            out.extend(members)
    return out


def reserved(state: State, kind: str) -> int:
    """Units the Bank keeps for the player on turn: as many as they could place now with their cash.

    Chacras: the free chacra slots on their buildable fields without an estancia, capped by their money
    over the cheapest such chacra.  Estancias: their buildable fields without one, capped likewise by the
    cheapest estancia cash price.  A player not on turn may only take units beyond this reserve.
    """
    seat = state["turn"]["seat"]
    fields = [f for f in buildable_fields(state, seat) if level(state, f) != 5]
    if not fields:
        return 0
    money = player(state, seat)["money"]
    if kind == "chacra":
        slots = sum(4 - level(state, f) for f in fields)
        return min(slots, money // min(board.chacra_cost(f) for f in fields))
    return min(len(fields), money // min(board.estancia_cash(f) for f in fields))


def build_cost(state: State, index: int, kind: str) -> int:
    """Chacra: its deed cost.  Estancia: its cash price plus the missing chacras.

    Estancias: "the existing chacras on that field are returned to the Bank
    as part of the payment, and the player pays the difference".
    """
    if kind == "chacra":
        return board.chacra_cost(index)
    missing = 4 - min(level(state, index), 4)
    return board.estancia_cash(index) + missing * board.chacra_cost(index)


def check_build(state: State, seat: int, index: int, kind: str) -> None:
    """Raise unless ``seat`` may put a ``kind`` on zone ``index`` now."""
    if kind not in ("chacra", "estancia"):
        refuse(_("Unknown building kind."), "chacras")
    if not board.is_deed(index) or not board.is_zone(index):
        refuse(_("Only fields (zones) can be built on, not railways or companies."), "chacras")
    if owner(state, index) != seat:
        refuse(_("You do not own that field."), "chacras")
    members = board.province_members(index)
    if any(owner(state, m) != seat for m in members):
        refuse(_("To build you must hold the complete province."), "chacras")
    if any(is_mortgaged(state, m) for m in members):
        refuse(_("No building on a province with a mortgaged field."), "mortgage")
    lv = level(state, index)
    if kind == "chacra":
        if lv == 5:
            refuse(_("A field with an estancia takes no chacras."), "estancias")
        if lv == 4:
            refuse(_("No more than 4 chacras may be placed on one field."), "chacras")
        others = chacra_levels(state, index, exclude=index)
        if others and lv + 1 - min(others) > 1:
            refuse(EVENNESS_MSG, "chacras")
        stock = state["bank"]["chacras"]
        if stock < 1:
            refuse(_("The Bank has no chacras left."), "shortage-of-buildings")
    else:
        # no evenness test: an estancia may be bought "without having previously bought chacras"
        if lv == 5:
            refuse(_("A field may not hold more than one estancia."), "estancias")
        stock = state["bank"]["estancias"]
        if stock < 1:
            refuse(_("The Bank has no estancias left."), "shortage-of-buildings")
    if seat != state["turn"]["seat"] and stock <= reserved(state, kind):
        refuse(_("The Bank is short: the player on turn has priority on its last %(count)s."),
               "shortage-of-buildings", count=stock)
    cost = build_cost(state, index, kind)
    if player(state, seat)["money"] < cost:
        refuse(_("You need %(cost)s to build there."), "chacras", cost=cost)


def build(state: State, events: list, seat: int, index: int, kind: str) -> None:
    check_build(state, seat, index, kind)
    cost = build_cost(state, index, kind)
    transfer(state, events, seat, None, cost, "building")
    key = str(index)
    if kind == "chacra":
        state["bank"]["chacras"] -= 1
        state["buildings"][key] += 1
    else:
        state["bank"]["chacras"] += state["buildings"][key]
        state["bank"]["estancias"] -= 1
        state["buildings"][key] = 5
    events.append({"type": "built", "seat": seat, "space": index, "kind": kind, "cost": cost})


def sale_value(index: int, lv: int) -> int:
    """Half the price paid (Estancias, note): chacra half its cost, estancia half its cash price."""
    return board.estancia_cash(index) // 2 if lv == 5 else board.chacra_cost(index) // 2


def estancia_sale_level(state: State, index: int) -> int | None:
    """Chacras left on the field when its estancia is sold back (decision 20), or None if none fits.

    The estancia's price included four chacras; the Bank hands back as many as it can, up to four,
    while the field stays even with the province's other chacra fields; the chacras it cannot hand back
    are sold together with the estancia, at half their cost.  So a shortage of chacras never stops a
    sale: on a shortage the field may go back bare.
    """
    others = chacra_levels(state, index, exclude=index)
    low = max(max(others) - 1, 0) if others else 0
    high = min(min(others) + 1, 4) if others else 4
    left = min(high, state["bank"]["chacras"])
    return left if left >= low else None


def check_sell(state: State, seat: int, index: int) -> None:
    if not board.is_deed(index) or not board.is_zone(index) or owner(state, index) != seat:
        refuse(_("You have no buildings on that field."), "sale-of-properties")
    lv = level(state, index)
    if lv == 0:
        refuse(_("You have no buildings on that field."), "sale-of-properties")
    if lv == 5:
        if estancia_sale_level(state, index) is None:
            # only when another field of the province has 2+ chacras: those are sellable first
            refuse(_("The Bank cannot hand back enough chacras to keep the province even: sell the other "
                     "fields' chacras first."), "shortage-of-buildings")
    elif lv < max(chacra_levels(state, index)):
        refuse(EVENNESS_MSG, "chacras")


def sell_building(state: State, events: list, seat: int, index: int) -> None:
    """Sell one chacra, or an estancia (with the chacras the Bank cannot hand back), to the Bank at half price."""
    check_sell(state, seat, index)
    key = str(index)
    lv = state["buildings"][key]
    value = sale_value(index, lv)
    event = {"type": "building_sold", "seat": seat, "space": index, "kind": "estancia" if lv == 5 else "chacra"}
    if lv == 5:
        left = estancia_sale_level(state, index)
        value += (4 - left) * sale_value(index, 1)
        state["bank"]["estancias"] += 1
        state["bank"]["chacras"] -= left
        state["buildings"][key] = left
        event["chacras_left"] = left
    else:
        state["bank"]["chacras"] += 1
        state["buildings"][key] = lv - 1
    transfer(state, events, None, seat, value, "building_sale")
    events.append({**event, "amount": value})


def liquidate_all(state: State, events: list, seat: int) -> None:
    """Bankruptcy: every building goes back to the Bank at half price."""
    for key, lv in state["buildings"].items():
        if lv and state["owners"][key] == seat:
            index = int(key)
            value = 0
            if lv == 5:
                value += board.estancia_cash(index) // 2 + 4 * (board.chacra_cost(index) // 2)
                state["bank"]["estancias"] += 1
            else:
                value += lv * (board.chacra_cost(index) // 2)
                state["bank"]["chacras"] += lv
            state["buildings"][key] = 0
            transfer(state, events, None, seat, value, "building_sale")


def count_buildings(state: State, seat: int) -> tuple[int, int]:
    """(chacras, estancias) owned by ``seat``."""
    chacras = estancias = 0
    for key, lv in state["buildings"].items():
        if lv and state["owners"][key] == seat:
            if lv == 5:
                estancias += 1
            else:
                chacras += lv
    return chacras, estancias
