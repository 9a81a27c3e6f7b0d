"""Generates games/argentilandia/engine/data/map.json: the Argentilandia map's geometry.

Input: the 24 real province outlines (Natural Earth, public domain) in
/work/shared/gamedata/argentina_provinces.geojson (or the path given as the first argument).
This script is the only reader of that file; the project reads map.json at run time.

The outlines are projected (equirectangular, longitude scaled by cos 35 degrees) into the
board's SVG frame, rounded to whole units, and written with the layout the board needs:
where each province's badge (name, dice number, MP slots) sits, the CABA inset, the ports
(real cities, their markers off the coast), the Malvinas and Isla de los Estados outlines
(approximate, decorative) and the neighbours' labels. Game data (dice numbers, VP, MPs,
regions, colours, ports' ratios and provinces, industries) is NOT here: it stays in
board.json, the single source the board template tag reads next to this file.

Run:  .venv/bin/python scripts/gen_argentilandia_board.py [geojson]
"""

from __future__ import annotations

import json
import math
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/work/shared/gamedata/argentina_provinces.geojson")
OUT = ROOT / "games/argentilandia/engine/data/map.json"
BOARD = json.loads((ROOT / "games/argentilandia/engine/data/board.json").read_text())

WIDTH = 1000
LON0, LAT0 = -73.85, -21.15          # the frame's west edge and top
SCALE = 58.5                         # units per degree of latitude
COS = math.cos(math.radians(35))     # longitude shrink (README: y scaled by about 1/cos 35)
TOP = 12


def project(lon: float, lat: float) -> tuple[float, float]:
    return (10 + (lon - LON0) * SCALE * COS, TOP + (LAT0 - lat) * SCALE)


def key(name: str) -> str:
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return {"caba": "caba"}.get(plain, plain.replace(" ", "_"))


def path_d(rings, transform=project, digits=0) -> str:
    out = []
    for ring in rings:
        pts = [transform(lon, lat) for lon, lat in ring]
        if pts[0] == pts[-1]:
            pts = pts[:-1]
        fmt = (lambda v: str(round(v))) if digits == 0 else (lambda v: f"{v:.{digits}f}".rstrip("0").rstrip("."))
        cleaned = []
        for x, y in pts:
            p = (fmt(x), fmt(y))
            if not cleaned or cleaned[-1] != p:
                cleaned.append(p)
        out.append("M" + " ".join(f"{x},{y}" for x, y in cleaned) + "Z")
    return "".join(out)


def ring_area(ring) -> float:
    return abs(sum(ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1] for i in range(len(ring) - 1))) / 2


def pt(p) -> list[int]:
    return [round(p[0]), round(p[1])]


# Where each province's badge sits: "at" is the centre of its row of MP slots (map units), placed by eye
# from the province's shape so that neighbouring badges do not collide; "short" is the name printed on the
# map, "cols" wraps the MP slots into rows, "ndx" moves the name sideways.
BADGE = {
    "jujuy": {"at": (400, 132)},
    "salta": {"at": (480, 262)},
    "formosa": {"at": (690, 210)},
    "chaco": {"at": (630, 330)},
    "misiones": {"at": (918, 362), "ndx": -24},
    "corrientes": {"at": (782, 452)},
    "tucuman": {"at": (418, 378)},
    "santiago_del_estero": {"at": (502, 462), "short": "Santiago"},
    "catamarca": {"at": (288, 302)},
    "la_rioja": {"at": (300, 472)},
    "san_juan": {"at": (236, 590)},
    "san_luis": {"at": (382, 740), "cols": 2},
    "mendoza": {"at": (265, 822)},
    "neuquen": {"at": (200, 1040)},
    "santa_fe": {"at": (598, 528), "cols": 2},
    "entre_rios": {"at": (712, 668)},
    "buenos_aires": {"at": (660, 900), "cols": 2},
    "caba": {"at": None, "short": "CABA"},
    "cordoba": {"at": (492, 642)},
    "la_pampa": {"at": (400, 952)},
    "rio_negro": {"at": (384, 1122)},
    "chubut": {"at": (280, 1352)},
    "santa_cruz": {"at": (200, 1640), "cols": 2},
    "tierra_del_fuego": {"at": (330, 1936), "short": "T. del Fuego"},
}

# The ports' real cities (longitude, latitude) and where their marker sits, as a nudge from the city.
PORTS = {
    "puerto_buenos_aires": {"city": (-58.37, -34.60), "dx": 0, "dy": 0},   # drawn in the CABA inset
    "mar_del_plata": {"city": (-57.55, -38.00), "dx": 62, "dy": 14},
    "bahia_blanca": {"city": (-62.27, -38.78), "dx": 40, "dy": 70},
    "san_antonio_este": {"city": (-64.73, -40.80), "dx": 66, "dy": 22},
    "puerto_madryn": {"city": (-65.04, -42.77), "dx": 70, "dy": 16},
    "puerto_deseado": {"city": (-65.90, -47.75), "dx": 66, "dy": 8},
    "ushuaia": {"city": (-68.30, -54.80), "dx": 60, "dy": 42},
}

