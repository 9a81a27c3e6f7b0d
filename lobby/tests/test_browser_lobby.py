"""The live lobby in Chromium, with real Daphne, Celery and Redis: alicia creates a private table and bruno sits
down through the invite link (signing in on the way); carla's quick play seats her at a public table that
another person's lobby shows at once, without reloading; a quick play with nobody to meet waits with its
progress on screen until the Celery worker fills the table with bots and starts it. Screenshots of the lobby
and "My games", desktop and phone."""

import pytest

from accounts.models import User
from games.core.rulesets import get
from games.models import Game, Seat
from games.tables import lifecycle as tables
from games.tests.test_browser_game import login
from games.tests.turn_helpers import in_thread
from tests.fixtures.browsers import screenshot
from tests.support import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def person(browser, base, name: str, viewport=None, signed_in: bool = True):
    User.objects.get_or_create(username=name, defaults={"is_active": True})
    user = User.objects.get(username=name)
    user.set_password(f"pw-{name}-123")
    user.save()
    ctx = browser.new_context(viewport=viewport or {"width": 1280, "height": 860}, locale="es-AR")
    page = ctx.new_page()
    if signed_in:
        login(page, base, name, f"pw-{name}-123")
    return page


def wait_lobby_live(page):
    page.wait_for_selector("#lobby-status[data-state=live]", timeout=15000)


