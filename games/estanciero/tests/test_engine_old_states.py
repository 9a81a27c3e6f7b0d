"""Games in progress at a deploy that changes the rules (rules revision 1 -> 2, issue 42) go on from the state the
old engine wrote: mid-game states written by the engine of commit 7f99c57 (``data/pre_revision_states.json``,
made by ``scripts/pre_revision_states.py``; the file names the command), some with a player in jail after a failed
roll, a claim (which the old rules made the next roll wait for), an auction or a proposal open, are viewed by every seat and continued by today's engine to their end,
random legal moves and bots as in the property test, money moving only through ``money`` events and the deeds,
buildings and cards conserved after every move (The Bank; Doubles on the Dice; Police Station)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.estanciero.engine import RULESET as R
from games.estanciero.engine.sim import random_step

from .test_engine_property import check_invariants, check_step

FIXTURE = json.loads((Path(__file__).parent / "data" / "pre_revision_states.json").read_text())
MAX_MOVES = 6000


def test_the_fixture_says_where_it_came_from():
    assert FIXTURE["commit"].startswith("7f99c57") and "pre_revision_states.py" in FIXTURE["command"]
    assert len(FIXTURE["states"]) >= 5
    situations = {note for s in FIXTURE["states"] for note in s["in_play"]}
    assert {"someone in jail", "a jail roll attempt made", "a roll again after doubles", "an auction",
            "an open proposal", "an open claim"} <= situations


@pytest.mark.parametrize("picked", FIXTURE["states"], ids=lambda p: f"game{p['game']}-move{p['moves']}")
def test_an_old_engines_state_plays_on_to_its_end_with_todays_engine(picked):
    """The Bank, Police Station, Doubles on the Dice: a state of rules revision 1 is viewed by everyone, and played
    to its end by today's engine with money, deeds, buildings and cards conserved."""
    state = picked["state"]
    n = state["num_players"]
    check_invariants(state)
    rng = random.Random(f"old-state-{picked['game']}")
    bots = frozenset({n - 1}) if picked["game"] % 2 else frozenset()
    for _ in range(MAX_MOVES):
        for viewer in [None, *range(n)]:
            R.view(state, viewer)
        step = random_step(state, rng, bots)
        if step is None:
            break
        seat, action = step
        new, events = R.apply(state, seat, action)
        check_step(state, seat, action, new, events)
        state = new
    out = R.outcome(state)
    assert out is not None and sorted(out["ranking"]) == sorted(range(n))
