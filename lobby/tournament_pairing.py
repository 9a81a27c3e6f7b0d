"""A tournament's tables and points (pure functions): Swiss rounds, arena tables, seat rotation, places to points.

Swiss: before each round the players are ranked by points (then by Buchholz, the points of the opponents they
met, then by rating) and cut into tables of 2 to 6 by ``lobby.pairing``, which keeps players of similar score
together and avoids repeat opponents whenever some grouping does. Arena: whoever is free when a table can be
made is grouped the same way, similar scores together, avoiding the opponents of their last game. In both, the
seats of a table are rotated: each player takes the seat they have held least (``seat_order``), so nobody is
always first.

Points for a table's places are the same in both, so that a table of six weighs what a game of two does: the
winner 2, the last 0, everyone between 1; a forfeit (a person's seat a bot finished after their timeouts) nothing,
as in the leagues. In an arena, a winner of two games in a row is on a streak: each further game won scores double
(4) until a game not won, as lichess's arena does for chess.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations
from random import Random

from .pairing import group, meetings, repeats, table_sizes

WIN, MIDDLE, LAST = 2, 1, 0
STREAK_AFTER = 2  # games won in a row before a win scores double (arena)
RESTARTS = 40  # shaken groupings tried when the first still repeats opponents


def place_points(place: int, players: int) -> int:
    """A table's points for finishing ``place`` (1 is first) of ``players``: the winner 2, the last 0, others 1.
    Shared places (a tie for first) take the better place's points."""
    if place < 1 or players < 2 or place > players:
        raise ValueError(f"no place {place} at a table of {players}")
    if place == 1:
        return WIN
    return LAST if place == players else MIDDLE


@dataclass(frozen=True)
class Result:
    """One player's game in a tournament: their place at a table of ``players``, who else sat there, and whether
    it was a forfeit (their seat finished by a bot after their timeouts: placed below every seat played out)."""

    place: int
    players: int
    opponents: tuple[int, ...] = ()
    forfeit: bool = False


def won(r: Result) -> bool:
    """A win: first, and played out (when every seat of a table forfeited, the first of them won nothing)."""
    return r.place == 1 and not r.forfeit


def game_points(r: Result) -> int:
    """A game's points: its place's, or nothing for a forfeit (as a league's forfeit earns nothing)."""
    return LAST if r.forfeit else place_points(r.place, r.players)


def swiss_points(results: Sequence[Result]) -> int:
    """A Swiss player's points: the sum of their games' points."""
    return sum(game_points(r) for r in results)


def arena_points(results: Sequence[Result]) -> int:
    """An arena player's points, games in the order played: a win after ``STREAK_AFTER`` wins in a row scores
    double, until a game not won ends the streak."""
    total, wins_in_a_row = 0, 0
    for r in results:
        points = game_points(r)
        first = won(r)
        total += points * 2 if first and wins_in_a_row >= STREAK_AFTER else points
        wins_in_a_row = wins_in_a_row + 1 if first else 0
    return total


def on_streak(results: Sequence[Result]) -> bool:
    """Whether an arena player's next win scores double."""
    wins_in_a_row = 0
    for r in results:
        wins_in_a_row = wins_in_a_row + 1 if won(r) else 0
    return wins_in_a_row >= STREAK_AFTER


def buchholz(player: int, results: Mapping[int, Sequence[Result]], points: Mapping[int, int]) -> int:
    """The Swiss tie-break: the points of every opponent ``player`` met (once per meeting)."""
    return sum(points.get(o, 0) for r in results.get(player, ()) for o in r.opponents)


def swiss_order(players: Sequence[int], results: Mapping[int, Sequence[Result]],
                ratings: Mapping[int, float] | None = None) -> list[int]:
    """The Swiss standing: most points first, then the higher Buchholz, then the higher rating, then the lower id
    (a fixed order, so a round is paired the same way however often it is computed)."""
    points = {p: swiss_points(results.get(p, ())) for p in players}
    ratings = ratings or {}
    return sorted(players, key=lambda p: (-points[p], -buchholz(p, results, points), -ratings.get(p, 0.0), p))


