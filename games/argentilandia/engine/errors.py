"""Refusals: IllegalAction with a rulebook section slug (games.core.sections["argentilandia"]).

House style (shared with Estanciero): ``refuse()`` RAISES. Call it as a statement,
``refuse(_("..."), "slug")``; it never returns, so a refusal cannot be forgotten.
"""

from __future__ import annotations

from typing import NoReturn

from games.core.rulesets import IllegalAction

from .i18n import _

__all__ = ["IllegalAction", "_", "refuse"]


def refuse(message: str, rule: str, **params) -> NoReturn:
    """Raise the IllegalAction for ``message`` citing rulebook section ``rule``."""
    raise IllegalAction(message, rule=rule, **params) from None
