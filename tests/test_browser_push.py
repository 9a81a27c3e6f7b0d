"""The installable site in a real Chromium (through Daphne): a push delivered to the service worker shows its
notification with no page of the site open, the manifest passes Chromium's installability check, a page opened
offline says so and loads by itself when the network is back, and the settings page's switch on a phone.

The push goes in through the DevTools protocol (``ServiceWorker.deliverPushMessage``), as the browser's push
service would hand it over: this machine reaches no real push service. accounts/tests/test_push.py follows the
server's side of a push to a local push service that decrypts it.
"""

from __future__ import annotations

import json
import time

import pytest

from accounts.models import User
from games.tables import lifecycle as tables
from games.tests.test_browser_game import login
from games.tests.test_browser_two_people import in_thread
from tests.fixtures.browsers import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def registered_worker(page, base: str) -> str:
    """Load a page of the site and wait until its service worker is active; returns the registration's id (from
    the DevTools protocol's ServiceWorker domain)."""
    page.goto(base + "/")
    page.wait_for_function("() => navigator.serviceWorker.ready.then(r => !!r.active)", timeout=15000)
    page.evaluate("() => navigator.serviceWorker.ready")
    cdp = page.context.new_cdp_session(page)
    found: list[dict] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda event: found.extend(event["registrations"]))
    cdp.send("ServiceWorker.enable")
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        mine = [r for r in found if r["scopeURL"] == base + "/" and not r.get("isDeleted")]
        if mine:
            cdp.detach()
            return mine[-1]["registrationId"]
        page.wait_for_timeout(100)
    raise AssertionError(f"no registration for {base}/ among {found}")


def test_a_push_shows_its_notification_with_no_page_open(daphne_server, browser):
    context = browser.new_context(locale="es-AR")
    context.grant_permissions(["notifications"], origin=daphne_server)
    page = context.new_page()
    registration = registered_worker(page, daphne_server)
    page.close()

    # No page of the site is open; the DevTools session needs a target of its own: a blank page.
    blank = context.new_page()
    cdp = context.new_cdp_session(blank)
    cdp.send("ServiceWorker.enable")
    cdp.send("ServiceWorker.stopAllWorkers")  # the push itself must wake the worker
    data = {"kind": "turn", "title": "Te toca en Estanciero #7", "body": "Tenés tiempo hasta mañana.",
            "url": "/games/7/", "tag": "turn-7"}
    cdp.send("ServiceWorker.deliverPushMessage",
             {"origin": daphne_server, "registrationId": registration, "data": json.dumps(data)})
    cdp.detach()

    # Then a page of the site asks its worker's registration which notifications it shows.
    page = context.new_page()
    page.goto(daphne_server + "/rules/")
    shown = page.evaluate("""() => navigator.serviceWorker.ready.then(async (r) => {
        for (let i = 0; i < 50; i++) {
            const list = await r.getNotifications();
            if (list.length) return list.map(n => ({title: n.title, body: n.body, tag: n.tag, data: n.data}));
            await new Promise(done => setTimeout(done, 100));
        }
        return [];
    })""")
    assert shown == [{"title": "Te toca en Estanciero #7", "body": "Tenés tiempo hasta mañana.", "tag": "turn-7",
                      "data": {"url": "/games/7/", "kind": "turn"}}]
    context.close()


def test_the_manifest_passes_chromiums_installability_check(daphne_server, browser, tmp_path):
    # A profile on disk: Chromium installs nothing from an incognito context (a new_context is one).
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path="/usr/bin/chromium", headless=True,
        args=["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
              "--disable-component-update", "--disable-sync"])
    try:
        page = context.new_page()
        registered_worker(page, daphne_server)
        cdp = context.new_cdp_session(page)
        errors = None
        for _ in range(30):  # the manifest and its icons are fetched after the page loads
            errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
            if not errors:
                break
            page.wait_for_timeout(200)
        assert errors == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == daphne_server + "/manifest.webmanifest" and not manifest["errors"]
    finally:
        context.close()


def test_a_table_opened_offline_says_so_and_loads_when_the_network_is_back(daphne_server, browser):
    User.objects.create_user("sinred", password="pw-sinred-1")
    user = User.objects.get(username="sinred")
    game = in_thread(tables.do_create_table, user, "estanciero", 2, bots=1, time_control="correspondence")
    context = browser.new_context(locale="es-AR")
    page = context.new_page()
    login(page, daphne_server, "sinred", "pw-sinred-1")
    registered_worker(page, daphne_server)

    context.set_offline(True)
    page.goto(f"{daphne_server}/games/{game.pk}/")
    page.wait_for_selector(".offline-card", timeout=10000)
    assert page.url == f"{daphne_server}/games/{game.pk}/"  # the table's address, the offline page's words
    screenshot(page, "offline-table-es", full_page=False)

    context.set_offline(False)
    page.wait_for_selector("#table", timeout=30000)  # it loaded the table by itself
    assert page.locator(".offline-card").count() == 0
    context.close()


def test_the_settings_switch_on_a_phone(daphne_server, browser):
    User.objects.create_user("avisame", "avisame@example.com", password="pw-avisame-1", language="es")
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  locale="es-AR")
    page = context.new_page()
    login(page, daphne_server, "avisame", "pw-avisame-1")
    page.goto(daphne_server + "/settings/")
    page.wait_for_selector("#push-device:not([hidden]) .push-status:not(:empty)")
    page.check("input[name=push_turns]")
    page.check("input[name=push_rematches]")
    page.evaluate("() => window.scrollTo(0, 0)")  # the sticky header over the page's middle otherwise
    screenshot(page, "settings-push-phone-es")
    page.click("main form button[type=submit]")
    page.wait_for_load_state()
    user = User.objects.get(username="avisame")
    assert (user.push_turns, user.push_invites, user.push_rematches, user.push_reports) == (True, False, True, False)
    context.close()
