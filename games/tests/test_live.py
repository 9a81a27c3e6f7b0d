"""Live play over websockets through Daphne and the Redis channel layer."""

import asyncio
import json
import re

import pytest
import websockets

from accounts.models import ApiToken
from games.core.rulesets import get
from games.models import Game
from games.play.actions import do_move
from games.tests.conftest import seat_user
from tests.support import run_async

pytestmark = [pytest.mark.embedded, pytest.mark.django_db(transaction=True)]


async def recv_type(ws, kind: str, timeout: float = 10) -> dict:
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        if message["type"] == kind:
            return message


def test_a_move_reaches_every_socket_and_spectators_cannot_act(daphne_server, started_game, players):
    game = started_game
    rs = get(game.ruleset)
    seat = rs.to_move(game.state)[0]
    mover = seat_user(game, players, seat)
    watcher = next(p for p in players if p != mover)
    base = daphne_server.replace("http", "ws") + f"/ws/games/{game.pk}/?format=json"

    async def scenario():
        async with websockets.connect(f"{base}&token={ApiToken.issue(mover, 'a')[1]}", origin=daphne_server) as a, \
                websockets.connect(f"{base}&token={ApiToken.issue(watcher, 'b')[1]}", origin=daphne_server) as b, \
                websockets.connect(base, origin=daphne_server) as spectator:
            sync_a = await recv_type(a, "sync")
            await recv_type(b, "sync")
            await recv_type(spectator, "sync")
            await spectator.send(json.dumps({"type": "act", "action": {"type": "roll"}, "version": 0}))
            refused = await recv_type(spectator, "error")
            await a.send(json.dumps({"type": "act", "action": sync_a["legal_actions"][0], "version": 0}))
            accepted = await recv_type(a, "accepted")
            update_b = await recv_type(b, "update")
            update_s = await recv_type(spectator, "update")
            await a.send("{{{ not json")
            garbage = await recv_type(a, "error")
            return refused, accepted, update_b, update_s, garbage

    refused, accepted, update_b, update_s, garbage = run_async(scenario())
    assert refused["error"] == "not_your_seat"
    assert accepted["version"] == 1
    for update in (update_b, update_s):
        assert update["version"] == 1
        assert [m["seq"] for m in update["moves"]] == [1] and update["moves"][0]["events"]
    assert garbage["error"] == "bad_request"
    assert Game.objects.get(pk=game.pk).version == 1


def test_a_reconnecting_client_replays_what_it_missed(daphne_server, started_game, players):
    game = started_game
    rs = get(game.ruleset)
    for _ in range(3):
        game.refresh_from_db()
        seat = rs.to_move(game.state)[0]
        do_move(game.pk, seat=seat, action=rs.legal_actions(game.state, seat)[0], expected_version=game.version,
                actor=seat_user(game, players, seat), source="api")
    url = daphne_server.replace("http", "ws") + f"/ws/games/{game.pk}/?format=json"

    async def scenario():
        async with websockets.connect(url, origin=daphne_server) as ws:
            await recv_type(ws, "sync")
            await ws.send(json.dumps({"type": "hello", "version": 1}))
            return await recv_type(ws, "update")

    update = run_async(scenario())
    assert update["version"] == 3
    assert [m["seq"] for m in update["moves"]] == [2, 3]


