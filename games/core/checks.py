"""Checks every engine makes alike on a move: is it a seat, is it an action it knows, would it pass.

Pure Python like the rest of the core; the refusals are ``IllegalAction`` citing the engine's own section."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .rulesets import IllegalAction
from .validation import gettext_noop as _


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


def handler_for(handlers: dict[str, Callable], action: object, rule: str) -> Callable:
    """The handler of ``action``'s type in ``handlers``; refused, citing ``rule``, when the action is not an
    object with a type, or its type is none of the engine's."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction(_("An action must be an object with a type."), rule=rule)
    handler = handlers.get(action["type"])
    if handler is None:
        raise IllegalAction(_("Unknown action %(type)s."), rule=rule, type=action["type"])
    return handler
