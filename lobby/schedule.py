"""The league clock: what the beat task ``lobby.tasks.run_league_schedule`` does every minute.

Everything it acts on is in the database (seasons' and rounds' start times, the games' states), so it is
restart-safe: a tick that did not run (no worker, no beat) is made good by the next one. Each step takes the
season's row lock (skipping a season another tick holds) and re-checks its condition under it, so any number
of ticks, on any number of workers, do each thing once. ``now`` is a parameter so tests control time.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime

from django.db import transaction

from . import leagues
from .models import Season
from .results import record_missing

log = logging.getLogger(__name__)


@dataclass
class TickReport:
    recorded: int = 0
    started: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    closed: list[int] = field(default_factory=list)
    opened: list[int] = field(default_factory=list)


def _locked(season_id: int) -> Season | None:
    return (Season.objects.select_for_update(skip_locked=True, of=("self",)).select_related("league")
            .filter(pk=season_id).first())


def step_season(season_id: int, now: datetime, report: TickReport) -> None:
    """Start the season, open its next round, or close it, whichever is due (under the season's lock)."""
    with transaction.atomic():
        season = _locked(season_id)
        if season is None:
            return
        if season.status == Season.Status.REGISTRATION and season.starts_at <= now and season.league.active:
            if leagues.start_season(season, now):
                report.started.append(season.pk)
        if season.status != Season.Status.RUNNING:
            return
        leagues.schedule_rounds(season)
        rnd = leagues.due_round(season, now)
        if rnd is not None:
            leagues.open_round(rnd, now)
            report.rounds.append(rnd.pk)
            return
        following = leagues.close_season(season, now)
        if season.status == Season.Status.FINISHED:
            report.closed.append(season.pk)
            if following is not None:
                report.opened.append(following.pk)


def tick(now: datetime) -> TickReport:
    """One pass over every season that is not finished, after recording any result a worker missed."""
    report = TickReport(recorded=record_missing())
    seasons = (Season.objects.exclude(status=Season.Status.FINISHED)
               .order_by("starts_at", "pk").values_list("pk", flat=True))
    for season_id in list(seasons):
        try:
            step_season(season_id, now, report)
        except Exception:
            # One broken season (say, game options an admin mistyped) must not stop the others.
            log.exception("league schedule: season %s failed", season_id)
    return report
