"""Shared helpers: the no-op translation marker and the engine's error type.

Every literal IllegalAction message is wrapped in ``_()`` so Django's
``makemessages`` can extract it; the UI translates before filling params.
"""

from __future__ import annotations

from typing import NoReturn

from games.core.rulesets import IllegalAction

__all__ = ["_", "IllegalAction", "refuse"]


def _(s: str) -> str:
    """Mark a message for translation without translating it here."""
    return s


def refuse(message: str, rule: str, **params) -> NoReturn:
    """Raise ``IllegalAction`` with a rule slug from ``games.core.sections`` (house style: it never returns)."""
    raise IllegalAction(message, rule=rule, **params) from None
