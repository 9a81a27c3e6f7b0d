"""Monopolies, Victory, Special Provinces and the 3-player variant."""


from games.argentilandia.engine import RULESET as RS
from games.argentilandia.engine.schema import PHASE_OVER, PHASE_PRE_ROLL
from games.argentilandia.engine.victory import vp_breakdown
from tests.support.engines import refused

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
    assert st2["phase"] == PHASE_OVER and RS.to_move(st2) == []
    out = RS.outcome(st2)
    assert out["winner"] == 0 and out["ranking"][0] == 0 and out["vp"][0] == 16 and out["reason"] == "victory"
    refused(RS, st2, 0, dict(type="end_turn"), "victory")


def test_no_win_on_another_players_turn():
    """Victory: only at the end of one's own turn."""
    st = _winning_board(main_state(current=1), seat=0)
    st2, _ = act(st, 1, type="end_turn")
    assert st2["phase"] == PHASE_PRE_ROLL and st2["current"] == 2


def test_no_win_from_provinces_only_or_factories_only():
    """Victory: 16 VP only from factories or only from provinces do not win."""
    st = main_state(mps={"santa_cruz": [0] * 4, "tierra_del_fuego": [0] * 3, "jujuy": [0] * 3, "salta": [0] * 3})
    assert vp_breakdown(st, 0)["total"] >= 16
    st2, _ = act(st, 0, type="end_turn")
    assert st2["phase"] != PHASE_OVER


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
    assert st2["phase"] != PHASE_OVER  # 16 < 18
    st["mps"]["jujuy"] = [0, 0, 0]
    st3, _ = act(st, 0, type="end_turn")
    assert st3["phase"] == PHASE_OVER and RS.outcome(st3)["winner"] == 0
    st = main_state(n=3, mps={"santa_cruz": [0] * 4, "jujuy": [0] * 3, "san_luis": [0] * 3})
    st["industries"]["metal_refinery"] = {"slots": [0] * 4, "owner": 0}
    assert vp_breakdown(st, 0)["total"] >= 18
    st4, _ = act(st, 0, type="end_turn")
    assert st4["phase"] != PHASE_OVER  # only 1 factory


def test_special_province_grants_alternate_from_next_turn():
    """Special Provinces: a monopoly of San Luis grants once per turn, from the turn after it was achieved,
    a Corrupt Official or a Stockbroker, alternating."""
    st = main_state(mps={"san_luis": [0, 0, None]}, total=2, hands={0: {"oil": 1, "soy": 1, "fish": 1}}, turn=5)
    st, _ = act(st, 0, type="buy_mp", province="san_luis", slot=2)
    assert st["special"]["san_luis"] == {"seat": 0, "since": 5}
    refused(RS, st, 0, dict(type="claim_special", province="san_luis", kind="official"), "special-provinces")
    st["turn"] = 9
    assert {"type": "claim_special", "province": "san_luis", "kind": "stockbroker"} in RS.legal_actions(st, 0)
    st, _ = act(st, 0, type="claim_special", province="san_luis", kind="stockbroker")
    assert st["stockbrokers"][0] == 1
    refused(RS, st, 0, dict(type="claim_special", province="san_luis", kind="official"), "special-provinces")
    st["flags"]["special_claimed"] = []
    st["turn"] = 13
    refused(RS, st, 0, dict(type="claim_special", province="san_luis", kind="stockbroker"), "special-provinces")
    st, _ = act(st, 0, type="claim_special", province="san_luis", kind="official")
    assert st["officials"][0] == 2


def test_special_province_blocked_or_bank_empty():
    """Special Provinces: blocked monopolies grant nothing; an empty bank loses the card."""
    st = main_state(mps={"cordoba": [1, 1, 1]}, current=1, turn=9)
    st["special"]["cordoba"] = {"seat": 1, "since": 2}
    st["bank_stockbrokers"] = 0
    st["total_stockbrokers"] = 0
    refused(RS, st, 1, dict(type="claim_special", province="cordoba", kind="stockbroker"), "special-provinces")
    st["union"] = {"kind": "province", "id": "cordoba"}
    refused(RS, st, 1, dict(type="claim_special", province="cordoba", kind="official"), "playing-the-game")


