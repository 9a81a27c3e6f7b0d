"""Hostile API requests, rate limits and caps, login throttling (the admin's too), the
Content-Security-Policy and the pages working without inline scripts (docs/SECURITY.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.core.cache import cache

from accounts.models import ApiToken, User
from games.core.rulesets import get, names
from games.models import Game, Move
from games.tables import lifecycle as tables

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.django_db

GENEROUS = {"api_user": "10000/60s", "api_anon": "10000/60s", "api_play": "10000/10s", "socket_connection": "10000/10s",
            "socket_user": "10000/10s", "table_create": "10000/60s", "login_ip": "50/300s", "login_user": "10/300s"}


def clear_limits() -> None:
    """Forget the rate-limit counters (only those: the Redis db is shared with Celery and the channel layer)."""
    client = cache._cache.get_client(write=True)
    for key in client.scan_iter(match="*:rl:*"):
        client.delete(key)


@pytest.fixture(autouse=True)
def fresh_limits(settings):
    """Each test starts with empty counters and generous limits, and leaves no counter behind."""
    clear_limits()
    settings.RATE_LIMITS = dict(GENEROUS)
    settings.MAX_OPEN_TABLES = 100
    yield
    clear_limits()


@pytest.fixture
def ana():
    return User.objects.create_user("ana", password="pw-ana-123")


@pytest.fixture
def token(ana):
    return ApiToken.issue(ana, "test")[1]


@pytest.fixture
def game(ana):
    """An Estanciero between ana and a person, started, ana on turn or not."""
    beto = User.objects.create_user("beto", password="pw-beto-123")
    g = tables.do_create_table(ana, "estanciero", 2, time_control="correspondence")
    tables.do_join(g.pk, beto)
    tables.do_start(g.pk, ana)
    return Game.objects.get(pk=g.pk)


def post(client, url, body: str, token: str | None = None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    return client.generic("POST", url, body.encode("utf-8", "surrogatepass"), content_type="application/json",
                          **headers)


HOSTILE_CREATES = [
    '{"ruleset": "estanciero", "seats": 2, "bots": Infinity}',
    '{"ruleset": "estanciero", "seats": 2, "bots": 1e400}',
    '{"ruleset": "estanciero", "seats": 2, "bots": NaN}',
    '{"ruleset": "estanciero", "seats": 2, "options": {"max_turns": Infinity}}',
    '{"ruleset": "estanciero", "seats": 2, "options": {"max_turns": 1e300}}',
    '{"ruleset": "estanciero", "seats": 2, "options": {"max_turns": "\\u0000"}}',
    '{"ruleset": "estanciero", "seats": 2, "options": [1]}',
    '{"ruleset": {"a": 1}, "seats": [2]}',
    '{"ruleset": "estanciero", "seats": true}',
    '{"ruleset": "estanciero", "seats": 2, "max_timeouts": 99999999999999999999999}',
    '{"ruleset": "\\ud800", "seats": 2}',
    "[" * 5000 + "]" * 5000,
    '{"a":' * 2500 + "1" + "}" * 2500,
    "not json",
    '"just a string"',
]


@pytest.mark.parametrize("body", HOSTILE_CREATES)
def test_hostile_table_creations_get_a_400_never_a_500(client, token, body):
    response = post(client, "/api/v1/tables", body, token)
    assert response.status_code == 400, response.content[:300]
    assert response.json()["error"] == "bad_request"
    assert not Game.objects.exists()


def test_hostile_reads_get_a_4xx(client, game):
    for url, status in [(f"/api/v1/games/{game.pk}?since=²", 400), (f"/api/v1/games/{game.pk}?since=-1", 400),
                        (f"/api/v1/games/{game.pk}?since=99999999999999999999", 400),
                        ("/api/v1/tables?status=%00", 400), ("/api/v1/tables?status=%ED%A0%80", 400),
                        ("/api/v1/games/99999999999999999999999", 404),
                        ("/api/v1/games/99999999999999999999999/log", 404)]:
        response = client.get(url)
        assert response.status_code == status, (url, response.status_code)
        assert response.json()["error"] in ("bad_request", "not_found")
    assert client.get(f"/api/v1/games/{game.pk}?since=0").status_code == 200


def test_hostile_actions_change_nothing(client, game, ana, token):
    before = Game.objects.get(pk=game.pk)
    url = f"/api/v1/games/{game.pk}/actions"
    bodies = [
        '{"action": {"type": "roll", "x": "\\u0000"}, "version": 0}',
        '{"action": {"type": "bid", "amount": NaN}, "version": 0}',
        '{"action": {"type": "use_jail_card", "card": "\\ud800"}, "version": 0}',
        '{"action": {"type": "roll", "pad": "' + "x" * 9000 + '"}, "version": 0}',
        '{"action": {"type": "mortgage", "space": {"wood": 1}}, "version": 0}',
        '{"action": {"type": "roll"}, "version": true}',
        '{"action": {"type": "roll"}, "version": 1e400}',
        '{"action": ' + "[" * 5000 + "]" * 5000 + "}",
        '{"action": "roll"}',
    ]
    for body in bodies:
        response = post(client, url, body, token)
        assert response.status_code == 400, (body[:80], response.status_code, response.content[:200])
        assert response.json()["error"] == "bad_request" and response.json()["message"]
    huge = '{"action": {"type": "roll", "pad": "' + "x" * 900_000 + '"}}'
    assert post(client, url, huge, token).status_code == 413
    over_django_limit = '{"action": {"type": "roll", "pad": "' + "x" * 3_000_000 + '"}}'
    assert post(client, url, over_django_limit, token).status_code == 413
    after = Game.objects.get(pk=game.pk)
    assert (after.version, after.state) == (before.version, before.state) and not Move.objects.exists()


def test_api_rate_limit_answers_429_per_user(client, settings, game, token):
    settings.RATE_LIMITS = {**GENEROUS, "api_user": "5/60s"}
    codes = [client.get(f"/api/v1/games/{game.pk}/log", HTTP_AUTHORIZATION=f"Bearer {token}").status_code
             for _ in range(8)]
    assert codes == [200] * 5 + [429] * 3
    limited = client.get("/api/v1/rulesets", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert limited.json()["error"] == "rate_limited" and int(limited["Retry-After"]) >= 1
    assert client.get("/api/v1/rulesets").status_code == 200  # anonymous: counted by IP, apart


def test_open_lobby_tables_are_capped_and_creation_is_rate_limited(client, settings, token):
    settings.MAX_OPEN_TABLES = 3
    body = '{"ruleset": "estanciero", "seats": 4}'
    codes = [post(client, "/api/v1/tables", body, token).status_code for _ in range(5)]
    assert codes == [201, 201, 201, 429, 429]
    assert post(client, "/api/v1/tables", body, token).json()["error"] == "too_many_tables"
    assert Game.objects.filter(status=Game.Status.LOBBY).count() == 3
    settings.MAX_OPEN_TABLES = 100
    settings.RATE_LIMITS = {**GENEROUS, "table_create": "2/60s"}
    clear_limits()
    codes = [post(client, "/api/v1/tables", body, token).status_code for _ in range(4)]
    assert codes == [201, 201, 429, 429]


@pytest.mark.django_db(transaction=True)
def test_concurrent_creations_by_one_user_stay_within_the_open_table_cap(settings, ana, token):
    """10 creations at once by one user, half by the page and half by the API (both through
    ``tables.do_create_table``): each counts the user's open tables after the one before it has committed, so
    5 succeed and 5 are refused."""
    from concurrent.futures import ThreadPoolExecutor
    from threading import Barrier

    from django.db import connection
    from django.test import Client

    settings.MAX_OPEN_TABLES = 5
    start = Barrier(10)
    form = {"ruleset": "estanciero", "seats": "4", "time_control": "correspondence"}

    def create(i: int) -> str:
        browser = Client()
        try:
            if i % 2:
                browser.force_login(ana)
                start.wait()
                response = browser.post("/games/new/", form)
                return {302: "created", 400: "refused"}[response.status_code]
            start.wait()
            response = post(browser, "/api/v1/tables", '{"ruleset": "estanciero", "seats": 4}', token)
            return {201: "created", 429: "refused"}[response.status_code]
        finally:
            connection.close()  # this thread's

    with ThreadPoolExecutor(10) as threads:
        outcomes = sorted(threads.map(create, range(10)))
    assert outcomes == ["created"] * 5 + ["refused"] * 5
    assert Game.objects.filter(created_by=ana, status=Game.Status.LOBBY).count() == 5


ATTACKER, OWNER = "203.0.113.9", "198.51.100.7"


@pytest.mark.parametrize("form", ["/admin/login/", "/accounts/login/"])
def test_wrong_passwords_lock_the_guessing_address_not_the_account(client, form):
    """12 wrong passwords for the admin from one address: that address is refused (the right password too),
    and the admin signs in from another address on the same form."""
    User.objects.create_superuser("admin", "admin@example.com", "the-right-Passw0rd")
    name = "username" if form.startswith("/admin") else "login"

    def sign_in(password: str, address: str) -> bool:
        client.logout()
        client.post(form, {name: "admin", "password": password}, REMOTE_ADDR=address)
        return "_auth_user_id" in client.session

    assert not any(sign_in("wrong", ATTACKER) for _ in range(12))
    assert sign_in("the-right-Passw0rd", OWNER)
    assert not sign_in("the-right-Passw0rd", ATTACKER)


def test_a_few_mistakes_do_not_lock_anyone_out(client):
    User.objects.create_superuser("admin", "admin@example.com", "the-right-Passw0rd")
    for _ in range(3):
        client.post("/admin/login/", {"username": "admin", "password": "wrong"})
    response = client.post("/admin/login/", {"username": "admin", "password": "the-right-Passw0rd"})
    assert response.status_code == 302


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)
INLINE_HANDLER = re.compile(r"<[^>]+\son[a-z]+\s*=", re.I)
JS_URL = re.compile(r"""(href|src|action)\s*=\s*["']\s*javascript:""", re.I)


