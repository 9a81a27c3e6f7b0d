"""Pairing a round: tables of the game's size, players grouped by standing, repeat opponents avoided where
any grouping avoids them."""

from itertools import combinations

import pytest

from lobby.pairing import group, meetings, repeats, table_sizes


@pytest.mark.parametrize("players, size, low, high, expected", [
    (8, 4, 2, 6, [4, 4]),
    (9, 4, 2, 6, [3, 3, 3]),
    (10, 4, 3, 5, [4, 3, 3]),
    (4, 3, 3, 5, [4]),          # two tables of two would be below the game's minimum
    (7, 2, 2, 6, [3, 2, 2]),    # four tables would leave one player alone
    (5, 6, 2, 6, [5]),
    (2, 4, 3, 5, []),           # not enough for one table: everyone sits the round out
    (12, 9, 2, 6, [6, 6]),      # a table size above the game's maximum is capped
])
def test_table_sizes(players, size, low, high, expected):
    sizes = table_sizes(players, size, low, high)
    assert sizes == expected
    assert all(low <= s <= high for s in sizes) and sum(sizes) <= players


def test_the_first_round_groups_players_by_standing():
    assert group(list(range(8)), [4, 4], set()) == [[0, 1, 2, 3], [4, 5, 6, 7]]


def test_three_rounds_of_four_players_at_tables_of_two_are_a_round_robin():
    """Whatever the standings say, nobody meets the same opponent twice while a new one is left."""
    met: set = set()
    standings_each_round = [[0, 1, 2, 3], [0, 2, 1, 3], [3, 0, 1, 2]]
    for order in standings_each_round:
        tables = group(order, [2, 2], met)
        assert repeats(tables, met) == 0
        assert sorted(p for t in tables for p in t) == [0, 1, 2, 3]
        met |= meetings(tables)
    assert met == {frozenset(p) for p in combinations(range(4), 2)}


def test_repeats_are_avoided_by_the_smallest_moves_from_the_standing_order():
    # 0 and 1 met already: the swap stays between the first two tables; the leader keeps the top table and
    # the bottom table is not touched.
    tables = group([0, 1, 2, 3, 4, 5], [2, 2, 2], {frozenset((0, 1))})
    assert tables[0][0] == 0 and sorted(tables[0] + tables[1]) == [0, 1, 2, 3] and tables[2] == [4, 5]
    assert repeats(tables, {frozenset((0, 1))}) == 0


def test_when_repeats_cannot_be_avoided_the_fewest_are_kept():
    met = meetings([[0, 1, 2, 3]])
    tables = group([0, 1, 2, 3], [4], met)
    assert tables == [[0, 1, 2, 3]]  # one table: everyone meets again
    # Eight players who all met in two tables of four last round: each new table mixes the two old ones.
    met = meetings([[0, 1, 2, 3], [4, 5, 6, 7]])
    tables = group(list(range(8)), [4, 4], met)
    assert repeats(tables, met) == 4  # the minimum: two from each old table at each new table
    assert all(len({p // 4 for p in t}) == 2 for t in tables)


def test_players_beyond_the_seats_sit_out():
    tables = group([5, 4, 3, 2, 1], [2, 2], set())
    assert tables == [[5, 4], [3, 2]]
