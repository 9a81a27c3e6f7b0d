"""Recording finished games: places, forfeits, rating changes and league points, exactly once.

``reconcile(game_id)`` is what the ``lobby.tasks.game_finished`` task runs whenever a game's result may have
changed (it ended, a moderator adjudicated or annulled it). It may run any number of times, concurrently:
the game row's lock and the unique (game, user) constraint make the first run write and the others do
nothing. A game moves the ratings of its pace only (``ratings.pace_of`` its time control, kept on each result
as ``pace``). Rating writes of one game are serialised by its ``RatingBook`` row, so the incremental ratings
of each pace are exactly what ``recompute`` derives from the results in the order they were recorded (which
is the order the games finished, unless a worker was down and the sweep caught up later).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from games.models import Game, Seat
from games.play.results import bot_account_ids, finishing_order

from . import ratings
from .models import BotAccount, LeagueTable, PlayerResult, Rating, RatingBook
from .standings import points_for

RATING_FIELDS = ["mu_before", "sigma_before", "mu_after", "sigma_after"]


@dataclass(frozen=True)
class Placing:
    seat: int
    user_id: int
    place: int
    forfeit: bool


def bot_accounts(user_ids: list[int]) -> list[int]:
    """Of ``user_ids``, the league bot accounts: what the games ask (``games.play.results.register_bot_accounts``)."""
    return list(BotAccount.objects.filter(user_id__in=user_ids).values_list("user_id", flat=True))


def placings(game: Game, seats: list[Seat], bot_user_ids: set[int]) -> list[Placing]:
    """Each seated user's place in the ``finishing_order``."""
    order = finishing_order(game, seats, bot_user_ids)
    place = {seat: n for n, (seat, _forfeit) in enumerate(order, start=1)}
    forfeits = {seat for seat, forfeit in order if forfeit}
    return [Placing(s.index, s.user_id, place[s.index], s.index in forfeits) for s in seats if s.user_id]


def _is_annulled(game: Game) -> bool:
    return game.annulled_at is not None


def record_game(game_id: int) -> int:
    """Write the results of a finished game once; returns how many rows were written (0 if done before)."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or game.status != Game.Status.FINISHED or PlayerResult.objects.filter(game=game).exists():
            return 0
        seats = list(Seat.objects.filter(game=game).order_by("index"))
        placed = placings(game, seats, bot_account_ids(seats))
        if not placed:
            return 0
        in_league = LeagueTable.objects.filter(game=game).exists()
        annulled = _is_annulled(game)
        rated = game.rated and len(placed) >= 2
        when = game.finished_at or game.created_at
        pace = ratings.pace_of(game.time_control)
        rows = [
            PlayerResult(game=game, user_id=p.user_id, ruleset=game.ruleset, pace=pace, finished_at=when, seat=p.seat,
                         place=p.place, num_players=game.num_seats, forfeit=p.forfeit, rated=rated,
                         annulled=annulled,
                         points=points_for(p.place, game.num_seats, p.forfeit) if in_league else None)
            for p in placed
        ]
        if rated and not annulled:
            _rate(game.ruleset, pace, rows)
        PlayerResult.objects.bulk_create(rows)
        return len(rows)


def _lock_book(ruleset: str) -> None:
    RatingBook.objects.bulk_create([RatingBook(ruleset=ruleset)], ignore_conflicts=True)
    RatingBook.objects.select_for_update().get(ruleset=ruleset)


def _rate(ruleset: str, pace: str, rows: list[PlayerResult]) -> None:
    """Apply one game's results (unsaved rows of one game) to the current ratings of its pace, under the game's
    book lock."""
    _lock_book(ruleset)
    users = [r.user_id for r in rows]
    current = {r.user_id: r for r in Rating.objects.filter(ruleset=ruleset, pace=pace, user_id__in=users)}
    for user_id in users:
        current.setdefault(user_id, Rating(user_id=user_id, ruleset=ruleset, pace=pace))
    ratings.apply_game(list(rows), current)
    for rating in current.values():
        rating.save()


def annul_game(game_id: int) -> int:
    """An annulled game stops counting: its rows are marked and the ratings of its game and pace recomputed
    without it."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or not _is_annulled(game):
            return 0
        changed = PlayerResult.objects.filter(game=game, annulled=False).update(annulled=True)
        if changed:
            recompute(game.ruleset, [ratings.pace_of(game.time_control)])
        return changed


def reconcile(game_id: int) -> int:
    """Bring a game's results in line with the game: record them once it has ended, drop them from ratings
    and standings once it is annulled. Idempotent."""
    written = record_game(game_id)
    return written + annul_game(game_id)


SWEEP_WINDOW = timedelta(days=7)  # older games without results are for ``manage.py recompute_ratings``


def record_missing(limit: int = 200) -> int:
    """Catch up with games whose task never ran (a worker was down): record the results of recently finished
    games that have none, and annul the results of annulled games. The league beat calls this every tick."""
    since = timezone.now() - SWEEP_WINDOW
    pending = list(Game.objects.filter(status=Game.Status.FINISHED, finished_at__gte=since, seats__user__isnull=False,
                                       results__isnull=True)
                   .order_by("finished_at").values_list("pk", flat=True).distinct()[:limit])
    if any(f.name == "annulled_at" for f in Game._meta.get_fields()):
        pending += list(Game.objects.filter(annulled_at__isnull=False, results__annulled=False)
                        .values_list("pk", flat=True).distinct()[:limit])
    return sum(reconcile(pk) for pk in pending)


def recompute(ruleset: str, paces: Iterable[str] = ratings.PACES) -> int:
    """Rebuild a game's ratings at each of ``paces`` (every pace by default) from its recorded results, in the
    order the games finished (``ratings.replay``); returns how many ratings there are. Annulled and unrated
    results count for nothing."""
    with transaction.atomic():
        _lock_book(ruleset)
        return sum(_recompute_pace(ruleset, pace) for pace in paces)


def _recompute_pace(ruleset: str, pace: str) -> int:
    rows = list(PlayerResult.objects.select_for_update().filter(ruleset=ruleset, pace=pace)
                .order_by("finished_at", "game_id", "seat"))
    book = ratings.replay(rows, lambda user_id: Rating(user_id=user_id, ruleset=ruleset, pace=pace))
    PlayerResult.objects.bulk_update(rows, RATING_FIELDS, batch_size=500)
    Rating.objects.filter(ruleset=ruleset, pace=pace).delete()
    Rating.objects.bulk_create(book.values())
    return len(book)
