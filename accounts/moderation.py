"""Moderation of users: warnings, chat mutes, suspensions from play, bans, reports and their resolution.

Every write goes through a ``do_*`` function that checks the moderator's permission, writes the change and
one ``ModerationAction`` row (the append-only audit log) in the same transaction. Games are moderated by
``games.moderation``, with the same log.
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.models import Group, Permission
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from games.actions import MoveRejected

from .models import RESOLUTION_LABELS, ModerationAction, Report, Restriction, User

MODERATORS = "moderators"
# The group's permissions: the tools, and read access to what moderators look at in the admin. Not the move
# log (its private events are secrets while a game runs): the moderation page shows it, publicly until the
# game ends or a logged reveal.
MODERATOR_PERMISSIONS = [
    ("accounts", "moderate"), ("accounts", "reveal_live_game"),
    ("accounts", "view_moderationaction"), ("accounts", "view_report"), ("accounts", "view_restriction"),
    ("accounts", "view_user"), ("games", "view_game"), ("games", "view_chatmessage"), ("games", "view_auditentry"),
]
# A suspension's length grows with each one the user already had (days): like play bans for repeated
# abandonment on other sites, a first offence costs a day, a fifth a month.
SUSPENSION_DAYS = [1, 3, 7, 14, 30]
MUTE_DAYS_MAX = 365
REASON_MAX = 1000


def ensure_moderator_group(**kwargs) -> Group:
    """The moderators' group with its permissions (run after every migrate; idempotent)."""
    group, _ = Group.objects.get_or_create(name=MODERATORS)
    perms = [p for app, code in MODERATOR_PERMISSIONS
             for p in Permission.objects.filter(content_type__app_label=app, codename=code)]
    group.permissions.add(*perms)
    return group


def is_moderator(user) -> bool:
    return bool(user and user.is_authenticated and user.is_active and user.has_perm("accounts.moderate"))


def check_moderator(user, perm: str = "accounts.moderate") -> None:
    if not (user and user.is_authenticated and user.is_active and user.has_perm(perm)):
        raise MoveRejected("not_your_seat", gettext_noop("Only moderators can do this."))


def check_reason(reason: str, missing: str = gettext_noop("Give a reason: it goes into the moderation log.")) -> str:
    """The reason (or the message to a user: ``missing`` says which) in one line, required."""
    reason = " ".join((reason or "").split())
    if not reason:
        raise MoveRejected("bad_request", missing)
    return check_note(reason)


def check_note(note: str) -> str:
    """A moderator's private note: optional, one line, at most ``REASON_MAX`` characters."""
    note = " ".join((note or "").split())
    if len(note) > REASON_MAX:
        raise MoveRejected("bad_request", gettext_noop("The reason is too long (at most %(max)s characters)."),
                           params={"max": REASON_MAX})
    return note


def check_message(message: str) -> str:
    """What a sanctioned user is told, in their banner and on their standing page: required."""
    return check_reason(message, gettext_noop("Write the message to the user: they see it."))


def log_action(moderator, kind: str, reason: str, *, user=None, game=None, note: str = "",
               **data) -> ModerationAction:
    return ModerationAction.objects.create(moderator=moderator, kind=kind, user=user, game=game, reason=reason,
                                           note=note, data=data)


# ---- what is on a user now -----------------------------------------------------------------------------------

def active_restrictions(user, now=None) -> list[Restriction]:
    if not (user and getattr(user, "pk", None)):
        return []
    now = now or timezone.now()
    return [r for r in Restriction.objects.filter(user=user, lifted_at__isnull=True) if r.is_active(now)]


def active_of_kind(user, kind: str, now=None) -> Restriction | None:
    found = [r for r in active_restrictions(user, now) if r.kind in (kind, Restriction.Kind.BAN)]
    return found[0] if found else None


def chat_refusal(user, now=None) -> MoveRejected | None:
    """Why this user may not chat now (a mute or a ban), or None."""
    r = active_of_kind(user, Restriction.Kind.MUTE, now)
    if r is None:
        return None
    return MoveRejected("not_your_seat", gettext_noop("You are muted in chat until %(until)s: %(reason)s"),
                        params={"until": _until(r), "reason": r.reason})


def play_refusal(user, now=None) -> MoveRejected | None:
    """Why this user may not sit at a new table now (a suspension or a ban), or None."""
    r = active_of_kind(user, Restriction.Kind.SUSPENSION, now)
    if r is None:
        return None
    return MoveRejected("not_your_seat", gettext_noop("You are suspended from play until %(until)s: %(reason)s"),
                        params={"until": _until(r), "reason": r.reason})


def _until(r: Restriction) -> str:
    return timezone.localtime(r.ends_at).strftime("%Y-%m-%d %H:%M") if r.ends_at else "—"


# ---- moderators' actions on users --------------------------------------------------------------------------

def _target(username_or_user) -> User:
    if isinstance(username_or_user, User):
        return username_or_user
    try:
        return User.objects.get(username=username_or_user)
    except User.DoesNotExist:
        raise MoveRejected("not_found", gettext_noop("No such user.")) from None


