"""League points and standings (docs/LEAGUES.md, "Points and tie-breaks").

Points by finishing place: at a table of ``n`` players, place ``p`` earns ``n - p`` points (4 players:
3, 2, 1, 0). A forfeit (lost on time or abandoned) earns nothing, whatever place the bot that finished
the game for the seat reached, and is counted apart. Standings order, each rule breaking the ties of the
one before: more points, more wins, fewer forfeits, better average place, earlier registration.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .models import Division, Membership, PlayerResult


def points_for(place: int, num_players: int, forfeit: bool) -> int:
    """League points for finishing ``place`` (1 = won) at a table of ``num_players``."""
    if forfeit:
        return 0
    return max(0, num_players - place)


@dataclass
class Standing:
    """One player's line in a division's table."""

    user_id: int
    username: str
    order: int  # registration order: the last tie-break
    points: int = 0
    games: int = 0
    wins: int = 0
    forfeits: int = 0
    place_sum: int = 0
    position: int = 0
    movement: str = ""
    places: list[int] = field(default_factory=list)
    # A running season's player whom moderation took out of play: "banned" (withdrawn) or "suspended" (sits out
    # the rounds that open meanwhile); ``lobby.leagues.out_of_play``.
    out: str = ""

    @property
    def average_place(self) -> float | None:
        return self.place_sum / self.games if self.games else None

    def sort_key(self) -> tuple:
        # A player with no game yet sorts after everyone with the same points, wins and forfeits.
        average = self.average_place if self.games else float("inf")
        return (-self.points, -self.wins, self.forfeits, average, self.order)


def rank(lines: list[Standing]) -> list[Standing]:
    """Sort by the documented tie-breaks and number the positions 1, 2, 3..."""
    ordered = sorted(lines, key=Standing.sort_key)
    for i, line in enumerate(ordered, start=1):
        line.position = i
    return ordered


def add_result(line: Standing, place: int, points: int, forfeit: bool) -> None:
    line.games += 1
    line.points += points
    line.place_sum += place
    line.places.append(place)
    if forfeit:
        line.forfeits += 1
    elif place == 1:
        line.wins += 1


def division_standings(division: Division) -> list[Standing]:
    """The division's table now: every member, with the results of its league games so far (annulled
    games do not count)."""
    members = list(Membership.objects.filter(division=division).select_related("user").order_by("registered_at", "pk"))
    lines = {m.user_id: Standing(m.user_id, m.user.username, i, movement=m.movement) for i, m in enumerate(members)}
    results = (PlayerResult.objects.filter(game__league_table__division=division, annulled=False)
               .order_by("finished_at", "game_id").values_list("user_id", "place", "points", "forfeit"))
    for user_id, place, points, forfeit in results:
        if user_id in lines:
            add_result(lines[user_id], place, points or 0, forfeit)
    return rank(list(lines.values()))
