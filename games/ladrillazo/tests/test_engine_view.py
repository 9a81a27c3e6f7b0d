"""What each seat is shown: other hands as counts, the deck order and the discard pile hidden, the
seed hidden; secret events (draws, discards) hidden from others (The Cards; End of turn)."""

from __future__ import annotations

import json
import random

from games.core.events import visible_to
from games.ladrillazo.engine import RULESET as R
from games.ladrillazo.engine.sim import random_step

from .helpers import act, game, to_hand


def test_view_hides_other_hands_deck_order_and_seed():
    s = R.new_game(3, "view")
    v = R.view(s, 1)
    text = json.dumps(v)
    assert "seed" not in v and "rng_counter" not in v and "deck" not in v and "discard" not in v
    assert v["deck_size"] == len(s["deck"]) and v["discard_size"] == 0
    assert [len(p["hand"]) for p in v["players"]] == [0, 8, 0]
    assert [p["hand_count"] for p in v["players"]] == [8, 8, 8]
    assert [c["id"] for c in v["players"][1]["hand"]] == s["players"][1]["hand"]
    for seat in (0, 2):
        for cid in s["players"][seat]["hand"]:
            assert f'"id": {cid},' not in text
    assert "cards" not in v  # the id -> card map would reveal the deck
    spectator = R.view(s, None)
    assert all(p["hand"] == [] for p in spectator["players"]) and spectator["viewer"] is None


def test_view_cards_carry_their_printed_definition():
    """The Cards: a client draws each card from the data the view carries."""
    s = R.new_game(2, "cat")
    v = R.view(s, 0)
    for c in v["players"][0]["hand"]:
        assert c["card"]["key"] == c["key"] == s["cards"][c["id"]]
        assert {"requires", "slots", "padlock", "hide", "evade", "powers", "name", "name_en"} <= set(c["card"])
    assert v["players"][1]["paradise_card"]["type"] == "paradise" and v["players"][1]["paradise_card"]["summary"]


def test_view_secret_events_hidden_from_others():
    s = game()
    card = to_hand(s, 0, "mineros")
    s, ev = act(s, 0, {"type": "end_turn", "discard": [card]})
    for event in visible_to(ev, 1):
        assert "cards" not in event and "cards_keys" not in event
    mine = [e for e in visible_to(ev, 0) if e["type"] == "discarded"][0]
    assert mine["cards"] == [card] and mine["cards_keys"] == ["mineros"]


def test_view_never_leaks_hands_in_random_games():
    """Random games: a viewer's view never names a card in another player's hand, the deck or
    the discard pile."""
    rng = random.Random(3)
    s = R.new_game(3, "leak", {"max_turns": 6})
    while R.outcome(s) is None:
        for seat in range(3):
            v = R.view(s, seat)
            shown = {c["id"] for p in v["players"] for c in p["plot"] + p["hand"]}
            for prop in v["proposals"]:
                shown |= set(prop["give"]["hand"] + prop["give"]["plot"] + prop["ask"]["plot"])
            secret = set(s["deck"]) | set(s["discard"]) | {c for p in s["players"] if p["seat"] != seat for c in p["hand"]}
            leaked = {c for c in shown & secret}
            allowed = {c for prop in s["proposals"] if seat in (prop["from"], prop["to"]) for c in prop["give"]["hand"]}
            assert leaked <= allowed
        step = random_step(s, rng)
        s, _ = R.apply(s, *step)
