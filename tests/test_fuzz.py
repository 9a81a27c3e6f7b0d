"""Fuzz a running server: thousands of hostile websocket messages and API requests.

Each must get an ``error`` message (socket) or a 4xx (API); the server stays up, every socket stays open,
and no game changes. ``FUZZ_MESSAGES`` sizes it (socket messages; the API gets half as many requests);
the counts are printed (``-s``) and written to test-artifacts/fuzz-counts.json.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import random
import sys
import time
import urllib.parse
from collections import Counter

import pytest
import websockets

from accounts.models import ApiToken, User
from games.core.rulesets import get, names
from games.models import Game, Move
from games.tables import lifecycle as tables
from tests.fixtures.servers import Proc, free_port, server_env, wait_http
from tests.support import ARTIFACTS, run_async

pytestmark = pytest.mark.django_db(transaction=True)

FUZZ_MESSAGES = int(os.environ.get("FUZZ_MESSAGES", 1600))
CONNECTIONS = 4
NASTY_VALUES = [
    {"wood": 1}, [1, 2], [[[[[[[[[[[[1]]]]]]]]]]]], True, -1, 2**70, 1.5, "", "x" * 5000, "\u0000",
    "a\u0000b", "\ud800", "\udfff", "\u202e", "<script>alert(1)</script>", "1 OR 1=1", "../../etc/passwd",
]
RAW_NASTY = ["NaN", "Infinity", "-Infinity", "1e400", '"\\ud800"', '"\\u0000"', '"\\udc00\\ud800"']


@pytest.fixture(scope="module")
def fuzz_server(django_db_setup, django_db_blocker):
    """A Daphne of our own, with rate limits high enough that the fuzz reaches every check."""
    env = server_env()
    env.update(SOCKET_RATE_LIMIT="100000/10s", SOCKET_USER_RATE_LIMIT="100000/10s",
               API_RATE_LIMIT="100000/60s", API_ANON_RATE_LIMIT="100000/60s", TABLE_CREATE_RATE_LIMIT="100000/60s",
               CACHE_PREFIX="tablero-fuzz")  # its counters never touch the other servers' and tests' limits
    port = free_port()
    proc = Proc("daphne-fuzz", [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                                "config.asgi:application"], env)
    base = f"http://127.0.0.1:{port}"
    wait_http(base + "/healthz", proc)
    yield base, proc
    proc.stop()


def started_games(users) -> list[Game]:
    games = []
    for ruleset in names():
        seats = get(ruleset).min_players
        g = tables.do_create_table(users[0], ruleset, seats, time_control="correspondence")
        for user in users[1:seats]:
            tables.do_join(g.pk, user)
        tables.do_start(g.pk, users[0])
        games.append(Game.objects.get(pk=g.pk))
    return games


def mutate(action: dict, rng: random.Random) -> str:
    """A legal action made hostile, as JSON text (raw tokens such as NaN spliced in)."""
    action = dict(action)
    keys = [k for k in action if k != "type"]
    how = rng.randrange(6)
    if how == 0 or not keys:
        action[rng.choice(["pad", "x", "__proto__", "type2"])] = rng.choice(NASTY_VALUES[:14] + ["x" * 900])
    elif how == 1:
        action[rng.choice(keys)] = rng.choice(NASTY_VALUES)
    elif how == 2:
        key = rng.choice(keys)
        action[key] = "@@RAW@@"
        return json.dumps(action).replace('"@@RAW@@"', rng.choice(RAW_NASTY))
    elif how == 3:
        action["type"] = rng.choice(["", "x" * 300, "ROLL", "roll\u0000", "\ud800", "__class__", "rol"])
    elif how == 4:
        del action["type"]
        action["kind"] = "roll"
    else:
        action[rng.choice(keys)] = {"$gt": ""}
    return json.dumps(action)


def socket_message(rng: random.Random, legal: list[dict], version: int) -> tuple[str | bytes, str]:
    """One hostile message and what it may be answered with ('error', or 'sync' for a hello)."""
    kind = rng.randrange(10)
    if kind == 0:
        depth = rng.choice([50, 2000, 20000])
        return "[" * depth + "]" * depth, "error"
    if kind == 1:
        return rng.choice(["", "{", "null", "[]", "3", '"act"', "{}", '{"type": null}', '{"type": {"a": 1}}',
                           '{"type": "act"}', '{"type": "act", "action": null}', '{"type": "nope"}',
                           '{"type": "act", "action": "roll"}']), "error"
    if kind == 2:
        return '{"type": "act", "action": {"type": "roll"}, "version": ' + rng.choice(RAW_NASTY) + "}", "error"
    if kind == 3:
        return json.dumps({"type": "act", "action": {"type": "roll"}, "pad": "x" * rng.choice([17000, 100_000])}), \
            "error"
    if kind == 4:
        return bytes(rng.getrandbits(8) for _ in range(rng.randrange(1, 64))), "error"
    if kind == 5:
        raw = rng.choice(RAW_NASTY + ['{"a": "\\u0000"}', "[" * 9 + "]" * 9])
        return '{"type": "hello", "version": ' + raw + "}", "error|sync"
    action = mutate(rng.choice(legal), rng) if legal else '{"type": "roll", "x": NaN}'
    bad_version = rng.random() < 0.1
    v = rng.choice(["true", '"1"', "1.0", "-1", str(2**70)]) if bad_version else str(version)
    return '{"type": "act", "action": ' + action + ', "version": ' + v + "}", "error"


async def fuzz_socket(url: str, origin: str, n: int, seed: int, legal: list[dict], version: int) -> Counter:
    rng = random.Random(seed)
    counts: Counter = Counter()
    async with websockets.connect(url, origin=origin, max_size=None) as ws:
        first = json.loads(await asyncio.wait_for(ws.recv(), 10))
        assert first["type"] == "sync"
        for _ in range(n):
            message, expected = socket_message(rng, legal, version)
            await ws.send(message)
            reply = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert reply["type"] in expected.split("|"), (message[:200], reply)
            if reply["type"] == "error":
                assert reply["message"] and reply["error"] != "server_error", (message[:200], reply)
                counts[f"error:{reply['error']}"] += 1
            else:
                counts[reply["type"]] += 1
        await ws.send(json.dumps({"type": "hello", "version": -1}))  # still open and serving
        assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] == "sync"
    return counts


def api_requests(rng: random.Random, game_ids: list[int], legal: dict[int, list[dict]], versions: dict[int, int]):
    gid = rng.choice(game_ids)
    kind = rng.randrange(8)
    if kind == 0:
        q = rng.choice(["%C2%B2", "%00", "-1", "1e400", "NaN", "99999999999999999999", "%ED%A0%80", "0x10", "%D9%A1"])
        return "GET", f"/api/v1/games/{gid}?since={q}", None
    if kind == 1:
        q = rng.choice(["%00", "%ED%A0%80", "lobby%00", "x" * 300, "'", "ACTIVE", "%FF"])
        return "GET", f"/api/v1/tables?status={q}", None
    if kind == 2:
        return rng.choice(["GET", "POST"]), rng.choice([f"/api/v1/games/{10**25}", f"/api/v1/games/{10**25}/log",
                                                        f"/api/v1/tables/{10**25}/join"]), None
    if kind == 3:
        field = rng.choice(["bots", "seats", "max_timeouts"])
        raw = rng.choice(RAW_NASTY + ["true", '"2x"', "[2]", '{"a": 1}', "-3", "2.5"])
        return "POST", "/api/v1/tables", '{"ruleset": "estanciero", "seats": 9, "' + field + '": ' + raw + "}"
    if kind == 4:
        raw = rng.choice(RAW_NASTY + ['"x"', "[1]", '{"a": {"b": {"c": {"d": {"e": {"f": 1}}}}}}'])
        return "POST", "/api/v1/tables", '{"ruleset": "estanciero", "seats": 9, "options": {"max_turns": ' + raw + "}}"
    if kind == 5:
        depth = rng.choice([100, 5000])
        return "POST", rng.choice(["/api/v1/tables", f"/api/v1/games/{gid}/actions"]), "[" * depth + "]" * depth
    action = mutate(rng.choice(legal[gid]), rng) if legal[gid] else '{"type": "roll", "x": NaN}'
    if kind == 6:
        return "POST", f"/api/v1/games/{gid}/actions", '{"action": ' + action + ', "version": ' + str(versions[gid]) + "}"
    return "POST", f"/api/v1/games/{gid}/actions", '{"action": {"type": "roll", "pad": "' + "x" * 40000 + '"}}'


def test_fuzz_the_socket_and_the_api_of_a_running_server(fuzz_server):
    base, proc = fuzz_server
    users = [User.objects.create_user(name, password=f"pw-{name}-123") for name in ("fuzz-ana", "fuzz-beto", "fuzz-caro")]
    games = started_games(users)
    before = {g.pk: (g.version, json.dumps(g.state, sort_keys=True)) for g in games}
    moves_before, games_before = Move.objects.count(), Game.objects.count()
    started = time.monotonic()

    # Sockets: each connection is the player on turn in one game (so acts reach the whole move path).
    jobs = []
    per = FUZZ_MESSAGES // CONNECTIONS
    for i in range(CONNECTIONS):
        game = games[i % len(games)]
        rs = get(game.ruleset)
        seat = rs.to_move(game.state)[0]
        user = game.seats.get(index=seat).user
        token = ApiToken.issue(user, f"fuzz{i}")[1]
        url = base.replace("http", "ws") + f"/ws/games/{game.pk}/?format=json&token={token}"
        jobs.append((url, per, i, rs.legal_actions(game.state, seat), game.version))

    async def all_sockets():
        return await asyncio.gather(*(fuzz_socket(url, base, n, seed, legal, v) for url, n, seed, legal, v in jobs))

    socket_counts = sum(run_async(all_sockets()), Counter())

    # A message over Daphne's own limit (1 MB) closes that socket (autobahn fails the connection: 1009, or
    # a dropped connection when the close frame crosses the rest of the upload); the server stays up.
    async def too_big():
        async with websockets.connect(jobs[0][0], origin=base, max_size=None) as ws:
            await ws.recv()
            await ws.send("x" * (1024 * 1024 + 10))
            try:
                await asyncio.wait_for(ws.recv(), 10)
            except websockets.ConnectionClosed as exc:
                return exc.rcvd.code if exc.rcvd else "dropped"
            return "open"

    oversized_close = run_async(too_big())

    # The API, with the token of a seated player (and anonymously for reads).
    rng = random.Random(99)
    token = ApiToken.issue(users[0], "fuzz-api")[1]
    legal, versions = {}, {}
    for g in games:
        seat = next(s.index for s in g.seats.all() if s.user_id == users[0].pk)
        legal[g.pk] = get(g.ruleset).legal_actions(g.state, seat)
        versions[g.pk] = g.version
    api_counts: Counter = Counter()
    host = urllib.parse.urlsplit(base)
    conn = http.client.HTTPConnection(host.hostname, host.port, timeout=20)
    for i in range(FUZZ_MESSAGES // 2):
        method, path, body = api_requests(rng, list(legal), legal, versions)
        headers = {"Content-Type": "application/json"}
        if i % 5:
            headers["Authorization"] = f"Bearer {token}"
        conn.request(method, path, body=body.encode("utf-8", "surrogatepass") if body is not None else None,
                     headers=headers)
        response = conn.getresponse()
        payload = response.read()
        assert 400 <= response.status < 500, (method, path, (body or "")[:200], response.status, payload[:300])
        api_counts[response.status] += 1
        if response.getheader("Connection", "").lower() == "close":
            conn.close()
            conn = http.client.HTTPConnection(host.hostname, host.port, timeout=20)
    conn.close()

    elapsed = time.monotonic() - started
    assert proc.popen.poll() is None, "Daphne died"
    wait_http(base + "/healthz", proc, timeout=5)
    for g in Game.objects.filter(pk__in=before):
        assert (g.version, json.dumps(g.state, sort_keys=True)) == before[g.pk], g.ruleset
    assert Move.objects.count() == moves_before and Game.objects.count() == games_before
    assert oversized_close in (1009, "dropped")
    assert sum(socket_counts.values()) == per * CONNECTIONS
    report = {"socket_messages": sum(socket_counts.values()), "socket_replies": dict(socket_counts),
              "api_requests": sum(api_counts.values()), "api_statuses": {str(k): v for k, v in api_counts.items()},
              "oversized_close_code": oversized_close, "seconds": round(elapsed, 1), "server_up": True,
              "games_unchanged": len(before)}
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "fuzz-counts.json").write_text(json.dumps(report, indent=1))
    print("\nfuzz:", json.dumps(report))
