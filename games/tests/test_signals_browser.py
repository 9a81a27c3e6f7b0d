"""The "your turn" signals in Chromium (static/js/signals.js): when the turn becomes the player's, the title
says so (and blinks while the tab is hidden), a chime plays unless muted, and a notification shows while the
tab is hidden, once per turn, not on every push. Permission is asked only from the player's click.

The browser's sound output, notification centre and tab visibility are replaced by recorders (an init script),
so the test sees what the page asked the browser to do; the sound file itself is decoded by Chromium."""

import pytest
from django.db.models import F

from accounts.models import User
from games.models import Game, Seat
from games.play.broadcast import publish
from games.tables import lifecycle as tables
from games.tests.test_browser_game import login
from games.tests.turn_helpers import in_thread, play_until_not_on_move, play_until_on_move, wait_live
from tests.fixtures.browsers import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RECORDERS = """
window.__sig = {played: 0, notes: [], asked: 0};
window.__hidden = false;
window.__perm = "default";
HTMLMediaElement.prototype.play = function () { window.__sig.played += 1; window.__sig.src = this.src; return Promise.resolve(); };
Object.defineProperty(Document.prototype, "hidden", {configurable: true, get: function () { return window.__hidden; }});
Object.defineProperty(Document.prototype, "visibilityState", {configurable: true,
  get: function () { return window.__hidden ? "hidden" : "visible"; }});
Document.prototype.hasFocus = function () { return !window.__hidden; };
function RecordedNotification(title, options) { window.__sig.notes.push({title: title, body: options.body, tag: options.tag}); }
Object.defineProperty(RecordedNotification, "permission", {get: function () { return window.__perm; }});
RecordedNotification.requestPermission = function () { window.__sig.asked += 1; window.__perm = "granted"; return Promise.resolve("granted"); };
RecordedNotification.prototype.close = function () {};
window.Notification = RecordedNotification;
"""


def set_hidden(page, hidden: bool) -> None:
    page.evaluate(f"() => {{ window.__hidden = {'true' if hidden else 'false'}; "
                  "document.dispatchEvent(new Event('visibilitychange')); }")


def signals(page) -> dict:
    return page.evaluate("() => window.__sig")



def wait_your_turn(page, yours: bool) -> None:
    page.wait_for_function(f"() => !!document.querySelector('#table [data-your-turn]') === {'true' if yours else 'false'}",
                           timeout=20000)


def bump_rev(game_id: int) -> int:
    """A push that changes nothing about whose turn it is (as a join, a chat line or a seat change would)."""
    Game.objects.filter(pk=game_id).update(rev=F("rev") + 1)
    game = Game.objects.get(pk=game_id)
    in_thread(publish, game.pk, game.version, game.rev, game.seed_commitment)
    return game.rev