def test_special_provinces_grant_once_per_turn_per_player():
    """Special Provinces: "receive from the Banker, once per turn, either a Corrupt Official or a
    Stockbroker": a player with two special monopolies still receives one card per turn (issue 13.3), and
    the alternation is the player's, whichever province grants it."""
    st = main_state(mps={"san_luis": [0, 0, 0], "cordoba": [0, 0, 0]}, turn=9)
    st["special"] = {"san_luis": {"seat": 0, "since": 2}, "cordoba": {"seat": 0, "since": 2}}
    claims = [a for a in RS.legal_actions(st, 0) if a["type"] == "claim_special"]
    assert {a["province"] for a in claims} == {"san_luis", "cordoba"}
    st, _ = act(st, 0, type="claim_special", province="san_luis", kind="official")
    assert not [a for a in RS.legal_actions(st, 0) if a["type"] == "claim_special"]
    refused(RS, st, 0, dict(type="claim_special", province="cordoba", kind="stockbroker"), "special-provinces")
    st, _ = act(st, 0, type="end_turn")
    assert st["officials"][0] == 2 and st["stockbrokers"][0] == 0  # no second card at the end of the turn
    st.update(current=0, turn=13, phase="main", flags={"union_official_used": False, "special_claimed": [], "offers_made": {}})
    refused(RS, st, 0, dict(type="claim_special", province="cordoba", kind="official"), "special-provinces")
    st, _ = act(st, 0, type="claim_special", province="cordoba", kind="stockbroker")
    assert st["stockbrokers"][0] == 1


def test_special_card_handed_over_when_the_player_does_not_choose():
    """Special Provinces: "the Banker hands over the card the player chooses ... they must always
    alternate": a player who ends the turn without choosing (a timeout, a bot) still receives the
    alternating card; with none of it in the bank "it is lost"."""
    st = main_state(mps={"santa_fe": [0, 0, 0]}, turn=9)
    st["special"] = {"santa_fe": {"seat": 0, "since": 2}}
    st["special_last"] = [None, None, None, None]
    assert RS.timeout_action(st, 0) == {"type": "end_turn"}
    st2, ev = act(st, 0, type="end_turn")
    assert {"type": "special_granted", "seat": 0, "province": "santa_fe", "kind": "official", "auto": True} in ev
    assert st2["officials"][0] == 2 and st2["special_last"][0] == "official"
    st["special_last"] = [None, None, None, None]
    st["special_last"][0] = "official"
    st3, ev = act(st, 0, type="end_turn")
    assert st3["stockbrokers"][0] == 1 and any(e.get("auto") for e in ev)
    st["bank_stockbrokers"] = 0
    st["total_stockbrokers"] = 0
    st4, ev = act(st, 0, type="end_turn")
    assert st4["officials"][0] == 1 and st4["stockbrokers"][0] == 0
    assert not [e for e in ev if e["type"] == "special_granted"]


def test_victory_needs_16_vp_a_15_vp_position_does_not_win():
    """Victory: "the first player to reach 16 victory points ... at the end of their turn wins": a position
    worth exactly 15 VP (with a factory and provinces) plays on; one more VP wins."""
    st = main_state(mps={"la_rioja": [0, 0], "misiones": [0, 0], "caba": [0, None]})
    st["industries"]["metal_refinery"] = {"slots": [0] * 4, "owner": 0}  # 6 VP, Metals held in La Rioja
    st["industries"]["fish_cannery"] = {"slots": [0] * 4, "owner": 0}  # 4 VP, Fish held in CABA
    bd = vp_breakdown(st, 0)
    assert bd["total"] == 15 and bd["industries"] and bd["provinces"]
    assert st["vp_to_win"] == 16
    st2, _ = act(st, 0, type="end_turn")
    assert st2["phase"] == PHASE_PRE_ROLL and st2["winner"] is None and RS.outcome(st2) is None
    st["mps"]["misiones"] = [0, None]
    st["mps"]["formosa"] = [0, 0, 0]  # 3 VP instead of Misiones' 2: 16
    assert vp_breakdown(st, 0)["total"] == 16
    st3, _ = act(st, 0, type="end_turn")
    assert st3["phase"] == PHASE_OVER and st3["winner"] == 0
