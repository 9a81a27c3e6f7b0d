"""Ladrillazo played in Chromium against a bot moved by Celery: a whole game to a winner, made by clicking
cards, the bar's confirm buttons, the deal and discard forms and the proposals panel (End of the game);
and a person answering a bot's offer while the bot waits (Talks)."""

from __future__ import annotations

import json
import random
import time

import pytest

from games.core.rulesets import get
from games.ladrillazo.engine import bot, cards
from games.models import Game, Move, Seat
from games.play.deadlines import sweep_deadlines
from tests.fixtures.browsers import assert_shows_a_fresh_table, screenshot, watch_kept_pushes
from tests.support import wait_until

from .browsing import clear_position, person_with_a_bot, plot_entry, state_of
from .helpers import to_hand, to_plot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def shown_version(page) -> int:
    return int(page.locator("#table [data-version]").inner_text())


def wait_shown(page, version: int, timeout: float = 20000) -> None:
    page.wait_for_function(
        f"() => Number(document.querySelector('#table [data-version]').textContent) >= {version}", timeout=timeout)


def _legal_label(page, action: dict) -> str | None:
    """The label of the generic move form for exactly this action (None if it is not offered)."""
    return page.evaluate("""(wanted) => {
        for (const f of document.querySelectorAll('#table form[data-act]')) {
            const input = f.querySelector('input[name=action]');
            if (!input || !input.value) continue;
            let a; try { a = JSON.parse(input.value); } catch (e) { continue; }
            if (JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(wanted, Object.keys(wanted).sort()))
                return f.querySelector('button').textContent.trim();
        }
        return null;
    }""", action)


def _card(page, cid):
    return page.locator(f"#table .lz-card[data-card='{cid}']")


def _bar_button(page, label: str):
    return page.locator("#lz-bar").get_by_role("button", name=label, exact=True)


def play_by_clicking(page, state: dict, action: dict) -> bool:
    """Make ``action`` (the person's choice) the way a person does, on the board. Returns False when it
    could not be done by clicking (the caller then chooses another way)."""
    kind = action["type"]
    if kind == "lower":
        d = cards.of(state, action["card"])
        _card(page, action["card"]).click()
        page.locator("#lz-bar").wait_for()
        if d["requires"]:
            for cid in action["pay"]:
                _card(page, cid).click()
            page.locator("#lz-bar .lz-bar-go:enabled").click()
            return True
        label = _legal_label(page, {k: v for k, v in action.items()})
        if label is None:
            return False
        _bar_button(page, label).click()
        return True
    if kind == "back":
        _card(page, action["card"]).click()
        _card(page, action["target"]).click()
        page.locator("#lz-bar .lz-bar-go").click()
        return True
    if kind in ("act", "hide", "evade", "unhide"):
        label = _legal_label(page, action)
        if label is None:
            return False
        _card(page, action["card"]).click()
        _bar_button(page, label).click()
        return True
    if kind == "end_turn":
        if not action.get("discard"):
            page.locator(".actions-card button.act-end_turn").click()
            return True
        page.locator("#lz-end-box summary").click()
        for cid in action["discard"]:
            page.locator(f"#lz-end-box input[data-lz-discard][value='{cid}']").check()
        page.locator("#lz-end-box button[type=submit]").click()
        return True
    if kind == "propose":
        page.locator("#lz-propose-box summary").click()
        form = page.locator("#lz-propose-box form")
        form.locator("select[data-lz-to]").select_option(str(action["to"]))
        for cid in action.get("ask", {}).get("plot", []):
            form.locator(f"input[data-lz-ask-plot][value='{cid}']").check()
        for cid in action.get("give", {}).get("hand", []):  # the bot's trade for a politician or builder
            form.locator(f"input[data-lz-give-hand][value='{cid}']").check()
        if action.get("give", {}).get("envelopes"):
            form.locator("input[data-lz-give-env]").fill(str(action["give"]["envelopes"]))
        form.locator("button[type=submit]").click()
        return True
    return False


def substitute(state: dict, action: dict) -> dict:
    """A move offered on the board that does what the policy wanted (an unhide of a different amount)."""
    rs = get("ladrillazo")
    for a in rs.legal_actions(state, 0):
        if a["type"] == action["type"] and a.get("card") == action.get("card"):
            return a
    return {"type": "end_turn", "discard": []}


def stuck_report(page, game, version: int, counts: dict) -> str:
    """What the page and the database showed when a click made no move: once seen in CI (and never here), so
    the next time says why."""
    game.refresh_from_db()
    last = list(Move.objects.filter(game=game).order_by("-seq").values("seq", "seat", "source", "action")[:3])
    refusals = page.locator("#table .refusal").all_inner_texts()
    bar = page.locator("#lz-bar").all_inner_texts()
    return (f"no move within 15 s of a click at version {version}: the page shows {shown_version(page)}, the "
            f"database {game.version} ({game.status}); refusals shown {refusals}; the bar {bar}; "
            f"last moves {last}; {counts}")


