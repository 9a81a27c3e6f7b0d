"""A player's statistics for one game, as the profile shows them: how they do by seat, by number of players and by
rating pace, how long their games last, and their favourite openings. Read from ``PlayerResult`` and, for the openings,
the first moves of their latest games. Read-only."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from statistics import mean

from django.db.models import Count, Q

from games.core.rulesets import declaration
from games.models import Move

from . import ratings
from .models import PlayerResult, Rating

OPENING_GAMES = 60  # the latest games whose openings are read
OPENING_MOVES = 80  # an opening is made within a game's first moves (a draft, the first rounds of buying)
FAVOURITES = 3


@dataclass(frozen=True)
class Split:
    """One line of a breakdown: what it counts (a seat, a number of players, a pace), games played and won."""

    key: object
    played: int
    wins: int
    rating_change: int | None = None

    @property
    def win_rate(self) -> int:
        """Per cent, rounded."""
        return round(100 * self.wins / self.played) if self.played else 0


@dataclass
class GameDetails:
    by_seat: list[Split] = field(default_factory=list)
    by_players: list[Split] = field(default_factory=list)
    by_pace: list[Split] = field(default_factory=list)
    average_moves: float | None = None
    average_minutes: float | None = None
    openings: list[tuple[str, int]] = field(default_factory=list)  # (words, games), most played first


WON = Q(place=1, forfeit=False)


def _splits(results, by: str) -> list[Split]:
    rows = results.values(by).annotate(played=Count("pk"), wins=Count("pk", filter=WON)).order_by(by)
    return [Split(row[by], row["played"], row["wins"]) for row in rows]


def _by_pace(results, user, ruleset: str) -> list[Split]:
    """Games and wins per rating pace (``ratings.pace_of`` the table's time control), with what that pace's
    rating has won or lost since 1500 (None while the pace has no rating: no rated game counted there)."""
    found = {r.pace: r.display for r in Rating.objects.filter(user=user, ruleset=ruleset)}
    start = ratings.display(ratings.MU)
    splits = {s.key: s for s in _splits(results, "pace")}
    return [Split(pace, splits[pace].played, splits[pace].wins, found[pace] - start if pace in found else None)
            for pace in ratings.PACES if pace in splits]


def favourite_openings(user, ruleset: str) -> list[tuple[str, int]]:
    """The user's most played openings of ``ruleset`` over their latest ``OPENING_GAMES`` games (its
    ``Declaration.opening``), in words, with how many games each."""
    found = declaration(ruleset)
    if found.opening is None or found.opening_words is None:
        return []
    seats = dict(PlayerResult.objects.filter(user=user, ruleset=ruleset).order_by("-finished_at")
                 .values_list("game_id", "seat")[:OPENING_GAMES])
    events: dict[int, list[dict]] = {game_id: [] for game_id in seats}
    for game_id, move_events in (Move.objects.filter(game_id__in=list(seats), seq__lte=OPENING_MOVES)
                                 .order_by("game_id", "seq").values_list("game_id", "events")):
        events[game_id].extend(move_events)
    keys = Counter(key for game_id, seat in seats.items() if (key := found.opening(events[game_id], seat)))
    return [(found.opening_words(key), games) for key, games in keys.most_common(FAVOURITES)]


def game_details(user, ruleset: str) -> GameDetails:
    """The user's statistics for ``ruleset`` (every finished game they played, annulled ones included, as the
    profile's other figures count them)."""
    results = PlayerResult.objects.filter(user=user, ruleset=ruleset)
    lengths = list(results.values_list("game__version", "game__started_at", "finished_at"))
    minutes = [(done - started).total_seconds() / 60 for _moves, started, done in lengths if started and done]
    return GameDetails(
        by_seat=_splits(results, "seat"),
        by_players=_splits(results, "num_players"),
        by_pace=_by_pace(results, user, ruleset),
        average_moves=mean(moves for moves, _s, _d in lengths) if lengths else None,
        average_minutes=mean(minutes) if minutes else None,
        openings=favourite_openings(user, ruleset),
    )
