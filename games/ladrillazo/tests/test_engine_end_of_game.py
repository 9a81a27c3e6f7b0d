"""End of the game: it ends at the end of the turn in which the dispenser ran dry; that player need
not hide money; most envelopes in total wins (End of the game; Aim)."""

from __future__ import annotations

from games.ladrillazo.engine import RULESET as R
from games.ladrillazo.engine import scoring
from games.ladrillazo.engine.schema import END_DISPENSER, END_TURN_LIMIT, PHASE_OVER
from tests.support.engines import refused

from .helpers import act, game, to_hand, to_plot


def _drain(s, leave):
    """Move all but ``leave`` envelopes of the dispenser to seat 1's paradise."""
    s["players"][1]["paradise"] += s["dispenser"] - leave
    s["dispenser"] = leave


def test_end_of_game_at_the_end_of_the_turn_the_dispenser_empties():
    """End of the game: the game ends at the end of the turn in which the dispenser is used up;
    the player of that turn does not need to hide the money."""
    s = game()
    proj = to_plot(s, 0, "eurovegas")  # level 3
    _drain(s, 2)
    s, _ = act(s, 0, {"type": "act", "card": proj, "power": 0})
    assert s["dispenser"] == 0 and s["phase"] != PHASE_OVER
    s, ev = act(s, 0, {"type": "end_turn"})
    assert s["phase"] == PHASE_OVER and R.to_move(s) == [] and R.legal_actions(s, 0) == []
    out = R.outcome(s)
    assert out["reason"] == END_DISPENSER
    assert s["players"][0]["loose"] == 2 and out["totals"]["0"] == 2  # kept, not returned
    assert ev[-1]["type"] == "game_over"
    refused(R, s, 1, {"type": "end_turn"}, rule="end-of-game")


def test_end_of_game_the_dispenser_refilled_in_the_turn_still_ends_it():
    """End of the game (decision): once the dispenser reached zero in a turn, the game ends with it
    even if a cost or a return put envelopes back during that turn."""
    s = game()
    proj = to_plot(s, 0, "adosados")
    _drain(s, 1)
    s, _ = act(s, 0, {"type": "act", "card": proj, "power": 0})
    s["players"][0]["loose"] += 2
    s["players"][1]["paradise"] -= 2
    s, _ = act(s, 0, {"type": "lower", "card": to_hand(s, 0, "expo_agua")})  # pays 2 back, earns 2
    s, _ = act(s, 0, {"type": "end_turn"})
    assert R.outcome(s)["reason"] == END_DISPENSER


def test_end_of_game_most_envelopes_in_total_wins_hand_cards_count_nothing():
    """End of the game / Aim (decision): total = hidden on plot cards + paradise (+ the last
    player's loose envelopes); cards in hand count nothing."""
    s = game(3)
    to_plot(s, 0, "poligono_abandonado", envelopes=3)
    s["players"][0]["paradise"] = 2
    s["players"][1]["paradise"] = 6
    s["players"][2]["hand"] = list(s["deck"][:30])
    s["deck"] = s["deck"][30:]
    s["dispenser"] -= 11
    assert [scoring.total(s, i) for i in range(3)] == [5, 6, 0]
    assert scoring.ranking(s, 2) == [1, 0, 2]


def test_end_of_game_ties_paradise_then_fewer_turns_then_play_order():
    """End of the game (decision): ties go to more envelopes in paradise, then fewer turns played,
    then the player who would have played next."""
    s = game(4)
    to_plot(s, 0, "poligono_abandonado", envelopes=3)
    s["players"][1]["paradise"] = 3
    s["players"][2]["paradise"] = 3
    s["players"][3]["paradise"] = 3
    s["players"][0]["turns"] = s["players"][1]["turns"] = s["players"][2]["turns"] = 5
    s["players"][3]["turns"] = 4
    assert scoring.ranking(s, 0) == [3, 1, 2, 0]
    assert scoring.ranking(s, 1) == [3, 2, 1, 0]


def test_end_of_game_turn_limit_option():
    """End of the game (online option): ``max_turns`` turns per player end the game, ranked the same way."""
    s = game(2, max_turns=2)
    for _ in range(4):
        assert s["phase"] != PHASE_OVER
        s, _ = act(s, s["turn"]["seat"], {"type": "end_turn"})
    assert R.outcome(s)["reason"] == END_TURN_LIMIT and sorted(R.outcome(s)["ranking"]) == [0, 1]
