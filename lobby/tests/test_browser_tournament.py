"""A Swiss and an arena of each game in Chromium, from their creation to their podiums, with two people and bots.

Ana creates both with the form on a phone (Spanish) and adds the bots; Beto finds them in the list on a desktop
(English), joins both, opens his table from the tournament's page, and pauses and comes back in the arena. The beat's
start opens the Swiss's first round and the arena's first tables. Both people's pages show each round's tables, the
arena's new tables as players come free, and the standing as they change, over each tournament's socket, without a
reload; the arena's time runs out, its last games end it; both pages show both podiums.

The people's games are played by the test through the move path, as a bot would play their seats (clicking a whole
game is the table tests' part): what this test proves is the tournament around them. Real Daphne, a Celery worker
(each game's end moves its tournament on: the next Swiss round, the arena's next tables), the test's PostgreSQL and
Redis."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import User
from games.core.rulesets import get
from games.models import Game, Seat
from games.play.actions import do_move
from games.tests.test_browser_game import login
from games.tests.test_browser_replay import PHONE, watch_errors
from lobby import tournaments
from lobby.models import Tournament, TournamentEntry, TournamentGame, TournamentPolicy
from tests.fixtures.browsers import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Each game at the smallest table it is played at, with bots to make two tables, and a short game: the form's
# fields of the game's own options and the turn limit.
GAMES = {
    "ladrillazo": {"size": 2, "bots": 2, "fields": {"#tn-handful": "5"}, "options": {"handful": 5}},
    "estanciero": {"size": 2, "bots": 2, "fields": {"#tn-turns": "2"}, "options": {"max_turns": 2}},
    "argentilandia": {"size": 3, "bots": 4, "fields": {"#tn-turns": "2"}, "options": {"max_turns": 2}},
}


def people_play(ts: list[Tournament], done: Callable[[], bool], deadline: float) -> None:
    """The people's seats of the tournaments' games under way move, as a bot would play them, until ``done`` (the
    bots' seats move at their own deadlines, in the worker)."""
    rs = get(ts[0].ruleset)
    while time.monotonic() < deadline:
        if done():
            return
        live = Game.objects.filter(tournament_game__tournament__in=ts, status=Game.Status.ACTIVE)
        # The bots hurry (a table with people gives them a person's pace; the pace is the clock tests' part).
        live.exclude(bot_delay_ms=50).update(bot_delay_ms=50)
        moved = False
        for game in live:
            for seat in Seat.objects.filter(game=game, index__in=rs.to_move(game.state), is_bot=False) \
                    .select_related("user"):
                action = rs.bot_action(game.state, seat.index, random.Random(game.version))
                try:
                    do_move(game.pk, seat=seat.index, action=action, expected_version=game.version, actor=seat.user,
                            source="ui")
                    moved = True
                except Exception:  # the game moved on meanwhile (a bot): read it again
                    pass
                break
        if not moved:
            time.sleep(0.05)
    raise AssertionError("the tournaments' games did not get there in time")


def create(page, server: str, name: str, ruleset: str, kind: str, size: int, bots: int, fields: dict,
           options: dict) -> Tournament:
    """Ana's form: a tournament starting now, live, a short game; then her bots, one tap each."""
    page.goto(f"{server}/tournaments/")
    page.fill("#tn-name", name)
    page.select_option("#tn-game", ruleset)
    page.check(f"input[name=kind][value={kind}]")
    page.fill("#tn-rounds" if kind == "swiss" else "#tn-minutes", "2" if kind == "swiss" else "10")
    page.fill("#tn-starts", "0")
    page.select_option("#tn-clock", "live")
    page.fill("#tn-size", str(size))
    assert page.locator("[data-only=estanciero]").is_visible() == (ruleset == "estanciero")  # the game's options
    if ruleset == "estanciero":
        # A rated tournament's tables play the rulebook's claimed rents (its tables' own default, so not stored as
        # the tournament's choice): the field follows the rated choice.
        rents = page.locator("[data-only=estanciero] input[name=claim_rents]")
        rated = page.locator("form.new-tournament input[name=rated]")
        assert rated.is_checked() and rents.is_checked()  # the page opens rated, with the rated default
        rated.uncheck()
        assert not rents.is_checked()
        rated.check()
        assert rents.is_checked()
    for field, value in fields.items():
        page.fill(field, value)
    page.locator("form.new-tournament button[type=submit]").tap()
    page.wait_for_url("**/tournaments/*/")
    t = Tournament.objects.get(name=name)
    assert (t.ruleset, t.kind, t.table_size, t.options) == (ruleset, kind, size, options)
    for n in range(1, bots + 1):
        page.locator(".btn-add-bot").tap()
        page.wait_for_selector(f".tournament-standings >> text=bot-normal-{n}")
    return t


def live(page) -> None:
    page.wait_for_function("() => document.getElementById('tournament-live').dataset.connected === '1'")


def status_is(pages: dict, words: tuple[str, str], timeout: int = 30000) -> None:
    """Each page shows the status in its language (pushed, not reloaded)."""
    for page, text in zip(pages, words, strict=True):
        page.wait_for_selector(f".tournament-status >> text={text}", timeout=timeout)


def podium_shown(pages, t: Tournament) -> None:
    for page, words in zip(pages, ("Podio", "Podium"), strict=True):
        page.wait_for_selector(f"ol.podium[aria-label='{words}']", timeout=30000)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED and len(t.podium) == 3
    shown = [li.inner_text() for li in pages[1].locator("ol.podium li strong").all()]
    assert shown == [p["name"] for p in t.podium]


def finished(t: Tournament) -> Callable[[], bool]:
    return lambda: Tournament.objects.filter(pk=t.pk, status=Tournament.Status.FINISHED).exists()


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_a_swiss_and_an_arena_from_the_form_to_the_podium(ruleset, daphne_server, celery_worker, browser):
    game = GAMES[ruleset]
    size = game["size"]
    TournamentPolicy.objects.update_or_create(pk=1, defaults={"min_account_days": 0, "min_rated_games": 0})
    User.objects.create_user("ana", password="pw-ana-1")
    beto_user = User.objects.create_user("beto", password="pw-beto-1")
    # Each page in a window of its own (a context each, the second with the first's session): a background tab's
    # animation frames are throttled, and every wait on it with them.
    phone = browser.new_context(locale="es-AR", **PHONE)
    desktop = browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 900})
    ana_swiss, beto_swiss = phone.new_page(), desktop.new_page()
    login(ana_swiss, daphne_server, "ana", "pw-ana-1")
    login(beto_swiss, daphne_server, "beto", "pw-beto-1")
    ana_arena = browser.new_context(locale="es-AR", **PHONE, storage_state=phone.storage_state()).new_page()
    beto_arena = browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 900},
                                     storage_state=desktop.storage_state()).new_page()
    errors = [watch_errors(page) for page in (ana_swiss, ana_arena, beto_swiss, beto_arena)]

    swiss = create(ana_swiss, daphne_server, f"Copa {ruleset}", ruleset, "swiss", size, game["bots"],
                   game["fields"], game["options"])
    arena = create(ana_arena, daphne_server, f"Arena {ruleset}", ruleset, "arena", size, game["bots"],
                   game["fields"], game["options"])
    for page, t in ((beto_swiss, swiss), (beto_arena, arena)):
        page.goto(f"{daphne_server}/tournaments/")
        page.get_by_text(t.name).click()
        page.wait_for_url(f"**/tournaments/{t.pk}/")
        page.locator(".btn-join-tournament").click()
        page.wait_for_selector(".tournament-standings >> text=beto")
    for page in (ana_swiss, ana_arena, beto_swiss, beto_arena):
        live(page)
    screenshot(ana_swiss, f"tournament-{ruleset}-phone-before", full_page=True)

    for t in (swiss, arena):
        assert tournaments.advance(t.pk, timezone.now()) == "started"  # as the beat does when it is due
    status_is((ana_swiss, beto_swiss), ("Ronda 1 de 2", "Round 1 of 2"))
    status_is((ana_arena, beto_arena), ("La arena está en juego", "The arena is on"))
    players = game["bots"] + 2
    for page in (beto_swiss, beto_arena):
        assert page.locator(".tournament-games a").count() == players // size
    # Beto opens his Swiss table from the tournament's page: he is seated at it.
    beto_swiss.locator(".tournament-games a", has_text="beto").click()
    beto_swiss.wait_for_selector("li.seat.mine >> text=beto")
    beto_swiss.go_back()
    live(beto_swiss)

    deadline = time.monotonic() + 360
    # The arena's first tables end: their players are seated again as they come free, without a round.
    first = set(TournamentGame.objects.filter(tournament=arena).values_list("pk", flat=True))
    people_play([arena], lambda: TournamentGame.objects.filter(tournament=arena).count() > len(first), deadline)
    beto_arena.wait_for_function(
        "n => document.querySelectorAll('.tournament-games a').length > n", arg=len(first), timeout=30000)
    # Beto pauses in the arena and comes back (his table under way goes on; no new one while paused).
    beto_arena.locator(".btn-leave-tournament").click()
    beto_arena.wait_for_selector(".btn-join-tournament")
    assert TournamentEntry.objects.get(tournament=arena, user=beto_user).paused
    beto_arena.locator(".btn-join-tournament").click()
    beto_arena.wait_for_selector(".btn-leave-tournament")
    screenshot(beto_arena, f"tournament-{ruleset}-desktop-arena", full_page=True)

    people_play([swiss], lambda: Tournament.objects.filter(pk=swiss.pk, round=2).exists(), deadline)
    status_is((ana_swiss, beto_swiss), ("Ronda 2 de 2", "Round 2 of 2"))
    screenshot(beto_swiss, f"tournament-{ruleset}-desktop-round-2", full_page=True)
    # The arena's time runs out: the games under way end it.
    Tournament.objects.filter(pk=arena.pk).update(started_at=timezone.now() - timedelta(minutes=10))
    tournaments.tick()
    people_play([swiss, arena], lambda: finished(swiss)() and finished(arena)(), deadline)
    podium_shown((ana_swiss, beto_swiss), swiss)
    podium_shown((ana_arena, beto_arena), arena)
    assert TournamentGame.objects.filter(tournament=swiss).count() == 2 * (players // size)
    assert not Game.objects.filter(tournament_game__tournament__in=[swiss, arena],
                                   status=Game.Status.ACTIVE).exists()
    screenshot(ana_arena, f"tournament-{ruleset}-phone-arena-podium", full_page=True)
    assert [e for page_errors in errors for e in page_errors] == []
