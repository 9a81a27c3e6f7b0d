"""Issue 9's whole story in one run, as people would live it, in Chromium over real Daphne, Celery and Redis:
alicia opens a table from the lobby and bruno sits down through her invite link; carla's quick play seats her at
the same table; alicia starts; they chat while sofi watches and talks in the spectators' channel, which the
players never see; bruno loses his network mid-game, comes back and makes his move, applied once; the game ends;
a rematch opens a new table for the same three; the replay viewer steps through the finished game. Screenshots
of the lobby, the chat, the replay and "My games", on desktop and phone.

(The restart of Daphne and the worker under a correspondence game, with its daily e-mail, is
``games/tests/test_notify_restart.py``.)"""

import random

import pytest

from accounts.models import User
from games.core.rulesets import get
from games.models import Game, Move, Seat
from games.play.actions import do_move
from games.tests.test_browser_game import login
from games.tests.test_browser_two_people import in_thread
from games.tests.test_chat_browser import open_chat, say, wait_line
from tests.fixtures.browsers import screenshot
from tests.support import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 860}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
NAMES = ("alicia", "bruno", "carla", "sofi")


def person(browser, base, name, **options):
    options.setdefault("viewport", DESKTOP)
    context = browser.new_context(locale="es-AR", **options)
    page = context.new_page()
    login(page, base, name, f"pw-{name}-123")
    return page


def wait_live(page, timeout=20000):
    page.wait_for_selector("#conn-status[data-state=live]", state="attached", timeout=timeout)


def shown_version(page) -> int:
    return int(page.locator("#table [data-version]").first.text_content())


def play_for(game_id: int, users: dict, until, rng) -> None:
    """Moves made elsewhere (the other players' own devices), with the engine's bot policy, until ``until``."""
    rs = get("estanciero")
    for _ in range(3000):
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.ACTIVE or until(game):
            return
        seat = rs.to_move(game.state)[0]
        owner = Seat.objects.get(game=game, index=seat).user
        do_move(game.pk, seat=seat, action=rs.bot_action(game.state, seat, rng), expected_version=game.version,
                actor=owner, source="api")
    raise AssertionError("the game did not get there")


