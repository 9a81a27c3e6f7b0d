"""Helpers for tests that need the turn to be someone's (moves played server-side through the one move path)
and a table page that is live."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

from games.core.rulesets import get
from games.models import Game, Seat
from games.play.actions import do_move


def in_thread(fn, *args, **kwargs):
    """Run a server-side write in a thread of its own: Playwright's loop owns the test thread, and the
    after-commit broadcast needs its own."""
    from django.db import connection

    def run():
        try:
            return fn(*args, **kwargs)
        finally:
            connection.close()  # the thread's own connection, which would otherwise outlive it

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()


def to_move(game_id: int) -> list[int]:
    game = Game.objects.get(pk=game_id)
    return list(get(game.ruleset).to_move(game.state))


def play_one(game_id: int, step: int = 0, source: str = "api") -> int:
    """The first seat on move plays the bot's choice, as its own player (another device); returns the seat."""
    game = Game.objects.get(pk=game_id)
    rs = get(game.ruleset)
    seat = rs.to_move(game.state)[0]
    user = Seat.objects.get(game=game, index=seat).user
    in_thread(do_move, game.pk, seat=seat, action=rs.bot_action(game.state, seat, random.Random(f"{game.version}:{step}")),
              expected_version=game.version, actor=user, source=source)
    return seat


def play_until_on_move(game_id: int, seat: int, limit: int = 300) -> int:
    """Play moves (whoever is on move) until ``seat`` alone is on move; returns how many were played."""
    for step in range(limit):
        if to_move(game_id) == [seat]:
            return step
        play_one(game_id, step)
    raise AssertionError(f"seat {seat} never came on move")


def play_until_not_on_move(game_id: int, seat: int, limit: int = 300) -> int:
    """Play moves until ``seat`` is not among those on move; returns how many were played."""
    for step in range(limit):
        if seat not in to_move(game_id):
            return step
        play_one(game_id, step)
    raise AssertionError(f"seat {seat} stayed on move")


def wait_live(page, timeout: float = 30000) -> None:
    """The table page's socket is open (the status banner is hidden only once it is: the template's initial
    ``hidden`` says nothing about the socket)."""
    page.wait_for_function("() => { const s = document.getElementById('conn-status'); "
                           "return s.dataset.state === 'live' && s.hidden; }", timeout=timeout)


def live_pages(browser, base: str, game: Game, people, viewport: dict | None = None) -> dict:
    """A page of ``game``'s table for each (user, locale) of ``people``, in a browser context of its own,
    signed in with the password ``pw-<name>-1`` and live; by user name."""
    from games.tests.test_browser_game import login

    pages = {}
    for user, locale in people:
        ctx = browser.new_context(viewport=viewport or {"width": 1280, "height": 900}, locale=locale)
        page = ctx.new_page()
        login(page, base, user.username, f"pw-{user.username}-1")
        page.goto(f"{base}/games/{game.pk}/")
        wait_live(page)
        pages[user.username] = page
    return pages
