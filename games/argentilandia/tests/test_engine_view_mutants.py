"""What the view shows beside the state (Victory points; Components; Province monopoly): gaps that the mutation
run of 2 December 2026 found in ``engine/view.py`` (docs/TESTING.md, "Mutation testing"). The table draws the
VP, the tokens each colour has left and the monopolies from these fields."""

from games.argentilandia.engine import RULESET as RS
from games.argentilandia.engine import board as B
from games.argentilandia.engine.state import tokens_left
from games.argentilandia.engine.victory import province_monopolist, vp_breakdowns

from .test_engine_helpers import main_state, play_random


def _derived_fields_agree(state: dict) -> None:
    n = state["num_players"]
    for seat in [None, *range(n)]:
        v = RS.view(state, seat)
        assert v["seat"] == seat
        assert v["vp"] == vp_breakdowns(state)
        assert v["tokens_left"] == [tokens_left(state, s) for s in range(n)]
        assert v["province_monopolies"] == {p: province_monopolist(state, p) for p in B.PROVINCE_IDS
                                            if province_monopolist(state, p) is not None}
        assert None not in v["province_monopolies"].values()


def test_victory_points_components_and_monopolies_are_shown_to_every_viewer():
    """Victory points (each seat's breakdown), Components (35 tokens per colour: what each has left) and
    Province monopoly (who holds every MP of a province): the same for every seat and the spectator."""
    st = main_state(mps={"san_luis": [0, 0, 0], "santa_cruz": [1, 0, 2, 2]})
    v = RS.view(st, None)
    assert v["province_monopolies"] == {"san_luis": 0}
    assert v["tokens_left"][0] == B.TOKENS_PER_COLOR - sum(1 for p in st["mps"].values() for s in p if s == 0) \
        - sum(1 for o in st["ports"].values() if o == 0) \
        - sum(1 for i in st["industries"].values() for s in i["slots"] if s == 0)
    assert v["vp"][0]["provinces"] == ["san_luis"] and v["vp"][0]["total"] == B.PROVINCES["san_luis"]["vp"]
    _derived_fields_agree(st)


def test_the_view_derived_fields_over_random_games():
    """The same over the states of random games, every few steps."""
    def check(old, new, seat, action, events, step):
        if step % 11 == 0:
            _derived_fields_agree(new)
    for g in range(3):
        play_random(g, n=3 + g % 2, max_turns=10, check=check)