def test_a_pages_move_over_its_socket_is_named_in_its_answer_and_logged_as_the_uis(daphne_server, started_game, players):
    """The table page (``format=html``) sends a button's move over its socket with a ``ref``: the answer, accepted or
    refused, says ``"for": "act"`` and carries the ref back; the move is the UI's in the log, and the new table
    follows on the same socket."""
    from games.models import Move

    game = started_game
    seat = get(game.ruleset).to_move(game.state)[0]
    mover = seat_user(game, players, seat)
    base = daphne_server.replace("http", "ws") + f"/ws/games/{game.pk}/?format=html&keep=2"
    action = get(game.ruleset).legal_actions(game.state, seat)[0]

    async def scenario():
        async with websockets.connect(f"{base}&token={ApiToken.issue(mover, 'a')[1]}", origin=daphne_server) as ws:
            await recv_type(ws, "table")
            await ws.send(json.dumps({"type": "act", "action": action, "version": game.version + 5, "ref": "m1"}))
            refused = await recv_type(ws, "error")
            await ws.send(json.dumps({"type": "act", "action": action, "version": game.version, "ref": "m2"}))
            accepted = await recv_type(ws, "accepted")
            table = await recv_type(ws, "table")
            return refused, accepted, table

    refused, accepted, table = run_async(scenario())
    assert (refused["for"], refused["ref"], refused["error"]) == ("act", "m1", "stale")
    assert (accepted["for"], accepted["ref"], accepted["version"]) == ("act", "m2", game.version + 1)
    assert table["version"] == game.version + 1
    assert Move.objects.get(game=game, seq=game.version + 1).source == Move.Source.UI


def test_the_html_stream_sends_the_rendered_table(daphne_server, started_game):
    url = daphne_server.replace("http", "ws") + f"/ws/games/{started_game.pk}/?format=html"

    async def scenario():
        async with websockets.connect(url, origin=daphne_server) as ws:
            return await asyncio.wait_for(ws.recv(), 10)

    message = json.loads(run_async(scenario()))
    assert message["type"] == "table" and message["version"] == started_game.version
    assert f'class="table-head" data-rev="{message["rev"]}"' in message["html"]
    assert started_game.seed not in message["html"]


def test_the_html_stream_speaks_the_viewers_language(daphne_server, started_game):
    url = daphne_server.replace("http", "ws") + f"/ws/games/{started_game.pk}/?format=html"

    async def first(headers):
        async with websockets.connect(url, origin=daphne_server, additional_headers=headers) as ws:
            return json.loads(await asyncio.wait_for(ws.recv(), 10))["html"]

    assert "What happened" in run_async(first({"Accept-Language": "en-US,en;q=0.9"}))
    assert "Qué pasó" in run_async(first({"Accept-Language": "en-US", "Cookie": "django_language=es"}))
    assert "Qué pasó" in run_async(first({}))


def test_an_idle_socket_still_receives_the_next_move(daphne_server, started_game, players):
    """A watcher who waits longer than Redis's read timeout still gets the push."""
    game = started_game
    rs = get(game.ruleset)
    seat = rs.to_move(game.state)[0]
    url = daphne_server.replace("http", "ws") + f"/ws/games/{game.pk}/?format=json"

    async def scenario():
        async with websockets.connect(url, origin=daphne_server) as ws:
            await recv_type(ws, "sync")
            await asyncio.sleep(7)
            await asyncio.to_thread(
                do_move, game.pk, seat=seat, action=rs.legal_actions(game.state, seat)[0], expected_version=0,
                actor=seat_user(game, players, seat), source="api")
            return await recv_type(ws, "update")

    assert run_async(scenario())["version"] == 1


def test_a_page_that_missed_a_push_gets_the_table_when_it_checks_in(daphne_server, started_game):
    """Layers drop messages silently: the page says which revision it shows every few seconds, and the server
    sends the table again only when the page is behind."""
    url = daphne_server.replace("http", "ws") + f"/ws/games/{started_game.pk}/?format=html"

    async def scenario():
        async with websockets.connect(url, origin=daphne_server) as ws:
            first = json.loads(await asyncio.wait_for(ws.recv(), 10))
            await ws.send(json.dumps({"type": "hello", "rev": first["rev"]}))
            try:
                extra = await asyncio.wait_for(ws.recv(), 1.0)
            except TimeoutError:
                extra = None
            await ws.send(json.dumps({"type": "hello", "rev": first["rev"] - 1}))
            again = json.loads(await asyncio.wait_for(ws.recv(), 10))
            return first, extra, again

    first, extra, again = run_async(scenario())
    assert extra is None  # up to date: nothing sent
    assert again["type"] == "table" and again["rev"] == first["rev"]


