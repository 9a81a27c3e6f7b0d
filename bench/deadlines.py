"""Clock deadlines at scale: how late turn timeouts fire, and whether each fires exactly once.

Against a scratch PostgreSQL database (``DATABASE_URL``, default ``bench_clock``; migrated here) and a scratch
Redis database (``REDIS_URL``, default database 9; FLUSHED at the start and the end), the bench:

1. makes ``--templates`` 2-seat Estanciero games between two people through the project's own path
   (``tables.do_create_table`` / ``do_join`` / ``do_start``) and clones them up to ``--games`` active games
   (the real path costs about 0.1 s a game here: 10,000 would take a quarter of an hour);
2. starts ``--workers`` real ``celery -A config worker`` processes (prefork, ``--concurrency`` each) on the
   main queue, one more on the sweep queue when the settings route the sweep to a queue of its own, and beat;
3. gives the human seat on move of each game a deadline spread uniformly at random over ``--spread`` seconds
   starting ``--lead`` seconds from now (default: 1 s per 40 games, time to arm them all first), and arms
   each exactly as production does after a move (``games.play.deadlines.schedule_deadlines``: a member of the timers'
   set, ``games.play.timers``), earliest first, from four threads;
4. waits until every deadline has fired (or ``--timeout`` seconds after the last one), stops its processes and
   reports: fired count; exactly once (one timeout move at version 1 per game, from the seat that was due: none
   missing, none doubled); lateness (the move's ``created_at`` minus the seat's deadline) p50/p95/p99/max;
   fires per second and the largest backlog (deadlines passed and not yet fired); and the sweep: how long
   after beat sent each sweep it started to run (worker log against beat log, matched by task id), how many
   never ran, and how many deadlines the sweeps fired themselves; the workers' CPU per fire (their main
   processes and pools) and the PostgreSQL sessions opened per fire, which a busy machine does not skew.

After its timeout each game's next deadline is ``--next-seconds`` away (within the 30-minute horizon, so the fire
queues another as a live game's move does, but beyond the end of the run).

    python bench/deadlines.py                                   # 10,000 games over 120 s, one worker
    python bench/deadlines.py --games 500 --spread 20           # a quick check
    python bench/deadlines.py --workers 2 --concurrency 4

Bounded: ``--lead + --spread + --timeout`` seconds of waiting; the Celery processes (each in its own process
group) are stopped on exit, Ctrl-C and errors included; the run's games are aborted at the end (so a late task
never moves them) and left in the scratch database. Logs: ``bench/.deadlines-*.log``.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
LOG_DIR = ROOT / "bench"
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/bench_clock"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/9"
SWEEP_TASK = "games.tasks.sweep_deadlines"
ARM_THREADS = 4
# Celery's log prefix: "[2026-01-02 03:04:05,678: INFO/MainProcess] ..." (local time, milliseconds).
LOG_TIME = re.compile(r"^\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}): ")
BEAT_SENT = re.compile(re.escape(SWEEP_TASK) + r" sent\. id->([0-9a-f-]+)")
SWEEP_DONE = re.compile(re.escape(SWEEP_TASK) + r"\[([0-9a-f-]+)\] succeeded in ([0-9.e-]+)s: (\S+)")


@dataclass
class Options:
    games: int
    spread: float
    lead: float
    workers: int
    concurrency: int
    timeout: float
    templates: int
    next_seconds: int
    seed: int


@dataclass
class Armed:
    game_id: int
    seat: int
    deadline: datetime


@dataclass
class Child:
    name: str
    popen: subprocess.Popen
    log_path: Path


def parse_args(argv: list[str] | None = None) -> Options:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=10_000, help="pending deadlines (one per game)")
    p.add_argument("--spread", type=float, default=120.0, help="seconds the deadlines are spread over")
    p.add_argument("--lead", type=float, default=None,
                   help="seconds from now to the first deadline (default 1 s per 40 games: every deadline is armed "
                        "before the first is due, so the arming's own load stays out of the figures)")
    p.add_argument("--workers", type=int, default=1, help="worker processes on the main queue")
    p.add_argument("--concurrency", type=int, default=2, help="prefork processes per main worker")
    p.add_argument("--timeout", type=float, default=300.0, help="seconds to wait after the last deadline")
    p.add_argument("--templates", type=int, default=10, help="games made through the real path, then cloned")
    p.add_argument("--next-seconds", type=int, default=1500, help="each game's next deadline after its timeout")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    lead = a.lead if a.lead is not None else max(10.0, a.games / 40)
    return Options(a.games, a.spread, lead, a.workers, a.concurrency, a.timeout, max(1, min(a.templates, a.games)),
                   a.next_seconds, a.seed)


def setup_django() -> None:
    """Scratch services only; the lobby's rate limits would refuse a bench's worth of tables."""
    os.environ.setdefault("DATABASE_URL", DEFAULT_DATABASE_URL)
    os.environ.setdefault("REDIS_URL", DEFAULT_REDIS_URL)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("TABLE_CREATE_RATE_LIMIT", "1000000/60s")
    os.environ.setdefault("MAX_OPEN_TABLES", "1000000")
    if not os.environ["DATABASE_URL"].startswith("postgres"):
        raise SystemExit("DATABASE_URL must name a scratch PostgreSQL database")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)


def flush_redis() -> None:
    import redis

    redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()


def make_games(opts: Options) -> list[int]:
    """``opts.games`` active 2-seat games, no deadline armed yet (so that starting workers re-arms none)."""
    from accounts.models import User
    from games.models import Game, Seat
    from games.tables import lifecycle as tables

    # Leftovers of an earlier run must not fire in this one.
    Game.objects.filter(status=Game.Status.ACTIVE).update(status=Game.Status.ABORTED)
    players = [User.objects.get_or_create(username=name)[0] for name in ("bench_clock_a", "bench_clock_b")]
    templates = []
    for _ in range(opts.templates):
        game = tables.do_create_table(players[0], "estanciero", 2, time_control="live")
        tables.do_join(game.pk, players[1])
        templates.append(tables.do_start(game.pk, players[0]))
    seats_of = {t.pk: list(Seat.objects.filter(game=t).order_by("index")) for t in templates}
    ids = [t.pk for t in templates]
    skip = {"id", "created_at", "rematch_of"}
    fields = [f.name for f in Game._meta.concrete_fields if f.name not in skip]
    for start in range(len(templates), opts.games, 1000):
        batch = [templates[i % len(templates)] for i in range(start, min(opts.games, start + 1000))]
        clones = Game.objects.bulk_create([Game(**{f: getattr(t, f) for f in fields}) for t in batch])
        Seat.objects.bulk_create([Seat(game=c, index=s.index, user_id=s.user_id, is_bot=s.is_bot,
                                       bot_level=s.bot_level, reserve_left=0.0, clock_started=s.clock_started,
                                       deadline=s.deadline)
                                  for c, t in zip(clones, batch) for s in seats_of[t.pk]])
        ids.extend(c.pk for c in clones)
    Game.objects.filter(pk__in=ids).update(move_seconds=opts.next_seconds, reserve_seconds=0)
    Seat.objects.filter(game_id__in=ids).update(deadline=None, reserve_left=0.0)
    return ids


def due_seats(game_ids: list[int]) -> dict[int, int]:
    """The seat each game waits for: the one whose clock the start armed."""
    from games.core.rulesets import get
    from games.models import Game

    rs = get("estanciero")
    return {gid: rs.to_move(state)[0] for gid, state in Game.objects.filter(pk__in=game_ids).values_list("id", "state")}


def set_deadlines(game_ids: list[int], opts: Options) -> list[Armed]:
    from django.utils import timezone

    from games.models import Seat

    rng = random.Random(opts.seed)
    first = timezone.now() + timedelta(seconds=opts.lead)
    seats = due_seats(game_ids)
    armed = sorted((Armed(g, seats[g], first + timedelta(seconds=rng.uniform(0, opts.spread))) for g in game_ids),
                   key=lambda a: a.deadline)
    by_key = {(a.game_id, a.seat): a for a in armed}
    rows = list(Seat.objects.filter(game_id__in=game_ids))
    for row in rows:
        a = by_key.get((row.game_id, row.index))
        row.deadline = a.deadline if a else None
        row.clock_started = timezone.now()
    Seat.objects.bulk_update(rows, ["deadline", "clock_started"], batch_size=2000)
    return armed


def arm(armed: list[Armed]) -> tuple[float, int]:
    """What ``after_commit`` does for each game; returns the seconds it took and how many were armed after
    their deadline had passed (the bench's own lateness, not the clock's)."""
    from django.db import connection
    from django.utils import timezone

    from games.play.deadlines import schedule_deadlines

    def arm_one(a: Armed) -> bool:
        late = timezone.now() > a.deadline
        schedule_deadlines(a.game_id)
        return late

    def arm_share(share: list[Armed]) -> int:
        try:
            return sum(arm_one(a) for a in share)
        finally:
            connection.close()  # each thread's own

    # A few threads, each taking every fourth deadline (so all four go earliest first): one call is mostly
    # waiting on PostgreSQL and Redis, and 10,000 in a row took minutes on a busy machine.
    started = time.monotonic()
    with ThreadPoolExecutor(ARM_THREADS) as pool:
        late = sum(pool.map(arm_share, [armed[i::ARM_THREADS] for i in range(ARM_THREADS)]))
    return time.monotonic() - started, late


def queues() -> tuple[str, str]:
    """(main queue, sweep queue); the same name twice when the sweep has no queue of its own."""
    from config.celery import app

    main = app.conf.task_default_queue
    return main, app.amqp.router.route({}, SWEEP_TASK)["queue"].name


def spawn(name: str, argv: list[str]) -> Child:
    log_path = LOG_DIR / f".deadlines-{name}.log"
    log = open(log_path, "wb")
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    popen = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    log.close()
    return Child(name, popen, log_path)


def start_stack(opts: Options) -> list[Child]:
    main, sweep = queues()
    celery = [sys.executable, "-m", "celery", "-A", "config"]
    children = []
    for i in range(opts.workers):
        only_main = ["-Q", main] if sweep != main else []
        children.append(spawn(f"worker{i + 1}", celery + ["worker", "-l", "info", "-c", str(opts.concurrency),
                                                          "-n", f"bench-main{i + 1}@%h", *only_main]))
    if sweep != main:
        children.append(spawn("sweep", celery + ["worker", "-l", "info", "-c", "1", "-Q", sweep,
                                                 "-n", "bench-sweep@%h"]))
    schedule = Path(tempfile.mkdtemp(prefix="bench-deadlines-")) / "beat-schedule"  # a fresh schedule each run
    # Debug: beat names each task id it sends only at this level.
    children.append(spawn("beat", celery + ["beat", "-l", "debug", "-s", str(schedule)]))
    return children


def wait_ready(children: list[Child], limit: float = 120.0) -> None:
    from config.celery import ping

    main, sweep = queues()
    for queue in {main, sweep}:
        result = ping.apply_async(("ready",), queue=queue)
        try:
            result.get(timeout=limit)
        except Exception:
            dead = [c.name for c in children if c.popen.poll() is not None]
            raise SystemExit(f"no worker answered on {queue} (exited: {dead}); see bench/.deadlines-*.log") from None


def group_cpu_seconds(pgid: int) -> tuple[float, float]:
    """CPU time (user + system) of the live processes of a process group (a worker and its pool): the
    group's leader (Celery's main process: messages, the timers' thread, acks) and the rest (the pool: the
    tasks)."""
    leader = pool = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            pid = int(stat.parent.name)
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, ValueError):
            continue
        if int(fields[2]) == pgid:  # pgrp; utime and stime follow at 11 and 12
            ticks = int(fields[11]) + int(fields[12])
            leader, pool = (leader + ticks, pool) if pid == pgid else (leader, pool + ticks)
    hz = os.sysconf("SC_CLK_TCK")
    return leader / hz, pool / hz


def workers_cpu(children: list[Child]) -> tuple[float, float]:
    """(main processes, pools) of every live worker."""
    groups = [group_cpu_seconds(c.popen.pid) for c in children if c.name != "beat" and c.popen.poll() is None]
    return sum(g[0] for g in groups), sum(g[1] for g in groups)


def sessions_opened() -> int:
    """PostgreSQL sessions opened on this database so far (PostgreSQL 14 and later)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT sessions FROM pg_stat_database WHERE datname = current_database()")
        return int(cursor.fetchone()[0])


