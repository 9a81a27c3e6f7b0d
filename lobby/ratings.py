"""Multiplayer ratings with OpenSkill's Plackett-Luce model (the ``openskill`` package).

Plackett-Luce rates a free-for-all of any size from the finishing order alone, which is what our games
give; Elo and Glicko are for two players. Each person has ``mu`` (the skill estimate) and ``sigma`` (its
uncertainty); a game moves both. The number shown is ``60 * mu`` (a new player shows 1500), and a rating
is provisional until ``PROVISIONAL_GAMES`` rated games have been played in that game and pace.

A person has one rating per game and **pace** (``pace_of`` a table's time control: blitz, rapid or
correspondence), as lichess keeps one per time control: skill at 20 seconds a move is not skill at a day a move.

Pure functions only: ``lobby.results`` reads and writes the rows; ``replay`` works on any objects with the
rows' attributes (the models, or a migration's historical models).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, MutableMapping
from dataclasses import dataclass
from datetime import datetime
from itertools import groupby
from typing import Protocol, TypeVar

from openskill.models import PlackettLuce

MU = 25.0
SIGMA = MU / 3
SCALE = 60
PROVISIONAL_GAMES = 5

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA)

BLITZ, RAPID, CORRESPONDENCE = "blitz", "rapid", "correspondence"
PACES = (BLITZ, RAPID, CORRESPONDENCE)  # the order pages list them in
# Live (1 min a move) and relaxed (3 min a move) are both played in one sitting against a clock that
# rarely bites: one rating between them. docs/LEAGUES.md, "Paces", says why.
_PACE_OF = {"blitz": BLITZ, "live": RAPID, "relaxed": RAPID, "correspondence": CORRESPONDENCE}


def pace_of(time_control: str) -> str:
    """The rating pace of a table's time control: blitz is blitz, live and relaxed are rapid, correspondence is
    correspondence; anything else (an older or unknown time control) is rapid, the pace of the default "live"."""
    return _PACE_OF.get(time_control, RAPID)


def time_controls_of(pace: str) -> list[str]:
    """The time controls whose tables ``pace`` rates (``pace_of``'s inverse)."""
    return [time_control for time_control, its_pace in _PACE_OF.items() if its_pace == pace]


def display(mu: float) -> int:
    """The rating people see."""
    return round(SCALE * mu)


@dataclass(frozen=True)
class Entrant:
    """One rated player of a game: ``key`` identifies them (a user id), ``place`` is 1 for the winner; equal
    places are a tie."""

    key: int
    mu: float
    sigma: float
    place: int


def rate(entrants: list[Entrant]) -> dict[int, tuple[float, float]]:
    """The new (mu, sigma) of each entrant after one game; nothing changes with fewer than two entrants."""
    if len(entrants) < 2:
        return {e.key: (e.mu, e.sigma) for e in entrants}
    teams = [[_MODEL.create_rating([e.mu, e.sigma])] for e in entrants]
    rated = _MODEL.rate(teams, ranks=[e.place for e in entrants])
    return {e.key: (team[0].mu, team[0].sigma) for e, team in zip(entrants, rated)}


class ResultRow(Protocol):
    """What ``replay`` reads and writes of a result (``lobby.models.PlayerResult``)."""

    game_id: int
    user_id: int
    place: int
    forfeit: bool
    rated: bool
    annulled: bool
    finished_at: datetime
    mu_before: float | None
    sigma_before: float | None
    mu_after: float | None
    sigma_after: float | None


class Book(Protocol):
    """What ``replay`` reads and writes of a rating (``lobby.models.Rating``)."""

    mu: float
    sigma: float
    games: int
    wins: int
    last_played_at: datetime | None


B = TypeVar("B", bound=Book)


def apply_game(rows: list[ResultRow], book: MutableMapping[int, B]) -> None:
    """One counted game moves its players' ratings (every player must have one in ``book``): each row gets its
    rating before and after, each rating one more game, a win if the row won (first, not a forfeit)."""
    new = rate([Entrant(r.user_id, book[r.user_id].mu, book[r.user_id].sigma, r.place) for r in rows])
    for row in rows:
        rating = book[row.user_id]
        row.mu_before, row.sigma_before = rating.mu, rating.sigma
        rating.mu, rating.sigma = new[row.user_id]
        row.mu_after, row.sigma_after = rating.mu, rating.sigma
        rating.games += 1
        rating.wins += row.place == 1 and not row.forfeit
        rating.last_played_at = row.finished_at


def _clear(row: ResultRow) -> None:
    row.mu_before = row.sigma_before = row.mu_after = row.sigma_after = None


def replay(rows: Iterable[ResultRow], new_rating: Callable[[int], B]) -> dict[int, B]:
    """The ratings of one game and pace rebuilt from its results in finishing order (``rows`` sorted by finish
    time, game, seat): a game counts when it is rated, not annulled, and has two or more such rows; the rows of
    a game that does not count lose their before and after. ``new_rating(user_id)`` makes a fresh rating."""
    book: dict[int, B] = {}
    for _game_id, group in groupby(rows, key=lambda r: r.game_id):
        members = list(group)
        counted = [r for r in members if r.rated and not r.annulled]
        if len(counted) < 2:
            counted = []
        for row in members:
            if not any(row is c for c in counted):
                _clear(row)
        for row in counted:
            if row.user_id not in book:
                book[row.user_id] = new_rating(row.user_id)
        if counted:
            apply_game(counted, book)
    return book
