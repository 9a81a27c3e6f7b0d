"""Spectators: who watches is counted and listed live (anonymous viewers counted, not named), a watcher who sits
down stops counting, ghosts expire; a spectator's view is public only (no hand, no seed) on the page and over both
sockets; the page offers the table's link to share."""

import asyncio
import json
import random
import re
import time

import pytest
import websockets
from django.test import Client

from accounts.models import ApiToken, User
from games.core.rulesets import get
from games.live import spectators
from games.models import Game
from games.play.actions import do_move
from games.tables import lifecycle as tables
from games.tests.conftest import make_users, open_table
from tests.support import run_async

pytestmark = pytest.mark.django_db(transaction=True)


async def recv_until(ws, predicate, timeout: float = 10) -> dict:
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        if predicate(message):
            return message


def watchers(count: int, names: list[str] | None = None, guests: int | None = None):
    def match(m: dict) -> bool:
        return (m.get("type") == "spectators" and m["count"] == count
                and (names is None or m["names"] == names) and (guests is None or m["guests"] == guests))
    return match


def people(*names: str) -> dict:
    return {n: User.objects.create_user(n, password=f"pw-{n}-123") for n in names}


def ws_url(base: str, game: Game, user=None, fmt: str = "json", chat: bool = True) -> str:
    """A JSON socket asks for chat and presence pushes (``chat=1``); without it, it is only counted."""
    url = base.replace("http", "ws") + f"/ws/games/{game.pk}/?format={fmt}" + ("&chat=1" if chat else "")
    return url + (f"&token={ApiToken.issue(user, 'ws')[1]}" if user else "")


def test_the_table_sees_who_watches_live(daphne_server):
    users = people("ana", "beto", "sofi", "tomi")
    game = tables.do_create_table(users["ana"], "estanciero", 2, time_control="correspondence")
    tables.do_join(game.pk, users["beto"])
    game = tables.do_start(game.pk, users["ana"])

    async def scenario():
        seen = []
        async with websockets.connect(ws_url(daphne_server, game, users["ana"]), origin=daphne_server) as ana:
            # A player is no spectator.
            seen.append(await recv_until(ana, lambda m: m.get("type") == "spectators"))
            async with websockets.connect(ws_url(daphne_server, game, users["sofi"]), origin=daphne_server) as sofi:
                seen.append(await recv_until(ana, watchers(1, ["sofi"], 0)))
                async with websockets.connect(ws_url(daphne_server, game, chat=False), origin=daphne_server), \
                        websockets.connect(ws_url(daphne_server, game, users["sofi"], "html"), origin=daphne_server), \
                        websockets.connect(ws_url(daphne_server, game, users["tomi"]), origin=daphne_server):
                    # sofi's second tab does not count twice; the anonymous viewer is a guest.
                    seen.append(await recv_until(ana, watchers(3, ["sofi", "tomi"], 1)))
                    seen.append(await recv_until(sofi, watchers(3, ["sofi", "tomi"], 1)))
                seen.append(await recv_until(ana, watchers(1, ["sofi"], 0)))
            seen.append(await recv_until(ana, watchers(0, [], 0)))
        return seen

    seen = run_async(scenario())
    assert seen[0]["count"] == 0 and seen[0]["names"] == []
    assert all(set(m) == {"type", "seq", "count", "names", "guests"} for m in seen)


def test_a_watcher_who_sits_down_is_a_player(daphne_server):
    from concurrent.futures import ThreadPoolExecutor

    users = people("ana", "sofi")
    game = tables.do_create_table(users["ana"], "estanciero", 3)

    async def scenario():
        async with websockets.connect(ws_url(daphne_server, game, users["ana"]), origin=daphne_server) as ana, \
                websockets.connect(ws_url(daphne_server, game, users["sofi"]), origin=daphne_server):
            await recv_until(ana, watchers(1, ["sofi"]))
            with ThreadPoolExecutor(1) as pool:  # the join publishes after commit, from its own thread
                await asyncio.get_running_loop().run_in_executor(pool, tables.do_join, game.pk, users["sofi"])
            return await recv_until(ana, watchers(0))

    assert run_async(scenario())["names"] == []