def stop(children: list[Child]) -> None:
    """Warm shutdown of each process group we started, then a kill for whatever is left."""
    for c in children:
        if c.popen.poll() is None:
            os.killpg(c.popen.pid, signal.SIGTERM)
    end = time.monotonic() + 30
    for c in children:
        try:
            c.popen.wait(max(0.1, end - time.monotonic()))
        except subprocess.TimeoutExpired:
            os.killpg(c.popen.pid, signal.SIGKILL)
            c.popen.wait()


def fired_count(game_ids: list[int]) -> int:
    from games.models import Move

    return Move.objects.filter(game_id__in=game_ids, seq=1).count()


def wait_fired(game_ids: list[int], last_deadline: datetime, opts: Options, children: list[Child],
               loads: list[float]) -> None:
    from django.utils import timezone

    give_up = last_deadline + timedelta(seconds=opts.timeout)
    while timezone.now() < give_up:
        loads.append(os.getloadavg()[0])
        done = fired_count(game_ids)
        dead = [c.name for c in children if c.popen.poll() is not None]
        print(f"  {timezone.now():%H:%M:%S} fired {done}/{len(game_ids)}  load {loads[-1]:.2f}"
              + (f"  EXITED: {dead}" if dead else ""), flush=True)
        if done >= len(game_ids) or dead:
            return
        time.sleep(5)


