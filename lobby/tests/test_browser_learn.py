"""Learn by playing in Chromium, each game's guided first game followed to its end: from the rules page (Estanciero,
on a phone in Spanish) or the home page (the others, on a desktop in English) to the guided game; the coach's card
names a move and lights it up; the learner follows it, alternately with the coach's own button and the move's own
button; the bots answer; the list of lessons fills; the game ends on its result with every lesson learnt. Real
Daphne, a Celery worker for the bots' clocks, the test's PostgreSQL and Redis.

The bots move after 50 ms here. To time a guided game as a learner meets it, keep a teaching table's own delay and
give the learner time to read each of the coach's lines before following it, and read the printed minutes:

    GUIDED_BOT_DELAY_MS=4000 GUIDED_THINK_MS=8000 pytest -s lobby/tests/test_browser_learn.py
"""

from __future__ import annotations

import os
import time

import pytest

from accounts.models import User
from games.core.lessons import progress
from games.core.rulesets import declaration
from games.models import Game
from games.tests.test_browser_game import login
from games.tests.test_browser_replay import PHONE, watch_errors
from games.tests.test_browser_two_people import shown_version, wait_live
from tests.fixtures.browsers import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"viewport": {"width": 1280, "height": 900}}
WORDS = {"es": ("Entrenador", "aprendidas"), "en": ("Coach", "learnt")}


@pytest.mark.parametrize("ruleset,lang,device", [("estanciero", "es", "phone"), ("argentilandia", "en", "desktop"),
                                                 ("ladrillazo", "en", "desktop")])
def test_a_guided_first_game_to_its_end(daphne_server, celery_worker, browser, ruleset, lang, device):
    name = f"learner-{ruleset[:4]}"
    User.objects.create_user(name, password=f"pw-{name}-1")
    ctx = browser.new_context(locale="es-AR" if lang == "es" else "en-GB", **(PHONE if device == "phone" else DESKTOP))
    page = ctx.new_page()
    errors = watch_errors(page)
    login(page, daphne_server, name, f"pw-{name}-1")
    if ruleset == "estanciero":
        page.goto(f"{daphne_server}/rules/{ruleset}/")
        page.locator("form.learn-rules button").tap()
    else:
        page.goto(f"{daphne_server}/")
        page.locator(f"form[action='/learn/{ruleset}/'] button").click()
    page.wait_for_url("**/games/*/")
    wait_live(page)
    game = Game.objects.get()
    assert game.teaching and game.seed == declaration(ruleset).guided_table["seed"]
    # A teaching table's 4 s are checked in test_learn; here the bots hurry unless the game is being timed.
    Game.objects.filter(pk=game.pk).update(bot_delay_ms=int(os.environ.get("GUIDED_BOT_DELAY_MS", "50")))
    think_ms = int(os.environ.get("GUIDED_THINK_MS", "0"))
    started = time.monotonic()
    lessons = declaration(ruleset).lessons
    coach_word, learnt_word = WORDS[lang]
    followed, counts = 0, []
    deadline = time.monotonic() + 240 + 60 * think_ms / 1000 + 100 * int(os.environ.get("GUIDED_BOT_DELAY_MS", "0")) / 1000
    while not page.locator(".card.outcome").count():
        assert time.monotonic() < deadline, f"the guided game did not end; the coach was followed {followed} times"
        go = page.locator("[data-coach-go]")
        if not go.count():
            page.wait_for_timeout(200)  # the bots' turn
            continue
        # The card, its move and the list of lessons read at once (a push may come between two reads).
        card = page.evaluate("""() => { const c = document.getElementById('coach');
            if (!c) return null;  // a push took it away (the bots' turn) since it was counted
            const own = c.querySelector('form[data-coach]'), marked = document.querySelector('form[data-coach] button.act');
            return {text: c.innerText, named: c.querySelector('[data-coach-go]').textContent.trim(),
                    marked: marked ? marked.textContent.trim() : null, own: !!own,
                    lessons: [...c.querySelectorAll('.coach-lessons li')].map(li => li.classList.contains('done')),
                    rules: c.querySelectorAll('.coach-lessons a[href*="/rules/"]').length}; }""")
        if card is None:
            continue
        assert coach_word in card["text"] and learnt_word in card["text"]
        assert len(card["lessons"]) == len(lessons) and card["rules"] == len(lessons)
        assert card["own"] or card["named"] == card["marked"]
        counts.append(sum(card["lessons"]))
        if followed == 0:
            screenshot(page, f"learn-{ruleset}-{device}-start", full_page=False)
        if think_ms:
            page.wait_for_timeout(think_ms)  # the learner reads the coach's line
            if not page.locator("[data-coach-go]").count():
                continue
        before = shown_version(page)
        button = page.locator("form[data-coach]:not([hidden]) button.act")
        use_own_button = followed % 2 and button.count() == 1 and button.is_visible()
        target = button if use_own_button else go
        target.tap() if device == "phone" else target.click()
        page.wait_for_function("v => Number(document.querySelector('#table [data-version]').textContent) > v",
                               arg=before, timeout=20000)
        followed += 1
    # The game-over card tells the learner what they met and sends them on to a live table of the game.
    graduation = page.locator(".graduation")
    assert f"{len(lessons)}" in graduation.inner_text()
    assert graduation.locator("a.btn-play-live").get_attribute("href").endswith(f"?game={ruleset}")
    screenshot(page, f"learn-{ruleset}-{device}-end", full_page=False)
    game = Game.objects.get(pk=game.pk)
    print(f"\nguided {ruleset}: {followed} learner moves, {game.version - followed} bot moves, "
          f"{(time.monotonic() - started) / 60:.1f} minutes (bots {game.bot_delay_ms} ms, reading {think_ms} ms)")
    assert game.status == Game.Status.FINISHED and 5 < followed < 40
    assert counts == sorted(counts) and counts[-1] >= len(lessons) - 1  # the list fills; the last lesson is the end
    history = [(m.seat, m.action, m.events) for m in game.moves.order_by("seq")]
    assert progress(lessons, 0, history).complete
    if ruleset == "ladrillazo":  # the live table it sends them to: the New table form, this game chosen
        graduation.locator("a.btn-play-live").click()
        page.wait_for_url("**/play/?game=ladrillazo")
        assert page.eval_on_selector("#nt-ruleset", "e => e.value") == "ladrillazo"
        # ... and the learner sits at an ordinary table against a bot: no coach now, "What can I do now?" at hand.
        page.fill("input[name=seats]", "2")
        page.fill("input[name=bots]", "1")
        page.click("form.new-table button[type=submit]")
        page.wait_for_url("**/games/*/")
        wait_live(page)
        live = Game.objects.exclude(pk=game.pk).get()
        assert not live.teaching and live.status == Game.Status.ACTIVE
        page.wait_for_selector("details.what-now")
        assert not page.locator("#coach").count()
    assert errors == []
