"""Refusals: IllegalAction with a rulebook section slug (games.sections["argentilandia"])."""

from __future__ import annotations

from games.rulesets import IllegalAction

from .i18n import _

__all__ = ["IllegalAction", "_", "refuse"]


def refuse(message: str, rule: str, **params) -> IllegalAction:
    """Build the IllegalAction to raise (``raise refuse(_("..."), "slug")``)."""
    return IllegalAction(message, rule=rule, **params)