def tables_for(ranked: list[int], sizes: list[int], met: set[frozenset[int]]) -> list[list[int]]:
    """``lobby.pairing.group``, searched harder: its swaps can stop at a grouping that repeats opponents although
    another does not (18 players at three tables of six, in their second round, kept 9 repeated pairs). Then it
    starts again from that grouping shaken by a few random swaps, up to ``RESTARTS`` times, and keeps the grouping
    with the fewest repeats, then the one that keeps players nearest their standing's table. The shaking is
    seeded by the players, so a round is paired the same way however often it is computed."""
    best = group(ranked, sizes, met)
    if len(sizes) < 2 or repeats(best, met) == 0:
        return best
    home = {p: i for i, t in enumerate(group(ranked, sizes, set())) for p in t}
    rank = {p: i for i, p in enumerate(ranked)}

    def displacement(tables: list[list[int]]) -> int:
        return sum(abs(home.get(p, i) - i) for i, t in enumerate(tables) for p in t)

    rng = Random(",".join(map(str, ranked)))
    best_key = (repeats(best, met), displacement(best))
    for _ in range(RESTARTS):
        shaken = [list(t) for t in best]
        for _ in range(3):
            i, j = rng.sample(range(len(shaken)), 2)
            a, b = rng.randrange(len(shaken[i])), rng.randrange(len(shaken[j]))
            shaken[i][a], shaken[j][b] = shaken[j][b], shaken[i][a]
        tried = [sorted(t, key=rank.__getitem__) for t in group(ranked, sizes, met, start=shaken)]
        key = (repeats(tried, met), displacement(tried))
        if key < best_key:
            best, best_key = tried, key
            if key[0] == 0:
                break
    return best


def met_pairs(results: Mapping[int, Sequence[Result]]) -> set[frozenset[int]]:
    """Every pair of players who already sat at one table of the tournament."""
    return meetings([[p, *r.opponents] for p, rs in results.items() for r in rs])


def seat_order(table: Sequence[int], seats_held: Mapping[int, Counter[int]]) -> list[int]:
    """The table's players in seat order (the first moves first): the order in which the seats the players have
    held least add up to the least, so that over a tournament nobody sits first (or last) more than the draw
    forces. Ties go to the order in which the players came (their standing)."""
    best: tuple[int, ...] = tuple(table)
    best_cost = None
    for order in permutations(table):
        cost = sum(seats_held.get(p, Counter())[seat] for seat, p in enumerate(order))
        if best_cost is None or cost < best_cost:
            best, best_cost = order, cost
    return list(best)


def swiss_round(players: Sequence[int], results: Mapping[int, Sequence[Result]], seats_held: Mapping[int, Counter[int]],
                table_size: int, min_players: int, max_players: int,
                ratings: Mapping[int, float] | None = None) -> tuple[list[list[int]], list[int]]:
    """A Swiss round's tables (each in seat order) and who sits out (the lowest in the standing, when the players
    cannot all be seated; a bye scores the middle's point, which the caller records)."""
    ranked = swiss_order(players, results, ratings)
    sizes = table_sizes(len(ranked), table_size, min_players, max_players)
    tables = tables_for(ranked, sizes, met_pairs(results))
    seated = {p for t in tables for p in t}
    return [seat_order(t, seats_held) for t in tables], [p for p in ranked if p not in seated]


def arena_tables(free: Sequence[int], points: Mapping[int, int], last_opponents: Mapping[int, Sequence[int]],
                 seats_held: Mapping[int, Counter[int]], table_size: int, min_players: int,
                 max_players: int) -> list[list[int]]:
    """The arena's new tables among the players ``free`` now (in the order they became free): grouped by score,
    the opponents of each one's last game avoided where some grouping allows, each table in seat order. Fewer
    free players than a table needs: no table, they wait."""
    if len(free) < min_players:
        return []
    waited = {p: i for i, p in enumerate(free)}
    ranked = sorted(free, key=lambda p: (-points.get(p, 0), waited[p]))
    sizes = table_sizes(len(ranked), table_size, min_players, max_players)
    avoid = {frozenset((p, o)) for p in free for o in last_opponents.get(p, ()) if o in waited}
    return [seat_order(t, seats_held) for t in tables_for(ranked, sizes, avoid)]
