"""Games in progress at a deploy that changes the rules (rules revision 1 -> 2, issue 42) go on from the state the
old engine wrote: mid-game states written by the engine of commit 7f99c57 (``data/pre_revision_states.json``,
made by ``scripts/pre_revision_states.py``; the file names the command) are continued by today's engine with its
own random play and bots to their end, the envelopes and the cards conserved after every move (Money; The Cards;
End of the game). Their options lack ``paradise_evade``: the paradise card keeps the EVADE stamp it was dealt with
(``plot.paradise_evade``)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.ladrillazo.engine import RULESET as R
from games.ladrillazo.engine import plot
from games.ladrillazo.engine.sim import random_step

from .test_engine_property import check_invariants

FIXTURE = json.loads((Path(__file__).parent / "data" / "pre_revision_states.json").read_text())
MAX_MOVES = 3000


def test_the_fixture_says_where_it_came_from():
    assert FIXTURE["commit"].startswith("7f99c57") and "pre_revision_states.py" in FIXTURE["command"]
    assert len(FIXTURE["states"]) >= 5
    situations = {note for s in FIXTURE["states"] for note in s["in_play"]}
    assert {"an open proposal", "a paradise EVADE used this turn", "envelopes saved on a plot card"} <= situations


@pytest.mark.parametrize("picked", FIXTURE["states"], ids=lambda p: f"game{p['game']}-move{p['moves']}")
def test_an_old_engines_state_plays_on_to_its_end_with_todays_engine(picked):
    """Money, The Cards, End of the game: a state of rules revision 1 is viewed, and played to its end by today's
    engine, conserving envelopes and cards; the paradise card of such a game keeps its EVADE 1 (Money)."""
    state = picked["state"]
    assert "paradise_evade" not in state["options"]  # written before the option existed
    assert plot.paradise_evade(state) == 1
    check_invariants(state)
    rng = random.Random(f"old-state-{picked['game']}")
    bot = state["num_players"] - 1
    for _ in range(MAX_MOVES):
        for seat in [None, *range(state["num_players"])]:
            R.view(state, seat)
        step = random_step(state, rng)
        if step is None:
            break
        seat, action = step
        if seat == bot and seat == state["turn"]["seat"] and not state["proposals"]:
            action = R.bot_action(state, seat, rng)
        for answerer in range(state["num_players"]):
            R.bot_optional_action(state, answerer, rng)
        state, events = R.apply(state, seat, action)
        json.dumps(events)
        check_invariants(state)
    outcome = R.outcome(state)
    assert outcome is not None and sorted(outcome["ranking"]) == list(range(state["num_players"]))
