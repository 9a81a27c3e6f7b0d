"""Helpers for Ladrillazo's browser tests: a person at a table with a bot, positions arranged on the server."""

from __future__ import annotations

from accounts.models import User
from games.models import Game
from games.tables import lifecycle as tables
from games.tests.test_browser_game import login
from games.tests.test_browser_two_people import in_thread, wait_live

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


def person_with_a_bot(browser, base: str, username: str, *, options: dict | None = None, device: dict | None = None,
                      arrange=None):
    """A table of a person (seat 0, on turn) and a bot, started; ``arrange(state)`` changes the position
    before the page opens. Returns (game, page, context)."""
    password = f"pw-{username}-1"
    user = User.objects.create_user(username, password=password)
    game = in_thread(tables.do_create_table, user, "ladrillazo", 2, bots=1, time_control="correspondence",
                     options=options)
    if arrange is not None:
        state = Game.objects.get(pk=game.pk).state
        arrange(state)
        Game.objects.filter(pk=game.pk).update(state=state)
    ctx = browser.new_context(locale="es-AR", **(device or DESKTOP))
    page = ctx.new_page()
    login(page, base, username, password)
    page.goto(f"{base}/games/{game.pk}/")
    wait_live(page)
    page.wait_for_function("() => !!document.getElementById('lz-texts')")
    return game, page, ctx


def clear_position(state: dict) -> None:
    """Empty hands (back to the deck), empty plots, seat 0 on turn: a test then places named cards."""
    for p in state["players"]:
        state["deck"].extend(p["hand"])
        p["hand"] = []
        for e in p["plot"]:
            state["deck"].append(e["id"])
            state["dispenser"] += e["envelopes"]
        p["plot"] = []
    state["turn"]["seat"] = 0


def state_of(game: Game) -> dict:
    return Game.objects.get(pk=game.pk).state


def plot_entry(state: dict, seat: int, cid: int) -> dict | None:
    return next((e for e in state["players"][seat]["plot"] if e["id"] == cid), None)