def percentile(sorted_values: list[float], q: float) -> float:
    """Nearest rank."""
    if not sorted_values:
        return float("nan")
    rank = max(1, min(len(sorted_values), round(q / 100 * len(sorted_values) + 0.5)))
    return sorted_values[rank - 1]


def check_moves(armed: list[Armed]) -> dict:
    """Exactly once: each game's first move is the due seat's timeout, and nothing else fired at version 0."""
    from games.models import Move

    by_game = {a.game_id: a for a in armed}
    firsts: dict[int, list[tuple]] = {}
    for game_id, seq, seat, source, created in Move.objects.filter(game_id__in=list(by_game)).values_list(
            "game_id", "seq", "seat", "source", "created_at"):
        firsts.setdefault(game_id, []).append((seq, seat, source, created))
    lateness, wrong, later = [], 0, 0
    for game_id, a in by_game.items():
        moves = firsts.get(game_id, [])
        first = [m for m in moves if m[0] == 1]
        later += len(moves) - len(first)
        if len(first) != 1:
            continue
        _, seat, source, created = first[0]
        if seat != a.seat or source != "timeout":
            wrong += 1
        lateness.append(((created - a.deadline).total_seconds(), created))
    return {"fired": len(lateness), "missing": len(by_game) - len(lateness), "wrong": wrong, "later_moves": later,
            "lateness": lateness}


