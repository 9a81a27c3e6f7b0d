"""A player's record, read from ``PlayerResult``: history rows, per-game statistics, rating series,
head-to-head, and the JSON export. Read-only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Avg, Count, Q, QuerySet
from django.urls import NoReverseMatch, reverse

from games.models import Game

from . import ratings
from .charts import Chart, line_chart
from .models import Membership, PlayerResult, Rating, Season
from .player_stats import GameDetails, game_details
from .standings import division_standings

RELATED = ("game__league_table__round__season__league", "game__league_table__division")

# The history's "result" filter.
RESULTS = {
    "won": Q(place=1, forfeit=False),
    "lost": Q(forfeit=False) & ~Q(place=1),
    "forfeit": Q(forfeit=True),
}


def replay_url(game_id: int) -> str:
    """The replay viewer of a finished game (the table page where the viewer is not installed)."""
    try:
        return reverse("games:replay", args=[game_id])
    except NoReverseMatch:
        return reverse("games:table", args=[game_id])


def results_of(user, game: str | None = None, result: str | None = None) -> QuerySet[PlayerResult]:
    """The user's results, newest first, filtered by game (ruleset) and result (``RESULTS`` keys)."""
    qs = PlayerResult.objects.filter(user=user)
    if game:
        qs = qs.filter(ruleset=game)
    if result in RESULTS:
        qs = qs.filter(RESULTS[result])
    return qs.order_by("-finished_at", "-game_id")


def league_label(result: PlayerResult) -> dict | None:
    table = getattr(result.game, "league_table", None)
    if table is None:
        return None
    season = table.round.season
    return {"name": season.league.name, "slug": season.league.slug, "season": season.number,
            "round": table.round.number, "division": table.division.tier, "url": season.get_absolute_url()}


def rows(results) -> list[dict[str, Any]]:
    """History lines: each result with its opponents (by seat), league, rating change and links. ``results``
    should select ``RELATED`` and prefetch ``game__seats__user``."""
    lines = []
    for r in results:
        seats = list(r.game.seats.all())
        lines.append({
            "result": r, "game": r.game, "finished_at": r.finished_at, "ruleset": r.ruleset,
            "opponents": [{"name": s.display_name, "username": s.user.username if s.user_id else None,
                           "bot": s.is_bot} for s in seats if s.index != r.seat],
            "league": league_label(r), "replay_url": replay_url(r.game_id), "table_url": r.game.get_absolute_url(),
        })
    return lines


@dataclass
class PaceRating:
    """A player's rating in one game at one pace, with its chart (None before a second point)."""

    pace: str
    rating: Rating
    chart: Chart | None


@dataclass
class GameStats:
    ruleset: str
    played: int
    wins: int
    forfeits: int
    average_place: float | None
    paces: list[PaceRating]  # one per pace with a rating, in ``ratings.PACES`` order; none: unrated
    details: GameDetails | None = None

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0


def rating_series(user, ruleset: str, pace: str) -> list[tuple[Any, int]]:
    """(finished_at, rating after) for each counted rated game of that game and pace, oldest first, starting from
    the rating before the first one."""
    rows_ = list(PlayerResult.objects.filter(user=user, ruleset=ruleset, pace=pace, rated=True, annulled=False,
                                             mu_after__isnull=False)
                 .order_by("finished_at", "game_id").values_list("finished_at", "mu_before", "mu_after"))
    if not rows_:
        return []
    series = [(rows_[0][0], ratings.display(rows_[0][1]))]
    series += [(when, ratings.display(after)) for when, _before, after in rows_]
    return series


def pace_ratings(user, ruleset: str, found: list[Rating]) -> list[PaceRating]:
    """The user's ratings in ``ruleset`` (of ``found``), pace by pace, each with its chart."""
    lines = []
    for rating in sorted((r for r in found if r.ruleset == ruleset), key=lambda r: ratings.PACES.index(r.pace)):
        series = rating_series(user, ruleset, rating.pace)
        lines.append(PaceRating(rating.pace, rating, line_chart(series) if len(series) > 1 else None))
    return lines