def test_invite_link_quick_play_and_a_live_lobby(daphne_server, celery_worker, browser):
    base = daphne_server
    dario = person(browser, base, "dario")
    dario.goto(f"{base}/play/")
    wait_lobby_live(dario)

    # alicia opens a private table from the form: the table page offers her its invite link.
    alicia = person(browser, base, "alicia")
    alicia.goto(f"{base}/play/?game=estanciero")
    alicia.select_option("select[name=ruleset]", "estanciero")
    alicia.fill("input[name=seats]", "3")
    alicia.fill("input[name=bots]", "1")
    alicia.select_option("select[name=bot_level]", "easy")
    alicia.select_option("select[name=time_control]", "correspondence")
    alicia.check("input[name=visibility][value=private]", force=True)
    alicia.check("input[name=rated][value='1']", force=True)
    alicia.click("form.new-table button[type=submit]")
    alicia.wait_for_url("**/games/*/")
    private = Game.objects.get(created_by__username="alicia")
    assert private.private and private.rated and private.time_control == "correspondence"
    invite = alicia.locator("input.invite-link")
    alicia.wait_for_function("() => document.querySelector('input.invite-link').value.startsWith('http')")
    link = invite.input_value()
    assert link == f"{base}/games/{private.pk}/invite/{private.invite_code}/"
    screenshot(alicia, "lobby-private-table-host", full_page=False)

    # bruno, signed out, opens the link: he signs in and lands seated at the table.
    bruno = person(browser, base, "bruno", signed_in=False)
    bruno.goto(link)
    bruno.wait_for_url("**/accounts/login/**")
    bruno.fill("input[name=login]", "bruno")
    bruno.fill("input[name=password]", "pw-bruno-123")
    bruno.click("main form button[type=submit]")
    bruno.wait_for_url(f"**/games/{private.pk}/")
    assert wait_until(lambda: Seat.objects.filter(game=private, user__username="bruno").exists(), timeout=10)
    alicia.wait_for_function("() => document.querySelector('.seats').textContent.includes('bruno')", timeout=15000)

    # A public table appears in dario's lobby without a reload; the private one never does.
    tables_before = dario.locator(".lobby-open .lobby-table").count()
    public = in_thread(tables.do_create_table, User.objects.get(username="bruno"), "ladrillazo", 4,
                       time_control="live")
    dario.wait_for_selector(f"#open-{public.pk}", timeout=15000)
    assert dario.locator(".lobby-open .lobby-table").count() == tables_before + 1
    assert dario.locator(f"#open-{private.pk}").count() == 0 and private.invite_code not in dario.content()

    # carla's quick play seats her at that table; dario's lobby shows her there, without reloading.
    carla = person(browser, base, "carla")
    carla.goto(f"{base}/play/")
    wait_lobby_live(carla)
    dario.select_option("#filter-game", "ladrillazo")  # dario watches only Ladrillazo tables
    carla.select_option("#qp-game", "ladrillazo")
    carla.select_option("#qp-tc", "live")
    carla.check("input[name=wait][value='60']", force=True)
    carla.click("form.quick-play button[type=submit]")
    carla.wait_for_url(f"**/games/{public.pk}/")
    dario.wait_for_function(f"() => document.querySelector('#open-{public.pk}').textContent.includes('carla')",
                            timeout=15000)
    assert dario.locator(f"#open-{public.pk}").is_visible()
    assert dario.input_value("#filter-game") == "ladrillazo"  # the filter survived the pushes
    assert "filter_game=ladrillazo" in dario.url
    screenshot(dario, "lobby-desktop")

    # dario's own quick play meets nobody: the table waits with its progress, then Celery seats bots and starts.
    dario.select_option("#qp-game", "argentilandia")
    dario.select_option("#qp-tc", "blitz")
    dario.check("input[name=wait][value='15']", force=True)
    dario.click("form.quick-play button[type=submit]")
    dario.wait_for_url("**/games/*/")
    waiting = Game.objects.get(created_by__username="dario")
    dario.wait_for_selector(".quick-wait progress", timeout=10000)
    dario.wait_for_function("() => document.querySelector('.quick-wait progress').value > 0", timeout=10000)
    screenshot(dario, "lobby-quick-play-waiting", full_page=False)
    carla.goto(f"{base}/play/")
    carla.wait_for_selector(f"#open-{waiting.pk} .pill-quick", timeout=15000)
    dario.wait_for_selector("#table .board-area", timeout=40000)
    waiting.refresh_from_db()
    assert waiting.status == Game.Status.ACTIVE
    assert Seat.objects.filter(game=waiting, is_bot=True, bot_level="normal").count() == 3
    # The lobby moves the started game from the open tables to the games in play, live.
    carla.wait_for_selector(f"#playing-{waiting.pk}", timeout=15000)
    assert carla.locator(f"#open-{waiting.pk}").count() == 0

    # "My games": alicia's correspondence game with whose turn it is and its clock, and a table still waiting.
    users = {u.username: u for u in User.objects.all()}
    in_thread(tables.do_start, private.pk, users["alicia"])
    waiting_for_people = in_thread(tables.do_create_table, users["alicia"], "ladrillazo", 3, time_control="relaxed")
    rs = get("estanciero")

    def a_person_on_move():
        game = Game.objects.get(pk=private.pk)
        return any(Seat.objects.get(game=game, index=i).user_id for i in rs.to_move(game.state))

    assert wait_until(a_person_on_move, timeout=60)  # the easy bot may roll first: its turn passes
    alicia.goto(f"{base}/my-games/")
    row = alicia.locator(".game-row", has=alicia.locator(f".gr-title[href='/games/{private.pk}/']"))
    assert row.count() == 1
    assert "Tu turno" in row.inner_text() or "Le toca a" in row.inner_text()
    alicia.wait_for_function("() => /\\d+ h \\d+ min/.test(document.querySelector('.game-row .countdown').textContent)")
    assert alicia.locator(f".game-row .gr-title[href='/games/{waiting_for_people.pk}/']").count() == 1
    screenshot(alicia, "my-games-desktop")
    dario.goto(f"{base}/my-games/")
    assert dario.locator(f".game-row .gr-title[href='/games/{waiting.pk}/']").count() == 1

    # On a phone.
    phone = person(browser, base, "alicia", viewport=PHONE)
    phone.goto(f"{base}/play/")
    wait_lobby_live(phone)
    screenshot(phone, "lobby-phone")
    screenshot(phone, "lobby-phone-top", full_page=False)
    phone.goto(f"{base}/my-games/")
    screenshot(phone, "my-games-phone", full_page=False)
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
