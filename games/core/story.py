"""What a finished game's story is drawn from: the measures a ruleset declares and the dice its moves rolled.

A ruleset declares ``Measure``s (``Declaration.story``): a value per seat read off any state of its game (net
worth, victory points, envelopes in paradise). The site replays a finished game, reads each measure after every
move and draws one chart a measure, a line per player (``games.present.story``). A ruleset whose moves roll two
dice also declares how to find them in a move's events (``Declaration.dice_rolled``), and the site draws how the
sums fell against what fair dice give. Pure Python: the measures read states, they change nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any


@dataclass(frozen=True)
class Measure:
    """One chart of a game's story, a line per seat: either ``of(state)``, the value for each seat in seat order
    read off the state after each move, or ``tally(event)``, what one stored event adds to some seats' running
    totals ((seat, amount) pairs: the rent a player has paid so far)."""

    key: str  # in the chart's address: lowercase letters, digits and hyphens ("net-worth")
    title: Any  # the chart's words (a lazy translation)
    of: Callable[[dict], Sequence[float]] | None = None
    tally: Callable[[dict], Iterable[tuple[int, float]]] | None = None
    money: bool = False  # values are money: the axis shows them as the site shows money

    def __post_init__(self) -> None:
        if (self.of is None) == (self.tally is None):
            raise ValueError(f"measure {self.key}: give either of or tally")
        if not self.key or not all(c.islower() or c.isdigit() or c == "-" for c in self.key):
            raise ValueError(f"measure {self.key!r}: the key is lowercase letters, digits and hyphens")


@dataclass(frozen=True)
class Series:
    """A measure over a game: ``steps`` the move numbers read (0 is the deal), ``values[seat][i]`` at ``steps[i]``."""

    measure: Measure
    steps: tuple[int, ...]
    values: tuple[tuple[float, ...], ...]


def sample_steps(last: int, points: int) -> list[int]:
    """At most ``points`` move numbers from 0 to ``last``, evenly spread, both ends included: a chart of a
    thousand-move game needs no more points than a phone's width shows."""
    if points < 2:
        raise ValueError("a chart needs at least two points")
    if last + 1 <= points:
        return list(range(last + 1))
    steps = {round(i * last / (points - 1)) for i in range(points)}
    return sorted(steps)


def read_series(measures: Sequence[Measure], moves: Iterable[tuple[int, dict | None, Sequence[dict]]],
                seats: int) -> list[Series]:
    """Each measure over a game, one ``Series`` per measure. ``moves``: (move number, state after it or None,
    its stored events) in order from the deal (0, first state, no events); a state measure is read where the
    state is given (the sampled steps), a tally adds up every move's events and is read at the same steps."""
    steps: list[int] = []
    columns: list[list[list[float]]] = [[[] for _ in range(seats)] for _ in measures]
    totals = [[0.0] * seats for _ in measures]
    for step, state, events in moves:
        for total, measure in zip(totals, measures):
            if measure.tally is not None:
                for event in events:
                    for seat, amount in measure.tally(event):
                        total[seat] += amount
        if state is None:
            continue
        steps.append(step)
        for column, total, measure in zip(columns, totals, measures):
            values = measure.of(state) if measure.of is not None else total
            if len(values) != seats:
                raise ValueError(f"measure {measure.key}: {len(values)} values for {seats} seats")
            for seat, value in enumerate(values):
                column[seat].append(value)
    return [Series(m, tuple(steps), tuple(tuple(v) for v in column)) for m, column in zip(measures, columns)]


# The chance of each sum of two fair six-sided dice: (6 - |s - 7|) / 36, for s from 2 to 12.
TWO_DICE = {s: Fraction(6 - abs(s - 7), 36) for s in range(2, 13)}


def dice_sums(rolls: Iterable[Sequence[int]]) -> dict[int, int]:
    """How many times each sum from 2 to 12 came up in ``rolls`` (pairs of dice)."""
    counts = dict.fromkeys(TWO_DICE, 0)
    for roll in rolls:
        if len(roll) != 2 or not all(1 <= d <= 6 for d in roll):
            raise ValueError(f"not a roll of two dice: {roll!r}")
        counts[roll[0] + roll[1]] += 1
    return counts


def expected_sums(rolls: int) -> dict[int, float]:
    """How many times each sum would come up in ``rolls`` throws of two fair dice, on average."""
    return {s: float(p * rolls) for s, p in TWO_DICE.items()}


def chi_square(counts: dict[int, int]) -> float:
    """Pearson's statistic of ``counts`` against fair dice: near 10 (the sums' 10 degrees of freedom) for fair
    dice; far above 23.2 happens to fair dice once in a hundred games."""
    rolls = sum(counts.values())
    if not rolls:
        return 0.0
    expected = expected_sums(rolls)
    return sum((counts[s] - e) ** 2 / e for s, e in expected.items())


@dataclass(frozen=True)
class Moment:
    """A move that changed the standings: ``step`` (its number), ``before`` and ``after`` each seat's place (1 is
    first) around it, ``swaps`` the pairs of players it put the other way round, ``swing`` the largest change of one
    player's standing as a share of the largest standing of the game."""

    step: int
    before: tuple[int, ...]
    after: tuple[int, ...]
    swaps: int
    swing: float


def places(values: Sequence[float]) -> tuple[int, ...]:
    """Each seat's place by ``values`` (highest first); equal values share the better place."""
    return tuple(1 + sum(other > mine for other in values) for mine in values)


def _sign(x: float) -> int:
    return (x > 0) - (x < 0)


def key_moments(standings: Sequence[tuple[int, Sequence[float]]], most: int = 5,
                least_swing: float = 0.2) -> list[Moment]:
    """The moves that changed the standings most, in the order they were made: ``standings`` is (move number, the
    standing measure per seat) after each move from the deal. A move scores 1 for each pair of players it put the
    other way round (one passing another), a quarter for each tie it made or broke (a lead taken from a tie counts,
    but less, or every early point would), and the largest change of one player's standing as a share of the
    game's largest; a move that changed no pair's order counts only if that share is ``least_swing`` or more (a
    bankruptcy that left the order as it was, a big deal). The ``most`` best, in move order."""
    if len(standings) < 2:
        return []
    scale = max((abs(v) for _step, values in standings for v in values), default=0) or 1
    found = []
    for (_before_step, before), (step, after) in zip(standings, standings[1:]):
        pairs = [(_sign(before[a] - before[b]), _sign(after[a] - after[b]))
                 for a in range(len(after)) for b in range(a + 1, len(after))]
        swaps = sum(was * now < 0 for was, now in pairs)
        ties = sum((was == 0) != (now == 0) for was, now in pairs)
        swing = max(abs(now - was) for was, now in zip(before, after)) / scale
        if swaps or ties or swing >= least_swing:
            found.append((swaps + ties / 4 + swing, Moment(step, places(before), places(after), swaps, swing)))
    found.sort(key=lambda scored: (-scored[0], scored[1].step))
    return sorted((moment for _score, moment in found[:most]), key=lambda m: m.step)
