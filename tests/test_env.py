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
