"""Quick play: one click seats a person at the best open table for a game and time control, or opens one
that bots fill after a wait the person chose.

The wait is kept by Celery (``games.tasks.fill_quick_table``, an ETA task), not by the browser: the task
re-reads the table under its row lock and acts only on a quick-play table still waiting whose time has
come, so a duplicate, early or late run does nothing wrong. The table is marked by its ``quick_play`` audit
entry, which holds when bots take the empty seats.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from celery import shared_task
from celery.signals import worker_ready
from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext_noop

from games.core.rulesets import get
from games.models import AuditEntry, Game, Seat
from games.play.actions import MoveRejected
from games.tables import lifecycle as tables

log = logging.getLogger(__name__)

# Seconds a person may choose to wait for other people before bots fill the table.
WAITS = (0, 15, 30, 60)
# A quick-play table has this many seats (within the game's limits).
SEATS = 4


def seats_for(ruleset: str) -> int:
    rs = get(ruleset)
    return max(rs.min_players, min(rs.max_players, SEATS))


def check_quick_play(ruleset: str, time_control: str, wait: int) -> None:
    try:
        get(ruleset)
    except KeyError:
        raise MoveRejected("bad_request", gettext_noop("Unknown game %(ruleset)s."), params={"ruleset": ruleset}) from None
    if time_control not in tables.TIME_CONTROLS:
        raise MoveRejected("bad_request", gettext_noop("Unknown time control %(tc)s."), params={"tc": time_control})
    if wait not in WAITS:
        raise MoveRejected("bad_request", gettext_noop("Wait 0, 15, 30 or 60 seconds for other people."))


def candidates(ruleset: str, time_control: str, user) -> list[Game]:
    """Open public tables of this game and time control with a free seat, the fullest first, then the oldest
    (tables the person was removed from are left out)."""
    kicked_from = AuditEntry.objects.filter(kind="kicked", data__user=user.pk).values("game_id")
    return list(
        Game.objects.filter(status=Game.Status.LOBBY, private=False, ruleset=ruleset, time_control=time_control)
        .exclude(seats__user=user).exclude(pk__in=kicked_from)
        .annotate(taken=Count("seats", filter=Q(seats__user__isnull=False) | Q(seats__is_bot=True)),
                  free=Count("seats", filter=Q(seats__user__isnull=True, seats__is_bot=False)))
        .filter(free__gt=0).order_by("-taken", "created_at")[:20]
    )


def waiting_table(ruleset: str, time_control: str, user) -> Game | None:
    """A matching public table the person already sits at and waits for: a second click goes there."""
    return (Game.objects.filter(status=Game.Status.LOBBY, private=False, ruleset=ruleset, time_control=time_control,
                                seats__user=user).order_by("created_at").first())


def do_quick_play(user, ruleset: str, time_control: str, wait: int) -> Game:
    """Seat ``user`` at the best open table, else open a quick-play table that bots fill after ``wait`` seconds."""
    check_quick_play(ruleset, time_control, wait)
    tables.check_may_play(user)
    mine = waiting_table(ruleset, time_control, user)
    if mine is not None:
        return mine
    for game in candidates(ruleset, time_control, user):
        try:
            tables.do_join(game.pk, user)
        except MoveRejected:  # taken or started since the query: the next one
            continue
        return Game.objects.get(pk=game.pk)
    return _open(user, ruleset, time_control, wait)


def _open(user, ruleset: str, time_control: str, wait: int) -> Game:
    fill_at = timezone.now() + timedelta(seconds=wait)
    with transaction.atomic():
        game = tables.do_create_table(user, ruleset, seats_for(ruleset), time_control=time_control)
        AuditEntry.objects.create(game=game, user=user, kind="quick_play",
                                  data={"wait": wait, "fill_at": fill_at.isoformat()})
        game_id = game.pk
        transaction.on_commit(lambda: schedule_fill(game_id, wait))
    return game


def schedule_fill(game_id: int, countdown: float) -> None:
    fill_quick_table.apply_async((game_id,), countdown=max(0.0, countdown))


def fill_time(game: Game | int) -> tuple[datetime, int] | None:
    """When bots take a quick-play table's empty seats, and the wait chosen; None for other tables."""
    entry = AuditEntry.objects.filter(game=game, kind="quick_play").order_by("pk").first()
    if entry is None:
        return None
    when = parse_datetime(entry.data.get("fill_at") or "")
    return (when, int(entry.data.get("wait") or 0)) if when else None


def do_fill_with_bots(game_id: int, now: datetime | None = None) -> float | None:
    """Bots take the empty seats of a quick-play table whose wait is over, and it starts.

    Returns None when done or when there is nothing to do (the table started, was cancelled, or is no
    quick-play table); else the seconds still to wait (a task run early)."""
    now = now or timezone.now()
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id, status=Game.Status.LOBBY).first()
        if game is None:
            return None
        found = fill_time(game)
        if found is None or game.created_by_id is None:
            return None
        fill_at, _wait = found
        if fill_at > now:
            return (fill_at - now).total_seconds()
        empty = list(Seat.objects.select_for_update().filter(game=game, user__isnull=True, is_bot=False))
        for seat in empty:
            seat.is_bot = True
            seat.bot_level = "normal"
            seat.save(update_fields=["is_bot", "bot_level"])
        AuditEntry.objects.create(game=game, user=None, kind="filled_with_bots",
                                  data={"seats": [s.index for s in empty]})
        tables.do_start(game.pk, game.created_by)
    return None


def run_fill(game_id: int) -> None:
    """The Celery task's body: fill now, or come back when the wait is over."""
    try:
        remaining = do_fill_with_bots(game_id)
    except MoveRejected as exc:  # e.g. the engine refused the table: it stays open for its creator
        log.warning("quick-play table %s was not started: %s", game_id, exc.text())
        return
    if remaining is not None:
        schedule_fill(game_id, remaining)


def rearm_pending() -> int:
    """Quick-play tables still waiting (a worker killed with their ETA tasks): schedule them again."""
    count = 0
    for entry in AuditEntry.objects.filter(kind="quick_play", game__status=Game.Status.LOBBY).select_related("game"):
        fill_at = parse_datetime(entry.data.get("fill_at") or "")
        if fill_at is not None:
            schedule_fill(entry.game_id, (fill_at - timezone.now()).total_seconds())
            count += 1
    return count


@shared_task(name="games.tasks.fill_quick_table", ignore_result=True, acks_late=True)
def fill_quick_table(game_id: int) -> None:
    """A quick-play table's wait is over: bots take the empty seats and it starts (``games.tables.quickplay``;
    idempotent, and an early run schedules itself again)."""
    run_fill(game_id)


@worker_ready.connect
def _rearm_quick_tables(sender=None, **kwargs) -> None:
    from games.play.deadlines import consumes_main_queue

    if sender is not None and not consumes_main_queue(sender):
        return
    try:
        log.info("re-armed %d waiting quick-play tables", rearm_pending())
    except Exception:
        log.exception("re-arming quick-play tables failed")