def test_ghosts_of_a_dead_server_expire():
    game_id, seal = 987654, "f" * 64
    key = spectators._key(game_id, seal)
    spectators.client().delete(key)
    spectators.client().zadd(key, {"7:ghost|specific.dead!x": time.time() - 1})
    live = spectators.watch(game_id, seal, "8:sofi|specific.live!y", exclude=set())
    assert (live.names, live.guests) == (("sofi",), 0)
    assert spectators.leave(game_id, seal, "8:sofi|specific.live!y", exclude=set()).count == 0
    assert spectators.current(game_id, seal, exclude={8}).seq > live.seq
    spectators.client().delete(key)


@pytest.fixture
def argentilandia_midgame(db):
    users = make_users("sol", "luna", "rio")
    game = open_table("argentilandia", users, start=True)
    rs = get("argentilandia")
    rng = random.Random(5)
    game.refresh_from_db()
    while not any(sum(h.values()) for h in game.state["hands"]) or game.version < 30:
        seat = rs.to_move(game.state)[0]
        do_move(game.pk, seat=seat, action=rs.bot_action(game.state, seat, rng), expected_version=game.version,
                actor=users[seat], source="api")
        game.refresh_from_db()
    return game, users


def assert_public(text: str, game: Game) -> None:
    assert game.seed not in text
    assert '"hands"' not in text and "rng_counter" not in text


def test_a_spectator_sees_the_public_view_only(daphne_server, argentilandia_midgame):
    game, _players = argentilandia_midgame
    sofi = User.objects.create_user("sofi", password="pw-sofi-123")

    async def first(url: str, kind: str) -> dict:
        async with websockets.connect(url, origin=daphne_server) as ws:
            return await recv_until(ws, lambda m: m.get("type") == kind)

    for user in (sofi, None):
        sync = run_async(first(ws_url(daphne_server, game, user), "sync"))
        assert sync["you"] is None and sync["seed"] is None and sync["legal_actions"] == []
        assert sync["view"]["hand"] is None
        assert_public(json.dumps(sync), game)
        table = run_async(first(ws_url(daphne_server, game, user, "html"), "table"))
        html = table["html"] + "".join((table.get("own") or {}).values())  # a shared table's own parts too
        assert_public(html, game)
        assert "data-act" not in html  # no move buttons

        client = Client()
        if user:
            client.force_login(user)
        page = client.get(f"/games/{game.pk}/").content.decode()
        assert_public(page, game)
        assert "data-act" not in page
        api = client.get(f"/api/v1/games/{game.pk}?since=0").json()
        assert api["view"]["hand"] is None and api["seed"] is None


def test_the_page_offers_its_link_and_who_watches(db):
    users = people("ana", "sofi")
    game = tables.do_create_table(users["ana"], "estanciero", 2)
    spectators.client().delete(spectators._key(game.pk, game.seed_commitment))
    spectators.watch(game.pk, game.seed_commitment, spectators.member("chan!1", users["sofi"]), set())
    spectators.watch(game.pk, game.seed_commitment, spectators.member("chan!2", None), set())
    player = Client()
    player.force_login(users["ana"])
    page = player.get(f"/games/{game.pk}/").content.decode()
    share = re.search(r'<input id="share-url"[^>]*value="([^"]+)"', page)
    assert share and share.group(1) == f"http://testserver/games/{game.pk}/"
    assert re.search(r"<b data-watch-count>2</b>", page)
    assert "<li>sofi</li>" in page and "y un invitado" in page
    # A spectator's page counts them already (their socket will, and does not hear its own arrival).
    anonymous = Client().get(f"/games/{game.pk}/").content.decode()
    assert re.search(r"<b data-watch-count>3</b>", anonymous) and "y 2 invitados" in anonymous
    tomi = User.objects.create_user("tomi", password="pw-tomi-123")
    watcher = Client()
    watcher.force_login(tomi)
    page = watcher.get(f"/games/{game.pk}/").content.decode()
    assert re.search(r"<b data-watch-count>3</b>", page) and "<li>sofi</li><li>tomi</li>" in page
    spectators.client().delete(spectators._key(game.pk, game.seed_commitment))
