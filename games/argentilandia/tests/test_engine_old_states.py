"""Games in progress at a deploy that changes the rules (rules revision 1 -> 2, issue 42) go on from the state the
old engine wrote: mid-game states written by the engine of commit 7f99c57 (``data/pre_revision_states.json``,
made by ``scripts/pre_revision_states.py``; the file names the command) are viewed by every seat and continued by
today's engine to their end, random legal moves and bots as in the property test, the Production cards,
officials, stockbrokers and tokens conserved after every move (Components). Their offers lack the ``countered``
flag of a counter-offered offer (read as not countered, Trade decision 13)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.argentilandia.engine import RULESET as RS
from games.argentilandia.engine.sim import random_step

from .test_engine_property import check_invariants

FIXTURE = json.loads((Path(__file__).parent / "data" / "pre_revision_states.json").read_text())
MAX_MOVES = 4000


def test_the_fixture_says_where_it_came_from():
    assert FIXTURE["commit"].startswith("7f99c57") and "pre_revision_states.py" in FIXTURE["command"]
    assert len(FIXTURE["states"]) >= 5
    situations = {note for s in FIXTURE["states"] for note in s["in_play"]}
    assert {"an open offer to everyone", "an open counter-offer",
            "the Banker opened by an offer closed without a trade"} <= situations
    # Written before a counter-offer marked the offer it answers.
    assert not any("countered" in o for s in FIXTURE["states"] for o in s["state"]["offers"])


@pytest.mark.parametrize("picked", FIXTURE["states"], ids=lambda p: f"game{p['game']}-move{p['moves']}")
def test_an_old_engines_state_plays_on_to_its_end_with_todays_engine(picked):
    """Components, Trade, Victory: a state of rules revision 1 is viewed by everyone, and played to its end by
    today's engine with the Production cards, officials, stockbrokers and tokens conserved."""
    st = picked["state"]
    n = st["num_players"]
    check_invariants(st)
    rng = random.Random(f"old-state-{picked['game']}")
    bots = {0} if picked["game"] % 2 else set()
    for _ in range(MAX_MOVES):
        for viewer in [None, *range(n)]:
            RS.view(st, viewer)
        step = random_step(st, rng, bots)
        if step is None:
            break
        seat, action = step
        st, events = RS.apply(st, seat, action)
        json.dumps(events)
        check_invariants(st)
    out = RS.outcome(st)
    assert out is not None and sorted(out["ranking"]) == list(range(n))
