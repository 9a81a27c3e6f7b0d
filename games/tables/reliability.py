"""A player's reliability: the share of their finished games they saw through to the end.

A game counts against it when the player's seat ended it played by a bot after repeated timeouts (they never
came back) or after a ban; games still under way do not count. The
figure is shown where people choose whom to sit with (lobby tables, profiles). Below ``MIN_GAMES`` it is
"new": a first abandoned game should not brand anyone.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q

MIN_GAMES = 5


@dataclass(frozen=True)
class Reliability:
    games: int
    abandoned: int

    @property
    def percent(self) -> int | None:
        if self.games < MIN_GAMES:
            return None
        return round(100 * (self.games - self.abandoned) / self.games)

    @property
    def level(self) -> str:
        """"new", "good" (95 % and up), "fair" (80 % and up) or "poor": for a colour next to the figure."""
        p = self.percent
        if p is None:
            return "new"
        return "good" if p >= 95 else "fair" if p >= 80 else "poor"


def reliability(user) -> Reliability:
    from games.models import Game, Seat

    row = Seat.objects.filter(user=user, game__status=Game.Status.FINISHED).aggregate(
        games=Count("pk"), abandoned=Count("pk", filter=Q(is_bot=True)))
    return Reliability(games=row["games"] or 0, abandoned=row["abandoned"] or 0)


def reliability_of_many(user_ids) -> dict[int, Reliability]:
    """One query for a lobby list's worth of players."""
    from games.models import Game, Seat

    rows = (Seat.objects.filter(user_id__in=list(user_ids), game__status=Game.Status.FINISHED)
            .values("user_id").annotate(games=Count("pk"), abandoned=Count("pk", filter=Q(is_bot=True))))
    found = {r["user_id"]: Reliability(r["games"], r["abandoned"]) for r in rows}
    return {uid: found.get(uid, Reliability(0, 0)) for uid in user_ids}
