"""Measure the table option ``paradise_evade`` (the paradise card's own EVADE 1, a reconstruction) in bot games.

Usage (from the repository root)::

    python bench/ladrillazo_paradise_evade.py --games 100 --seed pe

Plays the same seeded bot-only games (2-6 players drawn per game, or ``--players``) without and with the option and prints,
for each: envelopes evaded a game and the share evaded by the paradise cards themselves, turns per player,
the winner's and the average player's final total, the share of the final totals in paradise, and how often
the first player wins, and the share of the envelopes earned that went back for lack of room. The figures are in docs/rules/ladrillazo.md.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from games.ladrillazo.engine import RULESET  # noqa: E402


def bot_game(n: int, seed: str, options: dict) -> tuple[dict, dict]:
    """One bot-only game to its end; returns the final state and its counts."""
    rng = random.Random(seed)
    state = RULESET.new_game(n, seed, options)
    havens = {p["paradise_id"] for p in state["players"]}
    counts = {"evaded": 0, "by_paradise": 0, "earned": 0}
    while RULESET.outcome(state) is None:
        seat = next((s for s in range(n) if s not in RULESET.to_move(state)
                     and RULESET.bot_optional_action(state, s, rng)), None)
        if seat is None:
            seat = RULESET.to_move(state)[0]
            action = RULESET.bot_action(state, seat, rng)
        else:
            action = RULESET.bot_optional_action(state, seat, rng)
        state, events = RULESET.apply(state, seat, action)
        for e in events:
            counts["earned"] += e["amount"] if e["type"] == "earned" else 0
            if e["type"] == "evaded":
                counts["evaded"] += e["amount"]
                counts["by_paradise"] += e["amount"] if e["card"] in havens else 0
    return state, counts


def measure(games: int, seed: str, options: dict, players: int = 0) -> dict:
    master = random.Random(seed)
    evaded = by_paradise = turns = winner = everyone = seats = paradise = first_wins = earned = returned = 0
    for g in range(games):
        n = master.randint(2, 6) if not players else players
        state, counts = bot_game(n, f"{seed}-{g}", options)
        result = RULESET.outcome(state)
        evaded += counts["evaded"]
        earned += counts["earned"]
        returned += state["returned"]
        by_paradise += counts["by_paradise"]
        turns += sum(p["turns"] for p in state["players"]) / n
        totals = result["totals"]
        winner += totals[str(result["winner"])]
        everyone += sum(totals.values())
        seats += n
        paradise += sum(result["paradise"].values())
        first_wins += result["winner"] == state["first"]
    return {"evaded a game": evaded / games, "share evaded by the paradise card": by_paradise / max(evaded, 1),
            "turns per player": turns / games, "winner's total": winner / games,
            "a player's total": everyone / seats, "share of totals in paradise": paradise / max(everyone, 1),
            "first player wins": first_wins / games, "share of earnings returned (no room)": returned / max(earned, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=str, default="pe")
    parser.add_argument("--players", type=int, default=0, help="2-6; 0 = drawn per game")
    args = parser.parse_args(argv)
    rows = {flag: measure(args.games, args.seed, {"paradise_evade": flag}, args.players) for flag in (False, True)}
    print(f"{args.games} bot games, {args.players or '2-6'} players, seed {args.seed!r}")
    print(f"{'':36} {'book (no stamp)':>16} {'paradise_evade':>16}")
    for key in rows[False]:
        fmt = "{:>16.1%}" if key.startswith(("share", "first")) else "{:>16.1f}"
        print(f"{key:36} " + " ".join(fmt.format(rows[flag][key]) for flag in (False, True)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
