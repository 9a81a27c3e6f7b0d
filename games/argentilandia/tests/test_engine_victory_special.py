"""Monopolies, Victory, Special Provinces and the 3-player variant."""

import pytest

from games.argentilandia.engine import RULESET as RS
from games.argentilandia.engine.victory import vp_breakdown
from games.rulesets import IllegalAction

from .test_engine_helpers import act, main_state


def _winning_board(st, seat=0):
    """Victory example: Metal Refinery 6 + Furniture Factory 6 + San Luis 4 = 16."""
    st["mps"]["san_luis"] = [seat, seat, seat]  # holds Metals
    st["mps"]["misiones"] = [seat, None]  # holds Wood
    st["industries"]["metal_refinery"] = {"slots": [seat] * 4, "owner": seat}
    st["industries"]["furniture_factory"] = {"slots": [seat] * 4, "owner": seat}
    return st


def test_victory_example_16_vp_at_end_of_own_turn():
    """Victory: 16 VP at the end of one's turn, with at least 1 factory and 1 province."""
    st = _winning_board(main_state())
    assert vp_breakdown(st, 0)["total"] == 16
    st2, ev = act(st, 0, type="end_turn")
    assert st2["phase"] == "over" and RS.to_move(st2) == []
    out = RS.outcome(st2)
    assert out["winner"] == 0 and out["ranking"][0] == 0 and out["vp"][0] == 16 and out["reason"] == "victory"
    with pytest.raises(IllegalAction):
        act(st2, 0, type="end_turn")


def test_no_win_on_another_players_turn():
    """Victory: only at the end of one's own turn."""
    st = _winning_board(main_state(current=1), seat=0)
    st2, _ = act(st, 1, type="end_turn")
    assert st2["phase"] == "pre_roll" and st2["current"] == 2


def test_no_win_from_provinces_only_or_factories_only():
    """Victory: 16 VP only from factories or only from provinces do not win."""
    st = main_state(mps={"santa_cruz": [0] * 4, "tierra_del_fuego": [0] * 3, "jujuy": [0] * 3, "salta": [0] * 3})
    assert vp_breakdown(st, 0)["total"] >= 16
    st2, _ = act(st, 0, type="end_turn")
    assert st2["phase"] != "over"


def test_industry_vp_needs_monopoly_and_an_mp():
    """Monopoly (industries): VP only with all percentages and at least 1 MP of the material; losing the
    last MP loses the VP."""
    st = main_state()
    st["industries"]["wool_factory"] = {"slots": [0] * 4, "owner": 0}
    assert vp_breakdown(st, 0)["industries"] == []
    st["mps"]["la_pampa"] = [0, None, None]
    assert vp_breakdown(st, 0)["industries"] == ["wool_factory"]
    st["industries"]["wool_factory"]["slots"] = [0, 0, 0, None]
    assert vp_breakdown(st, 0)["industries"] == []


def test_blocked_monopoly_scores_nothing():
    """Union Organizer: a blocked province or industry contributes no points."""
    st = _winning_board(main_state())
    st["union"] = {"kind": "province", "id": "san_luis"}
    assert vp_breakdown(st, 0)["total"] == 12
    st["union"] = {"kind": "industry", "id": "metal_refinery"}
    assert vp_breakdown(st, 0)["total"] == 10


def test_three_player_variant():
    """Variant: 3 Players: 18 VP, 2 factories + 1 province, 8 officials and 8 stockbrokers, no official at setup."""
    st = RS.new_game(3, "v3")
    assert st["officials"] == [0, 0, 0] and st["bank_officials"] == 8 and st["bank_stockbrokers"] == 8
    st = main_state(n=3)
    st = _winning_board(st)
    st2, _ = act(st, 0, type="end_turn")
    assert st2["phase"] != "over"  # 16 < 18
    st["mps"]["jujuy"] = [0, 0, 0]
    st3, _ = act(st, 0, type="end_turn")
    assert st3["phase"] == "over" and RS.outcome(st3)["winner"] == 0
    st = main_state(n=3, mps={"santa_cruz": [0] * 4, "jujuy": [0] * 3, "san_luis": [0] * 3})
    st["industries"]["metal_refinery"] = {"slots": [0] * 4, "owner": 0}
    assert vp_breakdown(st, 0)["total"] >= 18
    st4, _ = act(st, 0, type="end_turn")
    assert st4["phase"] != "over"  # only 1 factory


def test_special_province_grants_alternate_from_next_turn():
    """Special Provinces: a monopoly of San Luis grants once per turn, from the turn after it was achieved,
    a Corrupt Official or a Stockbroker, alternating."""
    st = main_state(mps={"san_luis": [0, 0, None]}, total=2, hands={0: {"oil": 1, "soy": 1, "fish": 1}}, turn=5)
    st, _ = act(st, 0, type="buy_mp", province="san_luis", slot=2)
    assert st["special"]["san_luis"] == {"seat": 0, "since": 5, "last": None}
    with pytest.raises(IllegalAction):
        act(st, 0, type="claim_special", province="san_luis", kind="official")
    st["turn"] = 9
    assert {"type": "claim_special", "province": "san_luis", "kind": "stockbroker"} in RS.legal_actions(st, 0)
    st, _ = act(st, 0, type="claim_special", province="san_luis", kind="stockbroker")
    assert st["stockbrokers"][0] == 1
    with pytest.raises(IllegalAction):
        act(st, 0, type="claim_special", province="san_luis", kind="official")
    st["flags"]["special_claimed"] = []
    st["turn"] = 13
    with pytest.raises(IllegalAction) as e:
        act(st, 0, type="claim_special", province="san_luis", kind="stockbroker")
    assert e.value.rule == "special-provinces"
    st, _ = act(st, 0, type="claim_special", province="san_luis", kind="official")
    assert st["officials"][0] == 2


def test_special_province_blocked_or_bank_empty():
    """Special Provinces: blocked monopolies grant nothing; an empty bank loses the card."""
    st = main_state(mps={"cordoba": [1, 1, 1]}, current=1, turn=9)
    st["special"]["cordoba"] = {"seat": 1, "since": 2, "last": None}
    st["bank_stockbrokers"] = 0
    st["total_stockbrokers"] = 0
    with pytest.raises(IllegalAction):
        act(st, 1, type="claim_special", province="cordoba", kind="stockbroker")
    st["union"] = {"kind": "province", "id": "cordoba"}
    with pytest.raises(IllegalAction):
        act(st, 1, type="claim_special", province="cordoba", kind="official")