def peak_backlog(armed: list[Armed], fire_times: list[datetime]) -> int:
    """The most deadlines that had passed and not yet fired at any moment."""
    events = [(a.deadline, 1) for a in armed] + [(t, -1) for t in fire_times]
    events.sort(key=lambda e: (e[0], e[1]))
    level = peak = 0
    for _, step in events:
        level += step
        peak = max(peak, level)
    return peak


def log_lines(path: Path):
    """(local time, line) for each line that starts with Celery's time prefix."""
    for line in path.read_text(errors="replace").splitlines():
        m = LOG_TIME.match(line)
        if m:
            yield datetime.strptime(m.group(1), "%Y-%m-%d %H:%M:%S,%f"), line


def sweep_report(log_paths: list[Path], beat_log: Path) -> dict:
    """How long after beat sent each sweep it started (its end in the worker log minus its run time). Every
    log is this run's; Celery writes them all in the project's time zone."""
    sent = {m.group(1): t for t, line in log_lines(beat_log) if (m := BEAT_SENT.search(line))}
    delays, fired = [], 0
    for path in log_paths:
        for t, line in log_lines(path):
            m = SWEEP_DONE.search(line)
            if m and m.group(1) in sent:
                start = t - timedelta(seconds=float(m.group(2)))
                delays.append((start - sent[m.group(1)]).total_seconds())
                fired += int(m.group(3)) if m.group(3).isdigit() else 0
    delays.sort()
    return {"sent": len(sent), "ran": len(delays), "delays": delays, "fired": fired}


