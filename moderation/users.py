"""Moderation of users: warnings, chat mutes, suspensions from play, bans, reports and their resolution.

Every write goes through a ``do_*`` function that checks the moderator's permission, writes the change and
one ``ModerationAction`` row (the append-only audit log) in the same transaction. Games are moderated by
``moderation.games``, with the same log.
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.models import Group, Permission
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from accounts.models import Restriction, User
from games.play.actions import MoveRejected
from moderation.models import ModerationAction

MODERATORS = "moderators"
# The group's permissions: the tools, and read access to what moderators look at in the admin. Not the move
# log (its private events are secrets while a game runs): the moderation page shows it, publicly until the
# game ends or a logged reveal.
MODERATOR_PERMISSIONS = [
    ("accounts", "moderate"), ("accounts", "reveal_live_game"),
    ("moderation", "view_moderationaction"), ("moderation", "view_report"), ("accounts", "view_restriction"),
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
    from accounts.signals import out_of_play

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

