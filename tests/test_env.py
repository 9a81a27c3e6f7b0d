"""Typed settings helpers (config/env.py): a bad value fails loudly at start-up instead of being taken as a default."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import env_choice


def test_env_choice_takes_a_listed_value_or_the_default(monkeypatch):
    monkeypatch.delenv("TABLERO_TEST_CHOICE", raising=False)
    assert env_choice("TABLERO_TEST_CHOICE", ("pubsub", "core"), "pubsub") == "pubsub"
    monkeypatch.setenv("TABLERO_TEST_CHOICE", " core ")
    assert env_choice("TABLERO_TEST_CHOICE", ("pubsub", "core"), "pubsub") == "core"
    monkeypatch.setenv("TABLERO_TEST_CHOICE", "")
    assert env_choice("TABLERO_TEST_CHOICE", ("pubsub", "core"), "pubsub") == "pubsub"


def test_env_choice_refuses_anything_else(monkeypatch):
    monkeypatch.setenv("TABLERO_TEST_CHOICE", "memory")
    with pytest.raises(ImproperlyConfigured, match="TABLERO_TEST_CHOICE must be one of pubsub, core"):
        env_choice("TABLERO_TEST_CHOICE", ("pubsub", "core"), "pubsub")


def test_the_connection_pool_takes_sizes_that_can_work():
    """DB_POOL_* (config/postgresql/pool.py): 0 is no pool; anything that cannot work is refused at start-up."""
    from config.postgresql.pool import pool_options

    assert pool_options(8, 1, 10) == {"min_size": 1, "max_size": 8, "timeout": 10}
    assert pool_options(0, 1, 10) is None
    for sizes, message in [((-1, 0, 10), "DB_POOL_MAX_SIZE must be 0"), ((4, 5, 10), "DB_POOL_MIN_SIZE must be"),
                           ((4, -1, 10), "DB_POOL_MIN_SIZE must be"), ((4, 1, 0), "DB_POOL_TIMEOUT must be")]:
        with pytest.raises(ImproperlyConfigured, match=message):
            pool_options(*sizes)
