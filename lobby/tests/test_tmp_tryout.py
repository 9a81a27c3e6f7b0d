import time
import pytest
from accounts.models import User
from games.models import Game
from games.tests.test_browser_game import login
from games.tests.test_browser_replay import PHONE, watch_errors
from games.tests.test_browser_two_people import shown_version, wait_live
from tests.fixtures.browsers import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_tryout(daphne_server, celery_worker, browser):
    User.objects.create_user("nueva", password="pw-nueva-1")
    ctx = browser.new_context(locale="es-AR", **PHONE)
    page = ctx.new_page()
    errors = watch_errors(page)
    login(page, daphne_server, "nueva", "pw-nueva-1")
    page.goto(f"{daphne_server}/")
    screenshot(page, "try-home", full_page=False)
    page.locator("form[action='/learn/argentilandia/'] button").tap()
    page.wait_for_url("**/games/*/")
    wait_live(page)
    game = Game.objects.get()
    Game.objects.filter(pk=game.pk).update(bot_delay_ms=200)
    followed = 0
    shots = {0, 3, 8, 12, 18, 24}
    t = time.monotonic() + 300
    while not page.locator(".card.outcome").count() and time.monotonic() < t:
        go = page.locator("[data-coach-go]")
        if not go.count():
            page.wait_for_timeout(200)
            continue
        if followed in shots:
            screenshot(page, f"try-{followed:02d}", full_page=True)
        before = shown_version(page)
        try:
            go.tap(timeout=5000)
            page.wait_for_function("v => Number(document.querySelector('#table [data-version]').textContent) > v", arg=before, timeout=20000)
        except Exception:
            continue
        followed += 1
    screenshot(page, "try-end", full_page=True)
    print("followed", followed, errors)
