"""One beat schedules at a time, and another takes over when it dies (celery-redbeat, docs/DEPLOY.md "One beat").

Four real ``celery beat`` processes of the project run against the test Redis, with the deadline sweep every second
and a queue of their own (nothing else reads it, and their lock and schedule keys are named after it). What is
counted is what beat does: each sweep it sends is one message in ``<queue>.sweep`` in Redis, and each beat's log
says which sweeps it sent. While they all run, only the one that took the lock sends (the others' logs have no
send, and the count does not multiply). Then the holder loses the lock three ways, and each time one other beat
goes on sending the sweeps, within the bound: Redis emptied (the queue's keys deleted, as a Redis restarted empty:
the holder exits, a standby takes the lock within a loop and writes the schedule again, config/beat.py);
``kill -9`` (the lock expires: within its timeout plus a loop); a stall longer than the lock's timeout (SIGSTOP:
the same bound; the stalled beat, let go on, exits at its next loop without sending anything). The failover times
are printed (``-s``); ``BEAT_LOCK_SECONDS`` and ``BEAT_MAX_LOOP_SECONDS`` in the environment measure other values
than the test's 10 s and 2 s (the site's defaults are 25 s and 5 s).
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
BOUND = LOCK_SECONDS + LOOP_SECONDS
# Room for a busy machine on top of the bound (a process starved of the CPU for a few seconds, the polling here).
SLACK_SECONDS = 15
SENT = "Scheduler: Sending due task sweep-deadlines"
ACQUIRED = "beat: Acquired lock"


def _log(proc: Proc) -> str:
    return proc.log_path.read_text(errors="replace")


def _holders(beats: list[Proc]) -> list[Proc]:
    return [beat for beat in beats if ACQUIRED in _log(beat)]


def _take_over(survivors: list[Proc], what: str, bound: float) -> Proc:
    """Wait for one of ``survivors`` (none of which has sent a sweep yet) to send one; that one, the new holder."""
    quiet_at = time.monotonic()
    assert wait_until(lambda: any(SENT in _log(beat) for beat in survivors), timeout=bound + SLACK_SECONDS,
                      step=0.05), "\n".join(beat.tail() for beat in survivors)
    failover = time.monotonic() - quiet_at
    print(f"\nbeat failover after {what}: the next sweep was sent {failover:.1f} s later (bound {bound} s: lock "
          f"{LOCK_SECONDS} s, loop {LOOP_SECONDS} s)")
    holders = _holders(survivors)
    assert len(holders) == 1, f"{len(holders)} survivors took the lock"
    for beat in survivors:
        if beat is not holders[0]:
            assert SENT not in _log(beat), beat.tail()
    return holders[0]


def _exits_without_sending(beat: Proc, sends: int, in_flight: int = 0) -> None:
    """``beat``, which held the lock and lost it, exits at its next loop without sending a sweep: it has sent
    ``sends`` in all (and ``in_flight`` more at most, sent as it lost the lock)."""
    assert wait_until(lambda: beat.popen.poll() is not None, timeout=LOOP_SECONDS + 30), beat.tail()
    assert "LockNotOwnedError" in _log(beat), beat.tail()
    assert sends <= _log(beat).count(SENT) <= sends + in_flight, f"{beat.name} sent sweeps after losing the lock"


@pytest.mark.long
@pytest.mark.timeout(300)
def test_one_beat_schedules_and_another_takes_over_when_it_is_killed_or_stalls(settings):
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
    beats = [start_celery_beat(f"celery-beat-{name}", env) for name in "abcd"]
    try:
        def started() -> bool:
            for beat in beats:
                if beat.popen.poll() is not None:
                    raise AssertionError(f"{beat.name} exited:\n{beat.tail()}")
            return all("beat: Starting..." in _log(beat) for beat in beats) and bool(_holders(beats))

        assert wait_until(started, timeout=90), "\n".join(beat.tail() for beat in beats)
        holders = _holders(beats)
        assert len(holders) == 1, f"{len(holders)} beats took the lock"
        first = holders[0]

        # All four run: the sweeps go on once a second, all sent by the holder.
        assert wait_until(lambda: sent() >= 2, timeout=30), first.tail()
        before, began = sent(), time.monotonic()
        time.sleep(2 * LOOP_SECONDS + 4)  # each standby has tried for the lock at least twice
        during, elapsed = sent() - before, time.monotonic() - began
        assert _holders(beats) == [first], "a standby took the lock from a live holder"
        for beat in beats:
            if beat is not first:
                assert SENT not in _log(beat), beat.tail()
        assert 1 <= during <= elapsed + 2, f"{during} sweeps sent in {elapsed:.1f} s by four beats"

        # Redis restarts empty (its keys for this queue are deleted): the holder's lock is gone, so it exits; a
        # standby takes the lock within a loop and writes the schedule again (config/beat.py) to send the sweeps.
        sends = _log(first).count(SENT)
        clear()
        survivors = [beat for beat in beats if beat is not first]
        second = _take_over(survivors, "Redis emptied", LOOP_SECONDS + 1)
        # (One sweep may be on its way as the keys go, sent after the loop had extended the lock.)
        _exits_without_sending(first, sends, in_flight=1)

        # The holder dies without a word: its lock stays in Redis until it expires.
        second.popen.send_signal(signal.SIGKILL)
        second.popen.wait()
        survivors = [beat for beat in survivors if beat is not second]
        third = _take_over(survivors, "kill -9", BOUND)

        # The new holder stalls longer than the lock's timeout: the last beat takes over, and the stalled one, let
        # go on, finds the lock taken and exits (to be started again as a standby) without sending a sweep.
        third.popen.send_signal(signal.SIGSTOP)
        sends = _log(third).count(SENT)
        last = _take_over([beat for beat in survivors if beat is not third], "a stall (SIGSTOP)", BOUND)
        third.popen.send_signal(signal.SIGCONT)
        _exits_without_sending(third, sends)

        # The periodic work goes on, sent by the last beat alone.
        at = sent()
        assert wait_until(lambda: sent() >= at + 3, timeout=30), last.tail()
        assert last.popen.poll() is None, last.tail()
    finally:
        for beat in beats:
            if beat.popen.poll() is None:
                beat.popen.send_signal(signal.SIGCONT)
        stop_procs(*beats)
        clear()