def _restrict(moderator, target, kind: str, message: str, ends_at=None, *, note: str = "", **data) -> Restriction:
    """A restriction on ``target``: ``message`` is what they are told (their banner), ``note`` the moderators'
    private note; the log keeps both."""
    check_moderator(moderator)
    message = check_message(message)
    note = check_note(note)
    target = _target(target)
    if target.pk == moderator.pk:
        raise MoveRejected("bad_request", gettext_noop("Moderators cannot act on themselves."))
    with transaction.atomic():
        r = Restriction.objects.create(user=target, kind=kind, reason=message, created_by=moderator, ends_at=ends_at)
        log_action(moderator, kind, message, user=target, note=note, restriction=r.pk,
                   ends_at=ends_at.isoformat() if ends_at else None, **data)
    return r


def do_warn(moderator, target, message: str, *, note: str = "") -> Restriction:
    """A warning: shown to the user on every page until they have read it."""
    return _restrict(moderator, target, Restriction.Kind.WARNING, message, note=note)


def do_mute(moderator, target, message: str, days: int, *, note: str = "") -> Restriction:
    """No chat anywhere for ``days`` days."""
    if not isinstance(days, int) or not 1 <= days <= MUTE_DAYS_MAX:
        raise MoveRejected("bad_request", gettext_noop("A mute lasts 1 to %(max)s days."),
                           params={"max": MUTE_DAYS_MAX})
    return _restrict(moderator, target, Restriction.Kind.MUTE, message,
                     ends_at=timezone.now() + timedelta(days=days), note=note, days=days)


def next_suspension_days(target) -> int:
    earlier = Restriction.objects.filter(user=target, kind=Restriction.Kind.SUSPENSION).count()
    return SUSPENSION_DAYS[min(earlier, len(SUSPENSION_DAYS) - 1)]


def do_suspend(moderator, target, message: str, *, note: str = "") -> Restriction:
    """No play for a period that escalates with each earlier suspension (``SUSPENSION_DAYS``): no new tables, and
    from now on no move anywhere; a bot takes each of the user's seats in games under way (so the others at those
    tables play on without waiting), they get up from tables still gathering, their open sockets close, and in
    leagues they sit out (docs/LEAGUES.md, "Banned and suspended players"). Once it ends they may take their seats
    back."""
    target = _target(target)
    days = next_suspension_days(target)
    with transaction.atomic():
        r = _restrict(moderator, target, Restriction.Kind.SUSPENSION, message,
                      ends_at=timezone.now() + timedelta(days=days), note=note, days=days)
        _out_of_play(target)
    return r


def do_ban(moderator, target, message: str, *, note: str = "") -> Restriction:
    """A ban: the account can no longer sign in, its sessions end, its API tokens stop working, its open sockets
    close, a bot takes each of its seats in games under way, it gets up from tables still gathering, and it is
    withdrawn from its leagues (docs/LEAGUES.md, "Banned and suspended players")."""
    from django.contrib.sessions.models import Session

    target = _target(target)
    with transaction.atomic():
        r = _restrict(moderator, target, Restriction.Kind.BAN, message, note=note)
        target.is_active = False
        target.save(update_fields=["is_active"])
        for session in Session.objects.filter(expire_date__gt=timezone.now()):
            if str(session.get_decoded().get("_auth_user_id")) == str(target.pk):
                session.delete()
        _out_of_play(target)
    return r


def _out_of_play(target: User) -> None:
    """What a ban and a suspension both do to the user's play, in the sanction's transaction: told to the layers
    above through ``accounts.signals.out_of_play``."""
    from .signals import out_of_play

    out_of_play.send(sender=User, user=target)


def do_lift(moderator, restriction_id: int, reason: str) -> Restriction:
    check_moderator(moderator)
    reason = check_reason(reason)
    with transaction.atomic():
        try:
            r = Restriction.objects.select_for_update().get(pk=restriction_id)
        except Restriction.DoesNotExist:
            raise MoveRejected("not_found", gettext_noop("No such restriction.")) from None
        if r.lifted_at is not None:
            raise MoveRejected("bad_request", gettext_noop("That restriction was already lifted."))
        r.lifted_at = timezone.now()
        r.save(update_fields=["lifted_at"])
        if r.kind == Restriction.Kind.BAN:
            r.user.is_active = True
            r.user.save(update_fields=["is_active"])
        log_action(moderator, "lift", reason, user=r.user, restriction=r.pk, lifted_kind=r.kind)
    return r


def do_acknowledge(user, restriction_id: int) -> None:
    """The user has read a warning; it stays on record."""
    Restriction.objects.filter(pk=restriction_id, user=user, kind=Restriction.Kind.WARNING,
                               acknowledged_at__isnull=True).update(acknowledged_at=timezone.now())


# ---- reports ---------------------------------------------------------------------------------------------------

REPORT_EXCERPT = 10


def check_report(reporter, reported: User, reason: str, game=None, message=None, category: str = "other") -> str:
    """The report's note as it will be stored, or ``MoveRejected``: the reporter is signed in and not the
    reported person; the reason is one of ``Report.Category`` and a note (optional, but "something else" needs
    one) fits; a chat line is the reported person's, in the game named, which the reporter may see; the same
    thing is not reported twice while the first report is open; and the reporter's rate (counted last, so a
    refused report costs nothing)."""
    from games import privacy, ratelimit

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
        from games.models import ChatMessage

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
            from games.models import ChatMessage

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
    return report
