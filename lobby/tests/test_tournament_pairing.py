"""A tournament's pairing and points (``lobby.tournament_pairing``): Swiss rounds by score group without repeat
opponents where possible, seats rotated so nobody is always first, arena tables among the free players, and the
places' points with the arena's streak."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from lobby.tournament_pairing import (
    Result,
    arena_points,
    arena_tables,
    met_pairs,
    on_streak,
    place_points,
    seat_order,
    swiss_order,
    swiss_points,
    swiss_round,
)


def test_places_score_two_one_or_none_whatever_the_tables_size():
    assert [place_points(p, 2) for p in (1, 2)] == [2, 0]
    assert [place_points(p, 5) for p in range(1, 6)] == [2, 1, 1, 1, 0]
    with pytest.raises(ValueError):
        place_points(4, 3)


def test_a_forfeit_scores_nothing_even_above_the_last_place():
    """A forfeit earns nothing, as a league's does: two forfeits at a table of four are placed third and fourth
    (below every seat played out), and the third's middle place is not a point."""
    assert swiss_points([Result(3, 4, (), forfeit=True), Result(2, 4)]) == 0 + 1
    assert arena_points([Result(1, 2), Result(1, 2), Result(3, 4, (), forfeit=True), Result(1, 2)]) == 2 + 2 + 0 + 2
    # Both seats of a table forfeited: the first of them is no winner, and a streak does not go on.
    assert swiss_points([Result(1, 2, (), forfeit=True)]) == 0
    assert not on_streak([Result(1, 2), Result(1, 2, (), forfeit=True)])


def test_an_arena_win_after_two_in_a_row_scores_double_until_a_game_not_won():
    games = [Result(1, 2), Result(1, 2), Result(1, 4), Result(1, 3), Result(2, 3), Result(1, 2)]
    # 2 + 2, then the streak: 4 + 4; the second place (1 point) ends it; the next win is plain again.
    assert arena_points(games) == 2 + 2 + 4 + 4 + 1 + 2
    assert on_streak(games[:2]) and not on_streak(games)
    assert swiss_points(games) == 2 + 2 + 2 + 2 + 1 + 2  # no streak in a Swiss


def test_the_standing_is_points_then_buchholz_then_rating():
    results = {1: [Result(1, 2, (2,))], 2: [Result(2, 2, (1,))], 3: [Result(1, 2, (4,))], 4: [Result(2, 2, (3,))],
               5: [Result(1, 2, (1,))]}
    results[1].append(Result(1, 2, (5,)))
    results[5] = [Result(2, 2, (1,)), Result(1, 2, (6,))]
    results[6] = [Result(2, 2, (5,))]
    order = swiss_order([1, 2, 3, 4, 5, 6], results, ratings={3: 1500.0, 5: 1400.0})
    assert order[0] == 1  # 4 points
    assert order[1:3] == [5, 3]  # 2 points each: 5 met 1 (4 points), 3 met 4 (none)
    # No points: 2 met the leader (Buchholz 4); 4 and 6 met a player of 2 points each, and no rating: the lower id.
    assert order[-3:] == [2, 4, 6]


def test_seats_go_to_whoever_held_them_least():
    held = {1: Counter({0: 2}), 2: Counter({1: 2}), 3: Counter({2: 2})}
    order = seat_order([1, 2, 3], held)
    assert order[0] != 1 and order[1] != 2 and order[2] != 3
    assert seat_order([7, 8], {}) == [7, 8]  # nothing held yet: the standing's order


def play_swiss(players: int, size: int, rounds: int, seed: int):
    """A Swiss tournament of ``rounds`` with random places: each round's tables, and everyone's results."""
    rng = random.Random(seed)
    everyone = list(range(1, players + 1))
    results: dict[int, list[Result]] = {p: [] for p in everyone}
    held: dict[int, Counter[int]] = {p: Counter() for p in everyone}
    rounds_played = []
    for _ in range(rounds):
        tables, out = swiss_round(everyone, results, held, size, 2, 6)
        rounds_played.append((tables, out))
        for table in tables:
            places = list(table)
            rng.shuffle(places)
            for seat, p in enumerate(table):
                held[p][seat] += 1
                results[p].append(Result(places.index(p) + 1, len(table), tuple(o for o in table if o != p)))
    return rounds_played, results, held


def repeated(played) -> list[int]:
    """Per round, how many pairs at its tables had met in an earlier round."""
    seen: set[frozenset[int]] = set()
    counts = []
    for tables, _ in played:
        pairs = met_pairs({t[0]: [Result(1, len(t), tuple(t[1:]))] for t in tables})
        counts.append(len(pairs & seen))
        seen |= pairs
    return counts


@pytest.mark.parametrize(("players", "size", "rounds"), [(12, 3, 3), (8, 2, 5), (16, 4, 3), (9, 3, 4), (25, 5, 2)])
def test_swiss_rounds_meet_no_opponent_twice_when_the_field_allows_it(players, size, rounds):
    played, _, _ = play_swiss(players, size, rounds, seed=players * 10 + size)
    for tables, out in played:
        assert all(2 <= len(t) <= 6 for t in tables)
        assert sorted([p for t in tables for p in t] + out) == list(range(1, players + 1))
    assert repeated(played) == [0] * rounds
    # Nobody sits first much more often than the rounds share out.
    firsts = Counter(t[0] for tables, _ in played for t in tables)
    assert max(firsts.values()) <= -(-rounds // 2)


def test_where_repeats_cannot_be_avoided_they_are_as_few_as_can_be():
    """18 players at three tables of six: a second round's table draws six players from three first-round tables, so
    at least two from each: three pairs repeated a table, nine in all, and no more."""
    played, _, _ = play_swiss(18, 6, 2, seed=1)
    assert repeated(played) == [0, 9]


def test_a_swiss_round_groups_by_score():
    everyone = list(range(1, 9))
    # After one round, players 1-4 won and 5-8 lost: the next round's tables keep winners with winners.
    results = {p: [Result(1 if p <= 4 else 2, 2, (p + 4 if p <= 4 else p - 4,))] for p in everyone}
    tables, out = swiss_round(everyone, results, {}, 4, 2, 6)
    assert not out and sorted(map(sorted, tables)) == [[1, 2, 3, 4], [5, 6, 7, 8]]


def test_an_odd_player_out_is_the_lowest_in_the_standing():
    everyone = [1, 2, 3, 4, 5]
    results = {p: [Result(1 if p < 5 else 2, 2, ())] for p in everyone}
    tables, out = swiss_round(everyone, results, {}, 2, 2, 2)
    assert out == [5] and len(tables) == 2


def test_arena_tables_group_free_players_by_score_and_avoid_the_last_opponent():
    free = [11, 12, 13, 14]
    points = {11: 6, 12: 6, 13: 0, 14: 0}
    # 11 and 12 just played each other: the two leaders are not put back together at once.
    tables = arena_tables(free, points, {11: [12], 12: [11]}, {}, 2, 2, 2)
    assert len(tables) == 2 and all(frozenset(t) != frozenset((11, 12)) for t in tables)
    assert arena_tables([5], {}, {}, {}, 2, 2, 2) == []  # alone: they wait
    three = arena_tables([1, 2, 3, 4, 5, 6], {1: 8, 2: 8, 3: 8, 4: 0, 5: 0, 6: 0}, {}, {}, 3, 3, 6)
    assert sorted(map(sorted, three)) == [[1, 2, 3], [4, 5, 6]]
