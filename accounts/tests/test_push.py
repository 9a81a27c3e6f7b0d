"""Web Push from the server (accounts/push.py): a push as a push service receives it, decrypted with the
subscription's own keys and its VAPID signature checked, and what the server does with the service's answers; the
pages' side (subscribing, the settings page's choices in both languages, the worker, the manifest, the offline
page)."""

from __future__ import annotations

import base64
import json
import os
import struct
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.urls import reverse

from accounts import push, vapid
from accounts.models import PushSubscription, User

pytestmark = pytest.mark.django_db


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Browser:
    """What a browser holds for one subscription: its ECDH key pair and its authentication secret."""

    def __init__(self):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.p256dh = b64(self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                             serialization.PublicFormat.UncompressedPoint))

    def keys(self) -> dict[str, str]:
        return {"p256dh": self.p256dh, "auth": b64(self.auth)}

    def decrypt(self, body: bytes) -> dict:
        return json.loads(http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"))


class PushService:
    """A push service on 127.0.0.1: keeps each request it gets and answers ``status``."""

    def __init__(self):
        self.received: list[tuple[str, dict[str, str], bytes]] = []
        self.status = 201
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                service.received.append((self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                self.send_response(service.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def service():
    s = PushService()
    yield s
    s.close()


@pytest.fixture
def dora(db):
    return User.objects.create_user("dora", "dora@example.com", "pw-dora-1234", language="es", push_turns=True,
                                    push_invites=True, push_rematches=True, push_reports=True)


def subscribed(user: User, service: PushService, name: str = "device-1") -> tuple[PushSubscription, Browser]:
    browser = Browser()
    subscription = PushSubscription.objects.create(user=user, endpoint=f"{service.origin}/push/{name}",
                                                   **browser.keys())
    return subscription, browser


def verify_vapid(header: str, audience: str) -> dict:
    """The Authorization header's JWT (ES256), checked against the site's public key; returns its claims."""
    assert header.startswith("vapid ")
    fields = dict(part.strip().split("=", 1) for part in header[len("vapid "):].split(","))
    assert fields["k"] == settings.VAPID_PUBLIC_KEY
    signing_input, _, signature = fields["t"].rpartition(".")
    raw = unb64(signature)
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(settings.VAPID_PUBLIC_KEY))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, signing_input.encode(), ec.ECDSA(hashes.SHA256()))  # raises InvalidSignature
    head, claims = (json.loads(unb64(part)) for part in signing_input.split("."))
    assert head["alg"] == "ES256"
    assert claims["aud"] == audience and claims["sub"] == settings.VAPID_SUBJECT
    assert claims["exp"] > time.time()
    return claims


def test_a_push_reaches_the_service_encrypted_for_the_subscription_and_signed_by_the_site(dora, service):
    subscription, browser = subscribed(dora, service)
    data = push.payload("turn", "Te toca en Estanciero #7", "Tenés tiempo hasta mañana.", "/games/7/", tag="turn-7")

    assert push.deliver.apply(args=(dora.pk, "turn", data)).get() == 1

    [(path, headers, body)] = service.received
    assert path == "/push/device-1"
    assert headers["content-encoding"] == "aes128gcm"
    assert int(headers["ttl"]) == settings.PUSH_TTL_SECONDS
    assert b"Estanciero" not in body  # encrypted
    assert browser.decrypt(body) == {"kind": "turn", "title": "Te toca en Estanciero #7",
                                     "body": "Tenés tiempo hasta mañana.", "url": "/games/7/", "tag": "turn-7"}
    verify_vapid(headers["authorization"], service.origin)
    subscription.refresh_from_db()
    assert subscription.last_ok is not None


def test_only_the_subscriptions_keys_open_it(dora, service):
    subscribed(dora, service)
    push.deliver.apply(args=(dora.pk, "turn", push.payload("turn", "t", "b", "/")))
    [(_path, _headers, body)] = service.received
    with pytest.raises(Exception):  # noqa: B017 (http_ece raises cryptography's InvalidTag)
        Browser().decrypt(body)


@pytest.mark.parametrize("status", [404, 410])
def test_a_subscription_the_service_calls_gone_is_dropped(dora, service, status):
    gone, _ = subscribed(dora, service, "gone")
    service.status = status
    assert push.deliver.apply(args=(dora.pk, "invite", push.payload("invite", "t", "b", "/"))).get() == 0
    assert not PushSubscription.objects.filter(pk=gone.pk).exists()


def test_another_failure_keeps_the_subscription_and_tries_it_again(dora, service, monkeypatch):
    kept, _ = subscribed(dora, service)
    service.status = 500
    assert push.send_one(kept, push.payload("turn", "t", "b", "/")) == "failed"
    kept.refresh_from_db()
    assert kept.last_ok is None

    # In a worker the task asks Celery to run it again later, for the failed subscriptions alone: the device that
    # took it does not get it twice.
    good, _ = subscribed(dora, service, "device-2")
    original = push.send_one
    monkeypatch.setattr(push, "send_one", lambda s, d: "failed" if s.pk == kept.pk else original(s, d))
    service.status = 201
    retried = {}

    def fake_retry(**kwargs):
        retried.update(kwargs)
        return RuntimeError("retry later")

    monkeypatch.setattr(push.deliver, "retry", fake_retry)
    with pytest.raises(RuntimeError, match="retry later"):
        push.deliver.run(dora.pk, "turn", push.payload("turn", "t", "b", "/"))
    assert retried["kwargs"]["only"] == [kept.pk] and retried["countdown"] == 60
    assert [path for path, _h, _b in service.received] == ["/push/device-1", "/push/device-2"]


def test_nothing_is_sent_for_a_kind_the_person_did_not_choose(dora, service):
    subscribed(dora, service)
    User.objects.filter(pk=dora.pk).update(push_reports=False)
    assert push.deliver.apply(args=(dora.pk, "report", push.payload("report", "t", "b", "/"))).get() == 0
    assert service.received == []


def test_every_device_of_the_person_gets_it(dora, service):
    _, first = subscribed(dora, service, "phone")
    _, second = subscribed(dora, service, "laptop")
    assert push.deliver.apply(args=(dora.pk, "rematch", push.payload("rematch", "t", "b", "/"))).get() == 2
    bodies = {path: body for path, _h, body in service.received}
    assert first.decrypt(bodies["/push/phone"])["kind"] == second.decrypt(bodies["/push/laptop"])["kind"] == "rematch"


def test_notify_queues_the_task_only_after_the_transaction_commits(dora, monkeypatch, django_capture_on_commit_callbacks):
    queued = []
    monkeypatch.setattr(push.deliver, "delay", lambda *args: queued.append(args))
    data = push.payload("report", "t", "b", "/")
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        push.notify(dora.pk, "report", data)
        assert queued == []
    assert len(callbacks) == 1 and queued == [(dora.pk, "report", data)]


# ---- the pages' side ---------------------------------------------------------------------------------------------

CHROME = "https://fcm.googleapis.com/fcm/send/abc:def"


def subscription_json(endpoint: str = CHROME, browser: Browser | None = None) -> dict:
    return {"endpoint": endpoint, "expirationTime": None, "keys": (browser or Browser()).keys()}


def post_json(client, name: str, data) -> object:
    return client.post(reverse(f"accounts:{name}"), json.dumps(data), content_type="application/json")


def test_a_page_subscribes_and_unsubscribes_its_device(client, dora):
    client.force_login(dora)
    response = post_json(client, "push_subscribe", subscription_json())
    assert response.status_code == 201
    assert PushSubscription.objects.get(endpoint=CHROME).user == dora
    # Renewed keys for the same endpoint: the same device, one row.
    browser = Browser()
    assert post_json(client, "push_subscribe", subscription_json(browser=browser)).status_code == 201
    assert PushSubscription.objects.get(endpoint=CHROME).p256dh == browser.p256dh

    assert post_json(client, "push_unsubscribe", {"endpoint": CHROME}).json() == {"ok": True, "removed": True}
    assert not PushSubscription.objects.exists()


def test_a_device_goes_to_whoever_subscribed_on_it_last(client, dora):
    PushSubscription.objects.create(user=User.objects.create_user("eli", "eli@example.com", "pw-eli-12345"),
                                    endpoint=CHROME, **Browser().keys())
    client.force_login(dora)
    assert post_json(client, "push_subscribe", subscription_json()).status_code == 201
    assert PushSubscription.objects.get(endpoint=CHROME).user == dora


@pytest.mark.parametrize("bad", [
    "not json", {"endpoint": CHROME}, {"endpoint": CHROME, "keys": {"p256dh": "xx", "auth": "yy"}},
    subscription_json("http://fcm.googleapis.com/fcm/send/x"),  # not https
    subscription_json("https://10.0.0.5/internal"),  # not a push service: the site would post where told
    subscription_json("https://evil.example/fcm.googleapis.com"),
])
def test_what_is_no_subscription_is_refused(client, dora, bad):
    client.force_login(dora)
    response = client.post(reverse("accounts:push_subscribe"), bad if isinstance(bad, str) else json.dumps(bad),
                           content_type="application/json")
    assert response.status_code == 400
    assert not PushSubscription.objects.exists()


def test_subscribing_takes_a_signed_in_person_and_the_csrf_token(dora):
    from django.test import Client

    anonymous = Client()
    assert post_json(anonymous, "push_subscribe", subscription_json()).status_code == 302  # to the login page
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(dora)
    assert post_json(strict, "push_subscribe", subscription_json()).status_code == 403
    assert not PushSubscription.objects.exists()


def test_the_settings_page_offers_each_kind_in_both_languages(client, dora):
    User.objects.filter(pk=dora.pk).update(push_turns=False, push_invites=False, push_rematches=False,
                                           push_reports=False)
    client.force_login(dora)
    page = client.get(reverse("accounts:settings"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    for name in push.KINDS.values():
        assert f'name="{name}"' in page
    assert settings.VAPID_PUBLIC_KEY in page and reverse("accounts:push_subscribe") in page
    assert "Avisos en tu teléfono o computadora" in page
    assert "Me toca en una partida por correspondencia" in page
    assert "Activar en este dispositivo" in page

    User.objects.filter(pk=dora.pk).update(language="en")
    page = client.get(reverse("accounts:settings")).content.decode()
    assert "Notifications on your phone or computer" in page
    assert "My turn in a correspondence game" in page and "A rematch offered after a game" in page
    assert "Turn on for this device" in page


def test_each_kind_is_chosen_and_saved_on_its_own(client, dora):
    client.force_login(dora)
    response = client.post(reverse("accounts:settings"), {"language": "es", "first_name": "", "email_turns": "on",
                                                          "push_turns": "on", "push_reports": "on"})
    assert response.status_code == 302
    dora.refresh_from_db()
    assert (dora.push_turns, dora.push_invites, dora.push_rematches, dora.push_reports) == (True, False, False, True)


def test_push_is_off_by_default(db):
    user = User.objects.create_user("fede", "fede@example.com", "pw-fede-1234")
    assert not any(getattr(user, name) for name in push.KINDS.values())


def test_the_service_worker_is_served_from_the_root_as_javascript(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert "no-cache" in response["Cache-Control"] or "max-age=0" in response["Cache-Control"]
    text = response.content.decode()
    assert 'addEventListener("push"' in text and "showNotification" in text
    config = json.loads(text.split("var CONFIG = ", 1)[1].split(";\n", 1)[0])
    assert config["cache"] == f"tablero-{settings.RELEASE}"
    assert set(config["offline"]) == {code for code, _ in settings.LANGUAGES}
    # Only the offline page and its static files are kept: no page of the site.
    assert all(path.startswith(settings.STATIC_URL if settings.STATIC_URL.startswith("/") else "/" + settings.STATIC_URL)
               for path in config["assets"])


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_names_the_app_and_its_icons(client):
    response = client.get("/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    data = json.loads(response.content)
    assert data["name"] == "Tablero" and data["display"] == "standalone" and data["start_url"] == "/"
    from django.contrib.staticfiles import finders

    sizes = set()
    for icon in data["icons"]:
        path = finders.find(icon["src"].removeprefix("/" + settings.STATIC_URL.lstrip("/")))
        width, height = png_size(open(path, "rb").read())
        assert icon["sizes"] == f"{width}x{height}"
        sizes.add((width, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes
    home = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in home and 'data-sw="/sw.js"' in home


def test_the_offline_page_says_so_in_each_language(client):
    assert "Sin conexión" in client.get("/offline/?lang=es").content.decode()
    page = client.get("/offline/?lang=en").content.decode()
    assert "No connection" in page and "will load by itself" in page and "<script src=" in page


def test_the_key_pair_is_checked():
    private, public = vapid.new_key_pair()
    vapid.check_key_pair(private, public)
    with pytest.raises(ImproperlyConfigured, match="not the public half"):
        vapid.check_key_pair(private, vapid.new_key_pair()[1])
    with pytest.raises(ImproperlyConfigured, match="not a base64url"):
        vapid.check_key_pair("short", public)
    assert vapid.public_key_of(settings.VAPID_PRIVATE_KEY) == settings.VAPID_PUBLIC_KEY
    assert push_key_answer() == settings.VAPID_PUBLIC_KEY


def push_key_answer() -> str:
    from django.test import Client

    return Client().get(reverse("accounts:push_key")).json()["key"]
