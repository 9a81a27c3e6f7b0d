"""view() hides the seed, the rng counter and the deck order (Chance or Fate)."""

from __future__ import annotations

import json
import random

from games.estanciero.engine import RULESET as R
from games.estanciero.engine.sim import play_random_game


def _views_are_clean(state: dict) -> None:
    for seat in list(range(state["num_players"])) + [None]:
        v = R.view(state, seat)
        text = json.dumps(v)
        assert "seed" not in v and "rng_counter" not in v and "decks" not in v
        assert state["seed"] not in text
        assert v["deck_sizes"] == {k: len(d) for k, d in state["decks"].items()}
        for deck in state["decks"].values():
            assert json.dumps(deck) not in text or len(deck) <= 1
        assert all(c["seat"] == seat for c in v["my_claims"])


def test_view_never_contains_seed_rng_counter_or_deck_order():
    state = R.new_game(4, "very-secret-seed-123")
    _views_are_clean(state)
    checked = []

    def check(before, seat, action, after, events):
        if len(checked) % 7 == 0:
            _views_are_clean(after)
        checked.append(1)

    play_random_game(4, "very-secret-seed-456", random.Random(3), {"max_turns": 6}, check=check)
    assert checked


def test_view_is_json_and_does_not_alias_state():
    state = R.new_game(3, "alias-seed")
    v = R.view(state, 0)
    v["players"][0]["money"] = -1
    assert state["players"][0]["money"] == 35000
    json.dumps(v)
