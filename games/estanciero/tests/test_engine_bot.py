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


def _proposal(state: dict, frm: int, to: int, give: dict, ask: dict) -> dict:
    state, _ = R.apply(state, frm, {"type": "propose", "to": to, "give": give, "ask": ask})
    return state


def test_bot_does_not_hand_a_rival_a_whole_province_for_cash():
    """Sale of Properties (decision 25): a bot refuses to sell the last field of a rival's province for
    2.5 times its price early in the game (it would hand the rival a whole province to build on)."""
    s = R.new_game(2, "bot-sale")
    s["turn"]["seat"] = 0
    for space in (5,):
        s["owners"][str(space)] = 0
    s["owners"]["6"] = 1
    s = _proposal(s, 0, 1, {"cash": 5500}, {"deeds": [6]})
    assert R.to_move(s) == [1]
    assert R.bot_action(s, 1, None)["type"] == "reject_proposal"


def test_bot_accepts_a_province_for_a_province():
    """Sale of Properties: a swap that completes a province on each side at balanced prices is accepted."""
    s = R.new_game(2, "bot-swap")
    s["turn"]["seat"] = 0
    s["owners"].update({"5": 0, "3": 0, "6": 1, "1": 1, "2": 1})
    s = _proposal(s, 0, 1, {"deeds": [3], "cash": 1000}, {"deeds": [6]})
    assert R.bot_action(s, 1, None)["type"] == "accept_proposal"


def test_bots_propose_and_trade_in_bot_games():
    """Sale of Properties: bots make proposals (swaps and offers) and some are accepted."""
    made = accepted = 0
    for g in range(4):
        n = 3 + g % 3

        def count(before, seat, action, after, events):
            nonlocal made, accepted
            made += sum(e["type"] == "proposal" for e in events)
            accepted += sum(e["type"] == "proposal_accepted" for e in events)

        state, _, _ = play_random_game(n, f"bot-trade-{g}", random.Random(g), None, max_actions=60000,
                                       check=count, bots=frozenset(range(n)))
        assert state["over"]
    assert made >= 8 and accepted >= 4


def test_police_station_the_bot_rolls_its_one_roll_rather_than_paying_first():
    """Police Station (decision 12): with the book's one roll ("The fine is not paid if: ... They roll doubles when
    rolling the dice again") paying before the roll only loses the chance of doubles, so a rich bot early in the
    game rolls; at a table allowing three tries it pays to get out at once, as before."""
    for attempts, expected in ((1, "roll"), (3, "pay_fine")):
        s = R.new_game(2, "bot-jail", {"jail_roll_attempts": attempts})
        s["turn"]["seat"] = 0
        s["players"][0].update(position=14, in_jail=True)
        for level in ("normal", "strong"):
            assert R.bot_action(s, 0, None, level)["type"] == expected
