"""The one way an engine refuses a move.

Rule: a refusal is the statement ``refuse(_("English sentence with %(name)s placeholders."), "slug", name=...)``.
It raises ``IllegalAction`` and never returns, so a forgotten ``raise`` cannot let a move through; no engine
raises ``IllegalAction`` by hand or returns a refusal. The message is wrapped in ``_()`` so ``makemessages``
extracts it (the UI translates it before filling the parameters); the slug names the rulebook section that
forbids the move (``games.core.sections``), so the refusal links to the Rules page.
"""

from __future__ import annotations

from typing import Any, NoReturn

from .rulesets import IllegalAction
from .validation import gettext_noop as _

__all__ = ["_", "IllegalAction", "refuse"]


def refuse(message: str, rule: str, **params: Any) -> NoReturn:
    """Raise ``IllegalAction(message, rule, **params)``: the move is refused, citing rulebook section ``rule``."""
    # ``from None``: a refusal made while handling another exception (a bad number in an action, say) is the
    # whole story for the player; the chained one would only lengthen the log.
    raise IllegalAction(message, rule=rule, **params) from None
