"""Board data access (spaces, deeds, provinces), loaded once from ``data/``.

The data files are the project's own copies (provenance inside); nothing is
read from outside the package at run time.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

NUM_SPACES = 42
START = 0
JAIL = 14
GO_TO_JAIL = 35
REST = 21
DEED_TYPES = ("province", "railway", "company")


@cache
def board_data() -> dict:
    """The parsed ``data/board.json``."""
    text = resources.files(__package__).joinpath("data/board.json").read_text(encoding="utf-8")
    return json.loads(text)


@cache
def card_data() -> dict:
    """The parsed ``data/cards.json``."""
    text = resources.files(__package__).joinpath("data/cards.json").read_text(encoding="utf-8")
    return json.loads(text)


def constants() -> dict:
    return board_data()["constants"]


_SPACES: list[dict] = board_data()["spaces"]


def space(index: int) -> dict:
    return _SPACES[index]


@cache
def deed_spaces() -> tuple[int, ...]:
    """Indexes of the 29 title deeds (zones, railways, companies)."""
    return tuple(s["index"] for s in board_data()["spaces"] if s["type"] in DEED_TYPES)


def is_deed(index: object) -> bool:
    return isinstance(index, int) and not isinstance(index, bool) and index in _deed_set()


@cache
def _deed_set() -> frozenset:
    return frozenset(deed_spaces())


def is_zone(index: int) -> bool:
    return space(index)["type"] == "province"


def province_members(index: int) -> list[int]:
    """All fields of the province the zone at ``index`` belongs to."""
    return board_data()["provinces"][space(index)["province"]]["members"]


def group_members(index: int) -> list[int]:
    """Zones: the province; railways: all railways; companies: all companies."""
    kind = space(index)["type"]
    if kind == "province":
        return province_members(index)
    if kind == "railway":
        return board_data()["railways"]
    return board_data()["companies"]


def group_key(index: int) -> str:
    """The province name, or "railway"/"company"."""
    sp = space(index)
    return sp["province"] if sp["type"] == "province" else sp["type"]


def price(index: int) -> int:
    return space(index)["price"]


def mortgage_value(index: int) -> int:
    return space(index)["mortgage_value"]


def chacra_cost(index: int) -> int:
    return space(index)["chacra_cost"]


def estancia_cash(index: int) -> int:
    return space(index)["estancia_cost"]["cash"]


@cache
def card(card_id: str) -> dict:
    data = card_data()
    for deck in ("destino", "suerte"):
        for c in data[deck]:
            if c["id"] == card_id:
                return c
    raise KeyError(card_id)


def deck_of(card_id: str) -> str:
    return "destino" if card_id.startswith("D") else "suerte"
