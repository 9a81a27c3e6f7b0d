"""Pending deadlines as members of a Redis sorted set, taken out when due by a thread of each Celery worker.

A move at a table with a clock queues its seat's timeout from the move path, in the database thread of the
process that made the move. As a Celery ETA task that cost about 0.4 ms of CPU (kombu building and sending a
message), and under load 2.2–2.6 ms at the median of that thread's time, the thread every other move of the
process waits for (``bench/socket_load.py --timeline``, docs/PERFORMANCE.md). A member of a sorted set scored by
the deadline is one ``ZADD``, sent in the same round trip as the move's broadcast when both go to one Redis
(``along``).

Each worker that reads the main queue runs ``Timer``: every ``POLL_SECONDS`` it takes out the members due
within ``LOOKAHEAD_SECONDS`` in one script (read and remove at once, so two workers never take the same
member). One not yet due goes to the workers as an ETA task for its time, which Celery holds and runs on the
dot; those already due (a backlog, a worker that was away) go as ``fire_deadlines`` tasks of a few deadlines
each. Queued only when due, a deadline fired 28 ms late at the median and 79 at p99 (``bench/deadlines.py``):
the poll, the trip through the broker and the pool's hand-over came on top of the fire. The database stays the
truth: a member lost (Redis restarted, a worker killed between taking and running it) is a deadline the beat's
sweep fires, as it fired one whose ETA task was lost before.
"""

from __future__ import annotations

import logging
import threading
import time
from datetime import UTC, datetime

log = logging.getLogger(__name__)

POLL_SECONDS = 0.01  # how often a worker looks for members due soon
LOOKAHEAD_SECONDS = 0.25  # how soon: a member is on its way to the workers this long before its time
TAKE_LIMIT = 500  # members taken at a time (a backlog is taken in several passes, each queued at once)
BATCH = 10  # deadlines per task: enough to spare the broker, few enough that a burst spreads over processes

# Read the members due by ARGV[1] with their times and remove them in one step: a member goes to one taker only.
_TAKE = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0, ARGV[2])
local members = {}
for i = 1, #due, 2 do members[#members + 1] = due[i] end
if #members > 0 then redis.call('ZREM', KEYS[1], unpack(members)) end
return due
"""

Deadline = tuple[int, int, int]  # (game id, seat, version)

_lock = threading.Lock()
_clients: dict[str, object] = {}


def _redis():
    """A client of the broker's Redis (redis-py's pool is thread-safe and starts afresh in a forked child)."""
    from django.conf import settings

    url = settings.CELERY_BROKER_URL
    with _lock:
        client = _clients.get(url)
        if client is None:
            from accounts import redis_clients

            client = _clients[url] = redis_clients.client(url)
        return client


def key() -> str:
    """The set of this deployment's queue (tests and benches run several deployments on one Redis)."""
    from django.conf import settings

    return f"{settings.CELERY_TASK_DEFAULT_QUEUE}.deadlines"


def member(deadline: Deadline) -> str:
    game_id, seat, version = deadline
    return f"{game_id}:{seat}:{version}"


def add(deadlines: dict[Deadline, datetime]) -> None:
    """Queue each deadline at its time (the same deadline queued again keeps one member)."""
    if deadlines:
        _redis().zadd(key(), _scores(deadlines))


def along(deadlines: dict[Deadline, datetime]):
    """``add`` as commands for another's pipeline to the same Redis (``broadcast.publish``'s ``then``): a move's
    timeouts travel with its broadcast, in one round trip. Under load the ``ZADD``'s own round trip held the
    database thread 1.2–1.5 ms at the median (docs/PERFORMANCE.md)."""
    from django.conf import settings

    from accounts.redis_clients import location

    scores = _scores(deadlines)
    return location(settings.CELERY_BROKER_URL), lambda pipe: pipe.zadd(key(), scores)


def _scores(deadlines: dict[Deadline, datetime]) -> dict[str, float]:
    return {member(d): at.timestamp() for d, at in deadlines.items()}


def take_due(by: float | None = None, limit: int = TAKE_LIMIT) -> list[tuple[Deadline, float]]:
    """Remove and return the members due by ``by`` (epoch seconds; default now) with their times, the earliest
    first."""
    raw = _redis().eval(_TAKE, 1, key(), time.time() if by is None else by, limit)
    return [(tuple(int(part) for part in raw[i].decode().split(":")), float(raw[i + 1]))
            for i in range(0, len(raw), 2)]


def pending() -> int:
    """Members waiting (tests, diagnostics)."""
    return _redis().zcard(key())


def dispatch(taken: list[tuple[Deadline, float]], now: float | None = None) -> int:
    """Queue each deadline not yet due by ``now`` as an ETA task for its time, and those due as
    ``fire_deadlines`` tasks of ``BATCH`` each; returns the number of tasks."""
    from games.play.deadlines import fire_deadline, queue_batches

    now = time.time() if now is None else now
    due = [deadline for deadline, at in taken if at <= now]
    for (game_id, seat, version), at in taken:
        if at > now:
            fire_deadline.apply_async((game_id, seat, version), eta=datetime.fromtimestamp(at, UTC))
    return len(taken) - len(due) + queue_batches(due, BATCH)


class Timer:
    """The thread that takes due members out and queues them, until ``stop``."""

    def __init__(self) -> None:
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="deadline-timer", daemon=True)

    def start(self) -> Timer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)

    def _run(self) -> None:
        while not self._stop.wait(POLL_SECONDS):
            try:
                taken = take_due(time.time() + LOOKAHEAD_SECONDS)
                while taken:
                    dispatch(taken)
                    taken = take_due(time.time() + LOOKAHEAD_SECONDS) if len(taken) == TAKE_LIMIT else []
            except Exception:  # Redis away: the sweep fires what is due meanwhile; try again in a second
                log.exception("deadline timer: the due deadlines could not be taken")
                self._stop.wait(1.0)
