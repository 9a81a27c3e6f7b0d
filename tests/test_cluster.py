"""Two nodes behind a real HAProxy (``tests.fixtures.cluster``; ``make test-cluster``): what one node does reaches
the sockets and the browsers connected through the other, once and in order.

Each node is its own Daphne processes and Celery worker; they share PostgreSQL and Redis only. Moves are made
through the JSON API of one node, directly on its port; sockets listen directly on each node and through HAProxy
(whose ``X-Tablero-Node`` header names the node that took the socket). Latencies are printed, never asserted:
the machine running the suite may be busy."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.request

import pytest
import websockets

from accounts.models import ApiToken
from games.tests.conftest import make_users, open_table
from games.tests.test_browser_game import login
from tests.fixtures.cluster import haproxy_config
from tests.support import ROOT, run_async, wait_until

pytestmark = [pytest.mark.cluster, pytest.mark.django_db(transaction=True)]

WAIT = 60  # seconds a message may take on a busy machine before the test gives up


def api(base: str, path: str, token: str, body: dict | None = None) -> tuple[int, dict]:
    request = urllib.request.Request(base + path, headers={"Authorization": f"Bearer {token}",
                                                           "Content-Type": "application/json"},
                                     data=None if body is None else json.dumps(body).encode(),
                                     method="GET" if body is None else "POST")
    with urllib.request.urlopen(request, timeout=WAIT) as response:
        return response.status, json.loads(response.read())


def move_through(base: str, game_id: int, tokens: dict[int, str]) -> int:
    """The first legal move of the seat to move, made through the API at ``base``; the game's new version."""
    _, game = api(base, f"/api/v1/games/{game_id}", tokens[0])
    seat = game["to_move"][0]
    _, mine = api(base, f"/api/v1/games/{game_id}", tokens[seat])
    status, result = api(base, f"/api/v1/games/{game_id}/actions", tokens[seat],
                         {"action": mine["legal_actions"][0], "version": mine["version"]})
    assert status == 200, result
    return result["version"]


def ws(base: str, path: str) -> str:
    return base.replace("http", "ws", 1) + path


async def connect(base: str, path: str):
    """A websocket on ``path`` at ``base`` and the node that took it (HAProxy's header; None when direct)."""
    socket = await websockets.connect(ws(base, path), origin=base, open_timeout=WAIT)
    return socket, socket.response.headers.get("X-Tablero-Node")


async def node_taking(base: str, path: str) -> str | None:
    socket, node = await connect(base, path)
    await socket.close()
    return node


async def recv_type(socket, kind: str) -> dict:
    while True:
        message = json.loads(await asyncio.wait_for(socket.recv(), WAIT))
        if message["type"] == kind:
            return message


def started_game_with_tokens():
    users = make_users("ana", "beto")
    game = open_table("estanciero", users, start=True)
    seat_of = {s.user_id: s.index for s in game.seats.all()}
    return game, {seat_of[u.pk]: ApiToken.issue(u, "cluster")[1] for u in users}


def test_the_two_machine_recipe_shows_the_tested_configuration():
    """docs/DEPLOY.md's HAProxy configuration is what the cluster fixture writes, with its addresses."""
    text = (ROOT / "docs" / "DEPLOY.md").read_text(encoding="utf-8")
    shown = haproxy_config(443, {"a": "10.0.0.11:8000", "b": "10.0.0.12:8000"}, bind="*",
                           check_host="tablero.example", crt="/etc/haproxy/tablero.pem")
    assert f"```haproxy\n{shown}```" in text


def test_the_health_check_is_answered_where_https_is_required(db, settings):
    """Behind SECURE_SSL_REDIRECT the check's own request (a host of ALLOWED_HOSTS, X-Forwarded-Proto https) gets
    200, where one without the header would be redirected and the node counted down."""
    from django.test import Client

    settings.SECURE_SSL_REDIRECT = True
    settings.ALLOWED_HOSTS = ["tablero.example"]
    assert Client().get("/healthz", HTTP_HOST="tablero.example").status_code == 301
    answer = Client().get("/healthz", HTTP_HOST="tablero.example", HTTP_X_FORWARDED_PROTO="https")
    assert answer.status_code == 200 and answer.json() == {"ok": True}


def test_the_proxy_checks_both_nodes_and_uses_both(cluster):
    """HAProxy's health checks on /healthz see both nodes UP, and its answers come from both."""
    assert wait_until(lambda: cluster.servers_up() == {"a": "UP", "b": "UP"}, timeout=WAIT), cluster.servers_up()
    served = set()
    for _ in range(20):
        with urllib.request.urlopen(cluster.url + "/healthz", timeout=WAIT) as response:
            assert response.status == 200
            served.add(response.headers["X-Tablero-Node"])
    assert served == {"a", "b"}


