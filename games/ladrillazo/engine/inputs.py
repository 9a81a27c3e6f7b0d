"""Checking the types of a move's inputs before any rule is applied.

Ids must be integers (never bools, strings or objects), amounts positive integers, lists of ids
distinct: anything else is refused with ``IllegalAction``, never a TypeError or KeyError.
"""

from __future__ import annotations

from typing import TypeGuard

from games.core.refusals import _, refuse

from .schema import State


def is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def card_id(value: object, rule: str) -> int:
    """A card instance id."""
    if not is_int(value):
        refuse(_("Choose a card."), rule)
    return value


def amount(value: object, rule: str) -> int:
    """A positive whole number of envelopes."""
    if not is_int(value) or value < 1:
        refuse(_("Choose a whole number of envelopes, at least one."), rule)
    return value


def count(value: object, rule: str) -> int:
    """A whole number of envelopes, zero allowed."""
    if not is_int(value) or value < 0:
        refuse(_("Choose a whole number of envelopes."), rule)
    return value


def id_list(value: object, rule: str) -> list[int]:
    """A list of distinct card ids (missing = empty)."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(is_int(v) for v in value):
        refuse(_("Choose cards by their ids."), rule)
    if len(set(value)) != len(value):
        refuse(_("A card is listed twice."), rule)
    return list(value)


def seat(state: State, value: object, rule: str) -> int:
    """Another seat of this game."""
    if not is_int(value) or not 0 <= value < state["num_players"]:
        refuse(_("There is no such player."), rule)
    return value


def index(value: object, size: int, rule: str) -> int:
    """A position in a list of ``size`` items."""
    if not is_int(value) or not 0 <= value < size:
        refuse(_("There is no such power on that card."), rule)
    return value
