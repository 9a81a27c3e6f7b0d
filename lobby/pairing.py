"""Grouping a division's players into the tables of a round (pure functions).

Players come in standing order (best first). They are cut into consecutive groups of the table sizes, so
each table gathers players of similar standing; then pairs of players in different tables are swapped
while a swap lowers the cost: each pair of players at one table who already met this season costs
``REPEAT_COST``, and each player costs the distance (in tables) from the group their standing puts them in
(a little more for better-placed players). The best swap is made until none helps.
A repeat is so much dearer than a move that repeats are avoided whenever some grouping avoids them, and
otherwise the grouping stays as close to the standing order as it can.
"""

from __future__ import annotations

from itertools import combinations

REPEAT_COST = 1000
MAX_PASSES = 50


def table_sizes(players: int, table_size: int, min_players: int, max_players: int) -> list[int]:
    """Table sizes for ``players`` people: as few tables as ``table_size`` allows, sizes as even as possible
    (largest first), none below ``min_players`` nor above ``max_players``. Their sum is less than
    ``players`` only when no split fits: those left over sit the round out."""
    table_size = max(min_players, min(table_size, max_players))
    if players < min_players:
        return []
    count = -(-players // table_size)
    while count > 1 and players // count < min_players:
        count -= 1
    base, extra = divmod(players, count)
    sizes = [base + 1] * extra + [base] * (count - extra)
    return [min(size, max_players) for size in sizes]


def meetings(tables: list[list[int]]) -> set[frozenset[int]]:
    """Every pair of players who sat at one table."""
    return {frozenset(pair) for table in tables for pair in combinations(table, 2)}


def group(players: list[int], sizes: list[int], met: set[frozenset[int]],
          start: list[list[int]] | None = None) -> list[list[int]]:
    """The tables of a round: ``players`` in standing order, ``sizes`` from ``table_sizes``, ``met`` the
    pairs who already played each other. Players beyond the seats (the lowest in the standings) sit out.
    ``start``: tables of those sizes to improve instead of the standing's cut (a search that starts again from
    a shaken grouping: ``lobby.tournament_pairing``); each player's home table is still the standing's."""
    seated = players[:sum(sizes)]
    rank = {p: i for i, p in enumerate(seated)}
    home: dict[int, int] = {}
    tables: list[list[int]] = []
    first = 0
    for index, size in enumerate(sizes):
        tables.append(list(seated[first:first + size]))
        for p in tables[-1]:
            home[p] = index
        first += size
    if start is not None:
        tables = [list(t) for t in start]
    count = len(seated) or 1

    def table_cost(index: int, table: list[int]) -> float:
        repeated = sum(1 for a, b in combinations(table, 2) if frozenset((a, b)) in met)
        # Moving a better-placed player costs a little more, so the leaders keep their table when a lower
        # player's move does as well.
        moved = sum(abs(home[p] - index) * (1 + (count - rank[p]) / (count * count)) for p in table)
        return REPEAT_COST * repeated + moved

    for _ in range(MAX_PASSES):
        best, best_gain = None, 1e-9
        for i, j in combinations(range(len(tables)), 2):
            before = table_cost(i, tables[i]) + table_cost(j, tables[j])
            for a_pos in range(len(tables[i])):
                for b_pos in range(len(tables[j])):
                    ti, tj = list(tables[i]), list(tables[j])
                    ti[a_pos], tj[b_pos] = tj[b_pos], ti[a_pos]
                    gain = before - table_cost(i, ti) - table_cost(j, tj)
                    if gain > best_gain:
                        best, best_gain = (i, j, ti, tj), gain
        if best is None:
            break
        i, j, tables[i], tables[j] = best
    return [sorted(t, key=rank.__getitem__) for t in tables]


def repeats(tables: list[list[int]], met: set[frozenset[int]]) -> int:
    """How many pairs at these tables already met."""
    return sum(1 for pair in meetings(tables) if pair in met)
