"""Ladrillazo's guided first game: what it teaches, in the order a newcomer meets it (``games.core.lessons``).

Lowering a card (its level and requirements), an action, backing, hiding and evading envelopes, a deal, and the end
when the dispenser runs dry. Outside the engine: it imports Django's translation.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.core.lessons import Lesson

LESSONS = (
    Lesson("lower", _("Lower a card"), "turn", moves=frozenset({"lower"})),
    Lesson("act", _("Use a card's action"), "powers-and-actions", moves=frozenset({"act"})),
    Lesson("back", _("Back a card"), "level-and-support", moves=frozenset({"back"})),
    Lesson("hide", _("Hide envelopes"), "money", moves=frozenset({"hide"})),
    Lesson("evade", _("Evade to paradise"), "money", moves=frozenset({"evade"})),
    Lesson("deal", _("Make a deal"), "talks", moves=frozenset({"propose", "accept", "reject"}), steer=False),
    Lesson("end", _("The end: the dispenser runs dry"), "end-of-game", events=frozenset({"game_over"}), steer=False),
)
