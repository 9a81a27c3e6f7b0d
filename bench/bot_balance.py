"""Bot balance: seat balance, game length and contest rates over N bot-only games per game and player count.

Usage (from the repository root)::

    nice python bench/bot_balance.py --game argentilandia --games 200 --seed balance
    nice python bench/bot_balance.py --game estanciero --players 4 --games 200 --option jail_roll_attempts=1
    nice python bench/bot_balance.py --game argentilandia --players 4 --games 200 --versus 7f99c57

Every game is played through the ruleset's engine alone (``games.core.rulesets.get``: no database, no server),
every seat by the engine's bot, the way the server plays bot seats: a seat that wants an optional move (a claim,
an answer to a proposal: ``bot_optional_action``) makes it first, asked in turn order from the seat on move (so no
seat index is favoured), then the first seat on move plays ``bot_action``. Game ``g`` of ``p`` players has the seed
``<seed>-<p>-<g>`` and its own ``random.Random`` seeded alike, so a run is repeatable. A game still running after
``--max-actions`` moves is reported as unfinished (with its seed) and counts for nobody.

Printed per game and player count: wins per seat (by seat index, and by position in the turn order counted from
the player who acts first), each with its 95% Wilson interval and an exact two-sided binomial test against 1/n
(``*`` marks p < 0.05/n, i.e. significant after Bonferroni over the n seats; anything else is noise); the game
length in turns (min/median/max); the seats that ended out (Estanciero: bankrupt; Ladrillazo: 0 envelopes); the
contests per game and per turn (Argentilandia: Corrupt Official and Stockbroker; and its trades, counter-offers,
bank trades and port or border exchanges); the wall time per game.

``--option key=value`` (repeatable; the value is read as JSON when it parses, else as text) passes table options
(``jail_roll_attempts=1``, ``claim_rents=true``...). ``--level`` picks the bot level where the ruleset has levels
(``bot_levels``). ``--versus REV`` seats the bot of git revision ``REV`` (``games/<game>/engine/bot.py`` as it was
then) at every other seat, alternating which seats from game to game, and prints the wins of each policy against
its share of the seats: a tuned bot must not be weaker than the one it replaces. ``--bot-rev REV`` seats that
revision's bot everywhere (the figures before a change, printed alike).
``--workers`` (default 1) plays games in that many processes.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing import Pool
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from games.core import rulesets  # noqa: E402

# --- What each game adds to the shared figures ---------------------------------------------------------------------

@dataclass(frozen=True)
class Figures:
    """How to read one game's states and events: its turn count, the seat that acts first, the seats that ended
    out, and the events worth counting (label -> predicate)."""

    turns: Callable[[dict], int]
    first: Callable[[dict], int]
    out: Callable[[dict], list[int]] = lambda state: []
    out_label: str = ""
    counted: dict[str, Callable[[dict], bool]] = field(default_factory=dict)
    # a per-seat figure taken once, the first time it is not None (e.g. deeds held when the last one is sold)
    snapshot: Callable[[dict], list[int] | None] = lambda state: None
    snapshot_label: str = ""


FIGURES: dict[str, Figures] = {
    "estanciero": Figures(
        turns=lambda s: s["turns_played"], first=lambda s: s["rolloff"]["first"],
        out=lambda s: [p["seat"] for p in s["players"] if p["bankrupt"]], out_label="bankrupt",
        snapshot=lambda s: None if s["turns_played"] < 8 * s["num_players"] else
        [sum(v == seat for v in s["owners"].values()) for seat in range(s["num_players"])],
        snapshot_label="deeds held after 8 rounds",
        counted={"auctions": lambda e: e["type"] == "auction_started",
                 "trades": lambda e: e["type"] == "proposal_accepted",
                 "buildings": lambda e: e["type"] in ("built", "build")}),
    "argentilandia": Figures(
        turns=lambda s: s["turn"], first=lambda s: s["first_player"],
        counted={"official contests": lambda e: e["type"] == "contest_started" and e["kind"] == "mp",
                 "stockbroker contests": lambda e: e["type"] == "contest_started" and e["kind"] == "percentage",
                 "contests won by the buyer": lambda e: e["type"] == "contest_won" and e["winner"] == e["buyer"],
                 "trades": lambda e: e["type"] == "trade_accepted",
                 "counter-offers": lambda e: e["type"] == "trade_countered",
                 "bank trades": lambda e: e["type"] == "bank_trade",
                 "port and border exchanges": lambda e: e["type"] in ("port_trade", "intl_trade")}),
    "ladrillazo": Figures(
        turns=lambda s: s["turn"]["number"], first=lambda s: s["first"],
        out=lambda s: [int(k) for k, v in s["result"]["totals"].items() if v == 0], out_label="0 envelopes",
        counted={"trades": lambda e: e["type"] == "proposal_accepted"}),
}


# --- One game --------------------------------------------------------------------------------------------------

def old_bot(game: str, rev: str) -> ModuleType:
    """The game's bot module as it was at git revision ``rev``, loaded beside today's (its relative imports read
    today's engine)."""
    name = f"{rulesets.package(game)}.engine.bot"
    source = subprocess.run(["git", "show", f"{rev}:{name.replace('.', '/')}.py"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    module = ModuleType(f"{name}_at_{rev}")
    module.__package__ = f"{rulesets.package(game)}.engine"
    exec(compile(source, f"{rev}:{name}", "exec"), module.__dict__)  # noqa: S102  (our own repository's code)
    return module


@dataclass(frozen=True)
class Job:
    game: str
    players: int
    seed: str
    options: dict
    level: str
    max_actions: int
    versus: str | None  # a git revision whose bot plays the seats of ``old_seats``
    old_seats: tuple[int, ...] = ()


_OLD: dict[tuple[str, str], ModuleType] = {}


def play(job: Job) -> dict:
    """One bot-only game: its winner, seat that acted first, turns, seats out, counted events, time."""
    rs = rulesets.get(job.game)
    figures = FIGURES[job.game]
    engine = sys.modules[type(rs).__module__]  # the module whose ``bot`` the ruleset's methods call
    today = engine.bot
    old = None
    if job.versus:
        if (job.game, job.versus) not in _OLD:
            _OLD[job.game, job.versus] = old_bot(job.game, job.versus)
        old = _OLD[job.game, job.versus]
    levels = getattr(rs, "bot_levels", ())
    started = time.perf_counter()
    state = rs.new_game(job.players, job.seed, job.options or None)
    rng = random.Random(job.seed)
    optional = getattr(rs, "bot_optional_action", None)
    counts = dict.fromkeys(figures.counted, 0)
    actions = 0
    snapshot = None
    try:
        while actions < job.max_actions:
            movers = rs.to_move(state)
            if not movers:
                break
            order = [(movers[0] + k) % job.players for k in range(job.players)]
            step = None
            for seat in order:
                engine.bot = old if seat in job.old_seats else today
                found = optional(state, seat, rng) if optional else None
                if found is not None:
                    step = seat, found
                    break
            if step is None:
                seat = movers[0]
                engine.bot = old if seat in job.old_seats else today
                if job.level != "normal" and job.level in levels:
                    step = seat, rs.bot_action(state, seat, rng, level=job.level)  # type: ignore[call-arg]
                else:
                    step = seat, rs.bot_action(state, seat, rng)
            state, events = rs.apply(state, *step)
            actions += 1
            if snapshot is None:
                snapshot = figures.snapshot(state)
                snapshot_turn = figures.turns(state)
            for e in events:
                for label, test in figures.counted.items():
                    if test(e):
                        counts[label] += 1
    finally:
        engine.bot = today
    outcome = rs.outcome(state)
    return {"seed": job.seed, "winner": outcome["winner"] if outcome else None, "first": figures.first(state),
            "turns": figures.turns(state), "out": figures.out(state) if outcome else [], "counts": counts,
            "actions": actions, "seconds": time.perf_counter() - started, "old_seats": job.old_seats,
            "snapshot": snapshot, "snapshot_turn": snapshot_turn if snapshot is not None else None}


# --- Statistics ------------------------------------------------------------------------------------------------

def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion k/n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def binomial_p(k: int, n: int, p: float) -> float:
    """Exact two-sided binomial test: the probability of an outcome no likelier than k successes in n."""
    if n == 0:
        return 1.0
    pmf = [math.comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(n + 1)]
    return min(1.0, sum(x for x in pmf if x <= pmf[k] * (1 + 1e-7)))


def seat_line(label: str, wins: list[int], finished: int, share: list[float]) -> str:
    cells = []
    for s, k in enumerate(wins):
        lo, hi = wilson(k, finished)
        p = binomial_p(k, finished, share[s])
        star = "*" if p < 0.05 / len(wins) else " "
        cells.append(f"{s + 1}: {k} ({k / max(finished, 1):.0%}, {lo:.0%}-{hi:.0%}, p={p:.2f}){star}")
    return f"  {label:9s} " + "  ".join(cells)


def report(game: str, players: int, results: list[dict], expected: float) -> None:
    finished = [r for r in results if r["winner"] is not None]
    n = len(results)
    print(f"{game}, {players} players: {n} games, {len(finished)} finished")
    share = [expected] * players
    by_seat = [sum(r["winner"] == s for r in finished) for s in range(players)]
    by_position = [sum((r["winner"] - r["first"]) % players == s for r in finished) for s in range(players)]
    print(f"  wins (expected {expected:.0%} each; count, share, 95% interval, binomial p; * = biased):")
    print(seat_line("seat", by_seat, len(finished), share))
    print(seat_line("position", by_position, len(finished), share))
    turns = [r["turns"] for r in results]
    print(f"  turns: min {min(turns)}  median {statistics.median(turns):g}  max {max(turns)}"
          f"  (mean {statistics.mean(turns):.1f}; games over 200 turns: {sum(t > 200 for t in turns)})")
    label = FIGURES[game].out_label
    if label:
        outs = [len(r["out"]) for r in finished]
        print(f"  seats ending {label}: {sum(outs)} in {sum(o > 0 for o in outs)} of {len(finished)} games")
    if len(finished) < n:
        print(f"  unfinished after {max(r['actions'] for r in results)} moves: {n - len(finished)} games"
              f" (seed: turns {dict(sorted((r['seed'], r['turns']) for r in results if r['winner'] is None))});"
              " the figures below count"
              " finished games only")
    total_turns = max(sum(r["turns"] for r in finished), 1)
    for key in FIGURES[game].counted:
        values = [r["counts"][key] for r in finished] or [0]
        print(f"  {key}: per game mean {statistics.mean(values):.1f}  median {statistics.median(values):g}"
              f"  max {max(values)}; per turn {sum(values) / total_turns:.2f}")
    snaps = [r for r in results if r["snapshot"] is not None]
    if snaps:
        by_pos = [statistics.mean(r["snapshot"][(r["first"] + k) % players] for r in snaps) for k in range(players)]
        won = [r for r in snaps if r["winner"] is not None]
        lead = [r for r in won if r["snapshot"][r["winner"]] == max(r["snapshot"])]
        print(f"  {FIGURES[game].snapshot_label} (in {len(snaps)} games, at turn"
              f" {statistics.median(r['snapshot_turn'] for r in snaps):g} median), mean by position: "
              + "  ".join(f"{k + 1}: {v:.2f}" for k, v in enumerate(by_pos))
              + f"; the winner held the most (or tied) in {len(lead)} of {len(won)}")
    secs = [r["seconds"] for r in results]
    print(f"  wall time per game: mean {statistics.mean(secs):.2f} s  max {max(secs):.2f} s"
          f"  ({statistics.mean(r['actions'] for r in results):.0f} moves a game)")
    if any(0 < len(r["old_seats"]) < players for r in results):
        old_wins = sum(r["winner"] in r["old_seats"] for r in finished)
        old_share = sum(len(r["old_seats"]) / players for r in finished)
        lo, hi = wilson(old_wins, len(finished))
        p = binomial_p(old_wins, len(finished), old_share / max(len(finished), 1))
        print(f"  old bot: {old_wins} wins of {len(finished)} ({old_wins / max(len(finished), 1):.1%}, {lo:.0%}-{hi:.0%})"
              f" for {old_share / max(len(finished), 1):.0%} of the seats (binomial p={p:.2f});"
              f" today's bot: {len(finished) - old_wins} wins")


# --- Command line ----------------------------------------------------------------------------------------------

def parse_option(text: str) -> tuple[str, object]:
    key, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"--option wants key=value, not {text!r}")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a ruleset (repeatable); every one if none")
    parser.add_argument("--players", type=int, action="append", help="a player count (repeatable); all if none")
    parser.add_argument("--games", type=int, default=200, help="games per game and player count")
    parser.add_argument("--seed", default="balance")
    parser.add_argument("--option", type=parse_option, action="append", default=[], help="table option key=value")
    parser.add_argument("--level", default="normal", help="bot level where the ruleset has levels")
    parser.add_argument("--versus", help="git revision whose bot plays every other seat")
    parser.add_argument("--bot-rev", help="git revision whose bot plays every seat (the figures before a change)")
    parser.add_argument("--max-actions", type=int, default=50000)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    games = args.game or rulesets.names()
    options = dict(args.option)
    for game in games:
        rs = rulesets.get(game)
        counts = args.players or list(range(rs.min_players, rs.max_players + 1))
        for players in counts:
            jobs = []
            for g in range(args.games):
                old_seats = tuple(s for s in range(players) if (s + g) % 2 == 0) if args.versus else ()
                if args.bot_rev:
                    old_seats = tuple(range(players))
                jobs.append(Job(game, players, f"{args.seed}-{players}-{g}", options, args.level, args.max_actions,
                                args.versus or args.bot_rev, old_seats))
            if args.workers > 1:
                with Pool(args.workers) as pool:
                    results = pool.map(play, jobs, chunksize=4)
            else:
                results = [play(j) for j in jobs]
            report(game, players, results, 1 / players)
            sys.stdout.flush()
    print("command: python bench/bot_balance.py " + " ".join(argv if argv is not None else sys.argv[1:]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
