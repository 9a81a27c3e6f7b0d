"""Victory and the final ranking: the gaps that mutation testing of ``engine/victory.py`` found on
2 December 2026 (docs/TESTING.md, "Mutation testing")."""

from games.argentilandia.engine import RULESET as RS
from games.argentilandia.engine.schema import PHASE_OVER
from games.argentilandia.engine.victory import vp_breakdown

from .test_engine_helpers import act, main_state

# provinces only, 5 + 4 + 4 + 4 = 17 VP: more points than the winner below, but no factory
PROVINCES_ONLY_17 = {"santa_cruz": 4, "tierra_del_fuego": 3, "jujuy": 3, "salta": 3}


def test_monopoly_the_breakdown_names_each_monopolised_province_and_industry():
    """Monopoly: a single player holding every MP of a province achieves a Monopoly "and the Victory
    Points that the province grants"; the breakdown the players see names the provinces and industries
    that score, not just their sum."""
    st = main_state(mps={"san_luis": [0, 0, 0], "jujuy": [0, 0, 0], "salta": [1, 1, 1], "chaco": [0, 1, 0]})
    st["industries"]["metal_refinery"] = {"slots": [0] * 4, "owner": 0}  # San Luis holds Metals
    bd = vp_breakdown(st, 0)
    assert set(bd["provinces"]) == {"jujuy", "san_luis"} and len(bd["provinces"]) == 2
    assert bd["industries"] == ["metal_refinery"] and bd["total"] == 4 + 4 + 6
    assert vp_breakdown(st, 1)["provinces"] == ["salta"]


def test_victory_the_winner_ranks_first_even_with_fewer_points_than_a_rival():
    """Victory: the player who reaches 16 VP at the end of their turn "will be the winner", holding at
    least 1 factory and 1 province; a rival with more points from provinces alone has not won and ranks
    after the winner."""
    st = main_state(mps={p: [1] * k for p, k in PROVINCES_ONLY_17.items()})
    st["mps"]["san_luis"] = [0, 0, 0]  # 4 VP, holds Metals
    st["mps"]["misiones"] = [0, None]  # holds Wood
    st["industries"]["metal_refinery"] = {"slots": [0] * 4, "owner": 0}
    st["industries"]["furniture_factory"] = {"slots": [0] * 4, "owner": 0}
    assert vp_breakdown(st, 0)["total"] == 16 and vp_breakdown(st, 1)["total"] == 17
    st2, _ = act(st, 0, type="end_turn")
    out = RS.outcome(st2)
    assert st2["phase"] == PHASE_OVER and out["reason"] == "victory"
    assert out["winner"] == 0 and out["ranking"] == [0, 1, 2, 3] and out["vp"] == [16, 17, 0, 0]


def test_turn_limit_no_winner_ranks_everyone_by_victory_points_ties_in_seat_order():
    """Victory + the table's turn limit: when the limit ends the game nobody has reached 16 VP, so every
    player is ranked by the Victory Points held (most first; a tie keeps the seat order), the leader
    first, and no empty place is left for a winner who does not exist."""
    st = main_state(mps={"jujuy": [2, 2, 2], "salta": [2, 2, 2], "san_luis": [0, 0, 0],
                         "tierra_del_fuego": [3, 3, 3]}, max_turns=5, turn=5)
    st2, _ = act(st, 0, type="end_turn")
    out = RS.outcome(st2)
    assert st2["phase"] == PHASE_OVER and out["reason"] == "turn_limit"
    assert out["vp"] == [4, 0, 8, 4]
    assert out["ranking"] == [2, 0, 3, 1] and out["winner"] == 2
