"""Django's PostgreSQL backend, with the connection health check at most once a second per connection.

With ``CONN_HEALTH_CHECKS`` Django pings a kept connection (``SELECT 1``, a round trip) before the first query
of every request, and channels counts each of a socket's database calls as a request: under load that ping
was 7% of a Daphne process's time (py-spy, docs/PERFORMANCE.md). What it guards against is a connection that
died while it sat idle between requests. One that answered less than a second ago is not checked again; if it
has died since, the query fails, the request gets its error (the move path rolls back, nothing half-written),
and Django closes the connection at the request's end because an error occurred, so the next request
reconnects (``tests/test_faults_database.py``).

With a connection pool (``OPTIONS["pool"]``, ``config/postgresql/pool.py``, the default) Django skips its own
check and the pool checks each connection it lends; the pool made here uses the same once-a-second rule.
"""

from __future__ import annotations

import json
import time

import orjson
from django.core.exceptions import ImproperlyConfigured
from django.db.backends.base.base import NO_DB_ALIAS
from django.db.backends.postgresql import base, operations
from psycopg.types.json import Jsonb

from .pool import HEALTH_CHECK_EVERY, check_at_most_every_second, mark_answered

# What the wrapper below overrides or reads of Django's, none of it public: checked at start-up (the engine is
# loaded with the settings), and their source by tests/test_private_internals.py.
_DJANGOS = ("close_if_health_check_failed", "_close", "_configure_connection", "_connection_pools", "pool", "connect")
if [name for name in _DJANGOS if not hasattr(base.DatabaseWrapper, name)] or not isinstance(
        vars(base.DatabaseWrapper).get("pool"), property):
    raise ImproperlyConfigured(f"config/postgresql/base.py overrides Django's PostgreSQL wrapper "
                               f"({', '.join(_DJANGOS)}), which this Django has changed: re-read the module "
                               "against django/db/backends/postgresql/base.py and base/base.py")


def _json_bytes(value) -> bytes | str:
    """``value`` as JSON for a ``jsonb`` column: orjson's text (keys that are not strings written as strings, as
    ``json.dumps`` writes them), or ``json.dumps``'s where orjson refuses the value (an integer beyond 64 bits)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
    except orjson.JSONEncodeError:
        return json.dumps(value)


class DatabaseOperations(operations.DatabaseOperations):
    def adapt_json_value(self, value, encoder):
        """A JSON field without an encoder of its own written with orjson: every move writes the game's state
        and its events, and ``json.dumps`` of them was 2% of a Daphne process under load (py-spy,
        docs/PERFORMANCE.md). PostgreSQL parses the text into ``jsonb``, so what is stored is the same."""
        if encoder is not None:
            return super().adapt_json_value(value, encoder)
        return Jsonb(value, dumps=_json_bytes)


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations
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

    @property
    def pool(self):
        """Django's pool (``base.DatabaseWrapper.pool``) with ``check_at_most_every_second`` as its check: Django
        passes psycopg_pool's check-every-time when ``CONN_HEALTH_CHECKS`` is on, and takes no other."""
        options = self.settings_dict["OPTIONS"].get("pool")
        if self.alias == NO_DB_ALIAS or not options:
            return None
        if self.alias not in self._connection_pools:
            if self.settings_dict.get("CONN_MAX_AGE", 0) != 0:
                raise ImproperlyConfigured("Pooling doesn't support persistent connections.")
            from psycopg_pool import ConnectionPool

            kwargs = self.get_connection_params()
            kwargs["autocommit"] = True  # as Django's: it sets the mode itself later
            check = check_at_most_every_second if self.settings_dict["CONN_HEALTH_CHECKS"] else None
            pool = ConnectionPool(kwargs=kwargs, open=False, configure=self._configure_connection, check=check,
                                  **({} if options is True else options))
            self._connection_pools.setdefault(self.alias, pool)  # the first of racing threads wins, as Django's
        return self._connection_pools[self.alias]

    def _close(self):
        """A pooled connection given back after queries without an error has just answered (``mark_answered``);
        one that met an error is checked before it is lent again."""
        if self.pool and self.connection is not None and not self.errors_occurred:
            mark_answered(self.connection)
        return super()._close()
