"""The PostgreSQL connections a Daphne process holds are bounded by its pool (``DB_POOL_MAX_SIZE``,
config/postgresql/pool.py), whatever the traffic.

Daphne runs each HTTP request's sync view in a thread of its own; with connections kept per thread a burst of
requests left a process holding one per request it had ever run at once (issue 40: 3 -> 223, and 399 of 400
under concurrent moves, then "too many clients" for everyone). A Daphne of this test's own, with a pool of
``BOUND`` connections and its connections named (``PGAPPNAME``) so they can be told from the test's, is flooded
with page and API reads and moves from many threads; its connections are counted in ``pg_stat_activity``
all along.
"""

from __future__ import annotations

import json
import sys
import threading
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection  # noqa: F401 (the skipif condition reads it)

from tests.fixtures.database import other_connection, two_player_api_game
from tests.fixtures.servers import Proc, free_port, server_env, stop_procs, wait_http

pytestmark = [pytest.mark.django_db(transaction=True),
              pytest.mark.skipif("connection.vendor != 'postgresql'")]

BOUND = 4
CLIENTS = 16
APP_NAME = "tablero-pool-flood"


def request(url: str, token: str | None = None, body: dict | None = None) -> tuple[int, dict | None]:
    """One HTTP request; (status, JSON body or None for a page)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    data = None
    if body is not None:
        data, headers["Content-Type"] = json.dumps(body).encode(), "application/json"
    req = urllib.request.Request(url, data=data, headers=headers, method="POST" if body is not None else "GET")
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            raw, status, kind = r.read(), r.status, r.headers.get("Content-Type", "")
    except urllib.error.HTTPError as e:
        raw, status, kind = e.read(), e.code, e.headers.get("Content-Type", "")
    return status, json.loads(raw) if kind.startswith("application/json") and raw else None


def racing_moves(game_urls: list[str], tokens: dict[int, str]) -> list[int]:
    """At each of ``game_urls`` (a game's API address) in turn: read the game, then make the first legal move of
    the seat on turn at the version read. The statuses of every request: racing movers get a 409, never a 500."""
    codes = []
    for url in game_urls:
        status, mine = request(url, tokens[0])
        codes.append(status)
        if status != 200 or not mine.get("to_move"):
            continue
        seat = mine["to_move"][0]
        status, theirs = request(url, tokens[seat])
        codes.append(status)
        if status == 200 and theirs.get("legal_actions"):
            codes.append(request(url + "/actions", tokens[seat],
                                 {"action": theirs["legal_actions"][0], "version": theirs["version"]})[0])
    return codes


def count_connections(admin) -> int:
    return admin.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                         "AND application_name = %s", (APP_NAME,)).fetchone()[0]


@pytest.fixture
def pooled_daphne():
    """A Daphne of this test's, whose pool holds at most ``BOUND`` connections."""
    env = server_env()
    env.update(DB_POOL_MAX_SIZE=str(BOUND), DB_POOL_MIN_SIZE="1", PGAPPNAME=APP_NAME)
    env.pop("DB_CONN_MAX_AGE", None)
    port = free_port()
    proc = Proc("daphne-pool", [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                                "config.asgi:application"], env)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_http(base + "/healthz", proc)
        yield base
    finally:
        stop_procs(proc)


@pytest.mark.timeout(300)
def test_a_flood_of_requests_and_moves_stays_within_the_pool(pooled_daphne):
    game, tokens = two_player_api_game("pool")
    detail_url = f"{pooled_daphne}/api/v1/games/{game.pk}"

    def reads(i: int) -> list[int]:
        urls = [f"{pooled_daphne}/", detail_url, f"{pooled_daphne}/api/v1/tables", f"{pooled_daphne}/games/{game.pk}/"]
        return [request(urls[(i + n) % len(urls)], tokens[n % 2])[0] for n in range(12)]

    def moves(_i: int) -> list[int]:
        return racing_moves([detail_url] * 6, tokens)

    peak, done = [0], threading.Event()
    with other_connection(autocommit=True) as admin:
        def watch():
            while not done.is_set():
                peak[0] = max(peak[0], count_connections(admin))
                done.wait(0.02)

        watcher = threading.Thread(target=watch)
        watcher.start()
        try:
            with ThreadPoolExecutor(CLIENTS) as flood:
                jobs = [flood.submit(reads if i % 4 else moves, i) for i in range(CLIENTS * 2)]
                codes = [code for job in jobs for code in job.result()]
        finally:
            done.set()
            watcher.join()
        after = count_connections(admin)

    assert codes and not [c for c in codes if c >= 500], sorted(set(codes))
    assert 200 in codes
    assert 1 <= peak[0] <= BOUND, f"{peak[0]} connections for a pool of {BOUND}"
    assert after <= BOUND
