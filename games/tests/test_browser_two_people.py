"""Two people at one table, each in their own browser, JavaScript on and sockets connected: they sit down,
start, see each other's moves without reloading, keep what they were typing while the other moves, and a
player who walks away sees the bot take over and takes the seat back."""


import pytest

from accounts.models import User
from games.core.rulesets import get
from games.models import Game, Seat
from games.play.actions import do_move
from games.tests.test_browser_game import login
from games.tests.turn_helpers import in_thread
from tests.fixtures.browsers import screenshot
from tests.support import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORDS = {"alicia": "pw-alicia-1", "bruno": "pw-bruno-1"}


def shown_version(page) -> int:
    return int(page.locator("#table [data-version]").inner_text())


def people(browser, base):
    pages = {}
    for name, password in PASSWORDS.items():
        User.objects.create_user(name, password=password)
        ctx = browser.new_context(viewport={"width": 1280, "height": 860}, locale="es-AR")
        page = ctx.new_page()
        login(page, base, name, password)
        pages[name] = page
    return pages


def wait_live(page):
    """The socket is connected (the reconnecting banner is hidden and the first push has arrived)."""
    page.wait_for_function("() => document.getElementById('conn-status').hidden")


def test_two_people_sit_down_start_and_see_each_other(daphne_server, browser):
    pages = people(browser, daphne_server)
    alicia, bruno = pages["alicia"], pages["bruno"]

    alicia.goto(f"{daphne_server}/play/?game=estanciero")
    alicia.select_option("select[name=ruleset]", "estanciero")
    alicia.fill("input[name=seats]", "2")
    alicia.fill("input[name=bots]", "0")
    alicia.select_option("select[name=time_control]", "correspondence")
    alicia.click("form.new-table button[type=submit]")
    alicia.wait_for_url("**/games/*/")
    game = Game.objects.get()
    wait_live(alicia)

    bruno.goto(f"{daphne_server}/play/")
    bruno.click(f".table-list a[href='/games/{game.pk}/']")
    wait_live(bruno)
    # The socket's first push has been morphed into the page (table.js counts each in ``tableStats``): the
    # buttons must still be there after it.
    bruno.wait_for_function("() => (window.tableStats || []).length >= 1")
    assert bruno.locator("button.btn-join").is_visible()
    assert alicia.locator("button.btn-start").is_visible()
    screenshot(bruno, "two-people-lobby-bruno", full_page=False)
    bruno.click("button.btn-join")
    bruno.wait_for_url(f"**/games/{game.pk}/")

    # alicia sees bruno sit down without reloading, and starts.
    alicia.wait_for_function("() => document.querySelector('.seats').textContent.includes('bruno')")
    alicia.click("button.btn-start")
    for page in (alicia, bruno):
        page.wait_for_selector("#table .board-area", timeout=15000)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE

    # Each move shows on both screens, without reloading.
    rs = get("estanciero")
    for _ in range(6):
        game.refresh_from_db()
        mover = pages[("alicia", "bruno")[rs.to_move(game.state)[0]]]
        version = game.version
        mover.locator(".actions-card button.act").first.click()
        for page in (alicia, bruno):
            page.wait_for_function(f"() => Number(document.querySelector('#table [data-version]').textContent) > {version}",
                                   timeout=15000)
    assert shown_version(alicia) == shown_version(bruno) == Game.objects.get(pk=game.pk).version
    screenshot(alicia, "two-people-table-alicia")


def test_a_deal_being_typed_survives_the_other_players_moves(daphne_server, browser):
    from games.tables import lifecycle as tables

    pages = people(browser, daphne_server)
    alicia, bruno = pages["alicia"], pages["bruno"]
    users = {u.username: u for u in User.objects.all()}
    game = tables.do_create_table(users["alicia"], "estanciero", 2, time_control="correspondence")
    tables.do_join(game.pk, users["bruno"])
    tables.do_start(game.pk, users["alicia"])
    for page in (alicia, bruno):
        page.goto(f"{daphne_server}/games/{game.pk}/")
        wait_live(page)

    bruno.click("#es-propose-box summary")
    bruno.fill("input[data-ask-cash]", "1234")
    bruno.locator("input[data-ask-cash]").blur()  # typing done, focus elsewhere: only the dirty mark protects it
    rs = get("estanciero")
    for _ in range(4):
        game.refresh_from_db()
        seat = rs.to_move(game.state)[0]
        version = game.version
        if seat == 0:
            alicia.locator(".actions-card button.act").first.click()
        else:  # bruno's own move comes from elsewhere (another device): his page still gets the push
            action = next(a for a in rs.legal_actions(game.state, 1) if a["type"] in ("roll", "end_turn", "decline",
                                                                                       "buy", "pay_fine"))
            in_thread(do_move, game.pk, seat=1, action=action, expected_version=version, actor=users["bruno"],
                      source="api")
        bruno.wait_for_function(f"() => Number(document.querySelector('#table [data-version]').textContent) > {version}",
                                timeout=15000)
    assert shown_version(bruno) > 0
    assert bruno.locator("#es-propose-box").evaluate("el => el.open")
    assert bruno.input_value("input[data-ask-cash]") == "1234"
    screenshot(bruno, "two-people-deal-survives", full_page=False)


def test_a_player_who_walks_away_sees_the_bot_and_takes_the_seat_back(daphne_server, celery_worker, browser):
    from games.tables import lifecycle as tables

    pages = people(browser, daphne_server)
    users = {u.username: u for u in User.objects.all()}
    game = in_thread(tables.do_create_table, users["alicia"], "estanciero", 2, time_control="blitz", max_timeouts=1)
    in_thread(tables.do_join, game.pk, users["bruno"])
    Game.objects.filter(pk=game.pk).update(move_seconds=2, reserve_seconds=0, bot_delay_ms=300)
    Seat.objects.filter(game=game).update(reserve_left=0)
    game = in_thread(tables.do_start, game.pk, users["alicia"])
    # Whoever is on move walks away; the other one watches.
    away_seat = get("estanciero").to_move(game.state)[0]
    away = Seat.objects.select_related("user").get(game=game, index=away_seat).user.username
    watcher = pages["bruno" if away == "alicia" else "alicia"]
    # The watcher keeps a long reserve: on a slow machine their own 2-second turn must not time out too.
    Seat.objects.filter(game=game).exclude(index=away_seat).update(reserve_left=600)
    watcher.goto(f"{daphne_server}/games/{game.pk}/")
    wait_live(watcher)

    # The clock runs out: the server moves for them, a bot takes the seat, and the watcher's screen says so.
    watcher.wait_for_function("() => document.querySelector('.seat.taken-over') !== null", timeout=30000)
    assert watcher.locator(".seat.taken-over").count() == 1
    assert away in watcher.locator(".seat.taken-over").inner_text()
    log = watcher.locator(".log").inner_text()
    assert away in log and "bot" in log.lower()

    # Back at the table the person has time again (a 2-second clock would time them straight out).
    Game.objects.filter(pk=game.pk).update(move_seconds=600)
    page = pages[away]
    page.goto(f"{daphne_server}/games/{game.pk}/")
    wait_live(page)
    assert page.locator(".takeover button").is_visible()
    screenshot(page, "walked-away-takeover", full_page=False)
    page.click(".takeover button")
    page.wait_for_selector(".takeover", state="detached", timeout=15000)
    assert wait_until(lambda: not Seat.objects.get(game=game, index=away_seat).is_bot, timeout=10)
    watcher.wait_for_function("() => document.querySelector('.seat.taken-over') === null", timeout=15000)
