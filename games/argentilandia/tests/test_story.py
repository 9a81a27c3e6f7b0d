"""An Argentilandia game's story (``games.argentilandia.story``): the measures read off every state of random games
played through the ruleset's registry interface, and the dice found in their events. Pure: no database."""

from __future__ import annotations

import random
import re

import pytest

from games.argentilandia import story
from games.argentilandia.declaration import DECLARATION
from games.argentilandia.engine import board as B
from games.core import rulesets
from games.core.story import dice_sums, read_series

RS = rulesets.get("argentilandia")
SEEDS = (1, 2, 3)
# Games of 40 turns: the engine's turn limit (decision 17) ends them; the story is read the same way at any length.
OPTIONS = {"max_turns": 40}


def playout(seats: int, seed: int) -> list[tuple[dict, list[dict]]]:
    """A random game: each (state, events of the move that made it), the deal first (no events). Each move is a
    random legal action of a random seat among those the rules wait for."""
    rng = random.Random(seed)
    state = RS.new_game(seats, f"story-{seats}-{seed}", OPTIONS)
    steps: list[tuple[dict, list[dict]]] = [(state, [])]
    while waiting := RS.to_move(state):
        seat = rng.choice(waiting)
        state, events = RS.apply(state, seat, rng.choice(RS.legal_actions(state, seat)))
        steps.append((state, events))
    return steps


@pytest.fixture(scope="module")
def games() -> list[tuple[int, list[tuple[dict, list[dict]]]]]:
    """Random games of every size the rules allow (Components: 3 to 5 players; Variant: 3 Players)."""
    return [(n, playout(n, seed)) for n in range(RS.min_players, RS.max_players + 1) for seed in SEEDS]


def test_every_measure_gives_one_whole_number_per_seat_at_every_state_victory_and_raw_materials(games):
    """Victory and Raw Materials: the victory points and the Production cards in hand are read off every state,
    the deal's included, one whole number per seat in seat order; the story's reader takes them all."""
    for n, steps in games:
        for state, _ in steps:
            for measure in DECLARATION.story:
                values = measure.of(state)
                assert len(values) == n, measure.key
                assert all(isinstance(v, int) and v >= 0 for v in values), (measure.key, values)
        series = read_series(DECLARATION.story, ((i, s, []) for i, (s, _) in enumerate(steps)), n)
        assert [len(s.values) for s in series] == [n] * len(DECLARATION.story)


def test_production_cards_in_hand_and_the_bank_hold_the_144_cards_components(games):
    """Components: 144 Production cards (16 of each of the 9 raw materials), always either in a hand or the
    Banker's; the measure counts a hand's cards of every resource."""
    assert B.CARDS_PER_MATERIAL * len(B.MATERIALS) == 144
    for _, steps in games:
        for state, _ in steps:
            hands = story.production_cards(state)
            assert hands == [sum(hand.values()) for hand in state["hands"]]
            assert sum(hands) + sum(state["bank"].values()) == 144


def test_the_deal_gives_no_cards_and_the_draft_one_per_mp_preliminary_round(games):
    """Preliminary Round: nobody holds a card at the deal; each MP chosen brings its Production card, so after
    the draft every player holds 7 cards."""
    for n, steps in games:
        assert story.production_cards(steps[0][0]) == [0] * n
        after_draft = next(s for s, _ in steps if s["phase"] != steps[0][0]["phase"])
        assert story.production_cards(after_draft) == [7] * n


def test_victory_points_at_the_end_are_the_outcomes_victory(games):
    """Victory: the measure's last values are the victory points the engine's outcome reports, and a winner by
    victory has at least the points the rules ask (16, 18 with 3 players)."""
    for n, steps in games:
        final = steps[-1][0]
        outcome = RS.outcome(final)
        assert outcome is not None
        assert story.victory_points(final) == outcome["vp"]
        if outcome["reason"] == "victory":
            assert story.victory_points(final)[outcome["winner"]] >= final["vp_to_win"]
        assert story.victory_points(steps[0][0]) == [0] * n  # nobody holds an MP at the deal


def test_dice_rolled_gives_exactly_the_production_and_contest_rolls_round_summary(games):
    """Round Summary 2 (the turn's roll) and Buying another player's MP / percentage (the seller's and the buyer's
    rolls): each is one pair of six-sided dice; a port's roll-off (Trading at ports: 1 die) and every other event
    give None. One production roll a turn."""
    contests = 0
    for _, steps in games:
        production = 0
        for state, events in steps:
            for event in events:
                dice = story.dice_rolled(event)
                if event["type"] in ("rolled", "contest_rolled"):
                    assert dice == event["dice"] and len(dice) == 2 and all(1 <= d <= 6 for d in dice)
                else:
                    assert dice is None, event
                if event["type"] == "rolled":
                    production += 1
                    assert state["dice"] == dice  # the roll the turn's production was paid for
                contests += event["type"] == "contest_rolled"
            rolls = [d for e in events if (d := story.dice_rolled(e)) is not None]
            assert len(rolls) == sum(e["type"] in ("rolled", "contest_rolled") for e in events)
            dice_sums(rolls)  # the story's histogram takes them
        assert production == steps[-1][0]["turn"]
    assert contests > 0  # random players contested now and then: the test saw some


def test_dice_rolled_ignores_roll_offs_and_malformed_events_trading_at_ports():
    """Trading at ports: a port's tie is "decided by rolling 1 die", not a pair; Setup's roll for who begins is
    thrown by the deal, in no event. An event without a pair of dice gives None."""
    assert story.dice_rolled({"type": "rolloff_rolled", "seat": 0, "port": "x", "die": 4}) is None
    assert story.dice_rolled({"type": "rolled", "seat": 0}) is None
    assert story.dice_rolled({"type": "rolled", "dice": [3]}) is None
    assert story.dice_rolled({"type": "contest_rolled", "dice": [2, 5]}) == [2, 5]
    assert RS.new_game(3, "deal")["setup_rolls"]  # the deal's roll-off is the state's, not a move's


def test_the_declaration_wires_the_story():
    """The site draws one chart per declared measure and the dice histogram from ``dice_rolled``."""
    assert [(m.key, m.of, m.money) for m in DECLARATION.story] == [
        ("vp", story.victory_points, False), ("production-cards", story.production_cards, False)]
    assert all(re.fullmatch(r"[a-z]+(-[a-z]+)*", m.key) for m in DECLARATION.story)
    assert DECLARATION.dice_rolled is story.dice_rolled


def test_the_opening_is_the_pair_of_provinces_of_the_first_two_free_mps_preliminary_round(games):
    """Preliminary Round: each player places free MPs in snake order, at most 1 per province; the profile counts
    the first two as the opening, the same pair in either order being one opening."""
    for seats, steps in games:
        events = [e for _state, evs in steps for e in evs]
        for seat in range(seats):
            placed = [e["province"] for e in events if e["type"] == "mp_placed" and e["seat"] == seat]
            assert len(placed) >= 2 and placed[0] != placed[1]
            key = story.opening(events, seat)
            assert key == "+".join(sorted(placed[:2]))
            assert all(p in B.PROVINCES for p in key.split("+"))
    assert story.opening([{"type": "mp_placed", "seat": 0, "province": "salta"}], 0) is None
    assert DECLARATION.opening_words("jujuy+salta") == "Jujuy + Salta"
