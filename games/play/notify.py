"""Correspondence turn e-mails and pushes, and the push offering a rematch.

The rule: in an active correspondence game, a person whose clock runs (their seat's deadline is armed) gets an
e-mail saying it is their turn, with the link to the table, at most once every 24 hours for that seat of that
game. Nothing is sent for bots (nor a seat a bot plays after timeouts), finished or paused games, people who
turned the e-mails off in their settings or have no address, or a turn younger than
``settings.TURN_MAIL_AFTER_SECONDS`` (the player may be at the table right now).

The beat task ``games.tasks.mail_turns`` runs ``send_turn_mails`` every few minutes. Any number of runs, on any
number of workers, send each e-mail once: a seat is claimed by a conditional UPDATE of its own row
(``Seat.turn_mailed_at``) before the mail goes out, and only the run whose UPDATE changed the row sends.

Turn pushes (Web Push, accounts/push.py) follow the same rule for people who chose them (``User.push_turns``) and
have a device subscribed, after ``settings.TURN_PUSH_AFTER_SECONDS``; the beat task ``games.tasks.push_turns``
claims each seat on a column of its own (``Seat.turn_pushed_at``), since either channel may be off, or fail,
without the other, and queues one Celery task per push.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from celery import shared_task
from django.conf import settings
from django.core.mail import send_mail
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.urls import reverse
from django.utils import formats, timezone, translation
from django.utils.translation import gettext

from accounts import push
from accounts.models import PushSubscription
from games.models import Game, Seat

log = logging.getLogger(__name__)

CORRESPONDENCE = "correspondence"
MAIL_INTERVAL = timedelta(hours=24)


def _not_mailed_since(cutoff: datetime, field: str = "turn_mailed_at") -> Q:
    return Q(**{f"{field}__isnull": True}) | Q(**{f"{field}__lte": cutoff})


def _waiting(now: datetime, after_seconds: int) -> QuerySet[Seat]:
    """The seats of people whose correspondence turn has waited at least ``after_seconds``."""
    return Seat.objects.filter(game__status=Game.Status.ACTIVE, game__time_control=CORRESPONDENCE,
                               deadline__isnull=False, clock_started__lte=now - timedelta(seconds=after_seconds),
                               is_bot=False, user__isnull=False, user__is_active=True)


def due_seats(now: datetime) -> list[Seat]:
    """The seats owed a turn e-mail now (see the module's rule)."""
    return list(
        _waiting(now, settings.TURN_MAIL_AFTER_SECONDS).filter(user__email_turns=True)
        .exclude(user__email="")
        .filter(_not_mailed_since(now - MAIL_INTERVAL))
        .select_related("game", "user")
        .order_by("game_id", "index")
    )


def due_push_seats(now: datetime) -> list[Seat]:
    """The seats owed a turn push now: as an e-mail, for people who chose turn pushes and have a device."""
    return list(
        _waiting(now, settings.TURN_PUSH_AFTER_SECONDS).filter(user__push_turns=True)
        .filter(Exists(PushSubscription.objects.filter(user=OuterRef("user"))))
        .filter(_not_mailed_since(now - MAIL_INTERVAL, "turn_pushed_at"))
        .select_related("game", "user")
        .order_by("game_id", "index")
    )


def claim(seat: Seat, now: datetime, field: str = "turn_mailed_at") -> bool:
    """Mark the seat mailed (or pushed: ``field``) at ``now`` unless another run did it first; True when this
    run won.

    One UPDATE on the seat's own row, its condition re-checked by PostgreSQL after any concurrent UPDATE of that
    row commits: of two workers claiming at once, exactly one changes the row.
    """
    return Seat.objects.filter(pk=seat.pk, is_bot=False, deadline__isnull=False).filter(
        _not_mailed_since(now - MAIL_INTERVAL, field)).update(**{field: now}) == 1


def release(seat: Seat, now: datetime, field: str = "turn_mailed_at") -> None:
    """Undo this run's claim (the mail could not be sent), so a later run tries again."""
    Seat.objects.filter(pk=seat.pk, **{field: now}).update(**{field: getattr(seat, field)})


def turn_mail(seat: Seat) -> tuple[str, str]:
    """The subject and body for ``seat``'s player, in their language."""
    game, user = seat.game, seat.user
    others = [s.display_name for s in Seat.objects.filter(game=game).select_related("user")
              if s.index != seat.index and s.display_name]
    with translation.override(user.language or settings.LANGUAGE_CODE):
        params = {
            "name": user.first_name or user.username,
            "game": game.ruleset.title(),
            "id": game.pk,
            "players": ", ".join(others) or "-",
            "deadline": formats.date_format(timezone.localtime(seat.deadline), "DATETIME_FORMAT"),
            "url": settings.SITE_URL + game.get_absolute_url(),
            "settings_url": settings.SITE_URL + reverse("accounts:settings"),
        }
        subject = gettext("Your turn in %(game)s #%(id)s") % params
        body = "\n\n".join([
            gettext("Hello %(name)s,") % params,
            gettext("It is your turn in %(game)s #%(id)s, a correspondence game with %(players)s. "
                    "You have until %(deadline)s to move.") % params,
            gettext("Play: %(url)s") % params,
            gettext("We write at most once a day per game. To stop these e-mails, turn them off in your "
                    "settings: %(settings_url)s") % params,
        ])
    return subject, body + "\n"


def send_turn_mails(now: datetime | None = None) -> int:
    """Mail every seat owed a turn e-mail; returns how many were sent. Safe to run any number of times."""
    now = now or timezone.now()
    sent = 0
    for seat in due_seats(now):
        if not claim(seat, now):
            continue  # another run mailed this seat first
        try:
            subject, body = turn_mail(seat)
            send_mail(subject, body, None, [seat.user.email])
        except Exception:
            release(seat, now)
            log.exception("turn e-mail for game %s seat %s failed", seat.game_id, seat.index)
            continue
        sent += 1
    return sent


def turn_push(seat: Seat) -> dict[str, str]:
    """The push telling ``seat``'s player it is their turn, in their language (``accounts.push.payload``)."""
    game, user = seat.game, seat.user
    with translation.override(user.language or settings.LANGUAGE_CODE):
        params = {"game": game.ruleset.title(), "id": game.pk,
                  "deadline": formats.date_format(timezone.localtime(seat.deadline), "DATETIME_FORMAT")}
        return push.payload("turn", gettext("Your turn in %(game)s #%(id)s") % params,
                            gettext("You have until %(deadline)s to move.") % params,
                            game.get_absolute_url(), tag=f"turn-{game.pk}")


def send_turn_pushes(now: datetime | None = None) -> int:
    """Queue a push for every seat owed one; returns how many. Safe to run any number of times: each seat is
    claimed before its task is queued, and given back if the task could not be."""
    now = now or timezone.now()
    queued = 0
    for seat in due_push_seats(now):
        if not claim(seat, now, "turn_pushed_at"):
            continue  # another run pushed this seat first
        try:
            push.deliver.delay(seat.user_id, "turn", turn_push(seat))
        except Exception:
            release(seat, now, "turn_pushed_at")
            log.exception("turn push for game %s seat %s failed", seat.game_id, seat.index)
            continue
        queued += 1
    return queued


def offer_rematch(old: Game, rematch: Game, asker) -> None:
    """Push the rematch ``asker`` just made of ``old`` to its other people, once the transaction commits. They
    join from the finished game's page (the rematch itself may be private)."""
    for seat in Seat.objects.filter(game=old, user__isnull=False).exclude(user=asker).select_related("user"):
        user = seat.user
        with translation.override(user.language or settings.LANGUAGE_CODE):
            params = {"name": asker.username, "game": old.ruleset.title(), "id": old.pk}
            data = push.payload("rematch", gettext("%(name)s offers a rematch") % params,
                                gettext("Of %(game)s #%(id)s: join it from the game's page.") % params,
                                old.get_absolute_url(), tag=f"rematch-{old.pk}")
        push.notify(user.pk, "rematch", data)


@shared_task(name="games.tasks.mail_turns")
def mail_turns() -> int:
    """Correspondence turn e-mails (``games.play.notify``): beat runs this every few minutes; each seat is mailed at
    most once a day per game however often it runs."""
    return send_turn_mails()


@shared_task(name="games.tasks.push_turns")
def push_turns() -> int:
    """Correspondence turn pushes (``games.play.notify``): beat runs this every minute; each seat is pushed at most
    once a day per game however often it runs."""
    return send_turn_pushes()
