"""Celery tasks of ratings and leagues. Both are idempotent: run them as often as you like."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone


@shared_task(name="lobby.tasks.game_finished", ignore_result=True, acks_late=True)
def game_finished(game_id: int) -> int:
    """A game ended (or a moderator changed its result): record its results, ratings and league points once, then
    move its tournament on, if it had one (the next Swiss round, an arena's next tables)."""
    from .results import reconcile
    from .tournaments import game_ended

    written = reconcile(game_id)
    game_ended(game_id)
    return written


@shared_task(name="lobby.tasks.run_tournaments", ignore_result=True)
def run_tournaments() -> dict:
    """The beat's tournament clock (``CELERY_BEAT_SCHEDULE``)."""
    from .tournaments import tick

    return tick(timezone.now())


@shared_task(name="lobby.tasks.run_league_schedule", ignore_result=True)
def run_league_schedule() -> dict:
    """The beat's league clock (``CELERY_BEAT_SCHEDULE``): start seasons, open rounds, close seasons."""
    from .schedule import tick

    report = tick(timezone.now())
    return {"recorded": report.recorded, "started": report.started, "rounds": report.rounds,
            "closed": report.closed, "opened": report.opened}
