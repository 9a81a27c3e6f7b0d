"""`make run`'s web processes share the site's port (SO_REUSEPORT) and each also listens on a port of its own
(``GAME_SOCKET_PORTS``): a table's page names its game's process, and both players' pages open their sockets
there, in real Chromium (the page's Content-Security-Policy allows the port, the session cookie goes with the
socket), so that every socket of the game lands in one process. The moves the buttons make go over those
sockets and show on both screens; none of the game's sockets reaches the other process."""

import re
import sys

import pytest

from accounts.models import User
from games.core.rulesets import get
from games.models import Move, Seat
from games.tables import lifecycle as tables
from games.tests.test_browser_game import login
from games.tests.turn_helpers import in_thread, wait_live
from tests.fixtures.servers import Proc, free_port, server_env, wait_http
from tests.support import ARTIFACTS, ROOT

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def make_run_web(django_db_setup, django_db_blocker):
    """Two web processes as scripts/run.py starts them: one shared port, a game port each. Yields (base URL,
    game ports, the processes)."""
    port, ports = free_port(), [free_port(), free_port()]
    env = {**server_env(), "GAME_SOCKET_PORTS": ",".join(map(str, ports))}
    procs = []
    for n, own in enumerate(ports):
        (ARTIFACTS / f"game-ports-web{n + 1}.log").unlink(missing_ok=True)  # its sockets counted below
        procs.append(Proc(f"game-ports-web{n + 1}", [sys.executable, str(ROOT / "scripts" / "serve_web.py"),
                                                     "127.0.0.1", str(port), str(own)], env))
    try:
        for proc, own in zip(procs, ports):
            wait_http(f"http://127.0.0.1:{own}/healthz", proc)
        yield f"http://localhost:{port}", ports, procs
    finally:
        for proc in procs:
            proc.stop()


def game_sockets(proc: Proc, game_id: int) -> int:
    return len(re.findall(rf"WSCONNECT /ws/games/{game_id}/", proc.log_path.read_text(errors="replace")))


def test_both_players_sockets_land_in_their_games_process(make_run_web, browser):
    base, ports, procs = make_run_web
    ana = User.objects.create_user("ana", password="pw-ana-1234")
    beto = User.objects.create_user("beto", password="pw-beto-1234")
    game = in_thread(tables.do_create_table, ana, "estanciero", 2, time_control="correspondence")
    in_thread(tables.do_join, game.pk, beto)
    game = in_thread(tables.do_start, game.pk, ana)
    owner = game.pk % len(ports)
    pages = []
    for name, password in (("ana", "pw-ana-1234"), ("beto", "pw-beto-1234")):
        page = browser.new_context(viewport={"width": 1280, "height": 860}, locale="es-AR").new_page()
        login(page, base, name, password)
        page.goto(f"{base}/games/{game.pk}/")
        assert page.locator("#table").get_attribute("data-socket-port") == str(ports[owner])
        wait_live(page)
        pages.append(page)

    seat_of = {Seat.objects.get(game=game, user=u).index: i for i, u in enumerate((ana, beto))}
    start = game.version
    for _ in range(4):
        game.refresh_from_db()
        version = game.version
        mover = pages[seat_of[get("estanciero").to_move(game.state)[0]]]
        mover.locator(".actions-card button.act:visible").first.click()
        for page in pages:
            page.wait_for_function(f"() => Number(document.querySelector('#table [data-version]').textContent) > {version}",
                                   timeout=20000)
    moves = list(Move.objects.filter(game=game, seq__gt=start))
    assert len(moves) == 4 and {m.source for m in moves} == {Move.Source.UI}
    assert game_sockets(procs[owner], game.pk) >= 2
    assert game_sockets(procs[1 - owner], game.pk) == 0
