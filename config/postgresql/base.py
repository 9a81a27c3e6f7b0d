"""Django's PostgreSQL backend, with the connection health check at most once a second per connection.

With ``CONN_HEALTH_CHECKS`` Django pings a kept connection (``SELECT 1``, a round trip) before the first query
of every request, and channels counts each of a socket's database calls as a request: under load that ping
was 7% of a Daphne process's time (py-spy, docs/PERFORMANCE.md). What it guards against is a connection that
died while it sat idle between requests. One that answered less than a second ago is not checked again; if it
has died since, the query fails, the request gets its error (the move path rolls back, nothing half-written),
and Django closes the connection at the request's end because an error occurred, so the next request
reconnects (``tests/test_faults_database.py``).
"""

from __future__ import annotations

import time

from django.db.backends.postgresql import base

HEALTH_CHECK_EVERY = 1.0  # seconds


class DatabaseWrapper(base.DatabaseWrapper):
    _checked_at = float("-inf")  # monotonic time of the last connect or passed check

    def connect(self):
        super().connect()
        self._checked_at = time.monotonic()

    def close_if_health_check_failed(self):
        if (self.connection is not None and self.health_check_enabled and not self.health_check_done
                and time.monotonic() - self._checked_at < HEALTH_CHECK_EVERY):
            self.health_check_done = True
            return
        super().close_if_health_check_failed()
        if self.connection is not None:
            self._checked_at = time.monotonic()
