"""The beat scheduler: celery-redbeat's, which keeps the schedule and a lock in Redis so that one beat of many
schedules at a time (docs/DEPLOY.md, "One beat"), with one addition.

A beat writes the schedule's entries into Redis when it starts, then waits for the lock. If Redis restarted empty
while it waited (the holder then exits: its lock is gone), the beat that takes the lock would find no entries and
send nothing, for ever. So the new holder writes the entries again at its first loop (each keeps the last run Redis
still has, so nothing runs early). tests/test_beat_failover.py empties Redis under three beats.

On a Redis Sentinel group it also rides out a failover instead of exiting (``FAILOVER_RETRY_SECONDS``).
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from redbeat.schedulers import RedBeatScheduler
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)

# On a Sentinel group, a loop that cannot reach Redis (the primary died, the sentinels have not yet promoted the
# replica) is tried again this soon, keeping the lock, which the promoted replica holds too (it expires only after
# BEAT_LOCK_SECONDS without an extension). Exiting instead, the beat came back to wait for its own lock to expire: the
# deadline sweep stopped for BEAT_LOCK_SECONDS (games/tests/test_faults_redis_sentinel.py, docs/DEPLOY.md "Redis Sentinel").
FAILOVER_RETRY_SECONDS = 1.0


class Scheduler(RedBeatScheduler):
    _entries_written = False

    def tick(self, *args: Any, **kwargs: Any) -> float:
        try:
            # The lock is taken (in beat_init) before the first loop; redbeat's tick extends it first thing.
            if not self._entries_written:
                self.setup_schedule()
                self._entries_written = True
            return super().tick(*args, **kwargs)
        except (RedisConnectionError, RedisTimeoutError) as error:
            if not settings.REDIS_SENTINELS:
                raise  # one Redis: the beat exits and its supervisor starts it again (the lock expires meanwhile)
            log.warning("beat: Redis unreachable (%s), trying again in %s s", error, FAILOVER_RETRY_SECONDS)
            return FAILOVER_RETRY_SECONDS
