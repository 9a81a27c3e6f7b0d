"""Typed settings helpers (config/env.py): a bad value fails loudly at start-up instead of being taken as a default."""

import pytest
from django.core.exceptions import ImproperlyConfigured


def test_the_connection_pool_takes_sizes_that_can_work():
    """DB_POOL_* (config/postgresql/pool.py): 0 is no pool; anything that cannot work is refused at start-up."""
    from config.postgresql.pool import pool_options

    assert pool_options(8, 1, 10) == {"min_size": 1, "max_size": 8, "timeout": 10}
    assert pool_options(0, 1, 10) is None
    for sizes, message in [((-1, 0, 10), "DB_POOL_MAX_SIZE must be 0"), ((4, 5, 10), "DB_POOL_MIN_SIZE must be"),
                           ((4, -1, 10), "DB_POOL_MIN_SIZE must be"), ((4, 1, 0), "DB_POOL_TIMEOUT must be")]:
        with pytest.raises(ImproperlyConfigured, match=message):
            pool_options(*sizes)
