"""How an engine finds the code that runs a move: a table from action type to handler.

Rule: every handler has one signature, ``handler(state, events, seat, action) -> None``. It checks the move
(refusing it with ``games.core.refusals.refuse``), then changes ``state`` in place and appends the events it
causes to ``events``. ``state`` is always the engine's own copy (``games.core.copying``), never the state
``apply`` was given. An engine keeps its handlers in a ``dict[str, Handler]`` (one per phase when phases
accept different moves) and looks a move's handler up with ``handler_for``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeAlias, TypeVar

from .refusals import _, refuse

Action: TypeAlias = dict[str, Any]
"""A move as a player sends it: a JSON object with a ``"type"``."""
Event: TypeAlias = dict[str, Any]
"""Something that happened, for the players' screens and the game log (``games.core.events``)."""

StateT = TypeVar("StateT")
Handler: TypeAlias = Callable[[StateT, list[Event], int, Action], None]
"""``handler(state, events, seat, action)``: runs ``action`` by ``seat`` on ``state`` (the engine's copy) in
place, appending its events to ``events``; refuses the move instead when the rules forbid it."""

H = TypeVar("H")

M_NOT_ACTION = _("An action must be an object with a type.")
M_UNKNOWN = _("Unknown action %(type)s.")


def action_type(action: object, rule: str) -> str:
    """``action``'s type; refused, citing ``rule``, when ``action`` is not an object with a string type."""
    if not isinstance(action, dict) or not isinstance(kind := action.get("type"), str):
        refuse(M_NOT_ACTION, rule)
    return kind


def handler_for(handlers: Mapping[str, H], action: object, rule: str, unknown: str = M_UNKNOWN) -> H:
    """The handler of ``action``'s type in ``handlers``. Refused, citing ``rule``, when ``action`` has no type
    (``action_type``) or a type ``handlers`` does not hold; that refusal's message is ``unknown``, given the
    action's type as ``%(type)s`` when it names it."""
    kind = action_type(action, rule)
    handler = handlers.get(kind)
    if handler is None:
        refuse(unknown, rule, **({"type": kind} if "%(type)s" in unknown else {}))
    return handler


def first_of(actions: list[Action], kind: str) -> Action | None:
    """The first action of type ``kind`` in ``actions`` (a legal list), or None."""
    return next((a for a in actions if a["type"] == kind), None)
