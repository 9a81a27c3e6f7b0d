"""The beat scheduler: celery-redbeat's, which keeps the schedule and a lock in Redis so that one beat of many
schedules at a time (docs/DEPLOY.md, "One beat"), with one addition.

A beat writes the schedule's entries into Redis when it starts, then waits for the lock. If Redis restarted empty
while it waited (the holder then exits: its lock is gone), the beat that takes the lock would find no entries and
send nothing, for ever. So the new holder writes the entries again at its first loop (each keeps the last run Redis
still has, so nothing runs early). tests/test_beat_failover.py empties Redis under three beats.
"""

from __future__ import annotations

from typing import Any

from redbeat.schedulers import RedBeatScheduler


class Scheduler(RedBeatScheduler):
    _entries_written = False

    def tick(self, *args: Any, **kwargs: Any) -> float:
        # The lock is taken (in beat_init) before the first loop; redbeat's tick extends it first thing.
        if not self._entries_written:
            self.setup_schedule()
            self._entries_written = True
        return super().tick(*args, **kwargs)
