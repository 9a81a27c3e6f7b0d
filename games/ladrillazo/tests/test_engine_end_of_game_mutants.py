"""End of the game: the gaps that mutation testing of ``engine/scoring.py`` found on 2 December 2026
(docs/TESTING.md, "Mutation testing"): the declared winner and the figures the game-over card shows."""

from __future__ import annotations

from games.ladrillazo.engine import RULESET as R
from games.ladrillazo.engine.schema import PHASE_OVER

from .helpers import act, game, to_plot


def test_end_of_game_the_player_with_the_most_envelopes_is_declared_the_winner():
    """End of the game: "The player with the most envelopes wins in total": the result names as winner
    the first-placed player (here the one with the envelopes in paradise, not the player of the last
    turn), and shows each player's total and envelopes in paradise."""
    s = game()
    proj = to_plot(s, 0, "eurovegas")  # level 3: earns 3
    s["players"][1]["paradise"] += s["dispenser"] - 2  # seat 1 evaded all but 2 envelopes
    paradise = s["players"][1]["paradise"]
    s["dispenser"] = 2
    s, _ = act(s, 0, {"type": "act", "card": proj, "power": 0})
    s, ev = act(s, 0, {"type": "end_turn"})
    out = R.outcome(s)
    assert s["phase"] == PHASE_OVER
    assert out["ranking"] == [1, 0] and out["winner"] == 1
    assert out["totals"] == {"0": 2, "1": paradise} and out["paradise"] == {"0": 0, "1": paradise}
    assert ev[-1]["type"] == "game_over" and ev[-1]["winner"] == 1 and ev[-1]["paradise"] == out["paradise"]
