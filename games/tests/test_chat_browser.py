"""Table chat and spectators in Chromium, three people in three browsers over real Daphne and Redis: two players
chat; a spectator watches, is counted and listed, reads the players and talks in the spectators' channel, which the
players never see while the game runs; markup typed into the chat stays text; a mute hides a person's lines; a
line whose push was lost is fetched when the page checks in; the share link copies; once the game ends the players
read the spectators too. Screenshots on desktop and phone."""

import pytest
from django.db.models import F
from django.utils import timezone

from accounts.models import User
from games.chat import lines as chat_module
from games.models import ChatMessage, Game
from games.play.broadcast import publish
from games.tables import lifecycle as tables
from games.tests.test_browser_game import login
from games.tests.test_browser_two_people import in_thread, wait_live
from tests.fixtures.browsers import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORDS = {"ana": "pw-ana-12345", "beto": "pw-beto-12345", "sofi": "pw-sofi-12345"}
SECRET = "Beto está por perder todo, miren"
XSS = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>'
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


def person(browser, base, name, **options):
    options.setdefault("viewport", DESKTOP)
    context = browser.new_context(locale="es-AR", **options)
    page = context.new_page()
    login(page, base, name, PASSWORDS[name])
    return page


def at_table(page, base, game):
    page.goto(f"{base}/games/{game.pk}/")
    wait_live(page)


def open_chat(page):
    if not page.locator("#chat").evaluate("el => el.open"):
        page.click("#chat > summary")
    page.wait_for_selector("#chat .chat-panel", state="visible")


def say(page, text):
    box = page.locator("#chat .chat-form input[name=text]")
    box.fill(text)
    box.press("Enter")
    page.wait_for_function("() => document.querySelector('#chat .chat-form input[name=text]').value === ''")


def wait_line(page, channel, text):
    page.wait_for_function(
        "([ch, text]) => Array.from(document.querySelectorAll(`#chat .chat-lines[data-channel=\"${ch}\"] .chat-text`))"
        ".some(el => el.textContent === text)", arg=[channel, text], timeout=15000)


def texts(page, channel):
    return page.locator(f'#chat .chat-lines[data-channel="{channel}"] .chat-text').all_text_contents()


