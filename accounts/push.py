"""Web Push: the browsers' subscriptions, and sending a notification to a person's devices.

What this module knows is the site's, not a game's: a person's subscriptions (``PushSubscription``), which kinds of
notification they chose (``KINDS``, one ``push_<kind>s`` switch each on ``User``), and how to deliver a payload.
The words of a notification, and when it is due, live with what triggers it, which renders them in the person's
language and calls ``notify`` (after its transaction commits):

* ``turn``: a correspondence turn waiting (games/play/notify.py, claimed once a day per seat like the e-mail);
* ``invite``: a table made for the person by the site, a league's round (lobby/leagues.py ``notify_table``);
* ``rematch``: another player of a finished game offers a rematch (games/tables/lifecycle.py ``do_rematch``);
* ``report``: a moderator resolved the person's report (moderation/reports.py ``do_resolve``).

A tournament's table made for a player pushes the ``invite`` kind, as a league's does. A new kind is a ``push_<kind>s`` field on
``User`` with its migration, an entry in ``KINDS``, the field in ``accounts.forms.SettingsForm.PUSH_FIELDS`` (the
settings page), and a ``notify(user_id, "round", ...)`` from whatever starts the round.

Delivery: ``notify`` queues the Celery task ``deliver`` once the caller's transaction commits, never in a request
or a move's transaction. The task encrypts the payload for each of the person's subscriptions (aes128gcm, RFC
8291) and signs the request with the site's VAPID key (RFC 8292) through pywebpush. A subscription the push
service calls gone (404, 410) is deleted; another failure is tried again, for that subscription alone, up to
``RETRIES`` times.
"""

from __future__ import annotations

import json
import logging
from typing import Any
from urllib.parse import urlsplit

from celery import shared_task
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from .models import PushSubscription, User
from .vapid import b64url_decode

log = logging.getLogger(__name__)

# Each kind of notification and the ``User`` switch that opts in to it.
KINDS = {
    "turn": "push_turns",
    "invite": "push_invites",
    "rematch": "push_rematches",
    "report": "push_reports",
}
# A device that subscribed more than this many times keeps its newest (browsers renew subscriptions).
MAX_SUBSCRIPTIONS = 20
RETRIES = 3
# A push service takes at most 4096 bytes of encrypted payload; the words are cut well below.
TITLE_MAX, BODY_MAX = 120, 400


class BadSubscription(ValueError):
    """What a page sent is no subscription this site sends to."""


def payload(kind: str, title: str, body: str, url: str, tag: str = "") -> dict[str, str]:
    """What the service worker shows (static/js/sw.js reads these names): the kind, the words, where a click
    goes (a path of this site), and a tag (a newer notification with the same tag replaces the older)."""
    if kind not in KINDS:
        raise ValueError(f"unknown push kind {kind!r}")
    return {"kind": kind, "title": title[:TITLE_MAX], "body": body[:BODY_MAX], "url": url, "tag": tag or kind}


def wants(user: User, kind: str) -> bool:
    """The person opted in to this kind (and can be reached at all)."""
    return bool(user.is_active and getattr(user, KINDS[kind]))


def notify(user_id: int, kind: str, data: dict[str, str]) -> None:
    """Send ``data`` (``payload``) to the person's devices, once the current transaction commits, if they opted
    in to ``kind``. A broker that cannot take the task is logged, never raised to the caller."""
    if not settings.WEB_PUSH:
        return
    transaction.on_commit(lambda: deliver.delay(user_id, kind, data), robust=True)


def _vapid():
    from py_vapid import Vapid02

    return Vapid02.from_string(settings.VAPID_PRIVATE_KEY)


