"""What moderation has put on a user now, asked by every layer above: may they play, may they chat, are they a
moderator. The restrictions are written by the ``moderation`` app (which logs each); this module only reads them,
so the games and the lobby ask without importing anything above ``accounts``.

A refusal is a ``Refusal`` (an English message with placeholders and its parameters): the caller raises it as its
own error type (``games.play.actions.MoveRejected.because``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils import timezone
from django.utils.translation import gettext_noop

from .models import Restriction


@dataclass(frozen=True)
class Refusal:
    """Why a user may not do something now: ``message`` (English, ``%(name)s`` placeholders) and ``params``."""

    message: str
    params: dict = field(default_factory=dict)


def is_moderator(user) -> bool:
    return bool(user and user.is_authenticated and user.is_active and user.has_perm("accounts.moderate"))


def active_restrictions(user, now=None) -> list[Restriction]:
    if not (user and getattr(user, "pk", None)):
        return []
    now = now or timezone.now()
    return [r for r in Restriction.objects.filter(user=user, lifted_at__isnull=True) if r.is_active(now)]


def active_of_kind(user, kind: str, now=None) -> Restriction | None:
    found = [r for r in active_restrictions(user, now) if r.kind in (kind, Restriction.Kind.BAN)]
    return found[0] if found else None


def chat_refusal(user, now=None) -> Refusal | None:
    """Why this user may not chat now (a mute or a ban), or None."""
    r = active_of_kind(user, Restriction.Kind.MUTE, now)
    if r is None:
        return None
    return Refusal(gettext_noop("You are muted in chat until %(until)s: %(reason)s"),
                   {"until": _until(r), "reason": r.reason})


def play_refusal(user, now=None) -> Refusal | None:
    """Why this user may not sit at a new table now (a suspension or a ban), or None."""
    r = active_of_kind(user, Restriction.Kind.SUSPENSION, now)
    if r is None:
        return None
    return Refusal(gettext_noop("You are suspended from play until %(until)s: %(reason)s"),
                   {"until": _until(r), "reason": r.reason})


def _until(r: Restriction) -> str:
    return timezone.localtime(r.ends_at).strftime("%Y-%m-%d %H:%M") if r.ends_at else "—"


def do_acknowledge(user, restriction_id: int) -> None:
    """The user has read a warning; it stays on record."""
    Restriction.objects.filter(pk=restriction_id, user=user, kind=Restriction.Kind.WARNING,
                               acknowledged_at__isnull=True).update(acknowledged_at=timezone.now())