def test_moves_made_through_either_node_reach_sockets_on_both_once_and_in_order(cluster):
    game, tokens = started_game_with_tokens()
    nodes = cluster.nodes
    path = f"/ws/games/{game.pk}/?format=json"
    moves = 6

    async def scenario():
        on_a, _ = await connect(nodes["a"].url, path)
        on_b, _ = await connect(nodes["b"].url, path)
        proxied, proxied_node = await connect(cluster.url, path)
        sockets = {"a": on_a, "b": on_b, f"proxy->{proxied_node}": proxied}
        try:
            for socket in sockets.values():
                assert (await recv_type(socket, "sync"))["version"] == 0
            seen: dict[str, list[int]] = {name: [] for name in sockets}
            latencies: list[float] = []
            for i in range(moves):
                through = "ab"[i % 2]
                started = time.monotonic()
                version = await asyncio.to_thread(move_through, nodes[through].url, game.pk, tokens)
                assert version == i + 1
                for name, socket in sockets.items():
                    while version not in seen[name]:
                        update = await recv_type(socket, "update")
                        seen[name] += [m["seq"] for m in update["moves"]]
                    latencies.append(time.monotonic() - started)
            return proxied_node, seen, latencies
        finally:
            for socket in sockets.values():
                await socket.close()

    proxied_node, seen, latencies = run_async(scenario())
    assert proxied_node in ("a", "b")
    # Every socket saw each move once, in order, whichever node made it and whichever node holds the socket.
    for name, seqs in seen.items():
        assert seqs == list(range(1, moves + 1)), (name, seqs)
    game.refresh_from_db()
    assert game.version == moves
    print(f"\nmove made on one node -> update on every socket (3 sockets, {moves} moves alternating a/b, the proxied "
          f"socket on {proxied_node}): median {sorted(latencies)[len(latencies) // 2] * 1000:.0f} ms, "
          f"max {max(latencies) * 1000:.0f} ms")


def test_a_table_created_on_one_node_reaches_lobby_sockets_on_both(cluster):
    users = make_users("ana", "beto")
    tokens = [ApiToken.issue(u, "cluster")[1] for u in users]
    nodes = cluster.nodes

    async def scenario():
        on_a, _ = await connect(nodes["a"].url, "/ws/lobby/")
        on_b, _ = await connect(nodes["b"].url, "/ws/lobby/")
        proxied, proxied_node = await connect(cluster.url, "/ws/lobby/")
        sockets = {"a": on_a, "b": on_b, f"proxy->{proxied_node}": proxied}
        try:
            revs = {name: (await recv_type(socket, "lobby"))["rev"] for name, socket in sockets.items()}
            created, latencies = [], []
            for through, token in zip("ab", tokens, strict=True):
                started = time.monotonic()
                status, table = await asyncio.to_thread(
                    api, nodes[through].url, "/api/v1/tables", token,
                    {"ruleset": "estanciero", "seats": 3, "time_control": "correspondence"})
                assert status == 201, table
                created.append(table["id"])
                for name, socket in sockets.items():
                    while True:
                        lobby = await recv_type(socket, "lobby")
                        assert lobby["rev"] > revs[name]
                        revs[name] = lobby["rev"]
                        if f"/games/{table['id']}/" in lobby["html"]:
                            break
                    latencies.append(time.monotonic() - started)
            return created, latencies
        finally:
            for socket in sockets.values():
                await socket.close()

    created, latencies = run_async(scenario())
    assert len(set(created)) == 2
    print(f"\ntable created on one node -> lobby on every socket (3 sockets, 2 tables): "
          f"max {max(latencies) * 1000:.0f} ms")


@pytest.mark.browser
def test_a_browser_through_the_proxy_sees_moves_made_through_each_node(cluster, browser):
    from tests.fixtures.browsers import page_version, screenshot, wait_for_version_above

    game, tokens = started_game_with_tokens()
    context = browser.new_context(viewport={"width": 1280, "height": 860}, locale="en")
    page = context.new_page()
    login(page, cluster.url, "ana", "pw-ana-123")  # make_users' password
    page.goto(f"{cluster.url}/games/{game.pk}/")
    page.wait_for_function("() => document.getElementById('conn-status').hidden", timeout=WAIT * 1000)
    # The page's socket went through HAProxy, whose hash on the path sends every socket of this game to one node:
    # a socket of ours on the same path names it.
    browser_node = run_async(node_taking(cluster.url, f"/ws/games/{game.pk}/?format=json"))
    assert browser_node in ("a", "b")
    latencies = {}
    for through in ("a", "b"):
        version = page_version(page)
        started = time.monotonic()
        move_through(cluster.nodes[through].url, game.pk, tokens)
        wait_for_version_above(page, version, timeout=WAIT * 1000)
        latencies[through] = time.monotonic() - started
        assert page_version(page) == version + 1
    screenshot(page, "cluster-browser")
    print(f"\nbrowser through HAProxy (its socket on node {browser_node}): move through a -> page "
          f"{latencies['a'] * 1000:.0f} ms, through b -> page {latencies['b'] * 1000:.0f} ms")
