"""What each seat is shown (The Cards; Plot; Talks): the shape the table draws from, pinned field by field over
the states of random games. Gaps that the mutation run of 2 December 2026 found in ``engine/view.py``
(docs/TESTING.md, "Mutation testing"): no engine test read the plot cards' derived values, the hidden
envelopes, the hand cards' type, the cards named in proposals, or ``viewer`` and ``to_move``."""

from __future__ import annotations

import random

from games.ladrillazo.engine import RULESET as R
from games.ladrillazo.engine import cards, plot
from games.ladrillazo.engine.sim import random_step

PLAYER_KEYS_ADDED = {"plot", "hidden", "hand_count", "hand", "paradise_card"}


def _check_view(s: dict, seat: int | None) -> int:
    """Every derived field of ``seat``'s view agrees with the engine; returns how many proposal cards it named."""
    v = R.view(s, seat)
    assert v["viewer"] == seat and v["to_move"] == R.to_move(s)
    for p, shown in zip(s["players"], v["players"]):
        assert set(shown) == (set(p) - {"hand", "plot"}) | PLAYER_KEYS_ADDED
        assert shown["hidden"] == plot.hidden(s, p["seat"]) and shown["hand_count"] == len(p["hand"])
        for e, c in zip(p["plot"], shown["plot"]):
            d = cards.of(s, e["id"])
            assert c["backers"] == e["backers"] and c["backers"] is not e["backers"]
            assert (c["key"], c["type"], c["card"]) == (d["key"], d["type"], d)
            assert (c["level"], c["capacity"], c["slots_free"]) == \
                (plot.level(s, e), plot.capacity(s, e), plot.free_slots(s, e))
        if p["seat"] == seat:
            assert [(c["id"], c["key"], c["type"]) for c in shown["hand"]] == \
                [(cid, s["cards"][cid], cards.of(s, cid)["type"]) for cid in p["hand"]]
    named = 0
    for prop, shown in zip(s["proposals"], v["proposals"]):
        for side in ("give", "ask"):
            visible_hand = prop[side]["hand"] if seat in (prop["from"], prop["to"]) else []
            expected = [("hand", c) for c in visible_hand] + [("plot", c) for c in prop[side]["plot"]]
            assert [(c["where"], c["id"]) for c in shown[side]["cards"]] == expected
            for c in shown[side]["cards"]:
                d = cards.of(s, c["id"])
                assert (c["key"], c["name"], c["name_en"]) == (s["cards"][c["id"]], d["name"], d["name_en"])
            named += len(shown[side]["cards"])
    return named


def test_every_view_field_the_table_draws_agrees_with_the_engine_over_random_games():
    """The Cards, Plot and Talks: the plot cards' level, capacity and free slots, each player's hidden
    envelopes, the viewer's hand cards and the cards named in proposals, for every seat and a spectator."""
    rng = random.Random(12)
    named = plots = 0
    for g in range(4):
        s = R.new_game(3 + g % 2, f"view-shape-{g}", {"max_turns": 8})
        step = 0
        while R.outcome(s) is None and step < 400:
            if step % 9 == 0:
                for seat in [None, *range(s["num_players"])]:
                    named += _check_view(s, seat)
                plots += sum(len(p["plot"]) for p in s["players"])
            s, _ = R.apply(s, *random_step(s, rng))
            step += 1
    assert plots > 20 and named > 0  # the games reached plots and proposals