def test_the_turn_is_signalled_once_when_it_becomes_yours(daphne_server, browser):
    ana = User.objects.create_user("ana", "ana@example.com", "pw-ana-1234", language="es")
    beto = User.objects.create_user("beto", "beto@example.com", "pw-beto-1234", language="es")
    game = in_thread(tables.do_create_table, ana, "estanciero", 2, time_control="correspondence")
    in_thread(tables.do_join, game.pk, beto)
    game = in_thread(tables.do_start, game.pk, ana)
    mine = Seat.objects.get(game=game, user=ana).index
    play_until_not_on_move(game.pk, mine)  # ana waits for beto when she opens the table

    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, locale="es-AR")
    ctx.add_init_script(RECORDERS)
    page = ctx.new_page()
    login(page, daphne_server, "ana", "pw-ana-1234")
    page.goto(f"{daphne_server}/games/{game.pk}/")
    wait_live(page)
    base_title = f"Estanciero #{game.pk} · Tablero"
    assert page.title() == base_title
    sound = page.locator("#turn-signals [data-sound-toggle]")
    notify = page.locator("#turn-signals [data-notify-toggle]")
    assert sound.inner_text().strip().endswith("Sonido activado") and sound.get_attribute("aria-pressed") == "true"
    assert notify.is_visible() and notify.inner_text().strip().endswith("Avisarme")
    assert signals(page)["asked"] == 0  # never asked on load

    # The chime is a real sound file the browser can decode.
    duration = page.evaluate("""async () => {
        const src = document.getElementById('turn-signals').dataset.sound;
        const data = await (await fetch(src)).arrayBuffer();
        const audio = await new OfflineAudioContext(1, 22050, 22050).decodeAudioData(data);
        return audio.duration; }""")
    assert 0.2 < duration < 1.0

    notify.click()  # the player's click asks for permission
    page.wait_for_function("() => window.__sig.asked === 1")
    assert notify.inner_text().strip().endswith("Avisos activados") and notify.get_attribute("aria-pressed") == "true"
    screenshot(page, "signals-controls-desktop", full_page=False)

    # Ana switches to another tab; beto plays until it is her turn.
    set_hidden(page, True)
    play_until_on_move(game.pk, mine)
    wait_your_turn(page, True)
    page.wait_for_function("() => window.__sig.played === 1 && window.__sig.notes.length === 1")
    note = signals(page)["notes"][0]
    assert note["title"] == f"Te toca en Estanciero #{game.pk}"
    assert note["body"] == "Abrí la mesa para hacer tu jugada." and note["tag"] == f"tablero-turn-{game.pk}"
    assert signals(page)["src"].endswith("/static/sounds/turn.wav")
    # The title blinks between the call and the table's name while she is away.
    page.wait_for_function(f"() => document.title === '¡Te toca! · {base_title}'")
    page.wait_for_function(f"() => document.title === '● {base_title}'")
    page.wait_for_function(f"() => document.title === '¡Te toca! · {base_title}'")

    # More pushes while it stays her turn: no second chime, no second notification.
    rev = bump_rev(game.pk)
    page.wait_for_function(f"() => Number(document.querySelector('#table [data-rev]').dataset.rev) === {rev}")
    rev = bump_rev(game.pk)
    page.wait_for_function(f"() => Number(document.querySelector('#table [data-rev]').dataset.rev) === {rev}")
    assert signals(page)["played"] == 1 and len(signals(page)["notes"]) == 1

    # She looks at the page again: the title stops blinking and keeps the mark.
    set_hidden(page, False)
    assert page.title() == f"● {base_title}"
    # Over two blink periods the title does not change again.
    changes = page.evaluate("""() => new Promise(done => {
        const seen = [], watch = new MutationObserver(() => seen.push(document.title));
        watch.observe(document.querySelector('title'), {childList: true, characterData: true, subtree: true});
        setTimeout(() => { watch.disconnect(); done(seen); }, 2500); })""")
    assert changes == [] or set(changes) == {f"● {base_title}"}
    screenshot(page, "signals-your-turn-desktop", full_page=False)

    # She mutes the sound; the choice survives a reload.
    sound.click()
    assert sound.inner_text().strip().endswith("Sonido desactivado") and sound.get_attribute("aria-pressed") == "false"
    assert page.evaluate("() => localStorage.getItem('tablero.turnSound')") == "off"
    page.reload()
    wait_live(page)
    assert sound.inner_text().strip().endswith("Sonido desactivado")
    assert notify.inner_text().strip().endswith("Avisarme")  # this browser (the recorder) forgot the permission
    page.evaluate("() => { window.__perm = 'granted'; }")

    # Her turn ends and comes back, with the page in view: the title says it, no sound (muted), no
    # notification (she is looking).
    play_until_not_on_move(game.pk, mine)
    wait_your_turn(page, False)
    assert page.title() == base_title
    play_until_on_move(game.pk, mine)
    wait_your_turn(page, True)
    page.wait_for_function(f"() => document.title === '● {base_title}'")
    assert signals(page)["played"] == 0 and signals(page)["notes"] == []

    # On a phone.
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate("() => window.scrollTo(0, 0)")
    screenshot(page, "signals-controls-phone", full_page=False)
    box = page.locator("#turn-signals").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    ctx.close()


def test_spectators_get_no_signal_controls(daphne_server, browser):
    ana = User.objects.create_user("ana", password="pw-ana-1234")
    beto = User.objects.create_user("beto", password="pw-beto-1234")
    User.objects.create_user("mira", password="pw-mira-1234")
    game = in_thread(tables.do_create_table, ana, "estanciero", 2, time_control="correspondence")
    in_thread(tables.do_join, game.pk, beto)
    in_thread(tables.do_start, game.pk, ana)
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, locale="es-AR")
    page = ctx.new_page()
    login(page, daphne_server, "mira", "pw-mira-1234")
    page.goto(f"{daphne_server}/games/{game.pk}/")
    wait_live(page)
    assert page.locator("#turn-signals").count() == 0
    ctx.close()


def test_notifications_refused_by_the_browser_are_shown_as_blocked(daphne_server, browser):
    ana = User.objects.create_user("ana", password="pw-ana-1234")
    beto = User.objects.create_user("beto", password="pw-beto-1234")
    game = in_thread(tables.do_create_table, ana, "estanciero", 2, time_control="correspondence")
    in_thread(tables.do_join, game.pk, beto)
    in_thread(tables.do_start, game.pk, ana)
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, locale="en-US")
    ctx.add_init_script(RECORDERS + "window.Notification.requestPermission = function () {"
                        " window.__sig.asked += 1; window.__perm = 'denied'; return Promise.resolve('denied'); };")
    page = ctx.new_page()
    login(page, daphne_server, "ana", "pw-ana-1234")
    page.goto(f"{daphne_server}/games/{game.pk}/")
    wait_live(page)
    notify = page.locator("#turn-signals [data-notify-toggle]")
    assert notify.inner_text().strip().endswith("Notify me")
    notify.click()
    page.wait_for_function("() => window.__sig.asked === 1")
    page.wait_for_function("() => document.querySelector('#turn-signals [data-notify-toggle]').disabled")
    assert notify.inner_text().strip().endswith("Notifications blocked")
    assert "site settings" in notify.get_attribute("title")
    ctx.close()
