"""Argentilandia's "What can I do now?" lines (games/argentilandia/hints.py, ``Declaration.move_hints``). Pure: no database.

Rulebook: every section the hints name (each line cites the section it comes from, a key of ``SECTIONS``)."""

from __future__ import annotations

from django.utils import translation
from django.utils.functional import Promise

from games.argentilandia.engine.action_schema import ACTION_SCHEMAS
from games.argentilandia.hints import MOVE_HINTS
from games.argentilandia.sections import SECTIONS
from games.core.rulesets import declaration

LONGEST = 160  # one line on a phone's move list


def test_rulebook_every_move_type_has_a_hint_and_no_other():
    """Every move the engine takes (``ACTION_SCHEMAS``, 24 types) is explained, and nothing else is."""
    assert set(MOVE_HINTS) == set(ACTION_SCHEMAS)
    assert len(MOVE_HINTS) == 24


def test_rulebook_every_section_the_hints_name_is_a_section_of_the_rulebook():
    unknown = {move: slug for move, (_words, slug) in MOVE_HINTS.items() if slug not in SECTIONS}
    assert not unknown


def test_rulebook_every_hint_is_one_short_translatable_line():
    """Lazy translations (read in the active language), neither empty nor longer than a line, with no
    placeholder to fill and no bare ``%`` (gettext would take "10% interest" for a format and check it)."""
    with translation.override("en"):
        for move, (words, _slug) in MOVE_HINTS.items():
            assert isinstance(words, Promise), move
            text = str(words)
            assert text.strip() and text == text.strip(), move
            assert len(text) <= LONGEST, (move, len(text))
            assert "\n" not in text and "%" not in text, move


def test_rulebook_the_declaration_carries_the_hints():
    assert declaration("argentilandia").move_hints == MOVE_HINTS
