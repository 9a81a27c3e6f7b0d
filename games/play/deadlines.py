"""Deadlines (timeouts and bot moves), their Celery tasks and the periodic sweep.

Deadlines live in the database. A deadline close enough is also queued in a
Redis sorted set, which a thread of each worker takes due deadlines from
(``games.play.timers``); anything missed (Redis restarted, a worker killed, long
correspondence deadlines) is picked up by the beat sweep and re-queued when a
worker starts. Every task is idempotent: ``do_deadline`` checks the version
and the deadline under the game's row lock.

The sweep runs on a queue of its own (``settings.CELERY_SWEEP_QUEUE``) read by
a small worker of its own: on the main queue it waited behind every due
task, minutes under a backlog, just when it was needed. It fires the oldest due
deadlines itself for a bounded time and hands the rest to the main workers in
batches, so that after an outage every worker process helps.
"""

from __future__ import annotations

import logging
import time
from datetime import timedelta

from celery import shared_task
from celery.signals import worker_ready
from django.conf import settings
from django.db import DatabaseError, transaction
from django.utils import timezone

from games.play import timers
from games.play.timers import Deadline

log = logging.getLogger(__name__)

# Deadlines further off than this are left to the sweep: the timers' set holds only what is due soon (a Redis
# that restarts empty loses it; the database holds everything).
ETA_HORIZON = timedelta(minutes=30)
# The sweep fires due deadlines itself for at most this long (well inside beat's interval, so the next sweep
# finds the queue free), then hands what is left to the main workers.
SWEEP_BUDGET_SECONDS = 2.0
# At most this many due deadlines per sweep (the next sweep takes the rest), in batches of this size: one
# query tells a batch's worker which are still due, so a batch the timers already fired costs one query.
SWEEP_LIMIT = 5000
SWEEP_BATCH = 50
# A deadline handed out is not handed out again for this long (a batch waits behind the main queue's backlog).
HAND_OUT_SECONDS = 60



def fire(game_id: int, seat: int, version: int) -> bool:
    """Apply one deadline; True when it made a move. A database error is raised (the sweep tries again); any
    other failure is the game's own (its state or the engine) and would fail on every try, so the game is
    paused for a moderator instead (``hooks.deadline_failed``)."""
    from games.play.actions import do_deadline

    try:
        return do_deadline(game_id, seat, version) is not None
    except DatabaseError:
        raise
    except Exception as exc:
        log.exception("deadline of game %s seat %s at version %s failed: pausing the game", game_id, seat, version)
        from games.play.hooks import deadline_failed

        deadline_failed.send(sender=fire, game_id=game_id, seat=seat, version=version,
                             error=f"{type(exc).__name__}: {exc}")
        return False


def fire_each(deadlines: list[Deadline]) -> int:
    """Fire each in its own transaction (a row lock held no longer than one move); a database error skips
    that one, which stays due for the next sweep."""
    fired = 0
    for game_id, seat, version in deadlines:
        try:
            fired += fire(game_id, seat, version)
        except Exception:  # the database (``fire`` pauses a game whose own state fails)
            log.exception("deadline of game %s seat %s failed: the next sweep tries again", game_id, seat)
    return fired


@shared_task(name="games.tasks.fire_deadline", ignore_result=True, acks_late=True)
def fire_deadline(game_id: int, seat: int, version: int) -> bool:
    """One deadline (the ETA tasks queued before ``games.play.timers``, and anyone's by hand)."""
    return fire(game_id, seat, version)


@shared_task(name="games.tasks.fire_deadlines", ignore_result=True, acks_late=True)
def fire_deadlines(deadlines: list[list[int]]) -> int:
    """A batch taken from the timers' set, or handed out by the sweep (by the time that one runs the timers
    may have fired most of it): one query keeps only those still due."""
    return fire_each(still_due([(g, s, v) for g, s, v in deadlines]))


def due_deadlines(limit: int = SWEEP_LIMIT) -> list[Deadline]:
    """Deadlines passed in games in play, the longest overdue first."""
    from games.models import Game, Seat

    return list(
        Seat.objects.filter(game__status=Game.Status.ACTIVE, deadline__lte=timezone.now())
        .order_by("deadline").values_list("game_id", "index", "game__version")[:limit]
    )


def still_due(deadlines: list[Deadline]) -> list[Deadline]:
    """The deadlines of the list that nothing has fired or moved past yet, in the list's order."""
    from games.models import Game, Seat

    if not deadlines:
        return []
    rows = set(
        Seat.objects.filter(game_id__in={g for g, _, _ in deadlines}, game__status=Game.Status.ACTIVE,
                            deadline__lte=timezone.now()).values_list("game_id", "index", "game__version")
    )
    return [d for d in deadlines if d in rows]


def hand_out_key(deadline: Deadline) -> str:
    game_id, seat, version = deadline
    return f"deadline-handed:{game_id}:{seat}:{version}"


