"""The no-op translation marker and the one way the engine refuses a move.

Every literal message is wrapped in ``_()`` so ``makemessages`` extracts it; the UI translates the
message before filling its ``%(name)s`` parameters (``games/ladrillazo/text.py:display_params``).
"""

from __future__ import annotations

from typing import Any, NoReturn

from games.core.rulesets import IllegalAction

__all__ = ["_", "IllegalAction", "refuse"]


def _(message: str) -> str:
    """Mark a message for translation without translating it here."""
    return message


def refuse(message: str, rule: str, **params: Any) -> NoReturn:
    """Raise ``IllegalAction`` citing ``rule``, a slug of ``games.core.sections`` for Ladrillazo."""
    raise IllegalAction(message, rule=rule, **params)
