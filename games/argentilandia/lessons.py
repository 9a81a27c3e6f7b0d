"""Argentilandia's guided first game: what it teaches, in the order a newcomer meets it (``games.core.lessons``).

The draft, production, a trade, a port, a Corrupt Official's contest for a rival's MP, and the victory count at the
end of a shortened game. Outside the engine: it imports Django's translation.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.core.lessons import Lesson

LESSONS = (
    Lesson("draft", _("Place your MPs"), "preliminary-round", moves=frozenset({"place_mp"})),
    Lesson("production", _("Production"), "round-summary", events=frozenset({"produced"}), steer=False),
    Lesson("trade", _("Trade cards"), "playing-the-game",
           moves=frozenset({"offer_trade", "accept_offer", "counter_offer", "bank_trade", "intl_trade"}),
           steer=False),
    Lesson("port", _("A port"), "trading-at-ports", moves=frozenset({"buy_port", "port_trade"})),
    Lesson("official", _("A Corrupt Official's contest"), "buying-another-players-mp",
           moves=frozenset({"buy_rival_mp", "contest_roll"}), events=frozenset({"contest_started"}),
           steps=frozenset({"buy_official"})),
    Lesson("victory", _("Victory points"), "victory", events=frozenset({"game_over"}), steer=False),
)
