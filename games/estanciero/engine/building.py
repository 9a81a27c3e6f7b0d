"""Chacras and estancias (Chacras; Estancias; Shortage of Chacras and Estancias).

A zone's level is 0-4 chacras or 5 for an estancia.  Evenness: within a
province the levels never differ by more than one, both when building and
when selling back (an estancia counts as level 5).
"""

from __future__ import annotations

from . import board
from .common import _, refuse
from .money import transfer
from .state import is_mortgaged, level, owner, player

EVENNESS_MSG = _("Chacras must be built and sold evenly: never two more on one field than on another of the province.")


def levels(state: dict, index: int) -> list[int]:
    return [level(state, m) for m in board.province_members(index)]


def build_cost(state: dict, index: int, kind: str) -> int:
    """Chacra: its deed cost.  Estancia: its cash price plus the missing chacras.

    Estancias: "the existing chacras on that field are returned to the Bank
    as part of the payment, and the player pays the difference".
    """
    if kind == "chacra":
        return board.chacra_cost(index)
    missing = 4 - min(level(state, index), 4)
    return board.estancia_cash(index) + missing * board.chacra_cost(index)


def check_build(state: dict, seat: int, index: int, kind: str) -> None:
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
    others = [level(state, m) for m in members if m != index]
    if kind == "chacra":
        if lv >= 4:
            refuse(_("No more than 4 chacras may be placed on one field."), "chacras")
        if others and lv + 1 - min(others) > 1:
            refuse(EVENNESS_MSG, "chacras")
        if state["bank"]["chacras"] < 1:
            refuse(_("The Bank has no chacras left."), "shortage-of-buildings")
    else:
        if lv == 5:
            refuse(_("A field may not hold more than one estancia."), "estancias")
        if others and 5 - min(others) > 1:
            refuse(EVENNESS_MSG, "chacras")
        if state["bank"]["estancias"] < 1:
            refuse(_("The Bank has no estancias left."), "shortage-of-buildings")
    cost = build_cost(state, index, kind)
    if player(state, seat)["money"] < cost:
        refuse(_("You need %(cost)s to build there."), "chacras", cost=cost)


def build(state: dict, events: list, seat: int, index: int, kind: str) -> None:
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


def check_sell(state: dict, seat: int, index: int) -> None:
    if not board.is_deed(index) or not board.is_zone(index) or owner(state, index) != seat:
        refuse(_("You have no buildings on that field."), "sale-of-properties")
    lv = level(state, index)
    if lv == 0:
        refuse(_("You have no buildings on that field."), "sale-of-properties")
    if lv < max(levels(state, index)):
        refuse(EVENNESS_MSG, "chacras")
    if lv == 5 and state["bank"]["chacras"] < 4:
        refuse(_("The Bank cannot return the four chacras under that estancia now."), "shortage-of-buildings")


def sell_building(state: dict, events: list, seat: int, index: int) -> None:
    """Sell one chacra or an estancia back to the Bank at half price."""
    check_sell(state, seat, index)
    key = str(index)
    lv = state["buildings"][key]
    value = sale_value(index, lv)
    if lv == 5:
        state["bank"]["estancias"] += 1
        state["bank"]["chacras"] -= 4
        state["buildings"][key] = 4
    else:
        state["bank"]["chacras"] += 1
        state["buildings"][key] = lv - 1
    transfer(state, events, None, seat, value, "building_sale")
    events.append({"type": "building_sold", "seat": seat, "space": index, "kind": "estancia" if lv == 5 else "chacra",
                   "amount": value})


def liquidate_all(state: dict, events: list, seat: int) -> None:
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


def count_buildings(state: dict, seat: int) -> tuple[int, int]:
    """(chacras, estancias) owned by ``seat``."""
    chacras = estancias = 0
    for key, lv in state["buildings"].items():
        if lv and state["owners"][key] == seat:
            if lv == 5:
                estancias += 1
            else:
                chacras += lv
    return chacras, estancias
