"""Hidden information: view() never shows the seed, the rng counter or another seat's hand
(General rules: Production cards must not be left in view of others)."""

import json

from games.argentilandia.engine import RULESET as RS
from games.argentilandia.engine import board as B
from games.argentilandia.engine.schema import PHASE_DISCARD, PHASE_UNION
from games.core.events import visible_to

from .test_engine_helpers import MATS, main_state, play_random


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


def _seen(state, events, viewer):
    """Everything ``viewer`` receives after a move: its view and its log lines (the site sends no more: every
    channel, the replay included, goes through ``view`` and ``visible_to``)."""
    return json.dumps(RS.view(state, viewer), sort_keys=True), visible_to(events, viewer)


def _another_discard(hand: dict, chosen: dict) -> dict | None:
    """The same number of cards as ``chosen`` from ``hand``, but other ones (None when the hand allows no other)."""
    count = sum(chosen.values())
    for give_back in (m for m in MATS if chosen.get(m)):
        for instead in (m for m in MATS if hand[m] > chosen.get(m, 0) and m != give_back):
            other = dict(chosen)
            other[give_back] -= 1
            other[instead] = other.get(instead, 0) + 1
            other = {m: c for m, c in other.items() if c}
            assert sum(other.values()) == count
            return other
    return None


def test_a_discard_cannot_be_recovered_by_another_seat_or_a_spectator():
    """Doubles a. and General rules ("Players' Production cards must not be left in view of others"), decision 18:
    a seat that discards 5 Oil or 5 other cards leaves every other seat and a spectator with exactly the same view
    (the bank is a total, never counts per material) and the same log, then and after the production that
    follows; only the discarder's own view and log differ."""
    hands = {0: {"oil": 2}, 1: {"oil": 5, "fish": 3, "wood": 2}, 2: {"soy": 3}, 3: {"cows": 1}}
    st = main_state(hands=hands, phase=PHASE_DISCARD, dice=[4, 4], in_play=B.provinces_in_play(8),
                    discards=[0, 5, 0, 0], mps={"la_pampa": [1, 2, None], "cordoba": [0, 3, None]})
    a, ev_a = RS.apply(st, 1, {"type": "discard", "cards": {"oil": 5}})
    b, ev_b = RS.apply(st, 1, {"type": "discard", "cards": {"fish": 3, "wood": 2}})
    assert a["hands"][1] != b["hands"][1] and a["phase"] == b["phase"] == PHASE_UNION  # production was paid
    assert any(e["type"] == "produced" for e in ev_a)
    for viewer in (None, 0, 2, 3):
        assert _seen(a, ev_a, viewer) == _seen(b, ev_b, viewer), viewer
        assert "bank" not in RS.view(a, viewer) and RS.view(a, viewer)["bank_total"] == sum(a["bank"].values())
    assert _seen(a, ev_a, 1) != _seen(b, ev_b, 1)  # the discarder sees its own cards
    # the Union Organizer's compulsory move that follows draws a card from the discarder's hand: the drawer sees
    # which, nobody else does
    move = {"type": "move_union", "target": {"kind": "province", "id": "la_pampa"}}
    for viewer in (None, 2, 3):
        assert _seen(*RS.apply(a, 0, move), viewer) == _seen(*RS.apply(b, 0, move), viewer)


def test_discards_in_random_games_leave_the_others_nothing_to_recover():
    """Doubles a., decision 18: at every discard of some random and bot games (the player's choice, the bot's
    or the server's random pick), the same number of other cards would have sent every other viewer the same
    view and log. The one public trace the rules give a bank's content, a material the bank cannot pay after
    the discards (Special Rules: Production cards), is the only exception, and is not counted."""
    compared = 0

    def check(old, new, seat, action, events, step):
        nonlocal compared
        if action["type"] != "discard":
            return
        chosen = next(e["cards"] for e in events if e["type"] == "discarded")
        other = _another_discard(old["hands"][seat], chosen)
        if other is None:
            return
        alt, alt_events = RS.apply(old, seat, {"type": "discard", "cards": other})
        if any(e["type"] == "production_unpaid" for e in events + alt_events):
            return
        for viewer in [None, *(s for s in range(old["num_players"]) if s != seat)]:
            assert _seen(new, events, viewer) == _seen(alt, alt_events, viewer)
        compared += 1
    for g in range(40):
        play_random(g, n=3 + g % 3, max_turns=40, bots=(0, 1, 2) if g % 2 else (), check=check)
    assert compared >= 10