def not_handed_out_recently(deadlines: list[Deadline]) -> list[Deadline]:
    """Those no sweep handed out in the last ``HAND_OUT_SECONDS``, marking them now (two Redis round trips).
    Under a backlog every sweep finds the same overdue deadlines, and the main workers' queue is where they
    wait already: handing them out every 5 s piled up batches that only re-checked them."""
    from django.core.cache import cache

    keys = {d: hand_out_key(d) for d in deadlines}
    try:
        seen = cache.get_many(list(keys.values()))
        fresh = [d for d in deadlines if keys[d] not in seen]
        cache.set_many({keys[d]: 1 for d in fresh}, HAND_OUT_SECONDS)
    except Exception:  # no cache: hand them all out, duplicates are harmless
        log.exception("sweep: the hand-out marks are unavailable")
        return deadlines
    return fresh


def queue_batches(deadlines: list[Deadline], size: int) -> int:
    """Queue the deadlines on the main queue as ``fire_deadlines`` tasks of ``size`` each; returns the number
    of tasks."""
    batches = [deadlines[i:i + size] for i in range(0, len(deadlines), size)]
    for batch in batches:
        fire_deadlines.delay([list(d) for d in batch])
    return len(batches)


def hand_out(deadlines: list[Deadline]) -> int:
    """Queue the deadlines in batches on the main queue (``fire_deadlines``); returns the number of batches."""
    return queue_batches(not_handed_out_recently(deadlines), SWEEP_BATCH)


def arm_within_horizon(**seats) -> int:
    """Queue each armed seat's deadline (of those ``seats`` filters) due within the horizon."""
    from games.models import Game, Seat

    now = timezone.now()
    rows = list(
        Seat.objects.filter(game__status=Game.Status.ACTIVE, deadline__isnull=False, deadline__lte=now + ETA_HORIZON,
                            **seats).values_list("game_id", "index", "deadline", "game__version")
    )
    for game_id, index, deadline, version in rows:
        arm(game_id, version, [(index, deadline)], now)
    return len(rows)


def due_soon(game_id: int, version: int, deadlines: list, now=None) -> dict:
    """The (seat, deadline) pairs due within the horizon, as the timers' set takes them; the rest are the
    sweep's."""
    now = now or timezone.now()
    return {(game_id, index, version): deadline for index, deadline in deadlines if deadline <= now + ETA_HORIZON}


def arm(game_id: int, version: int, deadlines: list, now=None) -> int:
    """Queue each (seat, deadline) due within the horizon in the timers' set (``games.play.timers``, one ``ZADD``)."""
    armed = due_soon(game_id, version, deadlines, now)
    timers.add(armed)
    return len(armed)


def schedule_deadlines(game_id: int) -> int:
    """The game's deadlines, read from the database (a table starting, a worker re-arming, the bench)."""
    return arm_within_horizon(game_id=game_id)


@shared_task(name="games.tasks.sweep_deadlines", ignore_result=True)
def sweep_deadlines() -> int:
    """Fire every deadline that has passed (beat runs this every few seconds, on the sweep's own queue).
    Returns how many it fired itself; those past its time budget go to the main workers in batches."""
    due = due_deadlines()
    stop_at = time.monotonic() + SWEEP_BUDGET_SECONDS
    fired = 0
    for i in range(0, len(due), SWEEP_BATCH):
        if time.monotonic() >= stop_at:
            batches = hand_out(due[i:])
            log.warning("sweep: %d deadlines overdue; handed %d batches to the workers", len(due) - i, batches)
            break
        # Re-checked per batch: the timers fire the same deadlines meanwhile.
        fired += fire_each(still_due(due[i:i + SWEEP_BATCH]))
    return fired


def rearm_all_pending() -> int:
    """Every game's deadlines in one query (it was one per game: 10,000 queries for 10,000 live games)."""
    return arm_within_horizon()


def consumes_main_queue(consumer) -> bool:
    """A sweep-only worker fires no queued deadline, so it neither re-queues them nor runs a timer."""
    return settings.CELERY_TASK_DEFAULT_QUEUE in consumer.app.amqp.queues.consume_from


_timer: timers.Timer | None = None


@worker_ready.connect
def _start_timer(sender=None, **kwargs) -> None:
    """The thread that takes due deadlines from the timers' set and queues them (``games.play.timers``)."""
    global _timer
    if (sender is not None and not consumes_main_queue(sender)) or _timer is not None:
        return
    _timer = timers.Timer().start()


@worker_ready.connect
def _rearm_on_worker_start(sender=None, **kwargs) -> None:
    if sender is not None and not consumes_main_queue(sender):
        return
    try:
        with transaction.atomic():
            n = rearm_all_pending()
        log.info("re-armed %d pending deadlines", n)
    except Exception:
        log.exception("re-arming deadlines failed")
