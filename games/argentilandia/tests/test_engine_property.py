"""Property test over 1,000+ seeded full games (random players, some with a bot seat, capped by the
``max_turns`` option), checking invariants after every action: the 144 Production cards
(Components), officials/stockbrokers and 35 tokens per colour conserved, no negative counts, plain JSON,
apply never mutates its input, and determinism (same seed + actions -> same state)."""

import json
import marshal
import os
import random
import time

import pytest

from games.argentilandia.engine import RULESET as RS
from games.argentilandia.engine import board as B
from games.argentilandia.engine.schema import PHASE_ROLLOFF
from games.argentilandia.engine.state import tokens_used

from .test_engine_helpers import play_random

# Thousands of random games (Victory, Setup, every section): set lower to iterate faster.
GAMES = int(os.environ.get("ARGENTILANDIA_PROPERTY_GAMES", "2000"))


def check_invariants(st: dict) -> None:
    for m in B.MATERIALS:
        total = st["bank"][m] + sum(h[m] for h in st["hands"])
        assert total == 16, (m, total)
        assert st["bank"][m] >= 0 and all(h[m] >= 0 for h in st["hands"])
    c = st["contest"]
    stake_o = 1 if c and c["kind"] == "mp" else 0
    stake_s = 1 if c and c["kind"] == "percentage" else 0
    assert st["bank_officials"] + sum(st["officials"]) + stake_o == st["total_officials"]
    assert st["bank_stockbrokers"] + sum(st["stockbrokers"]) + stake_s == st["total_stockbrokers"]
    assert st["bank_officials"] >= 0 and min(st["officials"]) >= 0 and min(st["stockbrokers"]) >= 0
    for s in range(st["num_players"]):
        assert 0 <= tokens_used(st, s) <= 35
    for ind in st["industries"].values():
        owner = ind["owner"]
        if owner is not None:
            assert ind["slots"].count(owner) == max(ind["slots"].count(x) for x in ind["slots"] if x is not None)
    for port, owner in st["ports"].items():
        if owner is not None and st["phase"] != PHASE_ROLLOFF:
            assert owner in st["mps"][B.PORTS[port]["province"]]
    assert min(st["discards"]) >= 0
    u = st["union"]
    assert u["id"] in (B.PROVINCES if u["kind"] == "province" else B.INDUSTRIES)


@pytest.mark.long
def test_property_random_games():
    t0 = time.time()
    games = 0
    actions = 0
    finished = 0
    winners = 0
    for g in range(GAMES):
        n = 3 + g % 3
        bots = (0,) if g % 3 == 0 else ()
        log = []

        def check(old, new, seat, action, events, step, log=log, g=g):
            check_invariants(new)
            log.append((seat, action))
            json.dumps(events)
            if step % 25 == 0:
                json.dumps(new)
                before = marshal.dumps(old)
                RS.apply(old, seat, action)
                assert marshal.dumps(old) == before, "apply mutated its input"

        st, steps = play_random(g, n=n, max_turns=10 if not bots else 40, bots=bots, check=check)
        games += 1
        actions += steps
        out = RS.outcome(st)
        assert out is not None and sorted(out["ranking"]) == list(range(n))
        finished += 1
        winners += out["reason"] == "victory"
        if g % 50 == 0:
            again = RS.new_game(n, f"seed-{g}", {"max_turns": 10 if not bots else 40})
            for seat, action in log:
                again, _ = RS.apply(again, seat, action)
            assert again == st
    dt = time.time() - t0
    print(f"\n{games} games, {actions} actions in {dt:.1f}s: {games / dt:.1f} games/s, {actions / dt:.0f} actions/s; "
          f"{winners} ended by victory")
    assert finished == GAMES


def test_bot_only_games_finish_with_a_winner():
    """Victory: bot-only games reach the victory condition."""
    rng = random.Random(7)
    wins = 0
    for g in range(20):
        n = 3 + g % 3
        st = RS.new_game(n, f"bots-{g}", {"max_turns": 400})
        while RS.to_move(st):
            seat = RS.to_move(st)[0]
            st, _ = RS.apply(st, seat, RS.bot_action(st, seat, rng))
            check_invariants(st)
        wins += RS.outcome(st)["reason"] == "victory"
    assert wins >= 18
