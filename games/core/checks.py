"""Checks every engine makes alike on a move: is it a seat, would it pass.

Pure Python like the rest of the core (the action's type and handler: ``games.core.dispatch``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .rulesets import IllegalAction


def is_index(value: object, count: int) -> bool:
    """Whether ``value`` is a whole number (a bool is not) from 0 to ``count - 1``: a seat, a place in a list."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < count


def passes(check: Callable[..., Any], *args: Any) -> bool:
    """Whether ``check(*args)`` lets the move through (returns) rather than refusing it (``IllegalAction``)."""
    try:
        check(*args)
    except IllegalAction:
        return False
    return True
