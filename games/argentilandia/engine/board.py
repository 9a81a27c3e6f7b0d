"""The static Argentilandia board (Components, Setup, International Trade, Special Provinces).

Loaded once from ``data/board.json`` (a reconstruction: see docs/rules/argentilandia.md).
Everything here is read-only lookup data derived from that file.
"""

from __future__ import annotations

import json
from pathlib import Path

_DATA = Path(__file__).with_name("data") / "board.json"

BOARD: dict = json.loads(_DATA.read_text(encoding="utf-8"))

MATERIALS: list[str] = list(BOARD["materials"])
CARDS_PER_MATERIAL: int = BOARD["cards_per_material"]
TOKENS_PER_COLOR: int = BOARD["tokens_per_color"]

PROVINCES: dict[str, dict] = {p["id"]: p for p in BOARD["provinces"]}
PROVINCE_IDS: list[str] = [p["id"] for p in BOARD["provinces"]]
PORTS: dict[str, dict] = {p["id"]: p for p in BOARD["ports"]}
PORT_IDS: list[str] = [p["id"] for p in BOARD["ports"]]
INDUSTRIES: dict[str, dict] = {i["id"]: i for i in BOARD["industries"]}
INDUSTRY_IDS: list[str] = [i["id"] for i in BOARD["industries"]]
INDUSTRY_OF_MATERIAL: dict[str, str] = {i["material"]: i["id"] for i in BOARD["industries"]}

PROVINCES_BY_NUMBER: dict[int, list[str]] = {}
for _p in BOARD["provinces"]:
    PROVINCES_BY_NUMBER.setdefault(_p["number"], []).append(_p["id"])

PORTS_OF_PROVINCE: dict[str, list[str]] = {}
for _port in BOARD["ports"]:
    PORTS_OF_PROVINCE.setdefault(_port["province"], []).append(_port["id"])

# material -> the other materials, in MATERIALS order (the other side of a trade)
OTHER_MATERIALS: dict[str, tuple[str, ...]] = {m: tuple(o for o in MATERIALS if o != m) for m in MATERIALS}

# material -> every (province, slot) MP that produces it: who holds a material is a dozen lookups.
MPS_OF_MATERIAL: dict[str, list[tuple[str, int]]] = {m: [] for m in MATERIALS}
for _p in BOARD["provinces"]:
    for _i, _m in enumerate(_p["mps"]):
        MPS_OF_MATERIAL[_m].append((_p["id"], _i))

BORDER_PROVINCES: list[str] = [p["id"] for p in BOARD["provinces"] if p["border_no_sea_port"]]
SPECIAL_PROVINCES: list[str] = [p["id"] for p in BOARD["provinces"] if p["special"]]
UNION_START: dict = {"kind": BOARD["union_organizer_start"]["kind"], "id": BOARD["union_organizer_start"]["id"]}


def provinces_in_play(total: int) -> list[str]:
    """Provinces whose region carries the rolled sum (Playing the Game, 2. Provinces and dice)."""
    return list(PROVINCES_BY_NUMBER.get(total, []))


def board_data() -> dict:
    """The static board for a UI (names, regions, numbers, positions, polygons, ports, industries)."""
    return BOARD