def stats_by_game(user) -> list[GameStats]:
    """Per game played: games, wins, forfeits, average place, the rating of each pace played rated with its
    chart, and the breakdowns (``player_stats``)."""
    found = list(Rating.objects.filter(user=user))
    stats = []
    for row in (PlayerResult.objects.filter(user=user).values("ruleset")
                .annotate(played=Count("pk"), wins=Count("pk", filter=Q(place=1, forfeit=False)),
                          forfeits=Count("pk", filter=Q(forfeit=True)), average=Avg("place"))
                .order_by("-played", "ruleset")):
        stats.append(GameStats(row["ruleset"], row["played"], row["wins"], row["forfeits"], row["average"],
                               pace_ratings(user, row["ruleset"], found), game_details(user, row["ruleset"])))
    return stats


def head_to_head(viewer, player) -> dict | None:
    """Games both played: how often each finished ahead of the other (a forfeit finishes behind)."""
    if viewer is None or not viewer.is_authenticated or viewer.pk == player.pk:
        return None
    shared = (PlayerResult.objects.filter(user__in=[viewer, player],
                                          game_id__in=PlayerResult.objects.filter(user=viewer).values("game_id"))
              .filter(game_id__in=PlayerResult.objects.filter(user=player).values("game_id"))
              .values_list("game_id", "user_id", "place", "ruleset"))
    by_game: dict[int, dict[int, int]] = {}
    for game_id, user_id, place, _ruleset in shared:
        by_game.setdefault(game_id, {})[user_id] = place
    if not by_game:
        return None
    ahead = sum(1 for p in by_game.values() if p[viewer.pk] < p[player.pk])
    behind = sum(1 for p in by_game.values() if p[viewer.pk] > p[player.pk])
    return {"games": len(by_game), "ahead": ahead, "behind": behind}


def current_games(user) -> QuerySet[Game]:
    return (Game.objects.filter(seats__user=user, status__in=[Game.Status.ACTIVE, Game.Status.PAUSED])
            .distinct().prefetch_related("seats__user").order_by("-started_at"))


def league_lines(user) -> list[dict]:
    """The user's seasons in play or taking registrations, with the current position in the division."""
    lines = []
    for m in (Membership.objects.filter(user=user).exclude(season__status=Season.Status.FINISHED)
              .select_related("season__league", "division").order_by("season__starts_at")):
        line = {"membership": m, "league": m.season.league, "season": m.season, "division": m.division,
                "position": None, "points": None, "size": 0}
        if m.division is not None and m.season.status == Season.Status.RUNNING:
            standings = division_standings(m.division)
            mine = next((s for s in standings if s.user_id == user.pk), None)
            line.update(size=len(standings), position=mine.position if mine else None,
                        points=mine.points if mine else None)
        lines.append(line)
    return lines


def export(user) -> dict:
    """Everything in the user's history, for ``/u/<name>/history.json``."""
    games = []
    results = results_of(user).select_related(*RELATED).prefetch_related("game__seats__user")
    for line in rows(results):
        r = line["result"]
        games.append({
            "game": r.game_id, "ruleset": r.ruleset, "pace": r.pace, "finished_at": r.finished_at.isoformat(), "seat": r.seat,
            "place": r.place, "players": r.num_players, "forfeit": r.forfeit, "rated": r.rated,
            "annulled": r.annulled, "rating_before": r.rating_before, "rating_after": r.rating_after,
            "rating_change": r.rating_change, "mu_before": r.mu_before, "sigma_before": r.sigma_before,
            "mu_after": r.mu_after, "sigma_after": r.sigma_after, "league_points": r.points,
            "league": line["league"], "opponents": line["opponents"],
            "replay": line["replay_url"], "table": line["table_url"],
        })
    return {
        "user": user.username,
        "ratings": [{"ruleset": r.ruleset, "pace": r.pace, "rating": r.display, "mu": r.mu, "sigma": r.sigma,
                     "games": r.games, "wins": r.wins, "provisional": r.provisional}
                    for r in Rating.objects.filter(user=user).order_by("ruleset", "pace")],
        "games": games,
    }
