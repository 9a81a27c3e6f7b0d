"""The site through PgBouncer in transaction mode (``DB_PGBOUNCER=1``, docs/DEPLOY.md "PgBouncer"): the move
path's guarded write and the sockets' fast path work through it, and however many processes and threads ask,
PostgreSQL sees at most PgBouncer's ``default_pool_size`` connections.

A real PgBouncer (``tests.fixtures.pgbouncer``) in front of the test database, with a pool of ``SERVER_POOL``
server connections; two Daphne processes of this test's, each with its own pool of ``PROCESS_POOL``
connections to PgBouncer (so up to ``2 x PROCESS_POOL`` clients share ``SERVER_POOL`` servers). The test's own
process sets the games up straight on PostgreSQL.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
import websockets
from django.core.exceptions import ImproperlyConfigured
from django.db import connection  # noqa: F401 (the skipif condition reads it)

from config.postgresql.pool import behind_pgbouncer
from tests.fixtures.database import two_player_api_game
from tests.fixtures.pgbouncer import start_pgbouncer
from tests.fixtures.servers import Proc, free_port, server_env, start_celery_worker, stop_procs, wait_http
from tests.support import ROOT, run_async, wait_until
from tests.test_db_pool import racing_moves, request

SERVER_POOL = 3
PROCESS_POOL = 4
CLIENTS = 16
DAPHNES = 2


def test_the_pgbouncer_setting_applies_transaction_mode_and_refuses_what_cannot_work():
    db = {"ENGINE": "config.postgresql", "OPTIONS": {"pool": {"max_size": 4}}}
    behind_pgbouncer(db)
    assert db["DISABLE_SERVER_SIDE_CURSORS"] is True
    assert db["OPTIONS"] == {"pool": {"max_size": 4}, "prepare_threshold": None}  # the process's pool stays
    for bad, says in (({"ENGINE": "django.db.backends.sqlite3"}, "PostgreSQL DATABASE_URL"),
                      ({"ENGINE": "config.postgresql", "OPTIONS": {"prepare_threshold": 5}}, "prepared"),
                      ({"ENGINE": "config.postgresql", "OPTIONS": {"server_side_binding": True}}, "binding")):
        with pytest.raises(ImproperlyConfigured, match=says):
            behind_pgbouncer(bad)


@pytest.fixture
def bouncer(transactional_db):
    pgb = start_pgbouncer(SERVER_POOL)
    try:
        yield pgb
    finally:
        pgb.stop()


@pytest.fixture
def daphnes(bouncer):
    """``DAPHNES`` Daphne processes whose database is PgBouncer, each with a pool of ``PROCESS_POOL``; their
    base URLs."""
    env = server_env()
    env.update(DATABASE_URL=bouncer.url(), DB_PGBOUNCER="1", DB_POOL_MAX_SIZE=str(PROCESS_POOL),
               DB_POOL_MIN_SIZE=str(PROCESS_POOL))
    env.pop("DB_CONN_MAX_AGE", None)
    procs, bases = [], []
    try:
        for n in range(DAPHNES):
            port = free_port()
            procs.append(Proc(f"daphne-pgbouncer-{n}", [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p",
                                                         str(port), "config.asgi:application"], env))
            bases.append(f"http://127.0.0.1:{port}")
            wait_http(bases[-1] + "/healthz", procs[-1])
        yield bases
    finally:
        stop_procs(*procs)


pytestmark = [pytest.mark.skipif("connection.vendor != 'postgresql'")]


def watch_pools(bouncer, done: threading.Event, peaks: dict[str, int]) -> threading.Thread:
    """Peaks of PgBouncer's server connections and of its clients (active or waiting) while ``done`` is unset."""
    def watch():
        while not done.is_set():
            rows = [r for r in bouncer.console("SHOW POOLS") if r["database"] == bouncer.dbname]
            servers = sum(int(r[k]) for r in rows for k in ("sv_active", "sv_idle", "sv_used", "sv_tested",
                                                           "sv_login"))
            clients = sum(int(r["cl_active"]) + int(r["cl_waiting"]) for r in rows)
            peaks["servers"], peaks["clients"] = max(peaks["servers"], servers), max(peaks["clients"], clients)
            done.wait(0.05)

    thread = threading.Thread(target=watch)
    thread.start()
    return thread