def test_a_whole_game_against_a_bot_by_clicking(daphne_server, celery_worker, browser):
    """End of the game: the dispenser runs dry and the game ends with a winner, every move of the person
    made in the browser (cards, the bar, the forms, the proposals panel), the bot's through Celery."""
    started = time.monotonic()
    game, page, ctx = person_with_a_bot(browser, daphne_server, "jugadora", options={"handful": 6})
    Game.objects.filter(pk=game.pk).update(bot_delay_ms=60)
    pushes = watch_kept_pushes(page)  # watched from a reload of the table
    page.reload()
    rs = get("ladrillazo")
    rng = random.Random(3)
    counts = {"clicked": 0, "substituted": 0, "answered": 0}
    shots = set()
    deadline = time.monotonic() + 170
    while time.monotonic() < deadline:
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            break
        s, version = game.state, game.version
        to_me = [p for p in s["proposals"] if p["to"] == 0]
        waiting = any(p["from"] == 0 for p in s["proposals"])
        if not to_me and (s["turn"]["seat"] != 0 or waiting):
            time.sleep(0.15)  # the bot is moving or answering; the socket brings its moves
            continue
        wait_shown(page, version)
        if shown_version(page) != version:
            continue
        if to_me:  # the bot's offer, answered on the proposals panel
            answer = bot.optional_action(s, 0)
            if "answer" not in shots:
                screenshot(page, "ladrillazo-game-offer", full_page=False)
                shots.add("answer")
            page.locator(f"#lz-deals [data-proposal='{answer['id']}'] button.lz-b-{answer['type']}").click()
            counts["answered"] += 1
        else:
            action = rs.bot_action(s, 0, rng)
            if action["type"] == "unhide" and _legal_label(page, action) is None:
                action = substitute(s, action)
                counts["substituted"] += 1
            if not play_by_clicking(page, s, action):
                counts["substituted"] += 1
                assert play_by_clicking(page, s, substitute(s, action))
            counts["clicked"] += 1
            if s["turn"]["number"] >= 3 and "mid" not in shots:
                screenshot(page, "ladrillazo-game-desktop")
                shots.add("mid")
        try:
            wait_shown(page, version + 1, timeout=15000)
        except Exception:
            screenshot(page, "ladrillazo-game-stuck")
            raise AssertionError(stuck_report(page, game, version, counts)) from None
    page.wait_for_selector(".outcome", timeout=20000)
    screenshot(page, "ladrillazo-game-finished")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED, counts
    assert game.outcome["ranking"], game.outcome
    moves = Move.objects.filter(game=game)
    assert {"ui", "bot"} <= set(moves.values_list("source", flat=True))
    # The pushes named the cards and log lines the page showed, and runs of them; it filled them in and shows
    # what a fresh page of the final table shows.
    assert pushes["kept"] and pushes["runs"], pushes
    assert_shows_a_fresh_table(page)
    person = moves.filter(seat=0, source="ui").count()
    assert counts["substituted"] <= max(2, person // 5), counts
    print(f"\nladrillazo browser game: {person} moves by the person, {moves.count()} in all, {counts}, "
          f"{time.monotonic() - started:.0f}s")
    ctx.close()


def test_a_person_answers_a_bots_offer_while_the_bot_waits(daphne_server, celery_worker, browser):
    """Talks: the bot, lacking land, offers envelopes for the person's land; the offer stays open, the
    person is the one to move (their clock shown) and the bot waits; the person accepts on the panel."""
    ids = {}

    def arrange(s):
        clear_position(s)
        ids["land"] = to_plot(s, 0, "solar_urbanizable")
        ids["builder"] = to_hand(s, 1, "cementera")
        for key in ("cunado", "rusos"):
            to_plot(s, 1, key, envelopes=2)
            s["dispenser"] -= 2

    game, page, ctx = person_with_a_bot(browser, daphne_server, "respondona", arrange=arrange)
    Game.objects.filter(pk=game.pk).update(bot_delay_ms=60)
    page.locator(".actions-card button.act-end_turn").click()  # the bot's turn begins
    offer = page.locator("#lz-deals .lz-prop.to-you")
    offer.wait_for(timeout=30000)
    s = state_of(game)
    assert s["proposals"][0]["from"] == 1 and s["proposals"][0]["ask"]["plot"] == [ids["land"]]
    assert get("ladrillazo").to_move(s) == [0]
    # The bot waits for the answer: a bot moves only when its seat's deadline fires, and while the offer is open
    # its seat has none; the person's is the one armed. The deadlines' sweep, run now, finds nothing due.
    deadlines = dict(Seat.objects.filter(game=game).values_list("index", "deadline"))
    assert deadlines[1] is None and deadlines[0] is not None, deadlines
    version = Game.objects.get(pk=game.pk).version
    assert sweep_deadlines() == 0 and Game.objects.get(pk=game.pk).version == version, "the bot waits for the answer"
    assert page.locator(".seats .seat.on-move.mine").count() == 1, "the person's clock is the one running"
    screenshot(page, "ladrillazo-bot-offer", full_page=False)
    page.locator("#lz-deals .lz-prop.to-you button.lz-b-accept").click()
    assert wait_until(lambda: plot_entry(state_of(game), 1, ids["land"]) is not None, timeout=15)
    # The bot goes on with its turn once answered, and hands the turn back.
    assert wait_until(lambda: state_of(game)["turn"]["seat"] == 0, timeout=30)
    page.wait_for_selector("#table [data-your-turn]", timeout=15000)
    log = page.locator(".log").inner_text()
    assert "respondona" in log
    assert json.dumps(state_of(game)["proposals"]) == "[]"
    ctx.close()