def assert_csp_clean(response, what: str) -> None:
    policy = response["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";") if d.strip())
    assert directives["script-src"] == "'self'", policy
    assert "unsafe-eval" not in policy and directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"
    html = response.content.decode()
    assert not INLINE_SCRIPT.search(html), (what, INLINE_SCRIPT.search(html).group(0))
    assert not INLINE_HANDLER.search(html), (what, INLINE_HANDLER.search(html).group(0)[:200])
    assert not JS_URL.search(html), what


@pytest.mark.parametrize("ruleset", names())
def test_every_page_is_served_with_a_strict_csp_and_no_inline_script(client, ruleset):
    people = [User.objects.create_user(f"p{i}", password=f"pw-p{i}-123") for i in range(get(ruleset).min_players)]
    g = tables.do_create_table(people[0], ruleset, len(people), time_control="correspondence")
    for person in people[1:]:
        tables.do_join(g.pk, person)
    tables.do_start(g.pk, people[0])
    lobby = tables.do_create_table(people[0], ruleset, len(people) + 1, time_control="correspondence")
    pages = ["/", "/play/", "/accounts/login/", "/accounts/signup/", "/rules/", f"/games/{g.pk}/",
             f"/games/{lobby.pk}/", "/admin/login/"]
    for url in pages:  # anonymous
        response = client.get(url, follow=True)
        assert response.status_code == 200, url
        assert_csp_clean(response, url)
    client.force_login(people[0])
    for url in [f"/games/{g.pk}/", f"/games/{g.pk}/table/", f"/games/{lobby.pk}/", "/play/", "/settings/"]:
        response = client.get(url)
        assert response.status_code == 200, url
        assert_csp_clean(response, url)


def test_static_scripts_need_no_eval():
    """Every script we serve: the site's (static/js) and each ruleset's own (games/<ruleset>/static/js)."""
    scripts = [*(ROOT / "static" / "js").glob("*.js"), *(ROOT / "games").glob("*/static/js/*.js")]
    assert any(p.parts[-4] == "ladrillazo" for p in scripts)
    for path in scripts:
        text = path.read_text()
        assert not re.search(r"\beval\(|new Function\(|setTimeout\(\s*[\"']", text), path.name
        assert not re.search(r"setAttribute\(\s*[\"']on", text), path.name


def test_sensitive_cookies_and_headers_in_production_settings():
    from django.conf import settings

    assert settings.SESSION_COOKIE_HTTPONLY and settings.CSRF_COOKIE_HTTPONLY
    assert settings.X_FRAME_OPTIONS == "DENY" and settings.SECURE_CONTENT_TYPE_NOSNIFF
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE <= 1024 * 1024
    assert settings.AUTHENTICATION_BACKENDS[0] == "accounts.throttle.ThrottleBackend"
    # The production values (secure cookies, HSTS, SSL redirect) are checked by tests/test_deploy_check.py.
    json.dumps(settings.CONTENT_SECURITY_POLICY)
