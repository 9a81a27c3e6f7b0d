"""Hidden information: view() never shows the seed, the rng counter or another seat's hand
(General rules: Production cards must not be left in view of others)."""

import json

from games.argentilandia.engine import RULESET as RS

from .test_engine_helpers import main_state, play_random


def _assert_hidden(state, seat):
    v = RS.view(state, seat)
    text = json.dumps(v)
    assert "seed" not in v and "rng_counter" not in v and "hands" not in v
    assert state["seed"] not in text
    assert v["hand_counts"] == [sum(h.values()) for h in state["hands"]]
    if seat is None:
        assert v["hand"] is None
    else:
        assert v["hand"] == state["hands"][seat]


def test_view_hides_seed_counter_and_other_hands():
    st = main_state(seed="secret-seed-xyz", hands={0: {"oil": 3}, 1: {"fish": 2}})
    for seat in (None, 0, 1, 2, 3):
        _assert_hidden(st, seat)
    v = RS.view(st, 1)
    assert v["hand"] == {**v["hand"], "fish": 2, "oil": 0}


def test_view_over_random_games():
    """Every seat's and the spectator's view, at every step of some random games."""
    def check(old, new, seat, action, events, step):
        if step % 7 == 0:
            for s in [None] + list(range(new["num_players"])):
                _assert_hidden(new, s)
    for g in range(5):
        play_random(g, n=3 + g % 3, max_turns=8, check=check)
