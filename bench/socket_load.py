"""Load on the live game socket: how many moves per second Daphne pushes, how fast, at what cost.

Starts real Daphne processes on loopback (``--daphne N``, default 1) against the database ``DATABASE_URL``
(default PostgreSQL ``bench_load``) and Redis ``REDIS_URL`` (default database 8), with the rate limits
lifted. Seats K (``--games``) 4-seat Estanciero games, each between four users, in correspondence time (no
clocks within the next 30 minutes, no bots, so no Celery worker; ``--time-control live`` gives the tables a
clock, so that each move also queues its seat's timeout, which no worker fires), and opens five websockets per
game: the four seats and a spectator, all five on one Daphne process, the games round-robin over the processes (as a proxy hashing the socket's
path would place them). Then every game moves about ``--rate`` times a second: the seat
on move sends a legal action over its socket (or ``--via api``: ``POST /api/v1/games/<id>/actions``), and the
bench times each move from the send until all five sockets have received a message carrying the new version.
Moves are paced per game and never overlap in a game: a game whose last move is still in flight waits for it
(so a saturated server shows as a lower sustained rate, not as a queue growing without bound).

After a warm-up (``--warmup`` seconds), for ``--seconds`` it records:

- sustained moves/s (moves sent in the window and seen by all five sockets) and the rate offered (K x rate);
- latency p50/p95/p99/max, send to the fifth socket's message, in ms;
- messages and kB received per move, over the five sockets of the game;
- Daphne RSS per connection (VmRSS before and after opening the sockets);
- Daphne CPU ms per move (utime+stime), its share of a core, and its busiest thread's (the event loop or a
  database thread: one thread near 100% is a ceiling no matter how many cores are free);
- PostgreSQL transactions per move (``pg_stat_database``) and the CPU of the Daphne processes' backends;
- the Redis server's CPU per move (``INFO cpu``: all its clients, so give the bench a Redis server of its own);
- the whole machine's busy share (other work on the machine skews every figure), the bench client's own CPU;
- refused moves (an ``error`` answer), moves that timed out, games that finished or stalled, sockets closed;
- the garbage collector's pauses in the Daphne processes (``_gc_pauses.py``), and with ``--timeline`` each
  step of a socket's move inside Daphne (``_timeline.py``: the hop to the database thread, lock, apply,
  write, commit, publish, the pushes).

    python bench/socket_load.py                            # 10 games, JSON stream, 30 s
    python bench/socket_load.py --sweep 10,50,100 --seconds 20
    python bench/socket_load.py --games 10 --html          # the browsers' stream (?format=html)
    python bench/socket_load.py --games 50 --daphne 2      # games round-robin over two Daphne processes
    python bench/socket_load.py --games 10 --via api       # moves by the HTTP API, pushes by the sockets
    python bench/socket_load.py --games 10 --timeline      # and where each move's time goes inside Daphne
    python bench/socket_load.py --games 50 --html --ruleset argentilandia   # another game's table

In the HTML stream the seat on move picks from the move forms its page shows: in Estanciero the first kind of
``PREFERRED`` there, in the other games one at random (seeded per game: their first moves can loop, a trade
offered and withdrawn). ``--keep 1`` asks the page protocol of before runs (``keep=1``: one placeholder per
kept element), to compare with a server that predates ``keep=2``.

Before each run the bench database is vacuumed and analysed (``VACUUM (ANALYZE)``), so that runs compare.

Bounded: at most ``--games`` x 5 sockets, ``--warmup + --seconds`` of load plus a ``--timeout`` drain per
run; 127.0.0.1 only. Daphne is killed and every socket closed on exit, Ctrl-C and errors included. Users
(``bl_g<i>_s<j>``) are reused between runs; games and API tokens are created afresh each run.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import html
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# The bench creates the games in-process, so it must see the same database, cache and limits as Daphne.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench_load")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/8")
SERVER_ENV = {
    "API_RATE_LIMIT": "100000/60s",
    "API_ANON_RATE_LIMIT": "100000/60s",
    "SOCKET_RATE_LIMIT": "100000/10s",
    "SOCKET_USER_RATE_LIMIT": "100000/10s",
    "TABLE_CREATE_RATE_LIMIT": "100000/60s",
    "MAX_OPEN_TABLES": "100000",
    "MAX_ANONYMOUS_SOCKETS": "100000",  # the spectators' sockets all come from 127.0.0.1
    "PYTHONUNBUFFERED": "1",
}
os.environ.update(SERVER_ENV)
# Production settings by default (``DEBUG=0``: no query log around every cursor, the static manifest);
# ``--debug`` measures what ``make run`` serves in development.
PRODUCTION_ENV = {
    "DEBUG": "0",
    "SECRET_KEY": "socket-load-bench-not-a-secret-0123456789abcdefghijklmnopqrstuvwxyz",
    "WEB_PUSH": "0",  # production settings want VAPID keys otherwise (docs/DEPLOY.md, "Web Push")
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "SECURE_SSL_REDIRECT": "0",
}
DEBUG_ENV = {"DEBUG": "1"}

PASSWORD = "bench-load-pw-1234"
PREFERRED = ("roll", "buy", "end_turn", "pay", "decline", "pass")
SEATS = 4
SPECTATOR = SEATS  # the fifth socket of a game
STATE_KINDS = frozenset({"sync", "update", "table"})  # the messages that carry a version of the game
ACTION_INPUT = re.compile(r'name="action" value="([^"]*)"')  # the page's move forms (tablero.action_button)
CONNECT_AT_ONCE = 20  # sockets opening together: a burst of hundreds only measures the accept queue
CONNECT_TRIES = 4  # Daphne rejects (403) a socket its application has not accepted in 5 s: a client retries
SETUP_THREADS = 4
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
GC_PAUSES_DIR = Path(tempfile.gettempdir()) / f"socket_load_gc_{os.getpid()}"


# ---- options ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Options:
    games: int
    rate: float
    seconds: float
    warmup: float
    daphne: int
    html: bool
    via: str
    timeout: float
    debug: bool = False
    deflate: bool = False
    timeline: bool = False
    ruleset: str = "estanciero"
    keep: int = 2
    time_control: str = "correspondence"
    check_ins: bool = True  # the HTML stream's pages check in as the real ones do (``GameClient.check_in``)


def parse_args(argv: list[str] | None = None) -> tuple[Options, list[int]]:
    """The options, and the game counts to run (one, or ``--sweep``'s)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games K (4 seats + 1 spectator socket each)")
    parser.add_argument("--sweep", default="", help="comma-separated K values, one run (and line) each")
    parser.add_argument("--rate", type=float, default=1.0, help="moves per second per game")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured window")
    parser.add_argument("--warmup", type=float, default=5.0, help="load before the window, not measured")
    parser.add_argument("--daphne", type=int, default=1, help="Daphne processes, games round-robin")
    parser.add_argument("--html", action="store_true", help="the browsers' stream (?format=html)")
    parser.add_argument("--ruleset", default="estanciero", choices=("estanciero", "argentilandia", "ladrillazo"))
    parser.add_argument("--time-control", default="correspondence", choices=("correspondence", "relaxed", "live", "blitz"),
                        help="the tables' clocks: a move at a table with a clock within the next 30 minutes also "
                             "queues the seat's timeout in the timers' set (no worker runs: nothing fires)")
    parser.add_argument("--keep", type=int, default=2, choices=(1, 2), help="the page protocol asked (keep=N)")
    parser.add_argument("--via", choices=("socket", "api"), default="socket", help="how moves are sent")
    parser.add_argument("--timeout", type=float, default=15.0, help="a move not seen by all five by then is lost")
    parser.add_argument("--debug", action="store_true", help="Daphne with DEBUG=1 (as `make run` in development)")
    parser.add_argument("--deflate", action="store_true", help="clients offer permessage-deflate, as browsers do")
    parser.add_argument("--no-check-ins", action="store_true",
                        help="the HTML stream's simulated pages send nothing but their moves (no periodic check-ins)")
    parser.add_argument("--timeline", action="store_true",
                        help="where a socket move's time goes inside Daphne, step by step (bench/_timeline.py)")
    args = parser.parse_args(argv)
    counts = [int(k) for k in args.sweep.split(",") if k.strip()] if args.sweep else [args.games]
    if not counts or min(counts) < 1 or args.daphne < 1 or args.rate <= 0 or args.seconds <= 0:
        parser.error("games, --daphne, --rate and --seconds must be positive")
    return Options(args.games, args.rate, args.seconds, args.warmup, args.daphne, args.html, args.via,
                   args.timeout, args.debug, args.deflate, args.timeline, args.ruleset, args.keep,
                   args.time_control, not args.no_check_ins), counts


# ---- /proc --------------------------------------------------------------------------------------------------

def _stat_cpu(path: str) -> float:
    """utime + stime in seconds from a /proc stat file (fields after the parenthesised name, which may hold spaces)."""
    with open(path) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def thread_cpu(pid: int) -> dict[tuple[int, str], float]:
    """CPU seconds per thread (id, name): the busiest one tells whether a single thread is the ceiling."""
    found = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        with contextlib.suppress(OSError):
            name = Path(f"/proc/{pid}/task/{tid}/comm").read_text().strip()
            found[int(tid), name] = _stat_cpu(f"/proc/{pid}/task/{tid}/stat")
    return found


def run_queue_wait(pid: int) -> float:
    """Seconds the main thread (Daphne's event loop) has been ready to run but waiting for a CPU: on a busy
    machine this, not the server's own work, can be what the latency is made of."""
    try:
        with open(f"/proc/{pid}/task/{pid}/schedstat") as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def process_cpu(pid: int) -> float:
    try:
        return _stat_cpu(f"/proc/{pid}/stat")
    except OSError:  # gone (a backend that closed): it counts for nothing rather than failing the run
        return 0.0


def host_busy() -> tuple[float, float]:
    """(busy, total) jiffies of the whole machine: the share of it other work (a test suite) takes."""
    with open("/proc/stat") as f:
        values = [int(v) for v in f.readline().split()[1:]]
    idle = values[3] + values[4]
    return sum(values) - idle, sum(values)


# ---- Daphne -----------------------------------------------------------------------------------------------

@dataclass
class Server:
    port: int
    proc: subprocess.Popen
    log: Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_servers(count: int, timeline: bool = False) -> list[Server]:
    """Daphne processes in their own sessions, so a terminal's Ctrl-C reaches the bench first and the bench
    closes its sockets before the server goes."""
    servers = []
    GC_PAUSES_DIR.mkdir(exist_ok=True)
    for _ in range(count):
        port = free_port()
        log = Path(tempfile.gettempdir()) / f"socket_load_daphne_{port}.log"
        with open(log, "wb") as out:
            # The application with its garbage collector's pauses written down (_gc_pauses.py).
            env = {**os.environ, "GC_PAUSES_DIR": str(GC_PAUSES_DIR),
                   "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "bench"), os.environ.get("PYTHONPATH")]))}
            if timeline:  # and each step of a socket's move (_timeline.py), in the same folder
                env["TIMELINE_DIR"] = str(GC_PAUSES_DIR)
            proc = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                                     "_gc_pauses:application"], cwd=ROOT, env=env, stdout=out,
                                    stderr=subprocess.STDOUT, start_new_session=True)
        servers.append(Server(port, proc, log))
    return servers


