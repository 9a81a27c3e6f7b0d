"""The Report control in Chromium, two players in two browsers over real Daphne and Redis (ana on a desktop in
Spanish, beto on a 390 px phone in English): ana reports beto from his chat line, beto reports ana from her seat at
the table (a first try refused beside what he typed), each form opened and sent without a page load, each with its
confirmation; a moderator then finds both reports, with their reasons and notes, in the moderation queue; the
profile's Report opens the same form. Screenshots on desktop and phone."""

import pytest

from accounts.models import User
from games.tables import lifecycle as tables
from games.tests.test_browser_game import login
from games.tests.test_browser_two_people import wait_live
from games.tests.turn_helpers import in_thread
from moderation.models import Report
from tests.fixtures.browsers import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORDS = {"ana": "pw-ana-12345", "beto": "pw-beto-12345", "moderadora": "pw-mod-12345"}
RUDE = "sos un desastre, ana"
DESKTOP = {"viewport": {"width": 1280, "height": 860}, "locale": "es-AR"}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2,
         "locale": "en-US"}


def person(browser, base, name, options):
    page = browser.new_context(**options).new_page()
    login(page, base, name, PASSWORDS[name])
    return page


def at_table(page, base, game):
    page.goto(f"{base}/games/{game.pk}/")
    wait_live(page)
    page.evaluate("() => { window.__samePage = true; }")  # gone if anything below loaded a page


def open_chat(page):
    if not page.locator("#chat").evaluate("el => el.open"):
        page.click("#chat > summary")
    page.wait_for_selector("#chat .chat-panel", state="visible")


def send_report(page, reason_value: str, note: str):
    dialog = page.locator("#report-box .report-dialog")
    dialog.locator(f"input[name=category][value={reason_value}]").check()
    dialog.locator("textarea[name=note]").fill(note)
    dialog.locator("button[type=submit]").click()


def test_players_report_each_other_from_a_chat_line_and_a_seat_and_a_moderator_sees_it(daphne_server, browser):
    from moderation.users import ensure_moderator_group

    for name, password in PASSWORDS.items():
        User.objects.create_user(name, password=password)
    users = {u.username: u for u in User.objects.all()}
    users["moderadora"].groups.add(ensure_moderator_group())
    game = in_thread(tables.do_create_table, users["ana"], "estanciero", 2, time_control="correspondence")
    in_thread(tables.do_join, game.pk, users["beto"])
    game = in_thread(tables.do_start, game.pk, users["ana"])

    ana = person(browser, daphne_server, "ana", DESKTOP)
    beto = person(browser, daphne_server, "beto", PHONE)
    for page in (ana, beto):
        at_table(page, daphne_server, game)

    # beto says something rude; ana reports that line from the chat (the line came over the socket).
    open_chat(ana)
    open_chat(beto)
    box = beto.locator("#chat .chat-form input[name=text]")
    box.fill(RUDE)
    box.press("Enter")
    line = ana.locator("#chat .chat-line", has_text=RUDE)
    line.wait_for(timeout=15000)
    assert ana.locator("#chat .chat-line.mine .chat-report").count() == 0  # nobody reports themself
    line.hover()
    screenshot(ana, "report-chat-line-flag-desktop-es", full_page=False)
    line.locator(".chat-report").click()
    dialog = ana.locator("#report-box .report-dialog")
    dialog.wait_for()
    assert dialog.locator("h2").inner_text() == "Denunciar a beto"
    assert dialog.locator(".report-quote").inner_text() == RUDE
    screenshot(ana, "report-chat-line-form-desktop-es", full_page=False)
    send_report(ana, "abuse", "me insultó en el chat")
    ana.locator("#report-box .report-sent").wait_for()
    assert "Denuncia enviada" in ana.locator("#report-box").inner_text()
    screenshot(ana, "report-chat-line-sent-desktop-es", full_page=False)
    ana.locator("#report-box [data-report-close]").click()
    assert ana.locator("#report-box .report-dialog").count() == 0
    assert ana.evaluate("() => window.__samePage") is True

    # beto reports ana from her seat: "something else" without a word is refused beside the form, then sent.
    if beto.locator("#chat").evaluate("el => el.open"):
        beto.locator("#chat [data-chat-close]").click()
    screenshot(beto, "report-seat-flag-phone-en", full_page=False)
    seat = beto.locator("#table .seat", has_text="ana")
    assert beto.locator("#table .seat.mine .seat-report").count() == 0
    seat.locator(".seat-report").click()
    dialog = beto.locator("#report-box .report-dialog")
    dialog.wait_for()
    assert dialog.locator("h2").inner_text() == "Report ana"
    dialog.locator("input[name=category][value=other]").check()
    dialog.locator("button[type=submit]").click()
    beto.locator("#report-box .report-error").wait_for()
    assert beto.locator("#report-box .report-error").inner_text() == "Say in a few words what happened."
    assert beto.locator("#report-box input[name=category][value=other]").is_checked()  # kept what he chose
    screenshot(beto, "report-seat-refused-phone-en", full_page=False)
    send_report(beto, "stalling", "she waits until the last second every turn")
    beto.locator("#report-box .report-sent").wait_for()
    screenshot(beto, "report-seat-sent-phone-en", full_page=False)
    beto.keyboard.press("Escape")
    assert beto.locator("#report-box .report-dialog").count() == 0
    assert beto.evaluate("() => window.__samePage") is True

    reports = {r.reporter.username: r for r in Report.objects.select_related("reporter", "reported", "message")}
    assert (reports["ana"].reported.username, reports["ana"].category, reports["ana"].message.text) == \
        ("beto", "abuse", RUDE)
    assert (reports["beto"].reported.username, reports["beto"].category, reports["beto"].game_id,
            reports["beto"].message) == ("ana", "stalling", game.pk, None)

    # The profile's Report opens the same form.
    ana.goto(f"{daphne_server}/u/beto/")
    ana.locator(".profile-report").click()
    ana.locator("#report-box .report-dialog h2").wait_for()
    assert ana.locator("#report-box .report-dialog h2").inner_text() == "Denunciar a beto"
    screenshot(ana, "report-profile-form-desktop-es", full_page=False)

    # A moderator finds both in the queue, with their reasons and notes.
    moderator = person(browser, daphne_server, "moderadora", DESKTOP)
    moderator.goto(f"{daphne_server}/moderation/")
    queue = moderator.locator("article.report")
    assert queue.count() == 2
    text = moderator.locator("main").inner_text()
    for expected in ("Insultos o acoso", "me insultó en el chat", "Hacer tiempo o abandonar partidas",
                     "she waits until the last second every turn", RUDE):
        assert expected in text
    screenshot(moderator, "report-moderation-queue-desktop-es")
    for page in (ana, beto, moderator):
        page.context.close()
