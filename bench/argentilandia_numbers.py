"""Issue 13.5, the shared number: expected production per dice number and per starting position.

Run from the repository root (about 0.1 s of CPU per 4-player game):
    .venv/bin/python bench/argentilandia_numbers.py --games 600 --players 3,4,5
For each layout (the board as shipped, then the alternatives named with --try, e.g. ``K=12`` moves
region K to number 12, ``I=12,K=7`` swaps two) it prints:
  * per number: the chance of the roll, the provinces, MPs and ports it puts in play and the expected
    Production cards per roll (chance x MPs, before doublings);
  * per starting position (1 = first to place in the preliminary round, ..., the last one starts the
    game), over bot-only games: the expected cards per roll of the 7 MPs drafted (sum of the chances of
    their numbers), the same for a greedy draft (always the most frequent number the player may still
    take, ties at random: the structure of the board alone), the Production cards actually received
    per roll, the final VP and the share of the games won;
  * the spread between the best and the worst position (what "no position is favoured" minimises).
The board file is not changed: alternatives are applied in memory for the measurement only, and the
reconstructed province VP follow the board's formula (MPs, +1 on 2, 3, 11 or 12).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.argentilandia.engine import RULESET as RS  # noqa: E402
from games.argentilandia.engine import board as B  # noqa: E402
from games.argentilandia.engine.schema import PHASE_DRAFT  # noqa: E402
from games.argentilandia.engine.victory import all_vp  # noqa: E402

SHIPPED = {r["id"]: r["number"] for r in B.BOARD["regions"]}
SHIPPED_VP = {p: d["vp"] for p, d in B.PROVINCES.items()}
RARE = (2, 3, 11, 12)


def ways(n: int) -> int:
    return 6 - abs(7 - n)


def apply_layout(moves: dict[str, int]) -> None:
    """Renumber regions in memory (bench only): region id -> number; reconstructed VP follow."""
    for r in B.BOARD["regions"]:
        r["number"] = moves.get(r["id"], SHIPPED[r["id"]])
        for p in r["provinces"]:
            prov = B.PROVINCES[p]
            prov["number"] = r["number"]
            if prov["vp_note"].startswith("reconstruction"):
                prov["vp"] = len(prov["mps"]) + (r["number"] in RARE)
            else:
                prov["vp"] = SHIPPED_VP[p]
    B.PROVINCES_BY_NUMBER.clear()
    for p in B.PROVINCE_IDS:
        B.PROVINCES_BY_NUMBER.setdefault(B.PROVINCES[p]["number"], []).append(p)


def number_table() -> list[tuple]:
    rows = []
    for n in range(2, 13):
        provs = B.PROVINCES_BY_NUMBER.get(n, [])
        mps = sum(len(B.PROVINCES[p]["mps"]) for p in provs)
        ports = sum(len(B.PORTS_OF_PROVINCE.get(p, [])) for p in provs)
        rows.append((n, ways(n), provs, mps, ports, ways(n) * mps / 36))
    return rows


def greedy_draft(players: int, rng: random.Random) -> list[float]:
    """Expected cards per roll drafted by each position when everybody takes the most frequent number
    still open to them (1 MP per province), ties at random."""
    free = {p: len(d["mps"]) for p, d in B.PROVINCES.items() if p != "tucuman"}  # Tucumán is blocked
    taken: list[set[str]] = [set() for _ in range(players)]
    value = [0.0] * players
    order = list(range(players))
    for rnd in range(7):
        for k in (order if rnd % 2 == 0 else order[::-1]):
            opts = [p for p, left in free.items() if left and p not in taken[k]]
            best = max(ways(B.PROVINCES[p]["number"]) for p in opts)
            p = rng.choice([p for p in opts if ways(B.PROVINCES[p]["number"]) == best])
            free[p] -= 1
            taken[k].add(p)
            value[k] += best / 36
    return value


def play(seed: int, players: int, rng: random.Random) -> dict:
    st = RS.new_game(players, f"numbers-{seed}", {"max_turns": 300})
    order = list(st["order"])
    drafted = None
    produced = [0] * players
    rolls = 0
    while RS.to_move(st):
        seat = RS.to_move(st)[0]
        st, events = RS.apply(st, seat, RS.bot_action(st, seat, rng))
        for e in events:
            if e["type"] == "rolled":
                rolls += 1
            elif e["type"] == "produced":
                produced[e["seat"]] += e["count"]
        if drafted is None and st["phase"] != PHASE_DRAFT:
            drafted = [sum(ways(B.PROVINCES[p]["number"]) / 36 for p, slots in st["mps"].items() for o in slots if o == s)
                       for s in range(players)]
    return {"order": order, "drafted": drafted, "produced": produced, "rolls": max(1, rolls),
            "vp": all_vp(st), "winner": st["winner"]}


def measure(name: str, games: int, players: int, show_numbers: bool) -> dict:
    print(f"\n=== layout {name}: {games} bot games, {players} players ===")
    if show_numbers:
        print(" n  ways  MPs ports  cards/roll  provinces")
        for n, w, provs, mps, ports, exp in number_table():
            print(f"{n:2d}  {w}/36  {mps:3d} {ports:4d}  {exp:9.2f}   {', '.join(provs)}")
    rng = random.Random(13)
    greedy = [0.0] * players
    for _ in range(games):
        for k, v in enumerate(greedy_draft(players, rng)):
            greedy[k] += v / games
    pos = [{"drafted": 0.0, "per_roll": 0.0, "vp": 0.0, "wins": 0} for _ in range(players)]
    t0 = time.process_time()
    no_winner = 0
    for g in range(games):
        r = play(g, players, rng)
        no_winner += r["winner"] is None
        for k, seat in enumerate(r["order"]):
            pos[k]["drafted"] += r["drafted"][seat] / games
            pos[k]["per_roll"] += r["produced"][seat] / r["rolls"] / games
            pos[k]["vp"] += r["vp"][seat] / games
            pos[k]["wins"] += (r["winner"] == seat) / games
    print(f"({time.process_time() - t0:.0f} s CPU; {no_winner} games ended at the turn limit)")
    print("position  greedy draft  bot draft  cards/roll  final VP  wins")
    for k, p in enumerate(pos):
        print(f"{k + 1:8d}  {greedy[k]:12.3f}  {p['drafted']:9.3f}  {p['per_roll']:10.3f}  {p['vp']:8.2f}  "
              f"{100 * p['wins']:4.1f}%")

    def spread(xs: list[float]) -> float:
        return max(xs) - min(xs)

    out = {"greedy": spread(greedy), "drafted": spread([p["drafted"] for p in pos]),
           "per_roll": spread([p["per_roll"] for p in pos]), "wins": 100 * spread([p["wins"] for p in pos])}
    print(f"spread best-worst: greedy {out['greedy']:.3f}, bot draft {out['drafted']:.3f}, "
          f"cards/roll {out['per_roll']:.3f}, wins {out['wins']:.1f} points")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", default="4", help="player counts, e.g. 3,4,5")
    ap.add_argument("--try", dest="layouts", action="append", default=[],
                    help="an alternative: region=number[,region=number...] (e.g. K=12)")
    ap.add_argument("--no-shipped", action="store_true", help="measure only the --try layouts")
    args = ap.parse_args()
    counts = [int(x) for x in args.players.split(",")]
    specs = ([] if args.no_shipped else [""]) + args.layouts
    for spec in specs:
        moves = {k: int(v) for k, v in (part.split("=") for part in spec.split(",") if part)}
        apply_layout(moves)
        for i, n in enumerate(counts):
            measure(spec or "as shipped", args.games, n, show_numbers=i == 0)
    apply_layout({})


if __name__ == "__main__":
    main()