@pytest.mark.parametrize("keep", [1, 2])
def test_a_page_that_keeps_the_board_gets_placeholders_and_the_whole_table_when_it_asks(
        daphne_server, started_game, players, keep):
    """A page that fills placeholders (``keep=1``; ``keep=2``, as static/js/table.js asks, fills runs of them
    too) is sent the board's elements it already shows as ``data-keep`` placeholders after its first table;
    ``hello`` with ``full`` (the page lacked one) brings the whole table again."""
    game = started_game
    rs = get(game.ruleset)
    seat = rs.to_move(game.state)[0]
    url = daphne_server.replace("http", "ws") + f"/ws/games/{game.pk}/?format=html&keep={keep}"

    async def scenario():
        async with websockets.connect(url, origin=daphne_server, max_size=2**22) as ws:
            first = await recv_type(ws, "table")
            await asyncio.to_thread(
                do_move, game.pk, seat=seat, action=rs.legal_actions(game.state, seat)[0], expected_version=0,
                actor=seat_user(game, players, seat), source="api")
            pushed = await recv_type(ws, "table")
            await ws.send(json.dumps({"type": "hello", "rev": pushed["rev"], "full": True}))
            return first, pushed, await recv_type(ws, "table")

    first, pushed, again = run_async(scenario())
    assert "data-keep=" not in first["html"] and first["html"].count("data-part=") >= 42  # every space, at least
    if keep == 1:
        assert pushed["version"] == 1 and pushed["html"].count("data-keep=") >= 38  # a move changes a few spaces
        assert "data-run=" not in pushed["html"]
    else:  # the unchanged spaces in a few runs
        runs = [int(n) for n in re.findall(r'data-run="(\d+)"', pushed["html"])]
        assert pushed["version"] == 1 and sum(runs) >= 38 and pushed["html"].count("data-keep=") < 10
    assert len(pushed["html"]) < len(first["html"]) / 2
    assert again["rev"] == pushed["rev"] and "data-keep=" not in again["html"]


def test_the_move_that_ends_a_game_reaches_the_sockets_watching_it(daphne_server, players):
    """The last move's layer message carries a finished revision: every socket is sent it at once (the JSON
    client has no periodic check that would repair a push never sent), the seat and the spectator alike."""
    import random

    from games.tables import lifecycle as tables

    game = tables.do_create_table(players[0], "estanciero", 2, time_control="correspondence",
                                  options={"max_turns": 2})
    tables.do_join(game.pk, players[1])
    tables.do_start(game.pk, players[0])
    rs = get(game.ruleset)
    url = daphne_server.replace("http", "ws") + f"/ws/games/{game.pk}/?format=json"

    def play_to_the_end() -> int:
        rng = random.Random(3)
        for _ in range(500):
            game.refresh_from_db()
            if game.status != Game.Status.ACTIVE:
                return game.version
            seat = rs.to_move(game.state)[0]
            do_move(game.pk, seat=seat, action=rng.choice(rs.legal_actions(game.state, seat)),
                    expected_version=game.version, actor=seat_user(game, players, seat), source="api")
        raise AssertionError("the game did not end")

    async def newest(ws, version: int) -> dict:
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if message.get("version") == version:
                return message

    async def scenario():
        token = ApiToken.issue(players[0], "end")[1]
        async with websockets.connect(url, origin=daphne_server) as spectator, \
                websockets.connect(f"{url}&token={token}", origin=daphne_server) as seat:
            await recv_type(spectator, "sync")
            await recv_type(seat, "sync")
            last = await asyncio.to_thread(play_to_the_end)
            return last, await newest(spectator, last), await newest(seat, last)

    last, seen_by_spectator, seen_by_seat = run_async(scenario())
    for message in (seen_by_spectator, seen_by_seat):
        assert message["type"] == "update" and message["version"] == last
        assert message["status"] == Game.Status.FINISHED
