"""Multiplayer ratings with OpenSkill's Plackett-Luce model (the ``openskill`` package).

Plackett-Luce rates a free-for-all of any size from the finishing order alone, which is what our games
give; Elo and Glicko are for two players. Each person has ``mu`` (the skill estimate) and ``sigma`` (its
uncertainty); a game moves both. The number shown is ``60 * mu`` (a new player shows 1500), and a rating
is provisional until ``PROVISIONAL_GAMES`` rated games have been played in that game.

Pure functions only: ``lobby.results`` reads and writes the rows.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

MU = 25.0
SIGMA = MU / 3
SCALE = 60
PROVISIONAL_GAMES = 5

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA)


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