# Hand-drawn outlines from the earlier map (lon/lat), decorative: the Malvinas and Isla de los Estados.
ISLANDS = [
    [(-61.30, -51.40), (-60.20, -51.26), (-59.20, -51.44), (-59.30, -51.93), (-60.39, -52.14), (-61.11, -51.79)],
    [(-59.09, -51.34), (-58.29, -51.34), (-57.75, -51.56), (-58.29, -51.74), (-58.61, -52.23), (-59.40, -52.14),
     (-59.09, -51.79)],
    [(-64.80, -54.69), (-63.79, -54.71), (-63.86, -54.83), (-64.76, -54.89)],
]

# Neighbours and seas, placed by longitude and latitude.
LABELS = {
    "chile": {"at": (-71.2, -27.2), "rotate": -90},
    "bolivia": {"at": (-63.2, -21.45), "rotate": 0},
    "paraguay": {"at": (-59.3, -22.9), "rotate": 0},
    "brazil": {"at": (-54.6, -24.2), "rotate": 0},
    "uruguay": {"at": (-55.7, -31.0), "rotate": 0},
    "ocean": {"at": (-58.0, -44.6), "rotate": 0},
}

# The CABA inset: a frame over Uruguay, the city drawn large inside it.
INSET = {"frame": (798, 646, 190, 226), "scale": 9.0}


def main() -> None:
    src = json.loads(SRC.read_text())
    feats = {key(f["properties"]["name"]): f for f in src["features"]}
    ids = [p["id"] for p in BOARD["provinces"]]
    missing = set(ids) ^ set(feats)
    assert not missing, f"province ids do not match the outlines: {sorted(missing)}"

    provinces = {}
    bottom = 0.0
    for pid in ids:
        f = feats[pid]
        rings = [r for r in f["geometry"]["coordinates"] if ring_area(r) > 0.01 or r is f["geometry"]["coordinates"][0]]
        b = BADGE[pid]
        at = b["at"] or project(f["properties"]["label_lon"], f["properties"]["label_lat"])
        entry = {"d": path_d(rings), "anchor": pt(at)}
        for extra in ("short", "cols", "ndx"):
            if extra in b:
                entry[extra] = b[extra]
        provinces[pid] = entry
        bottom = max(bottom, max(project(lon, lat)[1] for r in rings for lon, lat in r))

    # CABA inset: the city scaled about its centre into the frame.
    caba = feats["caba"]["geometry"]["coordinates"][0]
    lons = [p[0] for p in caba]
    lats = [p[1] for p in caba]
    c_lon, c_lat = (min(lons) + max(lons)) / 2, (min(lats) + max(lats)) / 2
    cx, cy = project(c_lon, c_lat)
    fx, fy, fw, fh = INSET["frame"]
    ix, iy = fx + fw / 2, fy + 108
    k = INSET["scale"]

    def inset(lon, lat):
        x, y = project(lon, lat)
        return (ix + (x - cx) * k, iy + (y - cy) * k)

    inset_entry = {
        "frame": [fx, fy, fw, fh],
        "d": path_d([caba], inset, 1),
        "marker": pt((cx, cy)),
        "anchor": pt((ix, iy - 10)),
        "port": pt((ix + 58, iy + 58)),
        "title": pt((fx + fw / 2, fy + 26)),
    }

    ports = {}
    for port in BOARD["ports"]:
        spec = PORTS[port["id"]]
        city = project(*spec["city"])
        if port["province"] == "caba":
            ports[port["id"]] = {"city": inset_entry["port"], "marker": inset_entry["port"], "inset": True}
            continue
        ports[port["id"]] = {"city": pt(city), "marker": pt((city[0] + spec["dx"], city[1] + spec["dy"]))}
        bottom = max(bottom, city[1] + spec["dy"] + 40)

    height = math.ceil(bottom + 12)
    out = {
        "_about": ("Geometry of the Argentilandia map, GENERATED by scripts/gen_argentilandia_board.py; do not edit by hand. "
                   "Province outlines: Natural Earth 1:10m (admin-1 boundary lines, admin-0 land boundaries, coastline; "
                   "public domain, naturalearthdata.com), snapped to 0.01 degrees, polygonized, simplified to 0.03 degrees "
                   "(CABA 0.002) in /work/shared/gamedata/argentina_provinces.geojson. Projection: equirectangular, "
                   f"x = 10 + (lon - ({LON0})) * {SCALE} * cos(35 deg), y = {TOP} + (({LAT0}) - lat) * {SCALE}; rounded to whole "
                   "units. Badge anchors placed by eye inside each province. Islands: approximate, "
                   "hand-drawn, decorative. Game data (numbers, VP, MPs, regions, ports' ratios) lives in board.json."),
        "credit": "Natural Earth",
        "width": WIDTH,
        "height": height,
        "provinces": provinces,
        "caba_inset": inset_entry,
        "ports": ports,
        "islands": [path_d([ring]) for ring in ISLANDS],
        "labels": {k: {"at": pt(project(*v["at"])), "rotate": v["rotate"]} for k, v in LABELS.items()},
    }
    OUT.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n")
    print("wrote", OUT.relative_to(ROOT), f"{OUT.stat().st_size} bytes, frame {WIDTH}x{height}")


if __name__ == "__main__":
    main()