def send_one(subscription: PushSubscription, data: dict[str, str]) -> str:
    """Push ``data`` to one subscription: ``"ok"``, ``"gone"`` (refused for good: the subscription is deleted), or
    ``"failed"`` (worth trying again)."""
    from pywebpush import WebPushException, webpush

    info = {"endpoint": subscription.endpoint, "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}}
    try:
        webpush(info, json.dumps(data), vapid_private_key=_vapid(), vapid_claims={"sub": settings.VAPID_SUBJECT},
                ttl=settings.PUSH_TTL_SECONDS, timeout=10, headers={"Urgency": "normal"})
    except WebPushException as exc:
        status = exc.response.status_code if exc.response is not None else None
        if status in (404, 410):
            PushSubscription.objects.filter(pk=subscription.pk).delete()
            log.info("push subscription %s is gone (%s): dropped", subscription.pk, status)
            return "gone"
        log.warning("push to subscription %s failed: %s", subscription.pk, status or exc)
        return "failed"
    except Exception as exc:  # the push service unreachable, a timeout
        log.warning("push to subscription %s failed: %s", subscription.pk, exc)
        return "failed"
    PushSubscription.objects.filter(pk=subscription.pk).update(last_ok=timezone.now())
    return "ok"


@shared_task(name="accounts.push.deliver", bind=True, max_retries=RETRIES)
def deliver(self, user_id: int, kind: str, data: dict[str, str], only: list[int] | None = None) -> int:
    """Push ``data`` to each of the person's subscriptions (``only`` these, on a retry), if they still want
    ``kind``; returns how many took it. The failed ones are tried again later, the others not twice."""
    user = User.objects.filter(pk=user_id).first()
    if user is None or not wants(user, kind):
        return 0
    subscriptions = PushSubscription.objects.filter(user=user)
    if only is not None:
        subscriptions = subscriptions.filter(pk__in=only)
    outcomes = {s.pk: send_one(s, data) for s in subscriptions.order_by("pk")}
    failed = [pk for pk, outcome in outcomes.items() if outcome == "failed"]
    if failed and self.request.retries < RETRIES and not self.request.is_eager:
        raise self.retry(kwargs={"user_id": user_id, "kind": kind, "data": data, "only": failed},
                         countdown=60 * 2 ** self.request.retries)
    return sum(outcome == "ok" for outcome in outcomes.values())


# ---- the pages' side -------------------------------------------------------------------------------------------

def _key(value: Any, size: int, name: str) -> str:
    if not isinstance(value, str) or len(value) > 200:
        raise BadSubscription(f"{name} is not a key")
    try:
        raw = b64url_decode(value)
    except ValueError:
        raise BadSubscription(f"{name} is not base64url") from None
    if len(raw) != size:
        raise BadSubscription(f"{name} is not {size} bytes")
    return value.rstrip("=")


def allowed_endpoint(endpoint: Any) -> str:
    """A push service's address: https, and (unless ``PUSH_SERVICE_HOSTS`` is empty) on one of the push services
    the browsers use, so that the site never posts to an address of a user's choosing (an internal one)."""
    if not isinstance(endpoint, str) or len(endpoint) > 1000:
        raise BadSubscription("endpoint is not an address")
    parts = urlsplit(endpoint)
    if parts.scheme != "https" or not parts.hostname:
        raise BadSubscription("endpoint is not an https address")
    hosts = settings.PUSH_SERVICE_HOSTS
    host = parts.hostname.lower()
    if hosts and not any(host == h or host.endswith("." + h) for h in hosts):
        raise BadSubscription("endpoint is not a known push service")
    return endpoint


def subscribe(user: User, data: Any) -> PushSubscription:
    """Keep the subscription a page sent (``PushSubscription.toJSON()``: endpoint and keys) for ``user``. The same
    endpoint again is the same device: its keys are updated, and it goes to whoever signed in on it last."""
    if not isinstance(data, dict) or not isinstance(data.get("keys"), dict):
        raise BadSubscription("no subscription")
    endpoint = allowed_endpoint(data.get("endpoint"))
    p256dh = _key(data["keys"].get("p256dh"), 65, "p256dh")
    auth = _key(data["keys"].get("auth"), 16, "auth")
    with transaction.atomic():
        subscription, _created = PushSubscription.objects.update_or_create(
            endpoint=endpoint, defaults={"user": user, "p256dh": p256dh, "auth": auth})
        stale = PushSubscription.objects.filter(user=user).order_by("-created", "-pk")[MAX_SUBSCRIPTIONS:]
        PushSubscription.objects.filter(pk__in=[s.pk for s in stale]).delete()
    return subscription


def unsubscribe(user: User, endpoint: Any) -> bool:
    """Forget the user's subscription at ``endpoint`` (the page unsubscribed); True if there was one."""
    if not isinstance(endpoint, str):
        return False
    return PushSubscription.objects.filter(user=user, endpoint=endpoint).delete()[0] > 0
