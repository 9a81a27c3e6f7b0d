"""Reconnection in Chromium: a player loses the network or closes the tab mid-game while the other player
moves; coming back, the page says it is reconnecting, then shows exactly the current table, and no move is lost
or made twice (counted in the move log): a move clicked while offline is refused on the page and never reaches
the server; a move whose answer was lost on the way back (the socket dropped after the server made it) is in the
log once; the first move after returning is applied once."""

import pytest

from accounts.models import User
from games.models import Game, Move, Seat
from games.tables import lifecycle as tables
from games.tests.test_browser_game import login
from games.tests.turn_helpers import in_thread, play_until_not_on_move, play_until_on_move, wait_live
from tests.fixtures.browsers import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]



def shown(page) -> tuple[int, int]:
    """(rev, version) of the table on the page."""
    return tuple(page.evaluate("""() => [Number(document.querySelector('#table [data-rev]').dataset.rev),
                                   Number(document.querySelector('#table [data-version]').textContent)]"""))


def in_db(game_id: int) -> tuple[int, int]:
    game = Game.objects.get(pk=game_id)
    return game.rev, game.version


def wait_shows_db(page, game_id: int) -> None:
    rev, version = in_db(game_id)
    page.wait_for_function(f"() => Number(document.querySelector('#table [data-rev]').dataset.rev) === {rev}",
                           timeout=20000)
    assert shown(page) == (rev, version)


def first_move_button(page):
    button = page.locator(".actions-card button.act:visible").first
    button.wait_for(timeout=20000)
    return button


@pytest.fixture
def table(daphne_server, browser):
    """Ana (in Chromium, her own browser context) and Beto (moving from elsewhere) at a correspondence table."""
    ana = User.objects.create_user("ana", password="pw-ana-1234")
    beto = User.objects.create_user("beto", password="pw-beto-1234")
    game = in_thread(tables.do_create_table, ana, "estanciero", 2, time_control="correspondence")
    in_thread(tables.do_join, game.pk, beto)
    game = in_thread(tables.do_start, game.pk, ana)
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, locale="es-AR")
    page = ctx.new_page()
    login(page, daphne_server, "ana", "pw-ana-1234")
    yield {"game": game, "ctx": ctx, "page": page, "seat": Seat.objects.get(game=game, user=ana).index}
    ctx.close()


def test_losing_the_network_and_coming_back(daphne_server, table):
    game, ctx, page, mine = table["game"], table["ctx"], table["page"], table["seat"]
    play_until_on_move(game.pk, mine)
    page.goto(f"{daphne_server}/games/{game.pk}/")
    wait_live(page)
    wait_shows_db(page, game.pk)

    # The network goes: the page says it is reconnecting.
    ctx.set_offline(True)
    banner = page.locator("#conn-status")
    banner.wait_for(state="visible")
    assert banner.get_attribute("data-state") == "reconnecting"
    assert page.locator("#conn-status .conn-reconnecting").is_visible()
    screenshot(page, "reconnect-offline-banner", full_page=False)

    # A move clicked while offline is refused on the page, and nothing reaches the server.
    moves_before = Move.objects.filter(game=game).count()
    stale_rev, stale_version = shown(page)
    first_move_button(page).click()
    alert = page.locator("#table > .refusal[role=alert]")
    alert.wait_for()
    assert alert.inner_text() == page.locator("#table").get_attribute("data-offline-text")
    assert Move.objects.filter(game=game).count() == moves_before

    # Meanwhile the game goes on elsewhere: Ana finishes her turn on another device, Beto plays his.
    played = play_until_not_on_move(game.pk, mine) + play_until_on_move(game.pk, mine)
    assert played >= 2
    assert shown(page) == (stale_rev, stale_version)  # offline: the page could not have heard
    assert banner.is_visible()

    # The network is back: the banner goes, and the page shows the table exactly as it is now.
    ctx.set_offline(False)
    wait_live(page)
    wait_shows_db(page, game.pk)

    # The first move after coming back is applied exactly once.
    moves_before = Move.objects.filter(game=game).count()
    rev_before, version_before = in_db(game.pk)
    first_move_button(page).click()
    page.wait_for_function(f"() => Number(document.querySelector('#table [data-version]').textContent) > {version_before}",
                           timeout=20000)
    moves = list(Move.objects.filter(game=game, seq__gt=version_before))
    assert len(moves) == Move.objects.filter(game=game).count() - moves_before == 1
    assert moves[0].seat == mine and moves[0].source == Move.Source.UI
    wait_shows_db(page, game.pk)
    screenshot(page, "reconnect-back-online", full_page=False)


def test_an_answer_lost_on_the_way_back_leaves_the_move_in_the_log_once(daphne_server, table):
    """The move goes over the page's socket and is made, but the socket drops before its answer arrives: the
    move is in the log once, the page does not send it again, and once reconnected it shows it was made."""
    game, page, mine = table["game"], table["page"], table["seat"]
    play_until_on_move(game.pk, mine)
    lost = []

    def answers_lost(ws):
        server = ws.connect_to_server()

        def to_page(message):
            if not lost and '"for": "act"' in str(message) and '"accepted"' in str(message):
                lost.append(message)  # the server made the move; its answer dies with the socket
                ws.close()
                server.close()
                return
            ws.send(message)

        server.on_message(to_page)

    page.route_web_socket("**/ws/games/**", answers_lost)
    page.goto(f"{daphne_server}/games/{game.pk}/")
    wait_live(page)
    wait_shows_db(page, game.pk)
    moves_before = Move.objects.filter(game=game).count()
    _rev, version_before = in_db(game.pk)

    first_move_button(page).click()
    # The page reconnects by itself and is sent the table as it is: the move, made once, by the page's socket.
    page.wait_for_function(f"() => Number(document.querySelector('#table [data-version]').textContent) > {version_before}",
                           timeout=20000)
    page.wait_for_function("() => !document.querySelector('#table.is-busy')")
    assert lost
    wait_shows_db(page, game.pk)
    moves = list(Move.objects.filter(game=game, seq__gt=version_before))
    assert len(moves) == Move.objects.filter(game=game).count() - moves_before == 1
    assert moves[0].seat == mine and moves[0].source == Move.Source.UI


def test_closing_the_tab_and_coming_back(daphne_server, table):
    game, ctx, page, mine = table["game"], table["ctx"], table["page"], table["seat"]
    play_until_on_move(game.pk, mine)
    page.goto(f"{daphne_server}/games/{game.pk}/")
    wait_live(page)
    page.close()

    # While the tab is closed, the turn goes round.
    play_until_not_on_move(game.pk, mine)
    play_until_on_move(game.pk, mine)

    page = ctx.new_page()
    page.goto(f"{daphne_server}/games/{game.pk}/")
    wait_live(page)
    wait_shows_db(page, game.pk)
    moves_before = Move.objects.filter(game=game).count()
    _rev, version_before = in_db(game.pk)
    first_move_button(page).click()
    page.wait_for_function(f"() => Number(document.querySelector('#table [data-version]').textContent) > {version_before}",
                           timeout=20000)
    assert Move.objects.filter(game=game).count() == moves_before + 1
    assert Move.objects.get(game=game, seq=version_before + 1).seat == mine
