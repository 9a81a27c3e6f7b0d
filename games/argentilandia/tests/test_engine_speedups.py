"""The engine's fast paths give what the plain rules give (Trade; Special Provinces; Preliminary Round;
Components), also for states built or stored by hand, and never change the state they are given."""

import copy
import json

from games.argentilandia.engine import RULESET as RS
from games.argentilandia.engine import board as B
from games.argentilandia.engine import legal_actions as L
from games.argentilandia.engine import special, trade

from .test_engine_helpers import act, hand, main_state, play_random


def test_offer_examples_follow_the_materials_order_whatever_the_hand_order():
    """Trade (offer examples): the material held most, and the one held least for a single player, are
    the first in the materials' order on ties, also for a hand whose keys come in another order (a state
    read back from a database that sorts keys)."""
    cards = {"oil": 3, "fish": 3, "wood": 1, "soy": 0, "grapes": 2}
    st = main_state(hands={0: cards})
    reordered = copy.deepcopy(st)
    reordered["hands"][0] = dict(sorted(st["hands"][0].items(), key=lambda kv: (len(kv[0]), kv[0])))
    assert list(reordered["hands"][0]) != B.MATERIALS
    examples = L.offer_examples(st, 0)
    assert examples == L.offer_examples(reordered, 0)
    top = max(B.MATERIALS, key=st["hands"][0].__getitem__)
    low = min(B.OTHER_MATERIALS[top], key=st["hands"][0].__getitem__)
    assert examples[0]["give"] == {top: 1} == {"oil": 1}
    assert examples[-1] == {"type": "offer_trade", "to": 3, "give": {"oil": 1}, "get": {low: 1}}


def test_legal_lists_share_nothing_between_calls():
    """The legal list is sent to browsers and may be changed by whoever holds it: every call builds its
    own dicts (Trade: the exchange and offer examples come from tables built once)."""
    st = main_state(hands={0: {"oil": 4, "fish": 2, "soy": 1, "wood": 1}},
                    mps={p: [0] * len(B.PROVINCES[p]["mps"]) for p in B.BORDER_PROVINCES[:1]})
    first = RS.legal_actions(st, 0)
    assert any(a["type"] == "intl_trade" for a in first) and any(a["type"] == "offer_trade" for a in first)
    for a in first:
        for v in a.values():
            if isinstance(v, dict):
                v["mutated"] = 1
        a["mutated"] = 1
    again = RS.legal_actions(st, 0)
    assert all("mutated" not in a and all("mutated" not in v for v in a.values() if isinstance(v, dict))
               for a in again)


def test_one_offer_to_players_out_of_order_still_lists_them_sorted():
    """Trade, decision 16: the seats an offer waits for are in seat order, whatever order the stored
    offer names them in."""
    st = main_state(hands={0: {"oil": 1}})
    st["offers"] = [{"id": 1, "from": 0, "to": [3, 1, 3], "give": {"oil": 1}, "get": {"fish": 1}, "to_all": True}]
    assert trade.recipients(st) == [1, 3]
    assert RS.to_move(st) == [1, 3]


def test_special_refresh_keeps_an_empty_entry_as_the_plain_rule_does():
    """Special Provinces: the tracking is only rewritten when a monopoly appears, changes hands or ends;
    an entry stored as null for a province nobody monopolises is left alone."""
    st = main_state()
    p = B.SPECIAL_PROVINCES[0]
    st["special"] = {p: None}
    special.refresh(st)
    assert st["special"] == {p: None}
    st["mps"][p] = [2] * len(B.PROVINCES[p]["mps"])
    special.refresh(st)
    assert st["special"] == {p: {"seat": 2, "since": st["turn"]}}


def test_draft_and_preliminary_purchase_leave_their_input_untouched():
    """Preliminary Round: placing a free MP and the preliminary purchase copy only what they change
    (the MPs, the bank, the hands, the draft or purchase order); the state they are given stays as it was."""
    st = RS.new_game(4, "speedups")
    while st["phase"] in ("draft", "prelim_buy"):
        seat = RS.to_move(st)[0]
        legal = RS.legal_actions(st, seat)
        action = legal[-1]
        before = json.dumps(st)
        new, _ = act(st, seat, **action)
        assert json.dumps(st) == before
        assert new["mps"] is not st["mps"] and new["hands"] is not st["hands"]
        st = new
    assert st["phase"] == "pre_roll"


def test_tokens_counted_in_plain_loops_match_the_board():
    """Components: 35 tokens per colour, counted over the MPs, the ports and the industries' percentages."""
    st, _ = play_random(5, max_turns=30)
    for seat in range(st["num_players"]):
        mps = sum(slots.count(seat) for slots in st["mps"].values())
        ports = list(st["ports"].values()).count(seat)
        pct = sum(info["slots"].count(seat) for info in st["industries"].values())
        assert RS.view(st, None)["tokens_left"][seat] == B.TOKENS_PER_COLOR - mps - ports - pct


def test_a_hand_without_three_different_cards_buys_no_free_mp():
    """Exchange and Cost Card: 1 MP costs 3 cards of different resources, however many cards are held."""
    st = main_state(hands={0: hand(oil=5, fish=5)}, total=6)
    assert not any(a["type"] == "buy_mp" for a in RS.legal_actions(st, 0))
    assert L._free_mps(st, 0, False) == []
    st["hands"][0]["soy"] = 1
    assert [a for a in RS.legal_actions(st, 0) if a["type"] == "buy_mp"] == L._free_mps(st, 0, False) != []


def test_the_legal_list_reads_like_a_list_of_dicts_and_hands_out_copies():
    """The legal list points to prebuilt actions (engine/action_list.py): JSON, equality, membership, slices,
    iteration and pickling give what a plain list of the same dicts gives, and every item read is a new
    copy, so changing it (or its give/get) never reaches the next call's list."""
    import pickle

    from games.argentilandia.engine.action_list import Actions

    st = main_state(hands={0: {"oil": 4, "fish": 2, "soy": 1, "wood": 1}},
                    mps={p: [0] * len(B.PROVINCES[p]["mps"]) for p in B.BORDER_PROVINCES[:1]})
    legal = RS.legal_actions(st, 0)
    plain = [dict(a) for a in legal]
    assert isinstance(legal, list) and type(legal) is Actions
    assert legal == plain and json.dumps(legal) == json.dumps(plain) and plain[3] in legal
    assert legal[1:4] == plain[1:4] and list(reversed(legal)) == plain[::-1] and legal + [] == plain
    assert pickle.loads(pickle.dumps(legal)) == plain and copy.deepcopy(legal) == plain
    offer = next(i for i, a in enumerate(legal) if a["type"] == "offer_trade")
    first = legal[offer]
    assert first == legal[offer] and first is not legal[offer] and first["give"] is not legal[offer]["give"]
    first["give"]["mutated"] = 1
    popped = legal.pop(offer)
    popped["get"]["mutated"] = 1
    assert RS.legal_actions(st, 0) == plain
