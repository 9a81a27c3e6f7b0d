"""The rulebook sections of each game, by slug: each ruleset's own ``<package>/sections.py``.

An ``IllegalAction.rule`` is one of these slugs; the Rules page renders one
anchor per slug (``/rules/<game>/#<slug>``), titled in English and Spanish with
the rulebook's own section names.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from . import rulesets


class _Sections(Mapping[str, dict[str, tuple[str, str]]]):
    """game -> {slug: (English title, Spanish title)}, read from the registered rulesets when asked."""

    def __getitem__(self, game: str) -> dict[str, tuple[str, str]]:
        found: dict[str, tuple[str, str]] = rulesets.part(game, "sections", "SECTIONS")
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(rulesets.names())

    def __len__(self) -> int:
        return len(rulesets.names())


SECTIONS: Mapping[str, dict[str, tuple[str, str]]] = _Sections()


def title(game: str, slug: str, lang: str = "en") -> str:
    en, es = SECTIONS[game][slug]
    return es if lang.startswith("es") else en
