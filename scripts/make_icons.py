"""Draw the installable site's PNG icons from the logo (static/img/logo.svg) with no imaging library.

The logo is two rounded squares and four dots; this draws the same shapes, 4x4 samples a pixel, and writes the
PNGs the web app manifest lists (accounts/webapp.py ``ICONS``):

* ``icon-192.png`` and ``icon-512.png``: the logo on a transparent ground ("any");
* ``icon-maskable-512.png``: the logo on the theme's green up to the edges, inside the middle 56% so that a
  phone's round or squircle mask leaves all of it ("maskable": its safe zone is the middle circle of 80%).

Run it again (``.venv/bin/python scripts/make_icons.py``) when the logo changes; the PNGs are committed.
"""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "img"

Color = tuple[int, int, int]
GOLD: Color = (0xF2, 0xC1, 0x4E)
GREEN: Color = (0x0F, 0x3D, 0x2E)
WHITE: Color = (0xFF, 0xFF, 0xFF)
SKY: Color = (0x74, 0xAC, 0xDF)

# The logo's shapes in its own 64-unit box, bottom first: ("rect", x, y, w, h, radius) or ("circle", cx, cy, r).
LOGO: list[tuple[tuple, Color]] = [
    (("rect", 4, 4, 56, 56, 12), GOLD),
    (("rect", 12, 12, 40, 40, 8), GREEN),
    (("circle", 24, 24, 4), WHITE),
    (("circle", 40, 40, 4), WHITE),
    (("circle", 40, 24, 4), SKY),
    (("circle", 24, 40, 4), SKY),
]
SAMPLES = 4


def inside(shape: tuple, x: float, y: float) -> bool:
    if shape[0] == "circle":
        _, cx, cy, r = shape
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
    _, rx, ry, w, h, r = shape
    dx = max(rx + r - x, 0.0, x - (rx + w - r))
    dy = max(ry + r - y, 0.0, y - (ry + h - r))
    if x < rx or x > rx + w or y < ry or y > ry + h:
        return False
    return dx * dx + dy * dy <= r * r


def draw(size: int, logo_span: float, ground: Color | None) -> bytes:
    """RGBA rows of a ``size`` square: the logo's 64-unit box spans ``logo_span`` of it, centred, on ``ground``
    (None: transparent)."""
    scale = 64 / (size * logo_span)
    offset = (size - size * logo_span) / 2
    rows = bytearray()
    step = 1 / SAMPLES
    for py in range(size):
        rows.append(0)  # PNG filter: none
        for px in range(size):
            r = g = b = a = 0.0
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    x = (px + (sx + 0.5) * step - offset) * scale
                    y = (py + (sy + 0.5) * step - offset) * scale
                    color = ground
                    for shape, fill in LOGO:
                        if inside(shape, x, y):
                            color = fill
                    if color is not None:
                        r, g, b, a = r + color[0], g + color[1], b + color[2], a + 1
            n = SAMPLES * SAMPLES
            if a:
                rows += bytes((round(r / a), round(g / a), round(b / a), round(255 * a / n)))
            else:
                rows += b"\0\0\0\0"
    return bytes(rows)


def png(size: int, rgba_rows: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rgba_rows, 9)) + \
        chunk(b"IEND", b"")


ICONS = {
    "icon-192.png": (192, 1.0, None),
    "icon-512.png": (512, 1.0, None),
    "icon-maskable-512.png": (512, 0.64, GREEN),
}


def main() -> None:
    for name, (size, span, ground) in ICONS.items():
        (OUT / name).write_bytes(png(size, draw(size, span, ground)))
        print(name, file=sys.stderr)


if __name__ == "__main__":
    main()
