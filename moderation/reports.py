"""Reports: a player reports a user or a chat line, and a moderator resolves it with an action (or none).

``check_report`` validates, ``do_report`` writes the report with the chat around it as it was then, and
``do_resolve`` closes it, acting on the reported user through ``moderation.users`` and logging both.
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext, gettext_noop

from accounts import push, ratelimit
from accounts.models import User
from games.models import ChatMessage
from games.play.actions import MoveRejected
from games.tables import privacy

from .models import RESOLUTION_LABELS, Report
from .users import (
    REASON_MAX,
    _target,
    check_message,
    check_moderator,
    check_reason,
    do_ban,
    do_mute,
    do_suspend,
    do_warn,
    log_action,
)

REPORT_EXCERPT = 10


def check_report(reporter, reported: User, reason: str, game=None, message=None, category: str = "other") -> str:
    """The report's note as it will be stored, or ``MoveRejected``: the reporter is signed in and not the
    reported person; the reason is one of ``Report.Category`` and a note (optional, but "something else" needs
    one) fits; a chat line is the reported person's, in the game named, which the reporter may see; the same
    thing is not reported twice while the first report is open; and the reporter's rate (counted last, so a
    refused report costs nothing)."""

    if not (reporter and reporter.is_authenticated):
        raise MoveRejected("not_your_seat", gettext_noop("Log in to report."))
    if reported.pk == reporter.pk:
        raise MoveRejected("bad_request", gettext_noop("You cannot report yourself."))
    if game is not None and not privacy.may_see(game, reporter):
        raise MoveRejected("not_found", gettext_noop("No such game."))
    if message is not None and (message.user_id != reported.pk or (game is not None and message.game_id != game.pk)):
        raise MoveRejected("bad_request", gettext_noop("That message is not theirs."))
    if category not in Report.Category.values:
        raise MoveRejected("bad_request", gettext_noop("Choose a reason from the list."))
    note = " ".join((reason or "").split())
    if not note and category == Report.Category.OTHER:
        raise MoveRejected("bad_request", gettext_noop("Say in a few words what happened."))
    if len(note) > REASON_MAX:
        raise MoveRejected("bad_request", gettext_noop("The reason is too long (at most %(max)s characters)."),
                           params={"max": REASON_MAX})
    same = Report.objects.filter(reporter=reporter, reported=reported, status=Report.Status.OPEN)
    if same.filter(message=message, game=game).exists() if message is not None else \
            same.filter(message__isnull=True, game=game).exists():
        raise MoveRejected("bad_request", gettext_noop("You already reported this: a moderator will look at it."))
    if not ratelimit.hit("report", f"u{reporter.pk}"):
        raise MoveRejected("rate_limited", gettext_noop("You are sending reports too fast: wait a moment."))
    return note


def do_report(reporter, reported, reason: str = "", *, game=None, message=None, category: str = "other") -> Report:
    """A report lands in the moderators' queue with the chat around it as it was then (a later hidden or
    edited line does not change what the moderator reads). A chat line's report is about its game."""
    reported = _target(reported)
    if message is not None and game is None:
        game = message.game
    reason = check_report(reporter, reported, reason, game, message, category)
    context = {}
    if game is not None:
        lines = ChatMessage.objects.filter(game=game)
        if message is not None:
            lines = lines.filter(created_at__lte=message.created_at)
        lines = list(lines.select_related("user").order_by("-created_at", "-pk")[:REPORT_EXCERPT])
        context["chat"] = [{"id": m.pk, "user": m.user.username if m.user else "", "channel": m.channel,
                            "text": m.text, "at": m.created_at.isoformat()} for m in reversed(lines)]
        context["game"] = {"id": game.pk, "ruleset": game.ruleset, "status": game.status}
    return Report.objects.create(reporter=reporter, reported=reported, game=game, message=message, reason=reason,
                                 category=category, context=context)


RESOLUTIONS = tuple(RESOLUTION_LABELS)


def do_resolve(moderator, report_id: int, resolution: str, note: str, *, message: str = "",
               mute_days: int = 1) -> Report:
    """Close a report with an action on the reported user (or none) and the moderators' private note; both are
    logged. An action needs ``message``, what the user is told: the note never reaches them."""
    check_moderator(moderator)
    note = check_reason(note)
    if resolution not in RESOLUTIONS:
        raise MoveRejected("bad_request", gettext_noop("Unknown resolution."))
    if resolution != "dismiss":
        message = check_message(message)
    with transaction.atomic():
        try:
            report = Report.objects.select_for_update().get(pk=report_id)
        except Report.DoesNotExist:
            raise MoveRejected("not_found", gettext_noop("No such report.")) from None
        if report.status != Report.Status.OPEN:
            raise MoveRejected("bad_request", gettext_noop("That report is already resolved."))
        if resolution == "warn":
            do_warn(moderator, report.reported, message, note=note)
        elif resolution == "mute":
            do_mute(moderator, report.reported, message, mute_days, note=note)
        elif resolution == "suspend":
            do_suspend(moderator, report.reported, message, note=note)
        elif resolution == "ban":
            do_ban(moderator, report.reported, message, note=note)
        if report.message_id and resolution != "dismiss":
                ChatMessage.objects.filter(pk=report.message_id, hidden_at__isnull=True).update(
                hidden_at=timezone.now(), hidden_by=moderator)
        report.status = Report.Status.RESOLVED
        report.resolved_by = moderator
        report.resolved_at = timezone.now()
        report.resolution = resolution
        report.note = note
        report.save()
        # A dismissal tells the user nothing: its note is the entry's reason.
        log_action(moderator, "resolve_report", message or note, user=report.reported, game=report.game,
                   note=note if message else "", report=report.pk, resolution=resolution)
        tell_reporter(report)
    return report


def tell_reporter(report: Report) -> None:
    """Push to the reporter (if they chose it) that their report was dealt with, once the resolution commits. It
    says neither what was decided nor the moderators' note: that is between the moderators and the reported."""
    reporter = report.reporter
    if reporter is None:
        return
    with translation.override(reporter.language or settings.LANGUAGE_CODE):
        data = push.payload("report", gettext("Your report was looked at"),
                            gettext("A moderator has dealt with your report about %(name)s. Thank you.")
                            % {"name": report.reported.username}, reverse("lobby:home"), tag=f"report-{report.pk}")
    push.notify(reporter.pk, "report", data)
