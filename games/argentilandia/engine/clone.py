"""How deep each part of an Argentilandia state goes, for the copy on apply (``games.core.copying``).

A marshal round trip copies any JSON, but it was a fifth of a random game's time. The state's shape is
known (schema.py): its big parts are flat containers of scalars, which C constructors copy one level at a
time, and the rest is small. ``PARTS`` gives the copy function of each part; ``actions.TOUCHES`` says which
parts the frequent actions can change in place, and the new state shares the others with its input.
"""

from __future__ import annotations

from games.core.copying import SCALARS as _SCALARS
from games.core.copying import PartCopy


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
# walking it (games.core.copying.copy_json).
PARTS: dict[str, PartCopy] = {
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
