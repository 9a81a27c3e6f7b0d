"""Starting to play (set-up), table options and the contract (Starting to play; End of the game)."""

from __future__ import annotations

import json

import pytest

from games.core.rulesets import IllegalAction, Ruleset
from games.core.sections import SECTIONS
from games.ladrillazo.engine import RULESET as R
from games.ladrillazo.engine import cards
from games.ladrillazo.engine.schema import FIRST_RANDOM, PHASE_PLAY


def refused_options(n, options, rule):
    """new_game has no state to leave unchanged: the refusal must cite ``rule``."""
    try:
        R.new_game(n, "s", options)
    except IllegalAction as exc:
        assert exc.rule == rule and rule in SECTIONS["ladrillazo"], exc.rule
        return exc
    raise AssertionError(f"options {options!r} for {n} players were accepted")


def test_ruleset_contract_attributes():
    assert isinstance(R, Ruleset)
    assert (R.name, R.min_players, R.max_players) == ("ladrillazo", 2, 6)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_starting_to_play_paradise_dispenser_and_eight_cards(n):
    """Starting to play: a paradise card each, a handful of envelopes from each player into the
    dispenser, eight cards dealt to each, the rest face down as the deck."""
    s = R.new_game(n, f"setup-{n}")
    assert s["phase"] == PHASE_PLAY
    assert s["dispenser"] == s["total_envelopes"] == 20 * n
    assert all(len(p["hand"]) == 8 for p in s["players"])
    assert len(s["deck"]) == len(cards.deck_keys()) - 8 * n
    havens = [p["paradise_key"] for p in s["players"]]
    assert len(set(havens)) == n and set(havens) <= set(cards.paradise_keys())
    assert all(s["cards"][p["paradise_id"]] == p["paradise_key"] for p in s["players"])
    assert all(p["plot"] == [] and p["paradise"] == 0 and p["loose"] == 0 for p in s["players"])
    json.dumps(s)


def test_starting_to_play_handful_option():
    """Starting to play: "a handful of envelopes" from each player is 20 by default, 5-50 as a table option."""
    assert R.new_game(3, "h", {"handful": 8})["dispenser"] == 24
    refused_options(3, {"handful": 4}, "starting-to-play")
    refused_options(3, {"handful": 51}, "starting-to-play")
    refused_options(3, {"handful": "10"}, "starting-to-play")
    refused_options(3, {"handful": True}, "starting-to-play")


def test_starting_to_play_first_player_is_creator_or_random():
    """Starting to play: the oldest player starts; online, the table's creator (seat 0, default)
    or a seeded random draw, as a table option."""
    assert R.new_game(4, "x")["turn"]["seat"] == 0
    firsts = {R.new_game(4, f"r{i}", {"first_player": FIRST_RANDOM})["turn"]["seat"] for i in range(40)}
    assert firsts == {0, 1, 2, 3}
    s = R.new_game(4, "r7", {"first_player": FIRST_RANDOM})
    assert R.to_move(s) == [s["first"]] and R.new_game(4, "r7", {"first_player": FIRST_RANDOM})["first"] == s["first"]
    refused_options(4, {"first_player": "oldest"}, "starting-to-play")


def test_starting_to_play_bad_options_and_player_counts_refused():
    """Options are validated by new_game: unknown keys, bad types, 1 or 7 players are refused."""
    refused_options(3, {"colour": "red"}, "starting-to-play")
    refused_options(3, ["handful"], "starting-to-play")
    refused_options(3, {"max_turns": 0}, "end-of-game")
    refused_options(3, {"max_turns": "5"}, "end-of-game")
    for n in (1, 7, "3", True, None):
        refused_options(n, None, "starting-to-play")
    assert R.new_game(3, "t", {"max_turns": 5})["options"]["max_turns"] == 5


def test_starting_to_play_same_seed_same_deal_other_seed_other_deal():
    """All randomness comes from the seed: the same seed deals the same cards."""
    assert R.new_game(4, "same") == R.new_game(4, "same")
    assert R.new_game(4, "same")["deck"] != R.new_game(4, "other")["deck"]