def test_invite_quick_play_chat_spectator_reconnect_rematch_and_replay(daphne_server, celery_worker, browser):
    base = daphne_server
    users = {n: User.objects.create_user(n, password=f"pw-{n}-123") for n in NAMES}
    alicia, bruno, carla, sofi = (person(browser, base, n) for n in NAMES)

    # alicia opens a public Estanciero table for three from the lobby, two turns each.
    alicia.goto(f"{base}/play/?game=estanciero")
    alicia.select_option("select[name=ruleset]", "estanciero")
    alicia.fill("input[name=seats]", "3")
    alicia.fill("input[name=bots]", "0")
    alicia.select_option("select[name=time_control]", "relaxed")
    alicia.fill("input[name=max_turns]", "2")
    alicia.click("form.new-table button[type=submit]")
    alicia.wait_for_url("**/games/*/")
    game = Game.objects.get(created_by=users["alicia"])
    alicia.wait_for_function("() => document.querySelector('input.invite-link').value.startsWith('http')")
    link = alicia.locator("input.invite-link").input_value()

    # bruno follows her invite link and is seated.
    bruno.goto(link)
    bruno.wait_for_url(f"**/games/{game.pk}/")
    assert wait_until(lambda: Seat.objects.filter(game=game, user=users["bruno"]).exists(), timeout=10)

    # carla's quick play finds that table (the only one of its kind) and seats her.
    carla.goto(f"{base}/play/")
    carla.wait_for_selector("#lobby-status[data-state=live]", timeout=15000)
    screenshot(carla, "journey-lobby-desktop", full_page=False)
    carla.select_option("#qp-game", "estanciero")
    carla.select_option("#qp-tc", "relaxed")
    carla.click("form.quick-play button[type=submit]")
    carla.wait_for_url(f"**/games/{game.pk}/")
    assert Seat.objects.filter(game=game, user__isnull=False).count() == 3

    alicia.wait_for_function("() => document.querySelector('.seats').textContent.includes('carla')", timeout=15000)
    alicia.click("button.btn-start")
    for page in (alicia, bruno, carla):
        page.wait_for_selector("#table .board-area", timeout=15000)
        wait_live(page)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE

    # sofi watches and is counted; the players chat; sofi talks in the spectators' channel, unseen by them.
    sofi.goto(f"{base}/games/{game.pk}/")
    wait_live(sofi)
    alicia.wait_for_function("() => Array.from(document.querySelectorAll('[data-watch-names] li'))"
                             ".some(li => li.textContent.includes('sofi'))", timeout=15000)
    for page in (alicia, bruno, sofi):
        open_chat(page)
    say(alicia, "¡Suerte a todos!")
    wait_line(bruno, "players", "¡Suerte a todos!")
    sofi.click('#chat .chat-tab[data-tab="spectators"]')
    say(sofi, "Apuesto por carla")
    sofi.click('#chat .chat-tab[data-tab="players"]')
    wait_line(sofi, "players", "¡Suerte a todos!")
    say(bruno, "Gracias")
    wait_line(alicia, "players", "Gracias")
    for page in (alicia, bruno):
        assert "Apuesto por carla" not in page.content()
        assert page.locator('#chat .chat-lines[data-channel="spectators"]').count() == 0
    screenshot(bruno, "journey-chat-desktop", full_page=False)
    screenshot(sofi, "journey-chat-spectator-desktop", full_page=False)

    # bruno's network drops; the others play on until it is his turn; he comes back and rolls, once.
    bruno.context.set_offline(True)
    bruno.wait_for_selector("#conn-status[data-state=reconnecting]", state="attached", timeout=15000)
    rng = random.Random(9)
    rs = get("estanciero")
    bruno_seat = Seat.objects.get(game=game, user=users["bruno"]).index
    in_thread(play_for, game.pk, users, lambda g: rs.to_move(g.state) == [bruno_seat]
              and any(a["type"] == "roll" for a in rs.legal_actions(g.state, bruno_seat)), rng)
    bruno.context.set_offline(False)
    wait_live(bruno)
    game.refresh_from_db()
    bruno.wait_for_function(f"() => Number(document.querySelector('#table [data-version]').textContent) === "
                            f"{game.version}", timeout=15000)
    moves_before = Move.objects.filter(game=game).count()
    bruno.locator(".actions-card button.act-roll").first.click()
    bruno.wait_for_function(f"() => Number(document.querySelector('#table [data-version]').textContent) > "
                            f"{game.version}", timeout=15000)
    assert Move.objects.filter(game=game).count() == moves_before + 1
    assert Move.objects.filter(game=game).order_by("-seq").first().actor == users["bruno"]

    # The game plays out to its turn limit; every page shows the game-over card.
    in_thread(play_for, game.pk, users, lambda g: False, rng)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    for page in (alicia, bruno, carla):
        page.wait_for_selector(".btn-rematch", timeout=15000)

    # A rematch: a new table for the same three, with the same options.
    alicia.click(".btn-rematch")
    rematch = wait_until(lambda: Game.objects.filter(rematch_of=game).first(), timeout=10)
    assert rematch is not None and rematch.options == game.options
    for page in (bruno, carla):
        page.wait_for_selector(".btn-rematch", timeout=15000)
        page.click(".btn-rematch")
    assert wait_until(lambda: set(Seat.objects.filter(game=rematch).values_list("user__username", flat=True))
                      == {"alicia", "bruno", "carla"}, timeout=15)

    # The replay viewer, from the finished game's card: forward, back, jump to the end.
    carla.goto(f"{base}/games/{game.pk}/")
    carla.click("a.btn-replay")
    carla.wait_for_url(f"**/games/{game.pk}/replay/**")
    last = Move.objects.filter(game=game).count()
    for _ in range(3):
        carla.keyboard.press("ArrowRight")
    carla.wait_for_url("**at=3**")
    carla.keyboard.press("ArrowLeft")
    carla.wait_for_url("**at=2**")
    carla.keyboard.press("End")
    carla.wait_for_url(f"**at={last}**")
    screenshot(carla, "journey-replay-desktop", full_page=False)

    # "My games" and the replay on a phone.
    phone = person(browser, base, "bruno", **PHONE)
    phone.goto(f"{base}/my-games/")
    assert phone.locator(f".gr-title[href='/games/{rematch.pk}/']").count() == 1
    screenshot(phone, "journey-my-games-phone", full_page=False)
    phone.goto(f"{base}/games/{game.pk}/replay/?at=5")
    screenshot(phone, "journey-replay-phone", full_page=False)
    phone.goto(f"{base}/play/")
    screenshot(phone, "journey-lobby-phone", full_page=False)
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
