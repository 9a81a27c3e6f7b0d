"""Benchmark: the engines' figures a server cares about, per ruleset, from seeded bot-only games.

Run from the repository root:  python bench/engine_speed.py --games 10

For each ruleset (Argentilandia, Estanciero, Ladrillazo) it plays ``--games`` bot-only games of
``--players`` seats (capped by the ``max_turns`` option) and prints one line: bot games per second, then
the median and 99th percentile of one ``apply`` and of one ``view`` (the player on move's, and the
spectator's, sampled every few moves), and the size in bytes of the stored state (``json.dumps``) and of
the sent view. Pure Python, no database. The figures are wall-clock: on a shared machine compare runs
made together.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

RULESETS = ("argentilandia", "estanciero", "ladrillazo")
VIEW_EVERY = 5  # a view is timed every this many moves (views cost more than moves)
MAX_ACTIONS = 20000  # a game still going after this many moves is stopped (a bot stuck in a loop)


def bot_move(rs, state: dict, rng: random.Random) -> tuple[int, dict] | None:
    """The next bot move: an optional one by a seat not on move first (as the game pages allow), else the
    move of the first seat on move."""
    seats = rs.to_move(state)
    optional = getattr(rs, "bot_optional_action", None)
    if optional is not None:
        for s in range(state_players(state)):
            if s not in seats:
                action = optional(state, s, rng)
                if action:
                    return s, action
    if not seats:
        return None
    return seats[0], rs.bot_action(state, seats[0], rng)


def state_players(state: dict) -> int:
    n = state.get("num_players")
    return n if isinstance(n, int) else len(state["players"])


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(name: str, games: int, players: int, max_turns: int) -> str:
    rs = importlib.import_module(f"games.{name}.engine").RULESET
    apply_us: list[float] = []
    view_us: list[float] = []
    state_bytes: list[int] = []
    view_bytes: list[int] = []
    finished = 0
    play_s = 0.0
    for g in range(games):
        rng = random.Random(g)
        state = rs.new_game(players, f"speed-{name}-{g}", {"max_turns": max_turns})
        for step in range(MAX_ACTIONS):
            if rs.outcome(state) is not None:
                finished += 1
                break
            t0 = time.perf_counter()
            move = bot_move(rs, state, rng)
            if move is None:
                break
            seat, action = move
            t1 = time.perf_counter()
            state, _events = rs.apply(state, seat, action)
            t2 = time.perf_counter()
            play_s += t2 - t0
            apply_us.append((t2 - t1) * 1e6)
            if step % VIEW_EVERY == 0:
                for viewer in (seat, None):
                    t0 = time.perf_counter()
                    v = rs.view(state, viewer)
                    view_us.append((time.perf_counter() - t0) * 1e6)
                view_bytes.append(len(json.dumps(v)))  # the spectator's: what every watcher is sent
                state_bytes.append(len(json.dumps(state)))
    return (f"{name:13s} {games / play_s:6.2f} bot games/s ({finished}/{games} finished, "
            f"{len(apply_us) / games:.0f} moves a game); "
            f"apply p50 {statistics.median(apply_us):6.1f} p99 {percentile(apply_us, 0.99):7.1f} us; "
            f"view p50 {statistics.median(view_us):6.1f} p99 {percentile(view_us, 0.99):7.1f} us; "
            f"state {statistics.median(state_bytes):,.0f} B (max {max(state_bytes):,}), "
            f"view {statistics.median(view_bytes):,.0f} B (max {max(view_bytes):,})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--max-turns", type=int, default=100)
    ap.add_argument("--only", choices=RULESETS, help="one ruleset")
    args = ap.parse_args()
    for name in [args.only] if args.only else RULESETS:
        print(measure(name, args.games, args.players, args.max_turns), flush=True)


if __name__ == "__main__":
    main()
