"""The legal list's type: a ``list`` of action dicts that may hold prebuilt, shared dicts (templates).

Building a couple of dozen dicts was most of the legal list's cost, and a player (or the random bench)
uses one of them. So the list stores module-level templates, one appended pointer each, and hands out a
fresh copy whenever an item is read from Python: indexing, slicing, iterating, ``pop``, ``copy``, ``+``.
A caller may change what it got without touching the templates or the next call's list.

C code that reads a list's storage directly (``json.dumps``, ``==``, ``in``, ``index``, ``count``,
``repr``) only reads: it sees dicts equal to the actions, so payloads, comparisons and membership tests
are those of a plain list of dicts, and no edge (server, bots, tests) needs to convert the list. What a
plain list does and this one does not: an item changed through ``list[i][key] = ...`` is not kept
(``list[i]`` is a new copy each time); replace the item instead (``list[i] = new``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import SupportsIndex, overload

from games.core.copying import copy_json as _deep

_get = list.__getitem__
_iter = list.__iter__


# The engine's action types whose actions hold dicts, and the keys holding them (flat dicts of scalars:
# cards or a Union Organizer target); the others are flat. Keyed by type: walking every value was dearer
# than the copy itself, and a legal list's item is read on every move.
_NESTED: dict[str, tuple[str, ...]] = {
    "offer_trade": ("give", "get"),
    "counter_offer": ("give", "get"),
    "discard": ("cards",),
    "move_union": ("target",),
}
_FLAT = frozenset((
    "accept_offer", "bank_trade", "buy_factory", "buy_mp", "buy_official", "buy_percentage", "buy_port", "buy_rival_mp",
    "buy_rival_percentage", "buy_stockbroker", "cancel_offer", "claim_special", "contest_roll", "end_turn", "intl_trade",
    "pass", "place_mp", "port_trade", "refuse_offer", "roll",
))


def fresh(action: dict) -> dict:
    """A copy of ``action`` sharing no container with it: an action of the engine's types copied as deep as
    those go (see _NESTED), anything else put in the list by hand copied fully."""
    if type(action) is not dict:
        return _deep(action)
    kind = action.get("type")
    if type(kind) is str:
        if kind in _FLAT:
            return action.copy()
        keys = _NESTED.get(kind)
        if keys is not None:
            out = action.copy()
            for k in keys:
                v = out.get(k)
                if type(v) is dict:
                    out[k] = v.copy()
            return out
    return _deep(action)


class Actions(list):
    """A list of actions whose stored dicts may be shared templates: every read from Python is a copy."""

    __slots__ = ()

    @overload
    def __getitem__(self, index: SupportsIndex) -> dict: ...

    @overload
    def __getitem__(self, index: slice) -> Actions: ...

    def __getitem__(self, index):
        item = _get(self, index)
        if type(item) is dict:  # an index: fresh(item), its usual case written out (a move reads one)
            kind = item.get("type")
            if type(kind) is str and kind in _FLAT:
                return item.copy()
            return fresh(item)
        if type(index) is slice:
            return Actions(item)  # the same templates: still copied when read
        return fresh(item)

    def __iter__(self) -> Iterator[dict]:
        return map(fresh, _iter(self))

    def __reversed__(self) -> Iterator[dict]:
        return map(fresh, list.__reversed__(self))

    def pop(self, index: SupportsIndex = -1) -> dict:
        return fresh(list.pop(self, index))

    def copy(self) -> Actions:
        return Actions(_iter(self))

    # list's own + and * would put the stored templates into a plain list
    def __add__(self, other):
        return [*self, *other]

    def __radd__(self, other):
        return [*other, *self]

    def __mul__(self, times: SupportsIndex) -> list[dict]:
        return [*self] * times

    __rmul__ = __mul__
