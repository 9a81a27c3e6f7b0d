"""Copies of the plain-JSON state for ``apply`` (a refused move never leaves a half-changed state: the
action runs on a copy, and its input is never written to).

A marshal round trip copies any JSON, but it was a fifth of a random game's time. The state's shape is
known (schema.py): its big parts are flat containers of scalars, which C constructors copy one level at a
time, and the rest is small. ``copy_touching`` goes further for the frequent actions: it copies only the
parts the action can change in place, and the new state shares the others with its input. States are
therefore values: nobody may change one in place (the engine only ever writes to its own fresh copy).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

_SCALARS = frozenset((int, str, float, bool, type(None)))


def copy_json(value):
    """An exact deep copy of plain JSON data of any shape."""
    t = type(value)
    if t is dict:
        return {k: v if type(v) in _SCALARS else copy_json(v) for k, v in value.items()}
    if t is list:
        return [v if type(v) in _SCALARS else copy_json(v) for v in value]
    return value


def _flat(value: list | dict) -> list | dict:
    return value.copy()


def _flats_in(value: dict) -> dict:
    """A dict of flat containers (lists or dicts of scalars)."""
    return {k: v.copy() for k, v in value.items()}


def _flats_by_seat(value: list) -> list:
    out = []
    for v in value:  # (the hands, copied by most moves: a loop is cheaper than a comprehension here)
        out.append(v.copy())
    return out


def _record(value: dict) -> dict:
    """A dict of scalars and flat containers (a turn's flags, a contest, an offer)."""
    out = {}
    for k, v in value.items():  # (a loop: cheaper here than a comprehension for a few keys)
        out[k] = v if type(v) in _SCALARS else v.copy()
    return out


def _records(value: list) -> list:
    return [_record(v) for v in value]


def _industries(value: dict) -> dict:
    return {k: {**v, "slots": v["slots"].copy()} for k, v in value.items()}


# How deep each part of the state goes (schema.State): its containers are copied level by level with C
# constructors. A part not named here (the setup log, or a key the schema does not know) is copied by
# walking it (copy_json).
_SHAPED: dict[str, Callable] = {
    "mps": _flats_in,
    "industries": _industries,
    "hands": _flats_by_seat,
    "special": _flats_in,
    "offers": _records,
    "flags": _record,
    "contest": _record,
    "rolloff": _record,
    "draft": _record,
    "prelim": _record,
    "ports": _flat,
    "bank": _flat,
    "officials": _flat,
    "stockbrokers": _flat,
    "special_last": _flat,
    "discards": _flat,
    "in_play": _flat,
    "dice": _flat,
    "colors": _flat,
    "order": _flat,
    "union": _flat,
    "options": _flat,
}


def _copy_part(key: str, value):
    if type(value) in _SCALARS:
        return value
    return _SHAPED.get(key, copy_json)(value)


def deep_copy(state: dict) -> dict:
    """A copy sharing no container with ``state`` (key order kept, so JSON dumps are identical)."""
    return {k: _copy_part(k, v) for k, v in state.items()}


def copy_touching(state: dict, keys: Iterable[str]) -> dict:
    """A new top-level dict whose ``keys`` parts are deep copies; every other part is shared with ``state``
    and must not be changed in place by whoever writes to the copy (top-level assignment is fine)."""
    new = state.copy()
    for k in keys:
        if k in new:
            new[k] = _copy_part(k, new[k])
    return new


Copiers = tuple[tuple[str, Callable], ...]


def copiers(keys: Iterable[str]) -> Copiers:
    """``keys`` with the function copying each part, looked up once (for ``copy_with``)."""
    return tuple((k, _SHAPED.get(k, copy_json)) for k in keys)


def copy_with(state: dict, parts: Copiers) -> dict:
    """``copy_touching`` with the copy functions already looked up (``copiers``): the same copy."""
    new = state.copy()
    for k, copy in parts:
        if k in new:
            v = new[k]
            if type(v) not in _SCALARS:
                new[k] = copy(v)
    return new