def stop_servers(servers: list[Server]) -> None:
    """Terminate, then kill what is left: only the processes this bench started."""
    for server in servers:
        if server.proc.poll() is None:
            server.proc.terminate()
    for server in servers:
        try:
            server.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            server.proc.kill()
            server.proc.wait(timeout=5)
        for leftover in GC_PAUSES_DIR.glob(f"{server.proc.pid}.*"):
            leftover.unlink(missing_ok=True)
    with contextlib.suppress(OSError):
        GC_PAUSES_DIR.rmdir()


async def wait_ready(server: Server, limit: float = 180.0) -> None:
    """Until the port accepts: Daphne binds once the application is imported."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if server.proc.poll() is not None:
            raise RuntimeError(f"Daphne exited ({server.proc.returncode}); see {server.log}:\n"
                               + server.log.read_text(errors="replace")[-2000:])
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", server.port)
        except OSError:
            await asyncio.sleep(0.2)
            continue
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()
        return
    raise RuntimeError(f"Daphne on port {server.port} not ready after {limit:.0f} s")


# ---- the games (in-process, through the same code path as the lobby) --------------------------------------

@dataclass(frozen=True)
class Table:
    game_id: int
    keys: tuple[str, ...]  # API tokens: the four seats in order, then the spectator


def setup_django() -> None:
    import django

    django.setup()


def bench_user(name: str, password_hash: str):
    """The user ``name``, made once and reused by later runs: the password hasher takes most of a second."""
    from accounts.models import User

    user = User.objects.filter(username=name).first()
    if user is None:
        user = User.objects.create_user(name, password=None)
        user.password = password_hash  # the same hash for all: PASSWORD signs any of them in
        user.save(update_fields=["password"])
    return user


def setup_tables(count: int, ruleset: str = "estanciero", time_control: str = "correspondence") -> list[Table]:
    """``count`` started 4-seat games (in correspondence time unless asked), with a token per seat and spectator."""
    from django.contrib.auth.hashers import make_password
    from django.db import connection

    from accounts.models import ApiToken
    from games.tables import lifecycle as tables

    password_hash = make_password(PASSWORD)

    def make(i: int) -> Table:
        users = [bench_user(f"bl_g{i}_s{j}", password_hash) for j in range(SEATS + 1)]
        game = tables.do_create_table(users[0], ruleset, SEATS, time_control=time_control)
        for user in users[1:SEATS]:
            tables.do_join(game.pk, user)
        tables.do_start(game.pk, users[0])
        return Table(game.pk, tuple(ApiToken.issue(user, "bench")[1] for user in users))

    def make_some(indices: range) -> list[Table]:
        try:
            return [make(i) for i in indices]
        finally:
            connection.close()  # this thread's own connection, which nothing else would close

    # Each game is a dozen round trips to PostgreSQL and Redis: a few threads overlap them (games are independent).
    with ThreadPoolExecutor(SETUP_THREADS) as pool:
        chunks = pool.map(make_some, (range(t, count, SETUP_THREADS) for t in range(SETUP_THREADS)))
        return sorted((table for chunk in chunks for table in chunk), key=lambda t: t.game_id)


def finished_games(ids: list[int]) -> int:
    from games.models import Game

    return Game.objects.filter(pk__in=ids).exclude(status=Game.Status.ACTIVE).count()


# ---- PostgreSQL counters ------------------------------------------------------------------------------------

def database_name() -> str:
    return os.environ["DATABASE_URL"].rsplit("/", 1)[1].split("?")[0]


def pg_sample() -> tuple[int, dict[int, float]] | None:
    """Transactions so far in the bench database, and CPU seconds per backend connected to it (Daphne's
    connections, which persist; the bench's own idle one adds nothing)."""
    if not os.environ["DATABASE_URL"].startswith("postgres"):
        return None
    import psycopg

    with psycopg.connect(os.environ["DATABASE_URL"], autocommit=True) as conn:
        xacts = conn.execute("SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = %s",
                             (database_name(),)).fetchone()[0]
        backends = [row[0] for row in conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()", (database_name(),))]
    return int(xacts), {pid: process_cpu(pid) for pid in backends}


def redis_cpu() -> float:
    """CPU seconds the Redis server of ``REDIS_URL`` has used (``INFO cpu``, main thread and children). It counts
    every client of that server: give the bench a Redis server of its own to read it per move."""
    import redis

    info = redis.Redis.from_url(os.environ["REDIS_URL"]).info("cpu")
    return float(info["used_cpu_sys"]) + float(info["used_cpu_user"])


def vacuum() -> None:
    """VACUUM ANALYZE the bench database, so that every run starts with no dead rows and fresh statistics.
    Without it, a PostgreSQL with autovacuum off (this machine's CI configuration) kept every dead row of the
    runs before, and the first measured run of a set was often the slowest."""
    if not os.environ["DATABASE_URL"].startswith("postgres"):
        return
    import psycopg

    with psycopg.connect(os.environ["DATABASE_URL"], autocommit=True) as conn:
        conn.execute("VACUUM (ANALYZE)")


# ---- a minimal keep-alive HTTP client (the API mode's moves; no HTTP library is installed) ------------------

class HttpConnection:
    """One keep-alive HTTP/1.1 connection; requests on it go one at a time."""

    def __init__(self, port: int):
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.lock = asyncio.Lock()

    async def post_json(self, path: str, body: dict, token: str) -> tuple[int, dict]:
        data = json.dumps(body).encode()
        head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nAuthorization: Bearer {token}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n").encode()
        async with self.lock:
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            self.writer.write(head + data)
            status, raw = await self._response()
        return status, json.loads(raw) if raw else {}

    async def _response(self) -> tuple[int, bytes]:
        assert self.reader is not None
        status = int((await self.reader.readline()).split()[1])
        headers = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin1").partition(":")
            headers[name.strip().lower()] = value.strip()
        if "content-length" in headers:
            return status, await self.reader.readexactly(int(headers["content-length"]))
        if headers.get("transfer-encoding", "").lower() == "chunked":
            chunks = []
            while size := int((await self.reader.readline()).split(b";")[0], 16):
                chunks.append(await self.reader.readexactly(size))
                await self.reader.readline()
            await self.reader.readline()
            return status, b"".join(chunks)
        body = await self.reader.read()  # neither: the server closes the connection after the body
        await self.close()
        return status, body

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(OSError):
                await self.writer.wait_closed()
        self.reader = self.writer = None


# ---- counters -------------------------------------------------------------------------------------------------

@dataclass
class Totals:
    """What all games count; messages only while ``measuring`` (the window), outcomes always by window."""

    measuring: bool = False
    messages: int = 0
    bytes: int = 0
    latencies: list[float] = field(default_factory=list)  # ms, moves sent in the window
    refused: int = 0
    refusals: dict[str, int] = field(default_factory=dict)
    timeouts: int = 0
    stalled: int = 0
    closed: int = 0
    rejected: int = 0  # socket handshakes refused or failed (each retried)


def choose(actions: list[dict], rng: random.Random | None = None) -> dict | None:
    """The first preferred kind present, else the first action: keeps the game flowing without strategy;
    with ``rng``, any of them (the other games)."""
    if rng is not None:
        return rng.choice(actions) if actions else None
    for kind in PREFERRED:
        for action in actions:
            if action.get("type") == kind:
                return action
    return actions[0] if actions else None


def page_actions(page: str) -> list[dict]:
    """The moves a rendered table offers its viewer (the forms' hidden ``action`` inputs)."""
    found = []
    for value in ACTION_INPUT.findall(page):
        with contextlib.suppress(ValueError):
            found.append(json.loads(html.unescape(value)))
    return found


@dataclass
class Stream:
    """One socket, and the game as it last saw it."""

    index: int  # 0-3 the seats, 4 the spectator
    ws: ClientConnection | None = None
    version: int = -1
    rev: int = -1
    status: str = "active"
    to_move: list[int] = field(default_factory=list)
    legal: list[dict] = field(default_factory=list)
    page: str = ""


@dataclass
class Pending:
    """The move in flight in a game: sent at ``version``, done once every socket has seen a later one."""

    seat: int
    version: int
    sent: float
    measured: bool
    waiting: set[int] = field(default_factory=lambda: set(range(SEATS + 1)))
    done: asyncio.Event = field(default_factory=asyncio.Event)
    failed: bool = False  # refused, or not seen by all five in time: not measured


class GameClient:
    """The five sockets of one game and its mover."""

    def __init__(self, table: Table, port: int, options: Options, totals: Totals):
        self.table = table
        self.port = port
        self.options = options
        self.totals = totals
        self.streams = [Stream(i) for i in range(SEATS + 1)]
        self.readers: list[asyncio.Task] = []
        self.pending: Pending | None = None
        self.http = HttpConnection(port) if options.via == "api" else None
        self.posts: set[asyncio.Task] = set()
        self.finished = False
        self.stalled = False
        self.broken = False
        self.rng = None if options.ruleset == "estanciero" else random.Random(table.game_id)

    def url(self, index: int) -> str:
        fmt = f"&format=html&keep={self.options.keep}" if self.options.html else ""
        return f"ws://127.0.0.1:{self.port}/ws/games/{self.table.game_id}/?token={self.table.keys[index]}{fmt}"

    async def connect(self, gate: asyncio.Semaphore) -> None:
        """Open the five sockets; a game whose sockets cannot all open is left out (``broken``), not fatal."""
        for stream in self.streams:
            stream.ws = await self.open(stream.index, gate)
            if stream.ws is None:
                self.broken = True
                return
            self.readers.append(asyncio.create_task(self.read(stream)))
            if self.options.html and self.options.check_ins:
                self.readers.append(asyncio.create_task(self.check_in(stream)))

    async def open(self, index: int, gate: asyncio.Semaphore) -> ClientConnection | None:
        for attempt in range(CONNECT_TRIES):
            try:
                async with gate:
                    return await connect(self.url(index), origin=f"http://127.0.0.1:{self.port}",
                                         compression="deflate" if self.options.deflate else None,
                                         ping_interval=None, max_size=2**23, open_timeout=120, close_timeout=2)
            except (InvalidHandshake, OSError, TimeoutError):
                self.totals.rejected += 1
                if attempt + 1 < CONNECT_TRIES:
                    await asyncio.sleep(1 + attempt)  # backing off lets the server catch up, as a browser would
        return None

    # A table page's own messages besides its moves (static/js/table.js, chat.js): the table's check-in every
    # 5 s (``hello`` with the revision it shows), and the chat's every 15 s (the page's chat check-in on its
    # socket's first table is left out: it comes before any window). The server answers each, behind or not.
    HELLO_EVERY, CHAT_EVERY = 5.0, 15.0

    async def check_in(self, stream: Stream) -> None:
        loop = asyncio.get_running_loop()
        rng = random.Random(self.table.game_id * 8 + stream.index)
        next_hello = loop.time() + rng.uniform(0, self.HELLO_EVERY)
        last_chat = loop.time() - rng.uniform(0, self.CHAT_EVERY)
        with contextlib.suppress(ConnectionClosed):
            while stream.ws is not None:
                await asyncio.sleep(0.25)
                now = loop.time()
                if now >= next_hello:
                    next_hello = now + self.HELLO_EVERY
                    await stream.ws.send(json.dumps({"type": "hello", "rev": stream.rev}))
                if now - last_chat >= self.CHAT_EVERY:
                    last_chat = now
                    await stream.ws.send(json.dumps({"type": "chat_hello", "last": None}))

    def synced(self) -> bool:
        return all(s.version >= 0 for s in self.streams)

    async def read(self, stream: Stream) -> None:
        assert stream.ws is not None
        try:
            while True:
                raw = await stream.ws.recv(decode=False)  # bytes: counted as sent, parsed without a decode
                if self.totals.measuring:
                    self.totals.messages += 1
                    self.totals.bytes += len(raw)
                self.on_message(stream, orjson.loads(raw))  # a fifth of the clients' time with json's
        except ConnectionClosed:
            self.totals.closed += 1
            if self.pending is not None:
                self.pending.done.set()  # nobody will see it on this socket: the move is lost, not waited on

    def on_message(self, stream: Stream, message: dict) -> None:
        kind = message.get("type")
        if kind in STATE_KINDS:
            version = message.get("version", -1)
            if version < stream.version:
                return
            stream.version, stream.rev = version, message.get("rev", stream.rev)
            if kind == "table":
                # A table every viewer shares comes with the page's own parts (its move forms among them), which
                # the real page puts in its slots (static/js/table.js): here they are only searched for forms.
                stream.page = message.get("html", "") + "".join((message.get("own") or {}).values())
            else:
                stream.status = message.get("status", stream.status)
                stream.to_move = message.get("to_move", stream.to_move)
                stream.legal = message.get("legal_actions", stream.legal)
            pending = self.pending
            if pending is not None and version > pending.version:
                pending.waiting.discard(stream.index)
                if not pending.waiting:
                    pending.done.set()
        elif kind == "error":
            self.refuse(message.get("error", "error"), stream.index)

    def refuse(self, code: str, index: int) -> None:
        pending = self.pending
        if pending is not None and index == pending.seat:
            pending.failed = True
            pending.done.set()
        self.totals.refused += 1
        self.totals.refusals[code] = self.totals.refusals.get(code, 0) + 1

    def pick(self) -> tuple[int, dict, int] | None:
        """(seat, action, version) for the seat on move, from what its own socket last showed."""
        if self.options.html:
            for stream in self.streams[:SEATS]:
                action = choose(page_actions(stream.page), self.rng)
                if action is not None:
                    return stream.index, action, stream.version
            return None
        spectator = self.streams[SPECTATOR]
        if spectator.status != "active":
            self.finished = True
            return None
        for seat in spectator.to_move:
            if 0 <= seat < SEATS and (action := choose(self.streams[seat].legal, self.rng)) is not None:
                return seat, action, self.streams[seat].version
        return None

    async def send(self, seat: int, action: dict, version: int) -> None:
        if self.http is None:
            ws = self.streams[seat].ws
            assert ws is not None
            await ws.send(json.dumps({"type": "act", "action": action, "version": version}))
            return
        task = asyncio.create_task(self.post(seat, action, version))  # the answer comes when it comes
        self.posts.add(task)
        task.add_done_callback(self.posts.discard)

    async def post(self, seat: int, action: dict, version: int) -> None:
        assert self.http is not None
        try:
            status, body = await self.http.post_json(f"/api/v1/games/{self.table.game_id}/actions",
                                                     {"action": action, "version": version}, self.table.keys[seat])
        except (OSError, ValueError, IndexError, asyncio.IncompleteReadError):
            await self.http.close()
            status, body = 599, {"error": "connection"}
        if status >= 400:
            self.refuse(str(body.get("error", status)), seat)

    async def resync(self) -> None:
        """After a lost move: ask every socket for what it missed, as a reconnecting client would."""
        for stream in self.streams:
            if stream.ws is not None:
                with contextlib.suppress(ConnectionClosed):
                    await stream.ws.send(json.dumps({"type": "hello", "version": stream.version, "rev": stream.rev}))

    async def drive(self, start: float, window: float, stop: float) -> None:
        """Move about ``rate`` times a second until ``stop``, one move in flight at a time; moves sent between
        ``window`` and ``stop`` are measured."""
        loop = asyncio.get_running_loop()
        interval = 1 / self.options.rate
        next_at = start + random.uniform(0, interval)  # spread the games over the second, as people would be
        idle = 0
        while next_at < stop and not self.finished:
            await asyncio.sleep(max(0.0, next_at - loop.time()))
            choice = self.pick()
            if choice is None:
                idle += 1
                if idle * interval >= 5 and not self.finished:  # nothing to do for seconds: over, or stuck
                    self.stalled = True
                    return
                next_at += interval
                continue
            idle = 0
            seat, action, version = choice
            sent = loop.time()
            pending = self.pending = Pending(seat, version, sent, measured=window <= sent < stop)
            await self.send(seat, action, version)
            try:
                await asyncio.wait_for(pending.done.wait(), self.options.timeout)
            except TimeoutError:
                self.totals.timeouts += 1
                pending.failed = True
            if pending.failed:
                await self.resync()  # a stale view is the likely cause; a client would ask for what it missed
            self.pending = None
            if pending.measured and not pending.failed and not pending.waiting:
                self.totals.latencies.append((loop.time() - sent) * 1000)
            next_at = max(next_at + interval, loop.time())  # behind schedule: no burst to catch up

    async def close(self) -> None:
        for task in [*self.readers, *self.posts]:
            task.cancel()
        await asyncio.gather(*self.readers, *self.posts, return_exceptions=True)
        await asyncio.gather(*(s.ws.close() for s in self.streams if s.ws is not None), return_exceptions=True)
        if self.http is not None:
            await self.http.close()


# ---- one run --------------------------------------------------------------------------------------------------

@dataclass
class Sample:
    """Everything read at one instant, to subtract."""

    at: float
    servers: list[dict[tuple[int, str], float]]  # per server: CPU seconds per thread
    server_cpu: list[float]
    loop_wait: list[float]
    pg: tuple[int, dict[int, float]] | None
    host: tuple[float, float]
    client_cpu: float
    redis_cpu: float


async def take_sample(servers: list[Server]) -> Sample:
    pids = [s.proc.pid for s in servers]
    pg = await asyncio.to_thread(pg_sample)  # a blocking query must not stall the sockets' loop
    return Sample(asyncio.get_running_loop().time(), [thread_cpu(p) for p in pids], [process_cpu(p) for p in pids],
                  [run_queue_wait(p) for p in pids], pg, host_busy(), time.process_time(),
                  await asyncio.to_thread(redis_cpu))


@dataclass
class Result:
    games: int
    servers: int
    connections: int
    seconds: float
    offered: float
    latencies: list[float]
    messages: int
    bytes: int
    rss_per_conn_kb: float
    daphne_cpu: float
    daphne_cores: float
    busiest_thread: float  # share of one core
    busiest_is_loop: bool
    loop_wait: float  # the busiest-waiting event loop's share of the window spent waiting for a CPU
    transactions: int | None
    pg_cpu: float | None
    redis_cpu: float
    host_busy: float
    client_busy: float
    totals: Totals
    threads: list[str]  # per server, its busiest threads
    gc_pauses: list[tuple[int, float, float]] = field(default_factory=list)  # (generation, ms, CPU ms), in the window
    timeline: dict[str, list[float]] = field(default_factory=dict)  # phase -> ms per move (--timeline)
    finished: int = 0
    dropped: int = 0  # games left out: their sockets would not open


def thread_shares(before: dict[tuple[int, str], float], after: dict[tuple[int, str], float],
                  seconds: float) -> list[tuple[float, int, str]]:
    """(share of a core, thread id, name) per thread, busiest first."""
    return sorted(((cpu - before.get(key, 0.0)) / seconds, *key) for key, cpu in after.items())[::-1]


def busiest(before: dict[tuple[int, str], float], after: dict[tuple[int, str], float], seconds: float,
            pid: int) -> tuple[float, bool]:
    """The busiest thread's share of a core, and whether it is the event loop (the main thread)."""
    share, tid, _ = thread_shares(before, after, seconds)[0]
    return share, tid == pid


def measure(servers: list[Server], first: Sample, last: Sample, totals: Totals, clients: list[GameClient],
            rss: tuple[int, int], opened: int, options: Options) -> Result:
    seconds = last.at - first.at
    threads = [busiest(b, a, seconds, s.proc.pid) for s, b, a in zip(servers, first.servers, last.servers)]
    share, is_loop = max(threads)
    cpu = sum(last.server_cpu) - sum(first.server_cpu)
    transactions = pg_cpu = None
    if first.pg and last.pg:
        transactions = last.pg[0] - first.pg[0]
        pg_cpu = sum(last.pg[1].get(pid, cpu0) - cpu0 for pid, cpu0 in first.pg[1].items())
    busy, total = last.host[0] - first.host[0], last.host[1] - first.host[1]
    connections = len(clients) * (SEATS + 1)
    return Result(len(clients), len(servers), connections, seconds, len(clients) * options.rate,
                  totals.latencies, totals.messages, totals.bytes, (rss[1] - rss[0]) / max(1, opened), cpu, cpu / seconds,
                  share, is_loop, max(a - b for a, b in zip(last.loop_wait, first.loop_wait)) / seconds, transactions, pg_cpu, last.redis_cpu - first.redis_cpu, busy / total if total else 0.0,
                  (last.client_cpu - first.client_cpu) / seconds, totals, [
                      ", ".join(f"{'loop' if tid == server.proc.pid else name} {share * 100:.0f}%"
                                for share, tid, name in thread_shares(b, a, seconds)[:4])
                      for server, b, a in zip(servers, first.servers, last.servers)])


def gc_pauses(servers: list[Server], start: float, end: float) -> list[tuple[int, float, float]]:
    """The servers' garbage-collector pauses that ended between ``start`` and ``end`` (monotonic seconds, the
    clock of the bench's loop and of ``_gc_pauses``): generation, milliseconds, and of them CPU milliseconds."""
    found = []
    for server in servers:
        path = GC_PAUSES_DIR / f"{server.proc.pid}.json"
        if path.exists():
            found += [(gen, ms, cpu) for gen, ms, at, cpu in json.loads(path.read_text()) if start <= at <= end]
    return found


def timeline(servers: list[Server], start: float, end: float) -> dict[str, list[float]]:
    """Milliseconds per phase of each move received in the window (``_timeline.phases``)."""
    import _timeline  # bench/, beside this script

    lines = []
    for server in servers:
        path = GC_PAUSES_DIR / f"{server.proc.pid}.timeline.jsonl"
        if path.exists():
            lines += [json.loads(text) for text in path.read_text().splitlines() if text]
    return _timeline.phases(lines, int(start * 1e9), int(end * 1e9), SEATS + 1)


def timeline_summary(phases: dict[str, list[float]]) -> str:
    def pct(values: list[float], q: float) -> float:
        return sorted(values)[min(len(values) - 1, int(q * len(values)))]

    moves = max((len(v) for v in phases.values()), default=0)
    return f"{moves} moves; " + "; ".join(
        f"{name} {pct(v, 0.5):.2f} / {pct(v, 0.9):.2f} / {pct(v, 0.99):.2f}" for name, v in phases.items() if v)


def gc_summary(pauses: list[tuple[int, float, float]]) -> str:
    parts = []
    for gen in range(3):
        times = [(ms, cpu) for g, ms, cpu in pauses if g == gen]
        if times:
            parts.append(f"gen{gen} {len(times)} (total {sum(ms for ms, _ in times):.0f} ms, max "
                         f"{max(ms for ms, _ in times):.1f}; CPU {sum(cpu for _, cpu in times):.0f} ms)")
    return ", ".join(parts) or "none"


async def warm_server(server: Server, table: Table, html_stream: bool) -> None:
    """One socket opened and closed before RSS is read, so the per-connection figure leaves out the imports
    and template loading the first connection pays once."""
    fmt = "&format=html&keep=2" if html_stream else ""
    url = f"ws://127.0.0.1:{server.port}/ws/games/{table.game_id}/?token={table.keys[SPECTATOR]}{fmt}"
    async with connect(url, origin=f"http://127.0.0.1:{server.port}", compression=None, open_timeout=120,
                       max_size=2**23) as ws:
        await asyncio.wait_for(ws.recv(), 60)


async def run_load(servers: list[Server], tables: list[Table], options: Options) -> Result:
    """Connect, load, measure; the sockets are closed whatever happens."""
    loop = asyncio.get_running_loop()
    totals = Totals()
    for server in servers:
        await wait_ready(server)
        await warm_server(server, tables[0], options.html)
    rss_before = sum(rss_kb(s.proc.pid) for s in servers)
    clients = clients_all = [GameClient(t, servers[i % len(servers)].port, options, totals)
                             for i, t in enumerate(tables)]
    try:
        gate = asyncio.Semaphore(CONNECT_AT_ONCE)
        await asyncio.gather(*(c.connect(gate) for c in clients))
        dropped = sum(c.broken for c in clients)
        clients_all, clients = clients, [c for c in clients if not c.broken]
        async with asyncio.timeout(120):
            while not all(c.synced() for c in clients):
                await asyncio.sleep(0.1)
        await asyncio.sleep(1)  # the connections' presence and chat bookkeeping settles
        rss_after = sum(rss_kb(s.proc.pid) for s in servers)
        start = loop.time()
        window, stop = start + options.warmup, start + options.warmup + options.seconds
        drivers = [asyncio.create_task(c.drive(start, window, stop)) for c in clients]
        await asyncio.sleep(max(0.0, window - loop.time()))
        first = await take_sample(servers)
        totals.measuring = True
        await asyncio.sleep(max(0.0, stop - loop.time()))
        totals.measuring = False
        last = await take_sample(servers)
        await asyncio.gather(*drivers)  # the moves still in flight finish (or time out) unmeasured
        totals.stalled = sum(c.stalled for c in clients)
        opened = sum(s.ws is not None for c in clients_all for s in c.streams)
        result = measure(servers, first, last, totals, clients, (rss_before, rss_after), opened, options)
        result.dropped = dropped
        await asyncio.sleep(1.2)  # the servers write their pauses down once a second
        result.gc_pauses = gc_pauses(servers, first.at, last.at)
        if options.timeline:
            result.timeline = timeline(servers, first.at, last.at)
        return result
    finally:
        await asyncio.gather(*(c.close() for c in clients_all), return_exceptions=True)


def run_one(games: int, options: Options) -> Result:
    """One K: fresh Daphne processes (so RSS and caches start equal), fresh games, torn down on the way out."""
    servers = start_servers(options.daphne, options.timeline)  # they boot while the games are set up
    try:
        tables = setup_tables(games, options.ruleset, options.time_control)
        vacuum()
        result = asyncio.run(run_load(servers, tables, options))
        result.finished = finished_games([t.game_id for t in tables])
        return result
    finally:
        stop_servers(servers)


# ---- report ---------------------------------------------------------------------------------------------------

def percentile(values: list[float], q: float) -> float:
    """Nearest rank: an observed latency, never an interpolated one."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(q * len(ordered))) - 1))]


COLUMNS = ("K", "srv", "conns", "offer/s", "moves/s", "p50ms", "p95ms", "p99ms", "maxms", "msg/mv", "kB/mv",
           "RSSkB/conn", "cpu ms/mv", "daphne%", "top thr%", "loop wait%", "tx/mv", "pg ms/mv", "redis ms/mv", "host%", "client%",
           "refused", "lost", "done", "stall", "closed", "rejects", "dropped")


def row(result: Result) -> list[str]:
    lat = result.latencies
    moves = len(lat)
    per = (lambda x: f"{x / moves:.1f}") if moves else (lambda x: "-")
    ms = (lambda q: f"{percentile(lat, q):.0f}") if lat else (lambda q: "-")
    t = result.totals
    return [str(result.games), str(result.servers), str(result.connections), f"{result.offered:.0f}",
            f"{moves / result.seconds:.1f}", ms(0.50), ms(0.95), ms(0.99), ms(1.0), per(result.messages),
            per(result.bytes / 1024), f"{result.rss_per_conn_kb:.0f}", per(result.daphne_cpu * 1000),
            f"{result.daphne_cores * 100:.0f}",
            f"{result.busiest_thread * 100:.0f}{' loop' if result.busiest_is_loop else ' db'}",
            f"{result.loop_wait * 100:.0f}",
            per(result.transactions) if result.transactions is not None else "-",
            per(result.pg_cpu * 1000) if result.pg_cpu is not None else "-",
            per(result.redis_cpu * 1000),
            f"{result.host_busy * 100:.0f}", f"{result.client_busy * 100:.0f}",
            str(t.refused), str(t.timeouts), str(result.finished), str(t.stalled), str(t.closed),
            str(t.rejected), str(result.dropped)]


# Fixed widths, so a sweep's lines line up under a header printed before the first K has run.
WIDTHS = [max(len(c), 5) for c in COLUMNS]


def line(values: list[str] | tuple[str, ...]) -> str:
    return " ".join(v.rjust(w) for v, w in zip(values, WIDTHS))


def legend(options: Options) -> str:
    asked = ", as the page asks" if options.keep == 2 else ""
    stream = f"html (?format=html&keep={options.keep}{asked})" if options.html else "json"
    settings = ("DEBUG=1" if options.debug else "DEBUG=0 (production settings)") + (
        ", permessage-deflate" if options.deflate else "")
    return (f"{settings}, stream {stream}, moves via {options.via}, {options.rate:g} move/s per game, window "
            f"{options.seconds:g} s after {options.warmup:g} s warm-up; {options.ruleset} ({options.time_control}), 5 sockets "
            "per game (4 seats + spectator)\n"
            "latency: send -> all 5 sockets have a message with the new version | msg/mv, kB/mv: received over the "
            "game's 5 sockets | cpu ms/mv: Daphne utime+stime | daphne%: of one core, all processes | top thr%: "
            "busiest Daphne thread (loop = event loop, db = a worker thread) | loop wait%: Daphne's event loop ready "
            "but waiting for a CPU (schedstat) | tx/mv: PostgreSQL transactions | "
            "pg ms/mv: CPU of the bench database's backends | redis ms/mv: CPU of the whole Redis server (INFO cpu) | host%: whole machine busy | refused: error answers | "
            "lost: not seen by all within the timeout | done: games finished | stall: games with no move to make\n"
            "closed: sockets the server closed | rejects: socket handshakes refused (retried) | dropped: games "
            "left out because their sockets would not open")


def interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> None:
    options, counts = parse_args(argv)
    # A `kill` (SIGTERM) unwinds like Ctrl-C, so the finally clauses close sockets and stop Daphne.
    signal.signal(signal.SIGTERM, interrupt)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # even when started with SIGINT ignored (`cmd &`)
    os.environ.update(DEBUG_ENV if options.debug else PRODUCTION_ENV)
    setup_django()
    if not options.debug:  # pages name their static files through the manifest that collectstatic writes
        from django.core.management import call_command

        call_command("collectstatic", interactive=False, verbosity=0)
    print(legend(options), flush=True)
    print(line(COLUMNS), flush=True)
    notes = []
    for games in counts:
        result = run_one(games, options)
        print(line(row(result)), flush=True)
        notes += [f"K={games} daphne {i + 1} busiest threads: {t}" for i, t in enumerate(result.threads)]
        notes.append(f"K={games} garbage-collector pauses in the window, all processes: {gc_summary(result.gc_pauses)}")
        if options.timeline:
            notes.append(f"K={games} inside Daphne, ms p50 / p90 / p99: {timeline_summary(result.timeline)}")
        if result.totals.refusals:
            notes.append(f"K={games} refusals by code: {result.totals.refusals}")
    for note in notes:
        print(note)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:  # the finally clauses have closed the sockets and stopped Daphne by now
        sys.exit("interrupted")