def test_what_the_setting_refuses_breaks_through_pgbouncer_and_what_it_keeps_does_not(bouncer):
    """Why ``behind_pgbouncer`` refuses server-side binding with prepared statements: through PgBouncer in
    transaction mode the statement one client prepared is on a server connection the next client gets
    ("prepared statement "_pg3_0" already exists"). Django's client-side cursors with ``prepare_threshold``
    ``None`` (what the setting keeps) run the same queries from the same threads without an error."""
    import psycopg

    def errors(cursor_of, **kwargs) -> list[str]:
        found: list[str] = []

        def client():
            try:
                with psycopg.connect(bouncer.url(), autocommit=True, **kwargs) as conn:
                    cursor = cursor_of(conn)
                    for i in range(50):
                        cursor.execute("SELECT %s::int + 1", (i,))
                        assert cursor.fetchone() == (i + 1,)
            except psycopg.Error as e:
                found.append(type(e).__name__)

        threads = [threading.Thread(target=client) for _ in range(SERVER_POOL * 2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return found

    assert "DuplicatePreparedStatement" in errors(lambda c: c.cursor(), prepare_threshold=0)
    assert errors(psycopg.ClientCursor, prepare_threshold=None) == []


@pytest.mark.timeout(300)
def test_many_processes_and_threads_share_the_pgbouncer_pool_and_every_move_is_written_once(bouncer, daphnes):
    game, tokens = two_player_api_game("pgb")

    def moves(i: int) -> list[int]:
        """Racing movers through either Daphne (``racing_moves``)."""
        return racing_moves([f"{daphnes[(i + n) % DAPHNES]}/api/v1/games/{game.pk}" for n in range(8)], tokens)

    peaks, done = {"servers": 0, "clients": 0}, threading.Event()
    watcher = watch_pools(bouncer, done, peaks)
    try:
        with ThreadPoolExecutor(CLIENTS) as flood:
            codes = [c for job in [flood.submit(moves, i) for i in range(CLIENTS * 2)] for c in job.result()]
    finally:
        done.set()
        watcher.join()

    assert codes and not [c for c in codes if c >= 500], sorted(set(codes))
    game.refresh_from_db()
    assert game.version >= 10 and codes.count(200) > game.version
    # Each accepted move written once, in order: the guarded write held through PgBouncer.
    assert list(game.moves.order_by("seq").values_list("seq", flat=True)) == list(range(1, game.version + 1))
    # More clients than servers at once, and never more servers than PgBouncer's pool.
    print("PgBouncer pools peak:", peaks, "moves:", game.version, "requests:", len(codes))
    assert peaks["clients"] > SERVER_POOL, peaks
    assert 1 <= peaks["servers"] <= SERVER_POOL, peaks
    assert bouncer.server_connections() <= SERVER_POOL


@pytest.mark.timeout(120)
def test_two_racing_moves_through_two_processes_are_applied_once(bouncer, daphnes):
    """The same move at the same version sent at once to both Daphnes: one is written, the other is told the
    game moved on (409), however PgBouncer interleaves their transactions on its server connections."""
    game, tokens = two_player_api_game("pgb-race")
    for round_ in range(6):
        url = f"{daphnes[0]}/api/v1/games/{game.pk}"
        _, mine = request(url, tokens[0])
        seat = mine["to_move"][0]
        _, theirs = request(url, tokens[seat])
        body = {"action": theirs["legal_actions"][0], "version": theirs["version"]}
        start = threading.Barrier(2)

        def post(base: str, start=start, token=tokens[seat], body=body) -> int:
            start.wait()
            return request(f"{base}/api/v1/games/{game.pk}/actions", token, body)[0]

        with ThreadPoolExecutor(2) as pair:
            codes = sorted(pair.map(post, daphnes))
        assert codes == [200, 409], (round_, codes)
        game.refresh_from_db()
        assert game.version == theirs["version"] + 1
        assert game.moves.filter(seq=game.version).count() == 1


@pytest.mark.timeout(120)
def test_a_move_over_a_socket_through_pgbouncer_reaches_a_socket_of_the_other_process(bouncer, daphnes):
    """The sockets' fast path (the move made in the socket's Daphne, its database calls through PgBouncer) and
    its broadcast to a socket of the other Daphne; the same move sent again at the old version is refused."""
    game, tokens = two_player_api_game("pgb-ws")
    status, mine = request(f"{daphnes[0]}/api/v1/games/{game.pk}", tokens[0])
    seat = mine["to_move"][0]

    async def recv_type(ws, kind: str) -> dict:
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 15))
            if message["type"] == kind:
                return message

    async def scenario():
        urls = [base.replace("http", "ws") + f"/ws/games/{game.pk}/?format=json" for base in daphnes]
        async with websockets.connect(f"{urls[0]}&token={tokens[seat]}", origin=daphnes[0]) as mover, \
                websockets.connect(f"{urls[1]}&token={tokens[1 - seat]}", origin=daphnes[1]) as watcher:
            sync = await recv_type(mover, "sync")
            await recv_type(watcher, "sync")
            act = {"type": "act", "action": sync["legal_actions"][0], "version": sync["version"]}
            await mover.send(json.dumps(act))
            accepted = await recv_type(mover, "accepted")
            update = await recv_type(watcher, "update")
            await mover.send(json.dumps(act))
            refused = await recv_type(mover, "error")
            return sync, accepted, update, refused

    sync, accepted, update, refused = run_async(scenario())
    assert accepted["version"] == update["version"] == sync["version"] + 1
    assert refused["error"] == "stale"
    game.refresh_from_db()
    assert game.version == sync["version"] + 1 and game.moves.count() == game.version


