"""The games as the site presents them (home page, rules pages, leagues): read from each ruleset's declaration
(``games.core.declarations``), in alphabetical order."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise

from games.core.rulesets import declaration, get, names


@dataclass(frozen=True)
class GameInfo:
    slug: str
    name: str
    tagline: Promise
    players: str
    minutes: str
    origin: Promise
    playable: bool
    banner: str
    guided: bool = False  # it has a guided first game (``Declaration.guided_table``)


def games() -> list[GameInfo]:
    """Every registered game, by name."""
    return sorted((_info(name) for name in names()), key=lambda g: g.slug)


def get_game(slug: str) -> GameInfo | None:
    return _info(slug) if slug in names() else None


def _info(name: str) -> GameInfo:
    d, rs = declaration(name), get(name)
    return GameInfo(d.name, d.title, d.tagline, f"{rs.min_players}–{rs.max_players}", d.minutes, d.origin, d.playable,
                    d.banner, bool(d.guided_table) and d.playable)