def abort_games(game_ids: list[int]) -> None:
    from games.models import Game

    Game.objects.filter(pk__in=game_ids, status=Game.Status.ACTIVE).update(status=Game.Status.ABORTED)


def report(opts: Options, armed: list[Armed], moves: dict, sweeps: dict, loads: list[float], arm_info,
           cpu_used: tuple[float, float], sessions: int) -> None:
    late = sorted(x for x, _ in moves["lateness"])
    times = sorted(t for _, t in moves["lateness"])
    span = (times[-1] - times[0]).total_seconds() if len(times) > 1 else float("nan")
    ms = [1000 * percentile(late, q) for q in (50, 95, 99, 100)]
    delays = sweeps["delays"]
    print(f"\nmachine: {os.cpu_count()} cores; load average during the run: mean {sum(loads) / max(1, len(loads)):.2f},"
          f" max {max(loads, default=0):.2f}; now {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"setup: {opts.games} deadlines over {opts.spread:g} s, {opts.workers} worker(s) x {opts.concurrency}"
          f" processes; armed in {arm_info[0]:.1f} s ({arm_info[1]} armed after their deadline)")
    print(f"fired: {moves['fired']}/{len(armed)}  exactly once: {'yes' if not (moves['missing'] or moves['wrong'] or moves['later_moves']) else 'NO'}"
          f" (missing {moves['missing']}, wrong seat or source {moves['wrong']}, other moves {moves['later_moves']})")
    print(f"late ms: p50 {ms[0]:.0f}  p95 {ms[1]:.0f}  p99 {ms[2]:.0f}  max {ms[3]:.0f}")
    print(f"fires/s: {len(times) / span if span else float('nan'):.1f} (first to last fire)  peak backlog:"
          f" {peak_backlog(armed, times)} passed and unfired")
    per_fire = [1000 * x / max(1, len(times)) for x in cpu_used]
    print(f"worker CPU per fire: {sum(per_fire):.1f} ms = pools {per_fire[1]:.1f} + Celery main processes"
          f" {per_fire[0]:.1f} (not PostgreSQL or Redis; taking the due deadlines and queueing them included)")
    print(f"PostgreSQL sessions opened: {sessions} ({sessions / max(1, len(times)):.2f} per fire; the bench's arming"
          f" threads open {ARM_THREADS})")
    if delays:
        print(f"sweeps: {sweeps['sent']} sent, {sweeps['ran']} ran; start after send ms: p50"
              f" {1000 * percentile(delays, 50):.0f}  max {1000 * delays[-1]:.0f}; the sweeps fired {sweeps['fired']}")
    else:
        print(f"sweeps: {sweeps['sent']} sent, none ran in the window")


def main(argv: list[str] | None = None) -> None:
    opts = parse_args(argv)
    # A kill (or a background run's interrupt, which the shell ignores) still stops the workers on the way out.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    setup_django()
    flush_redis()
    print(f"making {opts.games} games ...", flush=True)
    game_ids = make_games(opts)
    flush_redis()  # the templates' own first deadlines, armed by do_start, are not part of the run
    children: list[Child] = []
    loads: list[float] = []
    try:
        children = start_stack(opts)
        wait_ready(children)
        cpu_ready, sessions_ready = workers_cpu(children), sessions_opened()
        armed = set_deadlines(game_ids, opts)
        print(f"arming {len(armed)} deadlines from {armed[0].deadline:%H:%M:%S} to {armed[-1].deadline:%H:%M:%S}"
              f" (UTC) ...", flush=True)
        arm_info = arm(armed)
        wait_fired(game_ids, armed[-1].deadline, opts, children, loads)
        cpu_now = workers_cpu(children)
        cpu_used = (cpu_now[0] - cpu_ready[0], cpu_now[1] - cpu_ready[1])
        sessions = sessions_opened() - sessions_ready
    finally:
        abort_games(game_ids)
        stop(children)
    moves = check_moves(armed)
    beat_log = next(c.log_path for c in children if c.name == "beat")
    sweeps = sweep_report([c.log_path for c in children if c.name != "beat"], beat_log)
    report(opts, armed, moves, sweeps, loads, arm_info, cpu_used, sessions)
    flush_redis()


if __name__ == "__main__":
    main()
