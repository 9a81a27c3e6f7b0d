"""The copy-on-apply rule every engine follows: ``apply`` never writes to the state it is given.

Rule: ``apply`` runs the move's handler (``StateCopy.run``) on a new top-level dict in
which every part the handler may change in place (the parts it *touches*, declared by the engine) is a deep
copy and every other part is shared with the input. A handler that declares nothing gets a whole deep copy, so
a declaration only ever makes a move cheaper, never wrong by omission; an engine that declares nothing copies
the whole state on every move.

States are therefore values: nobody changes a state in place once ``apply`` has returned it (top-level
assignment in the engine's own copy is always allowed). A refused move leaves no half-changed state behind:
its changes were made to a copy that is dropped.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeAlias, TypeVar

from .dispatch import Event, Handler

StateT = TypeVar("StateT")
T = TypeVar("T")

PartCopy: TypeAlias = Callable[[Any], Any]
"""Copies one part (a top-level value) of a state deeply."""
Copiers: TypeAlias = tuple[tuple[str, PartCopy], ...]

SCALARS = frozenset((int, str, float, bool, type(None)))
"""The types of JSON's scalars, which a copy shares (they cannot change)."""


def copy_json(value: T) -> T:
    """An exact deep copy of plain JSON data of any shape, walked in Python (for small or odd parts)."""
    t = type(value)
    v: Any = value
    if t is dict:
        return {k: x if type(x) in SCALARS else copy_json(x) for k, x in v.items()}  # type: ignore[return-value]
    if t is list:
        return [x if type(x) in SCALARS else copy_json(x) for x in v]  # type: ignore[return-value]
    return value


def copy_whole(value: T) -> T:
    """An exact deep copy of plain JSON data (and of any tuples in it) in one call."""
    # A marshal round trip: C code, the fastest exact copier for such data (faster than pickle or deepcopy).
    copied: T = marshal.loads(marshal.dumps(value))  # type: ignore[arg-type]  # JSON data: marshallable
    return copied


class StateCopy(Generic[StateT]):
    """How one engine copies its state for ``apply`` (the rule is the module's).

    ``parts`` maps a top-level key to the function copying its value when its shape is known (a flat list of
    scalars needs only ``list.copy``); a key not in it is copied by ``copy_json``. Without ``parts`` a whole
    copy is one ``copy_whole``. ``touches`` maps a handler to the keys it may change in place, and
    ``touches_now`` a handler whose writes depend on the state to a function of the state giving them.
    """

    def __init__(self, parts: Mapping[str, PartCopy] | None = None,
                 touches: Mapping[Handler[StateT], Iterable[str]] | None = None,
                 touches_now: Mapping[Handler[StateT], Callable[[StateT], Iterable[str]]] | None = None) -> None:
        self.parts: dict[str, PartCopy] = dict(parts or {})
        self.touches_now = dict(touches_now or {})
        # Each declared key with its copy function, looked up once here: run runs on every move.
        self.copiers: dict[Handler[StateT], Copiers] = {
            handler: self.copiers_of(keys) for handler, keys in (touches or {}).items()
            if handler not in self.touches_now}

    def copiers_of(self, keys: Iterable[str]) -> Copiers:
        """``keys`` with the function copying each part."""
        return tuple((k, self.parts.get(k, copy_json)) for k in keys)

    def whole(self, state: StateT) -> StateT:
        """A copy sharing no container with ``state`` (key order kept, so JSON dumps are identical)."""
        if not self.parts:
            return copy_whole(state)
        s: Any = state
        parts = self.parts
        return {k: v if type(v) in SCALARS else parts.get(k, copy_json)(v)  # type: ignore[return-value]
                for k, v in s.items()}

    def touching(self, state: StateT, keys: Iterable[str]) -> StateT:
        """A new top-level dict whose ``keys`` parts are deep copies; every other part is shared with ``state``."""
        return _sharing(state, self.copiers_of(keys))

    def run(self, handler: Handler[StateT], state: StateT, seat: int,
            action: dict[str, Any]) -> tuple[StateT, list[Event]]:
        """Run ``handler`` for ``seat``'s ``action`` on the copy of ``state`` it may write to (its touched parts
        copied, the rest shared; the whole state for a handler that declares nothing): the new state and the
        events. ``state`` is left as it was, also when the move is refused."""
        parts = self.copiers.get(handler)  # the copy functions of its parts, looked up in advance
        if parts is not None:
            new = _sharing(state, parts)
        else:
            touches_now = self.touches_now.get(handler)
            new = self.whole(state) if touches_now is None else self.touching(state, touches_now(state))
        events: list[Event] = []
        handler(new, events, seat, action)
        return new, events


def _sharing(state: StateT, parts: Copiers) -> StateT:
    """A new top-level dict with ``parts`` copied by their functions and every other part shared with ``state``."""
    s: Any = state
    new = s.copy()
    for k, copy in parts:
        if k in new:
            v = new[k]
            if type(v) not in SCALARS:
                new[k] = copy(v)
    return new  # type: ignore[no-any-return]