# Run in a subprocess with the worker's settings, so that the table's tasks go to that worker's own queue.
CREATE_BOT_TABLE = """
import django; django.setup()
from accounts.models import User
from games.tables import lifecycle as tables
owner = User.objects.create_user("dueña", password="pw-duena-123")
print(tables.do_create_table(owner, "estanciero", 3, bots=3, options={"max_turns": 2}).pk)
"""


def transactions(bouncer) -> int:
    """The transactions PgBouncer has carried to the test database since it started (``SHOW STATS``)."""
    return sum(int(row["total_xact_count"]) for row in bouncer.console("SHOW STATS") if row["database"] == bouncer.dbname)


@pytest.mark.timeout(200)
def test_a_celery_worker_through_pgbouncer_plays_a_bot_table_to_its_end(bouncer):
    """The bots' moves are the move path run by a Celery worker (``games.tasks``): a worker whose database is
    PgBouncer plays a bot-only table to its end, every move written once in order. The worker and the table's
    creator have a queue of their own: the session's worker (straight to PostgreSQL) must not play it instead."""
    from games.models import Game, Move

    env = server_env()
    env.update(DATABASE_URL=bouncer.url(), DB_PGBOUNCER="1", DB_POOL_MAX_SIZE="2",
               CELERY_QUEUE=f"pgbouncer-{bouncer.port}")
    env.pop("DB_CONN_MAX_AGE", None)
    worker = start_celery_worker("celery-pgbouncer", env)
    before = transactions(bouncer)
    try:
        made = subprocess.run([sys.executable, "-c", CREATE_BOT_TABLE], env=env, cwd=ROOT, capture_output=True,
                              text=True, timeout=120)
        assert made.returncode == 0, made.stderr[-3000:]
        game = Game.objects.get(pk=int(made.stdout.strip().splitlines()[-1]))
        assert wait_until(lambda: Game.objects.get(pk=game.pk).status == Game.Status.FINISHED, timeout=150,
                          step=0.5), worker.tail()
        # Every write of the game (the table, then each bot move) went through PgBouncer.
        assert transactions(bouncer) - before >= Move.objects.filter(game=game).count() > 0
        assert list(Move.objects.filter(game=game).order_by("seq").values_list("seq", flat=True)) == \
            list(range(1, Move.objects.filter(game=game).count() + 1))
    finally:
        Game.objects.filter(status=Game.Status.ACTIVE).update(status=Game.Status.ABORTED)
        stop_procs(worker)
    game.refresh_from_db()
    assert game.outcome["ranking"]
    assert list(game.moves.order_by("seq").values_list("seq", flat=True)) == list(range(1, game.version + 1))
    assert set(game.moves.values_list("source", flat=True)) == {"bot"}
    assert bouncer.server_connections() <= SERVER_POOL
