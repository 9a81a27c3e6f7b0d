"""Celery tasks: deadlines (timeouts and bot moves) and the periodic sweep.

Deadlines live in the database. A deadline close enough is also scheduled as
an ETA task; anything missed (worker killed, long correspondence deadlines
beyond the broker's visibility timeout) is picked up by the beat sweep and
re-armed when a worker starts. Every task is idempotent: ``do_deadline``
checks the version and the deadline under the game's row lock.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from celery.signals import worker_ready
from django.db import DatabaseError, transaction
from django.utils import timezone

log = logging.getLogger(__name__)

# ETA tasks longer than this are left to the sweep (Redis redelivers tasks not
# acknowledged within its visibility timeout, one hour by default).
ETA_HORIZON = timedelta(minutes=30)


def fire(game_id: int, seat: int, version: int) -> bool:
    """Apply one deadline; True when it made a move. A database error is raised (the sweep tries again); any
    other failure is the game's own (its state or the engine) and would fail on every try, so the game is
    paused for a moderator instead."""
    from .actions import do_deadline

    try:
        return do_deadline(game_id, seat, version) is not None
    except DatabaseError:
        raise
    except Exception as exc:
        log.exception("deadline of game %s seat %s at version %s failed: pausing the game", game_id, seat, version)
        from .moderation import do_pause_stuck

        do_pause_stuck(game_id, seat, version, f"{type(exc).__name__}: {exc}")
        return False


@shared_task(name="games.tasks.fire_deadline", ignore_result=True, acks_late=True)
def fire_deadline(game_id: int, seat: int, version: int) -> bool:
    return fire(game_id, seat, version)


def schedule_deadlines(game_id: int) -> int:
    """Queue an ETA task for each armed seat of the game within the horizon."""
    from .models import Game, Seat

    now = timezone.now()
    rows = list(
        Seat.objects.filter(game_id=game_id, game__status=Game.Status.ACTIVE, deadline__isnull=False,
                            deadline__lte=now + ETA_HORIZON).values_list("index", "deadline", "game__version")
    )
    for index, deadline, version in rows:
        fire_deadline.apply_async((game_id, index, version), eta=max(deadline, now))
    return len(rows)


@shared_task(name="games.tasks.sweep_deadlines", ignore_result=True)
def sweep_deadlines() -> int:
    """Fire every deadline that has passed (beat runs this every few seconds)."""
    from .models import Game, Seat

    due = list(
        Seat.objects.filter(game__status=Game.Status.ACTIVE, deadline__lte=timezone.now())
        .values_list("game_id", "index", "game__version")
    )
    fired = 0
    for game_id, index, version in due:
        try:
            if fire(game_id, index, version):
                fired += 1
        except Exception:  # the database: tried again on the next sweep
            log.exception("sweep: deadline of game %s seat %s failed", game_id, index)
    return fired


def rearm_all_pending() -> int:
    from .models import Game, Seat

    count = 0
    for game_id in (
        Seat.objects.filter(game__status=Game.Status.ACTIVE, deadline__isnull=False)
        .values_list("game_id", flat=True).distinct()
    ):
        count += schedule_deadlines(game_id)
    return count


@worker_ready.connect
def _rearm_on_worker_start(**kwargs) -> None:
    try:
        with transaction.atomic():
            n = rearm_all_pending()
        log.info("re-armed %d pending deadlines", n)
    except Exception:
        log.exception("re-arming deadlines failed")


@shared_task(name="games.tasks.mail_turns")
def mail_turns() -> int:
    """Correspondence turn e-mails (``games.notify``): beat runs this every few minutes; each seat is mailed at
    most once a day per game however often it runs."""
    from .notify import send_turn_mails

    return send_turn_mails()


@shared_task(name="games.tasks.fill_quick_table", ignore_result=True, acks_late=True)
def fill_quick_table(game_id: int) -> None:
    """A quick-play table's wait is over: bots take the empty seats and it starts (``games.quickplay``;
    idempotent, and an early run schedules itself again)."""
    from .quickplay import run_fill

    run_fill(game_id)


@worker_ready.connect
def _rearm_quick_tables(**kwargs) -> None:
    from .quickplay import rearm_pending

    try:
        log.info("re-armed %d waiting quick-play tables", rearm_pending())
    except Exception:
        log.exception("re-arming quick-play tables failed")
