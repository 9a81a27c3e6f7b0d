"""The bot beats random players and bot-only games finish."""

from __future__ import annotations

import random

from games.estanciero.engine import RULESET as R
from games.estanciero.engine.sim import play_random_game


def test_bot_beats_random_players_most_of_the_time():
    """1 bot vs 3 random players, 50 four-player games with a turn cap: the bot wins >= 60%."""
    wins = 0
    for g in range(50):
        rng = random.Random(1000 + g)
        bot = g % 4
        state, _, _ = play_random_game(4, f"bot-{g}", rng, {"max_turns": 40}, bots=frozenset({bot}))
        assert state["over"]
        wins += R.outcome(state)["winner"] == bot
    print(f"\nbot won {wins} of 50")
    assert wins >= 30


def test_bot_only_games_finish_without_turn_cap():
    """Bot-only games end by the rules (one player left or all deeds), not by a cap."""
    for g in range(6):
        n = 2 + g % 5
        rng = random.Random(g)
        state, log, count = play_random_game(n, f"bots-{g}", rng, None, max_actions=60000,
                                             bots=frozenset(range(n)))
        assert state["over"], (g, count)
        assert R.outcome(state)["reason"] in ("last_player", "all_properties")


def test_bot_and_timeout_actions_are_legal():
    rng = random.Random(5)
    state = R.new_game(3, "legal-bot")
    for _ in range(400):
        if state["over"]:
            break
        for seat in R.to_move(state):
            assert R.timeout_action(state, seat) is not None
        seat = R.to_move(state)[0]
        action = R.bot_action(state, seat, rng)
        state, _ = R.apply(state, seat, action)
