"""The three games as the site presents them."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class GameInfo:
    slug: str
    name: str
    tagline: Promise
    players: str
    minutes: str
    origin: Promise
    playable: bool


GAMES: dict[str, GameInfo] = {
    g.slug: g
    for g in (
        GameInfo(
            "argentilandia",
            "Argentilandia",
            _("Trade raw materials, monopolise provinces and build industries on a map of Argentina."),
            "3–5",
            "90–150",
            _("Argentina, 2011"),
            True,
        ),
        GameInfo(
            "estanciero",
            "Estanciero",
            _("The Argentine classic: buy zones, build chacras and estancias, and collect your rents."),
            "2–6",
            "60–180",
            _("Argentina, 1937"),
            True,
        ),
        GameInfo(
            "ladrillazo",
            "Ladrillazo",
            _("A satirical card game of Spain's property bubble: land, politicians and tax havens."),
            "2–6",
            "60–90",
            _("Spain"),
            True,
        ),
    )
}


def get_game(slug: str) -> GameInfo | None:
    return GAMES.get(slug)
