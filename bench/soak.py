"""Soak: bots play on the real stack for minutes on end; memory must stay flat and the logs free of errors.

Against a scratch PostgreSQL database (``DATABASE_URL``, default ``bench_soak``; migrated here) and a scratch
Redis database (``REDIS_URL``, default database 7; FLUSHED at the start), the bench starts one Daphne, one
Celery worker (``--concurrency``, both queues) and beat, as production runs them (``DEBUG=0``), and keeps
``--games`` tables busy for ``--minutes``: each is created through the project's own path
(``tables.do_create_table`` with bots, ``do_start``), a moderator hands the host's seat to a bot
(``moderation.do_replace_seat``), so bots alone play it through Celery at the bot-only pace, and when it ends
the next table takes its place (the three rulesets in turn). Each table is watched by ``--spectators``
anonymous websocket clients (the JSON stream; ``--html``: the browsers' stream, ``?format=html&keep=2``, whose
pushes name what the page was sent), which reconnect to the next table.

Every ``--sample`` seconds it reads the resident memory of Daphne, the worker (its main process and its pool)
and beat. It reports moves and games per minute, socket messages received, the memory of each process at
the start of the second minute (after warm-up), at the end and at its highest, the growth per minute over the
run's second half (a straight-line fit), and the log lines of every process that say ERROR, CRITICAL or
Traceback (the first few are printed).

    python bench/soak.py                          # 4 tables, 5 minutes
    python bench/soak.py --games 2 --minutes 1    # a quick check
    python bench/soak.py --html                   # spectators on the browsers' stream
    python bench/soak.py --trace-memory 300       # what Daphne's memory holds, every 5 minutes

Bounded: ``--minutes`` of play, then the processes are stopped (Ctrl-C and errors included) and the run's
games aborted. Logs: ``bench/.soak-*.log``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
LOG_DIR = ROOT / "bench"
TRACE_DIR = LOG_DIR / ".soak-memory"
RULESETS = (("estanciero", 4), ("argentilandia", 3), ("ladrillazo", 3))
ERROR_LINE = re.compile(r"\b(ERROR|CRITICAL)\b|Traceback")
SERVER_ENV = {
    "DEBUG": "0",
    "MALLOC_ARENA_MAX": "2",  # as `make run` and docs/DEPLOY.md run them
    "SECRET_KEY": "soak-bench-not-a-secret-0123456789abcdefghijklmnopqrstuvwxyz",
    "WEB_PUSH": "0",  # production settings want VAPID keys otherwise (docs/DEPLOY.md, "Web Push")
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "SECURE_SSL_REDIRECT": "0",
    "MAX_OPEN_TABLES": "100000",
    "MAX_ANONYMOUS_SOCKETS": "100000",  # the spectators' sockets all come from 127.0.0.1
    "TABLE_CREATE_RATE_LIMIT": "100000/60s",
    "SOCKET_RATE_LIMIT": "100000/10s",
    "PYTHONUNBUFFERED": "1",
}


@dataclass
class Child:
    name: str
    popen: subprocess.Popen
    log: Path


@dataclass
class Totals:
    games_done: int = 0
    messages: int = 0
    reconnects: int = 0
    socket_errors: int = 0
    slots: list[int] = field(default_factory=list)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="tables kept busy at once")
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--spectators", type=int, default=2, help="websocket clients per table")
    parser.add_argument("--html", action="store_true", help="spectators on the browsers' stream (format=html)")
    parser.add_argument("--trace-memory", type=float, default=0, metavar="SECONDS",
                        help="Daphne reports what its memory holds every SECONDS (bench/_memory_trace.py)")
    parser.add_argument("--concurrency", type=int, default=2, help="the worker's processes")
    parser.add_argument("--sample", type=float, default=10.0, help="seconds between memory samples")
    args = parser.parse_args(argv)
    if args.games < 1 or args.minutes <= 0 or args.spectators < 0 or args.concurrency < 1 or args.sample <= 0:
        parser.error("--games, --minutes, --concurrency and --sample must be positive")
    return args


def setup_django() -> None:
    os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench_soak")
    os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/7")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.update(SERVER_ENV)  # the bench creates the tables: the same settings and limits as the servers
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    import redis

    redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def spawn(name: str, argv: list[str], extra: dict | None = None) -> Child:
    log = LOG_DIR / f".soak-{name}.log"
    env = dict(os.environ) | SERVER_ENV | (extra or {})
    with open(log, "wb") as out:
        popen = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                                 start_new_session=True)
    return Child(name, popen, log)


def start_stack(port: int, concurrency: int, schedule: Path, trace_every: float = 0) -> list[Child]:
    py = sys.executable
    app, env = "config.asgi:application", {}
    if trace_every:
        TRACE_DIR.mkdir(exist_ok=True)
        app = "_memory_trace:application"
        env = {"MEMORY_TRACE_DIR": str(TRACE_DIR), "MEMORY_TRACE_EVERY": str(trace_every),
               "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "bench"), os.environ.get("PYTHONPATH")]))}
    return [
        spawn("daphne", [py, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), app], env),
        spawn("worker", [py, "-m", "celery", "-A", "config", "worker", "-l", "info", "-c", str(concurrency),
                         "-n", "soak@%h"]),
        spawn("beat", [py, "-m", "celery", "-A", "config", "beat", "-l", "info", "-s", str(schedule)]),
    ]


def stop(children: list[Child]) -> None:
    for child in children:
        if child.popen.poll() is None:
            os.killpg(child.popen.pid, signal.SIGTERM)
    for child in children:
        try:
            child.popen.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(child.popen.pid, signal.SIGKILL)


def rss_mb(pid: int) -> float:
    """Resident memory of a process and its children (a prefork worker's pool), in MB."""
    total = 0
    pids = [str(pid)]
    try:
        pids += Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        pass
    for p in pids:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def wait_ready(port: int, children: list[Child], limit: float = 90.0) -> None:
    import urllib.request

    from config.celery import ping

    deadline = time.monotonic() + limit
    while True:
        for child in children:
            if child.popen.poll() is not None:
                raise SystemExit(f"{child.name} exited; see {child.log}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                break
        except OSError:
            if time.monotonic() > deadline:
                raise SystemExit(f"Daphne did not answer; see {children[0].log}") from None
            time.sleep(0.5)
    ping.delay("soak").get(timeout=limit)


def bench_users():
    from django.contrib.auth import get_user_model

    users = get_user_model().objects
    host, _ = users.get_or_create(username="soak_host", defaults={"email": "soak_host@example.invalid"})
    mod, _ = users.get_or_create(username="soak_mod", defaults={"email": "soak_mod@example.invalid",
                                                                "is_staff": True, "is_superuser": True})
    return host, mod


def new_table(n: int, host, mod) -> int:
    """A started table where only bots sit (the host's seat handed to a bot by a moderator)."""
    from games.tables import lifecycle as tables
    from moderation import games as moderation

    ruleset, seats = RULESETS[n % len(RULESETS)]
    game = tables.do_create_table(host, ruleset, seats, bots=seats - 1, time_control="blitz")
    game.refresh_from_db()
    if game.status == game.Status.LOBBY:  # a table with no empty seat for people starts by itself
        tables.do_start(game.pk, host)
    moderation.do_replace_seat(mod, game.pk, 0, "soak bench: bots play every seat")
    return game.pk


async def spectate(port: int, totals: Totals, slot: int, stop_at: float, stream: str) -> None:
    """Watch the slot's table; follow the slot to its next table."""
    from websockets.asyncio.client import connect

    origin = f"http://127.0.0.1:{port}"
    while time.monotonic() < stop_at:
        game_id = totals.slots[slot]
        try:
            async with connect(f"ws://127.0.0.1:{port}/ws/games/{game_id}/?{stream}", origin=origin) as ws:
                while time.monotonic() < stop_at and totals.slots[slot] == game_id:
                    try:
                        await asyncio.wait_for(ws.recv(), 1.0)
                        totals.messages += 1
                    except TimeoutError:
                        continue
        except Exception:
            totals.socket_errors += 1
            await asyncio.sleep(1)
        totals.reconnects += 1


def run_spectators(port: int, totals: Totals, count: int, stop_at: float, html: bool = False) -> threading.Thread:
    stream = "format=html&keep=2" if html else "format=json"

    async def all_of_them():
        await asyncio.gather(*(spectate(port, totals, s, stop_at, stream) for s in range(len(totals.slots))
                               for _ in range(count)))

    thread = threading.Thread(target=lambda: asyncio.run(all_of_them()), daemon=True)
    thread.start()
    return thread


def moves_made(game_ids: list[int]) -> int:
    from games.models import Move

    return Move.objects.filter(game_id__in=game_ids).count()


def slope_per_minute(points: list[tuple[float, float]]) -> float:
    """Least-squares growth (MB per minute) over the points (seconds, MB)."""
    if len(points) < 2:
        return 0.0
    n = len(points)
    mx = sum(t for t, _ in points) / n
    my = sum(v for _, v in points) / n
    var = sum((t - mx) ** 2 for t, _ in points)
    return 60 * sum((t - mx) * (v - my) for t, v in points) / var if var else 0.0


def error_lines(children: list[Child]) -> dict[str, list[str]]:
    found = {}
    for child in children:
        lines = [line for line in child.log.read_text(errors="replace").splitlines() if ERROR_LINE.search(line)]
        found[child.name] = lines
    return found


def main(argv: list[str] | None = None) -> int:
    import tempfile

    args = parse_args(argv)
    # Stopped by a signal, it stops its processes too (they run in sessions of their own).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    setup_django()
    from games.models import Game

    port = free_port()
    children = start_stack(port, args.concurrency, Path(tempfile.mkdtemp(prefix="soak-")) / "beat-schedule",
                           args.trace_memory)
    all_games: list[int] = []
    try:
        wait_ready(port, children)
        host, mod = bench_users()
        totals = Totals()
        for n in range(args.games):
            totals.slots.append(new_table(n, host, mod))
        all_games += totals.slots
        started = time.monotonic()
        stop_at = started + 60 * args.minutes
        spectators = run_spectators(port, totals, args.spectators, stop_at, args.html)
        samples: dict[str, list[tuple[float, float]]] = {c.name: [] for c in children}
        next_sample, made = started, len(all_games)
        print(f"soak: {args.games} tables of bots, {args.spectators} spectators each "
              f"({'HTML' if args.html else 'JSON'} stream), {args.minutes:g} min; "
              f"Daphne on port {port}")
        while time.monotonic() < stop_at:
            for child in children:
                if child.popen.poll() is not None:
                    raise SystemExit(f"{child.name} exited during the soak; see {child.log}")
            if time.monotonic() >= next_sample:
                t = time.monotonic() - started
                for child in children:
                    samples[child.name].append((t, rss_mb(child.popen.pid)))
                next_sample += args.sample
            finished = set(Game.objects.filter(pk__in=totals.slots).exclude(status=Game.Status.ACTIVE)
                           .values_list("pk", flat=True))
            for slot, game_id in enumerate(totals.slots):
                if game_id in finished:
                    totals.games_done += 1
                    totals.slots[slot] = new_table(made, host, mod)
                    all_games.append(totals.slots[slot])
                    made += 1
            time.sleep(1.0)
        elapsed = (time.monotonic() - started) / 60
        spectators.join(10)
        moves = moves_made(all_games)
        print(f"played: {moves} moves ({moves / elapsed:.0f} a minute), {totals.games_done} games finished "
              f"({totals.games_done / elapsed:.1f} a minute), {len(all_games)} tables in all")
        print(f"spectators: {totals.messages} messages received, {totals.reconnects} (re)connections, "
              f"{totals.socket_errors} socket errors")
        print("memory (RSS, MB)    after 1 min   end   highest   growth over the second half")
        for name, points in samples.items():
            warm = [v for t, v in points if t >= 60] or [v for _, v in points]
            half = [(t, v) for t, v in points if t >= 30 * args.minutes]
            print(f"  {name:8s}        {warm[0]:8.1f} {points[-1][1]:7.1f} {max(v for _, v in points):8.1f}"
                  f"   {slope_per_minute(half):+.2f} MB/min")
        errors = error_lines(children)
        print("log errors: " + ", ".join(f"{name} {len(lines)}" for name, lines in errors.items()))
        for name, lines in errors.items():
            for line in lines[:3]:
                print(f"  {name}: {line[:200]}")
        if args.trace_memory:
            print(f"what Daphne's memory held: {TRACE_DIR / f'{children[0].popen.pid}.txt'}")
    finally:
        stop(children)
        Game.objects.filter(pk__in=all_games, status=Game.Status.ACTIVE).update(status=Game.Status.ABORTED)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
