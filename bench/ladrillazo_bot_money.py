"""Where the Ladrillazo bots' money goes, seat by seat: why a seat ends a bot-only game on 0 envelopes.

Usage (from the repository root)::

    nice python bench/ladrillazo_bot_money.py --games 200 --players 4 --seed balance
    nice python bench/ladrillazo_bot_money.py --games 200 --players 4 --bot-rev 072fb44

Plays bot-only games the way ``bench/bot_balance.py`` does (same seeds ``<seed>-<p>-<g>``, so the same games) and
follows every envelope a seat touches: earned from projects and mamandurrias, returned at the end of a turn for
lack of ESCONDE room or EVADE (Money; End of turn), exposed by a rival's inspect power, sent back with a card
stolen or traded, paid for mamandurrias, paid and received in deals. A seat that ends on 0 is classed by the
first matching cause:

- ``never earned``: no project ran and no mamandurria paid it anything (no income at all);
- ``returned``: it earned, and the money it lost at the ends of its turns is at least what rivals took from it;
- ``exposed/stolen``: rivals' powers (inspect, steal) took more than the end-of-turn returns;
- ``spent``: nothing was lost, it spent what it had (mamandurrias, deals).

Also printed: the mean of each flow per seat, by position in the turn order; the share of the money earned
that went back at the end of turns; how often the player of the last turn (the one who emptied the dispenser) won;
in games where the first positions played one turn more than the others (End of the game: the game ends at the end
of the turn the dispenser empties), how often one of them won; and the wins by position in games with equal turns. ``--bot-rev REV`` plays the bot of git revision ``REV`` at every seat.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bot_balance import old_bot, parse_option  # noqa: E402
from games.ladrillazo.engine import ruleset as engine  # noqa: E402
from games.ladrillazo.engine.ruleset import RULESET  # noqa: E402

FLOWS = ("earned", "returned", "exposed", "stolen", "spent", "paid", "received", "evaded", "final")


def play(seed: str, players: int, options: dict, max_actions: int) -> tuple[dict, list[dict]]:
    """One bot-only game; the final state and each seat's money flows."""
    state = RULESET.new_game(players, seed, options or None)
    rng = random.Random(seed)
    flows = [dict.fromkeys(FLOWS, 0) | {"earn_turns": 0, "projects": 0} for _ in range(players)]
    earned_this_turn: set[int] = set()
    for _ in range(max_actions):
        movers = RULESET.to_move(state)
        if not movers:
            break
        step = None
        for k in range(players):
            seat = (movers[0] + k) % players
            found = RULESET.bot_optional_action(state, seat, rng)
            if found is not None:
                step = seat, found
                break
        if step is None:
            step = movers[0], RULESET.bot_action(state, movers[0], rng)
        state, events = RULESET.apply(state, *step)
        for e in events:
            t = e["type"]
            if t == "earned":
                flows[e["seat"]]["earned"] += e["amount"]
                earned_this_turn.add(e["seat"])
            elif t == "returned":
                flows[e["seat"]]["returned"] += e["amount"]
            elif t == "evaded":
                flows[e["seat"]]["evaded"] += e["amount"]
            elif t == "inspected":
                flows[e["owner"]]["exposed"] += e["amount"]
            elif t == "stolen":
                flows[e["owner"]]["stolen"] += e["returned"]
            elif t == "lowered":
                flows[e["seat"]]["spent"] += e.get("cost", 0) or 0
                if state["cards"][e["card"]] and _is_project(state, e["card"]):
                    flows[e["seat"]]["projects"] += 1
            elif t == "proposal_accepted":
                flows[e["from"]]["paid"] += e["give"]["envelopes"]
                flows[e["to"]]["received"] += e["give"]["envelopes"]
                flows[e["to"]]["paid"] += e["ask"]["envelopes"]
                flows[e["from"]]["received"] += e["ask"]["envelopes"]
            elif t == "turn_ended":
                if e["seat"] in earned_this_turn:
                    flows[e["seat"]]["earn_turns"] += 1
                earned_this_turn.clear()
    if state["result"]:
        for seat in range(players):
            flows[seat]["final"] = state["result"]["totals"][str(seat)]
    return state, flows


def _is_project(state: dict, cid: int) -> bool:
    from games.ladrillazo.engine import cards
    return cards.of(state, cid)["type"] == "project"


def cause(f: dict) -> str:
    if f["earned"] == 0:
        return "never earned"
    taken = f["exposed"] + f["stolen"]
    if f["returned"] and f["returned"] >= taken:
        return "returned"
    if taken:
        return "exposed/stolen"
    return "spent"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, action="append")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", default="balance")
    parser.add_argument("--option", type=parse_option, action="append", default=[])
    parser.add_argument("--bot-rev")
    parser.add_argument("--max-actions", type=int, default=50000)
    args = parser.parse_args(argv)
    if args.bot_rev:
        engine.bot = old_bot("ladrillazo", args.bot_rev)  # type: ignore[assignment]
    options = dict(args.option)
    for players in args.players or range(2, 7):
        causes: Counter[str] = Counter()
        by_pos: list[list[dict]] = [[] for _ in range(players)]
        zero_pos: Counter[int] = Counter()
        equal_wins: Counter[int] = Counter()
        extra = [0, 0]  # games where turns differed; of them, won by a seat that played one turn more
        ender_won = finished = 0
        for g in range(args.games):
            state, flows = play(f"{args.seed}-{players}-{g}", players, options, args.max_actions)
            if state["result"]:
                finished += 1
                winner = state["result"]["winner"]
                turns = [p["turns"] for p in state["players"]]
                most = [s for s in range(players) if turns[s] == max(turns)]
                ender = max(most, key=lambda s: (s - state["first"]) % players)
                ender_won += winner == ender
                if len(most) == players:
                    equal_wins[(winner - state["first"]) % players] += 1
                else:
                    extra[0] += 1
                    extra[1] += winner in most
            for seat, f in enumerate(flows):
                pos = (seat - state["first"]) % players
                by_pos[pos].append(f)
                if state["result"] and f["final"] == 0:
                    causes[cause(f)] += 1
                    zero_pos[pos] += 1
        print(f"ladrillazo, {players} players, {args.games} games: seats ending on 0 envelopes: "
              f"{sum(causes.values())}; by cause: " + ", ".join(f"{k} {v}" for k, v in causes.most_common())
              + "; by position: " + "  ".join(f"{k + 1}: {zero_pos[k]}" for k in range(players)))
        for pos, fs in enumerate(by_pos):
            print(f"  position {pos + 1}: " + "  ".join(
                f"{k} {statistics.mean(f[k] for f in fs):.1f}" for k in (*FLOWS, "earn_turns", "projects")))
        earned = sum(f["earned"] for fs in by_pos for f in fs)
        returned = sum(f["returned"] for fs in by_pos for f in fs)
        print(f"  returned at the end of turns: {returned / max(earned, 1):.0%} of the money earned")
        print(f"  the player of the last turn won {ender_won} of {finished}; in the {extra[0]} games where the first"
              f" positions played one turn more they won {extra[1]}; in the {sum(equal_wins.values())} with equal turns,"
              " wins by position: " + "  ".join(f"{k + 1}: {equal_wins[k]}" for k in range(players)))
        sys.stdout.flush()
    print("command: python bench/ladrillazo_bot_money.py " + " ".join(argv if argv is not None else sys.argv[1:]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
