"""A finished game's story, its pure part (``games.core.story``): sampling the moves, reading measures and tallies,
two dice against fair dice, the key moments."""

from __future__ import annotations

import random

import pytest

from games.core.story import (
    TWO_DICE,
    Measure,
    chi_square,
    dice_sums,
    expected_sums,
    key_moments,
    places,
    read_series,
    sample_steps,
)


def test_a_short_game_is_read_at_every_move_and_a_long_one_at_evenly_spread_moves_both_ends_included():
    assert sample_steps(5, 120) == [0, 1, 2, 3, 4, 5]
    steps = sample_steps(1000, 120)
    assert steps[0] == 0 and steps[-1] == 1000 and len(steps) == 120
    gaps = {b - a for a, b in zip(steps, steps[1:])}
    assert gaps <= {8, 9}
    with pytest.raises(ValueError):
        sample_steps(10, 1)


def test_a_state_measure_is_read_at_the_sampled_moves_and_a_tally_adds_up_every_moves_events():
    money = Measure("cash", "Cash", of=lambda state: state["cash"])
    paid = Measure("paid", "Paid", tally=lambda e: [(e["seat"], e["amount"])] if e["type"] == "pay" else [])
    moves = [
        (0, {"cash": [10, 10]}, []),
        (1, None, [{"type": "pay", "seat": 0, "amount": 3}, {"type": "other"}]),  # not sampled: tallied all the same
        (2, {"cash": [7, 13]}, [{"type": "pay", "seat": 1, "amount": 1}]),
    ]
    cash, tally = read_series([money, paid], moves, seats=2)
    assert cash.steps == tally.steps == (0, 2)
    assert cash.values == ((10, 7), (10, 13))
    assert tally.values == ((0, 3), (0, 1))


def test_a_measure_must_give_one_value_per_seat_and_be_either_read_or_tallied():
    wrong = Measure("vp", "VP", of=lambda state: [1])
    with pytest.raises(ValueError, match="1 values for 2 seats"):
        read_series([wrong], [(0, {}, [])], seats=2)
    with pytest.raises(ValueError):
        Measure("both", "x", of=lambda s: [], tally=lambda e: [])
    with pytest.raises(ValueError):
        Measure("Bad Key", "x", of=lambda s: [])


def test_the_sums_of_two_fair_dice_have_the_textbook_chances_and_a_fair_sample_stays_under_the_one_in_a_hundred_bound():
    assert sum(TWO_DICE.values()) == 1 and TWO_DICE[7] * 36 == 6 and TWO_DICE[2] * 36 == 1
    assert expected_sums(36) == {s: float(6 - abs(s - 7)) for s in range(2, 13)}
    rng = random.Random(5)
    counts = dice_sums([rng.randint(1, 6), rng.randint(1, 6)] for _ in range(3600))
    assert sum(counts.values()) == 3600
    assert chi_square(counts) < 23.2
    loaded = dice_sums([[6, 6]] * 100)
    assert loaded[12] == 100 and chi_square(loaded) > 1000
    assert chi_square(dice_sums([])) == 0.0


def test_a_roll_that_is_not_two_dice_is_refused():
    with pytest.raises(ValueError):
        dice_sums([[7, 1]])
    with pytest.raises(ValueError):
        dice_sums([[3]])


def test_places_share_the_better_place_on_a_tie():
    assert places([10, 30, 20]) == (3, 1, 2)
    assert places([5, 5, 1]) == (1, 1, 3)


def test_the_key_moments_score_pairs_passed_then_ties_made_or_broken_then_the_swing_and_come_in_move_order():
    standings = [
        (0, [10, 10, 10]),
        (1, [12, 10, 10]),    # a lead taken from a tie: two ties broken (0.5) and a swing of 2 / 30
        (2, [12, 11, 10]),    # a tie broken: 0.25 and 1 / 30
        (3, [12, 11, 10.5]),  # a small swing and no change of order: not a moment
        (4, [2, 11, 10.5]),   # the leader falls to last: two pairs passed, 2 + 10 / 30
        (5, [2, 11, 30]),     # third to first: one pair passed (the other was behind already), 1 + 19.5 / 30
        (6, [2, 11, 18]),     # nothing changes order, but a swing of 12 / 30 = 0.4: a big deal
        (7, [2, 12, 18]),     # a small swing: not a moment
    ]
    assert [m.step for m in key_moments(standings, most=5)] == [1, 2, 4, 5, 6]
    assert [m.step for m in key_moments(standings, most=3)] == [1, 4, 5]  # the best three, in move order
    fall, rise = key_moments(standings, most=2)
    assert (fall.step, fall.before, fall.after, fall.swaps) == (4, (1, 2, 3), (3, 1, 2), 2)
    assert (rise.step, rise.before, rise.after, rise.swaps) == (5, (3, 1, 2), (3, 2, 1), 1)
    (deal,) = [m for m in key_moments(standings, most=5) if m.step == 6]
    assert deal.swaps == 0 and deal.swing == pytest.approx(12 / 30)
    assert key_moments(standings[:1]) == [] and key_moments([(0, [1, 1]), (1, [1, 1])]) == []
