"""Draw `bench/socket_load.py` sweeps as one SVG: latency (p50 and p99, log scale) and moves per second
against the number of concurrent games, one colour per run.

    python bench/socket_load.py --sweep 10,50,100 > one.log
    python bench/socket_load.py --sweep 10,50,100 --daphne 2 > two.log
    python bench/plot_socket_load.py "one Daphne=one.log" "two Daphne=two.log" --out docs/socket_load.svg

Each argument is ``label=log file`` (or ``label=a.log,b.log``: the runs of several sweeps as one line); the
figures are read from the table the bench printed (its header names the columns), so the picture always shows
a run that happened. No plotting library: the SVG is written by hand, as the boards are.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

COLOURS = ["#1f6feb", "#d1242f", "#1a7f37", "#9a6700", "#8250df", "#0a8a8a", "#e16f24", "#57606a"]
WIDTH, HEIGHT, PANEL_GAP = 900, 380, 70
LEFT, RIGHT, TOP, BOTTOM = 70, 20, 50, 60


def read_rows(path: Path) -> list[dict[str, float]]:
    """The bench's rows as {column: number}, found under its header line (the one starting with "K")."""
    lines = path.read_text().splitlines()
    header_at = next(i for i, text in enumerate(lines) if text.split()[:2] == ["K", "srv"])
    # Column names contain spaces ("cpu ms/mv"): take them from the bench itself rather than the header line.
    from socket_load import COLUMNS

    names = list(COLUMNS)
    rows = []
    for text in lines[header_at + 1:]:
        cells = text.split()
        if not cells or not cells[0].isdigit():
            break
        # "top thr%" prints as two cells ("31 db"); join them back.
        cells = _join_thread_cell(cells, names)
        rows.append({n: _number(v) for n, v in zip(names, cells)})
    return rows


def _join_thread_cell(cells: list[str], names: list[str]) -> list[str]:
    at = names.index("top thr%")
    return cells[:at] + [" ".join(cells[at:at + 2])] + cells[at + 2:]


def _number(text: str) -> float:
    try:
        return float(text.split()[0])
    except ValueError:
        return math.nan


def _x(k: float, ks: list[float], x0: float, width: float) -> float:
    lo, hi = min(ks), max(ks)
    return x0 + (width * (k - lo) / (hi - lo) if hi > lo else width / 2)


def _panel(runs: list[tuple[str, list[dict]]], x0: float, width: float, title: str, series: list[tuple[str, str]],
           log: bool) -> list[str]:
    ks = sorted({r["K"] for _, rows in runs for r in rows})
    values = [r[col] for _, rows in runs for r in rows for col, _ in series if not math.isnan(r[col])]
    lo, hi = (min(values), max(values)) if values else (1, 10)
    if log:
        lo, hi = 10 ** math.floor(math.log10(max(lo, 1))), 10 ** math.ceil(math.log10(max(hi, 10)))
        ticks = [10 ** e for e in range(int(math.log10(lo)), int(math.log10(hi)) + 1)]
        scale = lambda v: (math.log10(max(v, lo)) - math.log10(lo)) / (math.log10(hi) - math.log10(lo))  # noqa: E731
    else:
        lo, hi = 0, max(10.0, math.ceil(hi / 10) * 10)
        ticks = [hi * i / 4 for i in range(5)]
        scale = lambda v: (v - lo) / (hi - lo)  # noqa: E731
    plot_h = HEIGHT - TOP - BOTTOM
    y = lambda v: TOP + plot_h * (1 - scale(v))  # noqa: E731
    out = [f'<text x="{x0 + width / 2}" y="{TOP - 22}" text-anchor="middle" font-weight="bold">{title}</text>',
           f'<rect x="{x0}" y="{TOP}" width="{width}" height="{plot_h}" fill="none" stroke="#999"/>']
    for t in ticks:
        label = f"{t:,.0f}"
        out.append(f'<line x1="{x0}" x2="{x0 + width}" y1="{y(t):.1f}" y2="{y(t):.1f}" stroke="#eee"/>')
        out.append(f'<text x="{x0 - 6}" y="{y(t) + 4:.1f}" text-anchor="end" font-size="11">{label}</text>')
    for k in ks:
        out.append(f'<text x="{_x(k, ks, x0, width):.1f}" y="{TOP + plot_h + 18}" text-anchor="middle" '
                   f'font-size="11">{k:.0f}</text>')
    out.append(f'<text x="{x0 + width / 2}" y="{TOP + plot_h + 38}" text-anchor="middle" font-size="12">'
               'concurrent 4-seat games (K)</text>')
    for i, (_label, rows) in enumerate(runs):
        colour = COLOURS[i % len(COLOURS)]
        for col, dash in series:
            points = [(_x(r["K"], ks, x0, width), y(r[col])) for r in rows if not math.isnan(r[col])]
            path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
            out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2" '
                       f'stroke-dasharray="{dash}"/>')
            out += [f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3" fill="{colour}"/>' for px, py in points]
    return out


def draw(runs: list[tuple[str, list[dict]]]) -> str:
    inner = WIDTH - LEFT - RIGHT - PANEL_GAP
    half = inner / 2
    parts = _panel(runs, LEFT, half, "Send to all five sockets, ms (log): p50 solid, p99 dashed",
                   [("p50ms", ""), ("p99ms", "5,4")], log=True)
    parts += _panel(runs, LEFT + half + PANEL_GAP, half, "Moves per second carried", [("moves/s", "")], log=False)
    per_row = 3  # legend entries on a line; more runs wrap onto further lines below the panels
    for i, (label, _) in enumerate(runs):
        colour = COLOURS[i % len(COLOURS)]
        x, y = LEFT + (i % per_row) * 270, HEIGHT + 18 * (i // per_row)
        parts.append(f'<rect x="{x}" y="{y - 14}" width="14" height="4" fill="{colour}"/>')
        parts.append(f'<text x="{x + 20}" y="{y - 8}" font-size="12">{label}</text>')
    body = "\n".join(parts)
    height = HEIGHT + 10 + 18 * ((len(runs) - 1) // per_row)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" '
            f'font-family="sans-serif" font-size="13">\n<rect width="100%" height="100%" fill="white"/>\n{body}\n</svg>\n')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+",
                        help="label=log file printed by bench/socket_load.py (several files joined by commas: one line)")
    parser.add_argument("--out", type=Path, required=True)
    options = parser.parse_args()
    runs = []
    for spec in options.runs:
        label, _, paths = spec.partition("=")
        rows = [row for path in paths.split(",") for row in read_rows(Path(path))]
        runs.append((label, sorted(rows, key=lambda row: row["K"])))
    options.out.write_text(draw(runs))
    print(f"wrote {options.out} ({', '.join(f'{label}: {len(rows)} rows' for label, rows in runs)})")


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
