"""Setup, Preliminary Round and the start of play."""

import json

from games.argentilandia.engine import RULESET as RS
from games.argentilandia.engine import board as B
from games.argentilandia.engine.schema import PHASE_DRAFT, PHASE_MAIN, PHASE_PRE_ROLL, PHASE_PRELIM_BUY
from games.core.rulesets import Ruleset
from tests.support.engines import refused, refused_new_game

from .test_engine_helpers import act


def test_ruleset_contract():
    """Components: 3-5 players; the object satisfies the framework protocol."""
    assert isinstance(RS, Ruleset)
    assert (RS.name, RS.min_players, RS.max_players) == ("argentilandia", 3, 5)
    refused_new_game(RS, 2, None, "components")


def test_setup_union_on_tucuman_one_official_each():
    """Setup: Union Organizer on Tucumán's Wood; the Banker gives each player 1 Corrupt Official."""
    st = RS.new_game(4, "s")
    json.dumps(st)
    assert st["union"] == {"kind": "province", "id": "tucuman"}
    assert st["officials"] == [1, 1, 1, 1] and st["bank_officials"] == 8
    assert st["bank_stockbrokers"] == 12
    assert sum(st["bank"].values()) == 144
    assert st["phase"] == PHASE_DRAFT


def test_setup_highest_roll_begins():
    """Setup: each player rolls; the highest result begins the Preliminary Round (ties re-roll)."""
    st = RS.new_game(5, "roll")
    last = st["setup_rolls"][-1]
    sums = [a + b for a, b in last["dice"]]
    assert last["seats"][sums.index(max(sums))] == st["first_player"]
    assert sums.count(max(sums)) == 1
    assert RS.to_move(st) == [st["first_player"]]


def test_preliminary_snake_order():
    """Preliminary Round: 7 rounds, clockwise then counter-clockwise, the last becoming the first."""
    st = RS.new_game(3, "snake")
    o = st["order"]
    picks = st["draft"]["picks"]
    assert len(picks) == 21
    assert picks[:6] == o + o[::-1] and picks[-3:] == o


def _first_free(st, seat):
    return next(a for a in RS.legal_actions(st, seat) if a["type"] == "place_mp")


def test_preliminary_pick_pays_card_and_one_per_province():
    """Preliminary Round: each chosen MP pays its Production card; no more than 1 MP per province;
    Tucumán is blocked."""
    st = RS.new_game(4, "p")
    seat = RS.to_move(st)[0]
    assert all(a["province"] != "tucuman" for a in RS.legal_actions(st, seat))
    st2, ev = act(st, seat, type="place_mp", province="buenos_aires", slot=0)
    assert st2["hands"][seat]["cows"] == 1 and st2["mps"]["buenos_aires"][0] == seat
    assert any(e["type"] == "produced" for e in ev)
    refused(RS, st, seat, dict(type="place_mp", province="tucuman", slot=0), "setup")
    # the same seat's next pick may not be in Buenos Aires again
    st3 = st2
    while RS.to_move(st3) != [seat]:
        s = RS.to_move(st3)[0]
        a = next(a for a in RS.legal_actions(st3, s) if a["province"] != "buenos_aires")
        st3, _ = RS.apply(st3, s, a)
    refused(RS, st3, seat, dict(type="place_mp", province="buenos_aires", slot=1), "preliminary-round")


def _finish_draft(st):
    while st["phase"] == PHASE_DRAFT:
        s = RS.to_move(st)[0]
        st, _ = RS.apply(st, s, _first_free(st, s))
    return st


def test_preliminary_purchase_round_then_last_placer_starts():
    """Preliminary Round: then one optional purchase each (3 different cards, no trades/ports/officials);
    Round Summary: the player who placed the last token starts the game."""
    st = _finish_draft(RS.new_game(4, "pp"))
    assert st["phase"] == PHASE_PRELIM_BUY
    assert all(sum(h.values()) == 7 for h in st["hands"])
    seat = RS.to_move(st)[0]
    assert seat == st["order"][0]
    types = {a["type"] for a in RS.legal_actions(st, seat)}
    assert types <= {"pass", "buy_mp"}
    refused(RS, st, seat, dict(type="bank_trade", give="oil", get="fish"), "preliminary-round")
    refused(RS, st, seat, dict(type="buy_official"), "preliminary-round")
    for _ in range(4):
        s = RS.to_move(st)[0]
        st, _ = act(st, s, type="pass")
    assert st["phase"] == PHASE_PRE_ROLL and st["current"] == st["draft"]["picks"][-1] == st["order"][-1]
    assert st["turn"] == 1


def test_preliminary_purchase_any_province_but_one_per_province():
    """Preliminary Round: the bought MP keeps the 1-per-province rule; it is not restricted to provinces in play."""
    st = _finish_draft(RS.new_game(4, "pb"))
    seat = RS.to_move(st)[0]
    buys = [a for a in RS.legal_actions(st, seat) if a["type"] == "buy_mp"]
    for a in buys:
        assert seat not in st["mps"][a["province"]]
    if buys:
        st2, ev = RS.apply(st, seat, buys[0])
        assert sum(st2["hands"][seat].values()) == 4
    held = next(p for p in B.PROVINCE_IDS if seat in st["mps"][p])
    st["mps"][held] = [seat] + [None] * (len(st["mps"][held]) - 1)
    refused(RS, st, seat, dict(type="buy_mp", province=held, slot=1), "preliminary-round")


def test_turn_order_never_rotates():
    """Round Summary: play passes to the left (seat + 1) and the order never changes."""
    st = _finish_draft(RS.new_game(3, "order"))
    for _ in range(3):
        st, _ = act(st, RS.to_move(st)[0], type="pass")
    seen = []
    for _ in range(6):
        seen.append(st["current"])
        while st["phase"] != PHASE_MAIN:
            s = RS.to_move(st)[0]
            st, _ = RS.apply(st, s, RS.timeout_action(st, s))
        st, _ = act(st, st["current"], type="end_turn")
    assert seen == [(seen[0] + k) % 3 for k in range(6)]
