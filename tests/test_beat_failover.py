"""One beat schedules at a time, and another takes over when it dies (celery-redbeat, docs/DEPLOY.md "One beat").

Two real ``celery beat`` processes of the project run against the test Redis, with the deadline sweep every second
and a queue of their own (nothing else reads it, and their lock and schedule keys are named after it). What is
counted is what beat does: each sweep it sends is one message in ``<queue>.sweep`` in Redis. While both run, only
the one that took the lock sends (the other's log has no send, and the count does not double); after ``kill -9`` of
that one, the other sends the sweeps within the lock's timeout plus one loop. The failover time is printed
(``-s``); ``BEAT_LOCK_SECONDS`` and ``BEAT_MAX_LOOP_SECONDS`` in the environment measure other values than the
test's 10 s and 2 s (the site's defaults are 25 s and 5 s).
"""

from __future__ import annotations

import os
import signal
import time

import pytest

from tests.fixtures.servers import Proc, server_env, start_celery_beat, stop_procs
from tests.support import wait_until

LOCK_SECONDS = int(os.environ.get("BEAT_LOCK_SECONDS") or 10)
LOOP_SECONDS = int(os.environ.get("BEAT_MAX_LOOP_SECONDS") or 2)
# Room for a busy machine on top of the bound (a process starved of the CPU for a few seconds, the polling here).
SLACK_SECONDS = 15
SENT = "Scheduler: Sending due task sweep-deadlines"


def _log(proc: Proc) -> str:
    return proc.log_path.read_text(errors="replace")


@pytest.mark.timeout(240)
def test_two_beats_schedule_once_and_the_second_takes_over_when_the_first_is_killed(settings):
    import redis

    queue = f"beatfailover{os.getpid()}"
    client = redis.Redis.from_url(settings.REDIS_URL)

    def clear() -> None:
        for key in client.scan_iter(f"{queue}*"):
            client.delete(key)

    def sent() -> int:
        return client.llen(f"{queue}.sweep")

    clear()
    env = server_env() | {"CELERY_QUEUE": queue, "SWEEP_SECONDS": "1", "BEAT_LOCK_SECONDS": str(LOCK_SECONDS),
                          "BEAT_MAX_LOOP_SECONDS": str(LOOP_SECONDS),
                          # Only the sweep is counted; the other entries are sent once at the start.
                          "TURN_MAIL_SECONDS": "3600", "LEAGUE_SCHEDULE_SECONDS": "3600"}
    beats = [start_celery_beat("celery-beat-a", env), start_celery_beat("celery-beat-b", env)]
    try:
        def started() -> bool:
            for beat in beats:
                if beat.popen.poll() is not None:
                    raise AssertionError(f"{beat.name} exited:\n{beat.tail()}")
            return all("beat: Starting..." in _log(beat) for beat in beats) and any(
                "beat: Acquired lock" in _log(beat) for beat in beats)

        assert wait_until(started, timeout=90), "\n".join(beat.tail() for beat in beats)
        holders = [beat for beat in beats if "beat: Acquired lock" in _log(beat)]
        assert len(holders) == 1, "both beats took the lock"
        holder = holders[0]
        standby = beats[1] if holder is beats[0] else beats[0]

        # Both run: the sweeps go on once a second, all sent by the holder.
        assert wait_until(lambda: sent() >= 2, timeout=30), holder.tail()
        before, began = sent(), time.monotonic()
        time.sleep(2 * LOOP_SECONDS + 4)  # the standby has tried for the lock at least twice
        during, elapsed = sent() - before, time.monotonic() - began
        assert SENT not in _log(standby) and "beat: Acquired lock" not in _log(standby), standby.tail()
        assert 1 <= during <= elapsed + 2, f"{during} sweeps sent in {elapsed:.1f} s by two beats"

        # The holder dies without a word: its lock stays in Redis until it expires.
        holder.popen.send_signal(signal.SIGKILL)
        holder.popen.wait()
        killed_at, at_kill = time.monotonic(), sent()
        bound = LOCK_SECONDS + LOOP_SECONDS
        assert wait_until(lambda: sent() > at_kill, timeout=bound + SLACK_SECONDS, step=0.05), standby.tail()
        failover = time.monotonic() - killed_at
        print(f"\nbeat failover: the standby sent the first sweep {failover:.1f} s after kill -9 of the lock's "
              f"holder (lock {LOCK_SECONDS} s, loop {LOOP_SECONDS} s: bound {bound} s)")
        assert "beat: Acquired lock" in _log(standby)
        # The periodic work goes on, sent by the survivor alone.
        assert wait_until(lambda: sent() >= at_kill + 3, timeout=30), standby.tail()
        assert _log(standby).count(SENT) >= 3
        assert standby.popen.poll() is None, standby.tail()
    finally:
        stop_procs(*beats)
        clear()