def test_players_chat_and_a_spectator_talks_among_spectators(daphne_server, browser):
    for name, password in PASSWORDS.items():
        User.objects.create_user(name, password=password)
    users = {u.username: u for u in User.objects.all()}
    game = in_thread(tables.do_create_table, users["ana"], "estanciero", 2, time_control="correspondence")
    in_thread(tables.do_join, game.pk, users["beto"])
    game = in_thread(tables.do_start, game.pk, users["ana"])

    ana, beto = person(browser, daphne_server, "ana"), person(browser, daphne_server, "beto")
    sofi = person(browser, daphne_server, "sofi")
    sofi.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=daphne_server)
    for page in (ana, beto, sofi):
        at_table(page, daphne_server, game)

    # The players see one spectator, by name.
    ana.wait_for_function("() => document.querySelector('[data-watch-count]').textContent === '1'")
    assert ana.locator("[data-watch-names] li").all_text_contents() == ["sofi"]

    # Two players chat; a line that arrives with the chat closed shows as unread.
    open_chat(ana)
    assert ana.locator("#chat .chat-tab").count() == 0  # players have one channel while the game runs
    say(ana, "¡Suerte, beto!")
    beto.wait_for_selector("#chat [data-unread-total]:not([hidden])")
    assert beto.locator("#chat [data-unread-total]").inner_text() == "1"
    open_chat(beto)
    wait_line(beto, "players", "¡Suerte, beto!")
    # Read once the panel shows it (the badge hides when the page marks the channel read, after the line).
    beto.wait_for_selector("#chat [data-unread-total]", state="hidden")
    say(beto, "Gracias, ana")
    wait_line(ana, "players", "Gracias, ana")

    # The spectator reads the players and writes among spectators.
    open_chat(sofi)
    assert sofi.locator("#chat .chat-tab").count() == 2
    assert sofi.locator('#chat .chat-tab[data-tab="players"] [data-unread]').inner_text() == "2"
    screenshot(sofi, "chat-spectator-unread-desktop", full_page=False)
    sofi.click('#chat .chat-tab[data-tab="players"]')
    wait_line(sofi, "players", "Gracias, ana")
    assert sofi.locator("#chat .chat-form").is_hidden()  # spectators do not write to the players
    sofi.click('#chat .chat-tab[data-tab="spectators"]')
    say(sofi, SECRET)
    say(sofi, XSS)
    wait_line(sofi, "spectators", XSS)  # shown as the text that was typed
    assert sofi.locator("#chat img, #chat script:not([src])").count() == 0

    # A later line of the players reaches everyone; the spectators' lines never reached the players.
    say(ana, "Tiro los dados")
    wait_line(beto, "players", "Tiro los dados")
    wait_line(sofi, "players", "Tiro los dados")
    for page in (ana, beto):
        assert SECRET not in page.content() and "__pwned" not in page.content()
        assert page.locator('#chat .chat-lines[data-channel="spectators"]').count() == 0
    for page in (ana, beto, sofi):
        assert page.evaluate("() => window.__pwned") is None
    screenshot(ana, "chat-players-desktop", full_page=False)
    screenshot(sofi, "chat-spectators-desktop", full_page=False)

    # The spectator mutes beto: his lines go, from the page and from what comes next.
    sofi.click('#chat .chat-tab[data-tab="players"]')
    line = sofi.locator('#chat .chat-line[data-author="beto"]').first
    line.hover()
    line.locator(".chat-mute").click()
    sofi.wait_for_function("() => !document.querySelector('#chat .chat-line[data-author=\"beto\"]')")
    assert sofi.locator("#chat [data-muted-list] li").all_text_contents()[0].startswith("beto")
    say(beto, "¿Me escuchan?")
    say(ana, "Sí, te escucho")
    wait_line(sofi, "players", "Sí, te escucho")
    assert "¿Me escuchan?" not in texts(sofi, "players")
    wait_line(ana, "players", "¿Me escuchan?")

    # A push the layer dropped: the page's check-in finds the line and fetches it.
    dropped = {}
    real_send = chat_module._send
    chat_module._send = lambda group, event: dropped.setdefault("event", event)
    try:
        in_thread(chat_module.do_chat, game.pk, users["beto"], "players", "Este se perdió en el camino")
    finally:
        chat_module._send = real_send
    assert dropped["event"]["line"]["text"] == "Este se perdió en el camino"
    ana.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    wait_line(ana, "players", "Este se perdió en el camino")

    # The link to share.
    sofi.click(".table-social [data-copy]")
    sofi.wait_for_function("() => document.querySelector('.table-social [data-copy]').classList.contains('is-copied')")
    assert sofi.evaluate("() => navigator.clipboard.readText()") == f"{daphne_server}/games/{game.pk}/"
    sofi.click(".watchers > summary")
    screenshot(sofi, "spectators-list-desktop", full_page=False)

    # On a phone.
    for name in ("sofi", "beto"):
        phone = person(browser, daphne_server, name, **PHONE)
        at_table(phone, daphne_server, game)
        screenshot(phone, f"chat-{name}-phone-closed", full_page=False)
        open_chat(phone)
        screenshot(phone, f"chat-{name}-phone", full_page=False)
        phone.context.close()

    # The game ends: the players' chat panel opens the spectators' channel, without a reload.
    typed = "gg, ¿revancha?"
    ana.fill("#chat .chat-form input[name=text]", typed)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, finished_at=timezone.now(), rev=F("rev") + 1)
    game.refresh_from_db()
    in_thread(publish, game.pk, game.version, game.rev, game.seed_commitment)
    ana.wait_for_selector('#chat .chat-tab[data-tab="spectators"]', timeout=15000)
    assert ana.input_value("#chat .chat-form input[name=text]") == typed  # what she was typing survived
    ana.click('#chat .chat-tab[data-tab="spectators"]')
    wait_line(ana, "spectators", SECRET)
    screenshot(ana, "chat-after-the-game-desktop", full_page=False)
    assert ChatMessage.objects.filter(channel="spectators").count() == 2
    for page in (ana, beto, sofi):
        page.context.close()
