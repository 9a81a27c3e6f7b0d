"""Property test: random legal games (2-6 players) keep the envelopes and the cards conserved after
every move, never mutate their input, stay plain JSON, and replay identically from the seed.

Sized by ``LADRILLAZO_PROPERTY_GAMES`` (200 by default for ``make test``; thousands in the slow
target). Checks every section through random play."""

from __future__ import annotations

import json
import marshal
import os
import random
import time

import pytest

from games.ladrillazo.engine import RULESET as R
from games.ladrillazo.engine import cards
from games.ladrillazo.engine.sim import play_random_game

from .helpers import card_total, envelope_total

GAMES = int(os.environ.get("LADRILLAZO_PROPERTY_GAMES", "200"))
DECK = len(cards.deck_keys())


def check_invariants(s: dict) -> None:
    assert envelope_total(s) == s["total_envelopes"], "envelopes not conserved"
    assert s["dispenser"] >= 0 and all(p["loose"] >= 0 and p["paradise"] >= 0 for p in s["players"])
    assert card_total(s) == DECK, "cards not conserved"
    seen = list(s["deck"]) + list(s["discard"])
    for p in s["players"]:
        seen += p["hand"]
        by_id = {e["id"]: e for e in p["plot"]}
        seen += by_id
        for e in p["plot"]:
            d = cards.of(s, e["id"])
            assert 0 <= e["envelopes"] <= (0 if e["backing"] is not None else d["hide"]), "over an ESCONDE stamp"
            assert len(e["backers"]) <= len(d["slots"])
            for b in e["backers"]:
                assert by_id[b]["backing"] == e["id"]
            if e["backing"] is not None:
                assert e["id"] in by_id[e["backing"]]["backers"]
        if s["turn"]["seat"] != p["seat"] and s["phase"] != "over":
            assert p["loose"] == 0, "loose money outside its owner's turn"
    assert sorted(seen) == list(range(DECK)), "a card is in two places"


@pytest.mark.long
def test_property_random_games_conserve_envelopes_and_cards():
    t0 = time.time()
    total_steps = 0
    for g in range(GAMES):
        n = 2 + g % 5
        rng = random.Random(g)
        log = []

        def check(old, new, seat, action, events, log=log):
            check_invariants(new)
            log.append((seat, action))
            if len(log) % 40 == 0:
                json.dumps(new)
                json.dumps(events)
                before = marshal.dumps(old)
                R.apply(old, seat, action)
                assert marshal.dumps(old) == before, "apply mutated its input"

        options = {"max_turns": 6 + g % 5, "handful": 5 + g % 20}
        state, steps = play_random_game(n, f"prop-{g}", rng, options, check)
        total_steps += steps
        assert R.outcome(state) is not None
        assert sorted(R.outcome(state)["ranking"]) == list(range(n))
        if g % 25 == 0:
            again = R.new_game(n, f"prop-{g}", options)
            for seat, action in log:
                again, _ = R.apply(again, seat, action)
            assert again == state, "replay from the seed differs"
    print(f"{GAMES} games, {total_steps} moves in {time.time() - t0:.1f}s")
