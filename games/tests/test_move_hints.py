"""Every ruleset's "What can I do now?" lines (``games/<ruleset>/hints.py``, ``Declaration.move_hints``). Pure: no
database.

Rulebook: every section the hints name (each line cites the section it comes from, a key of the ruleset's
``SECTIONS``)."""

from __future__ import annotations

import importlib

import pytest
from django.utils import translation
from django.utils.functional import Promise

from games.core.rulesets import declaration, names

LONGEST = 160  # one line on a phone's move list


def parts(ruleset: str) -> tuple[dict, dict, dict]:
    """The ruleset's move types (its engine's ``ACTION_SCHEMAS``), its hints and its rulebook's sections."""
    package = f"games.{ruleset}"
    return (importlib.import_module(f"{package}.engine.action_schema").ACTION_SCHEMAS,
            importlib.import_module(f"{package}.hints").MOVE_HINTS,
            importlib.import_module(f"{package}.sections").SECTIONS)


@pytest.mark.parametrize("ruleset", names())
def test_rulebook_every_move_type_has_a_hint_and_no_other_and_the_declaration_carries_them(ruleset):
    """Every move the engine takes is explained, and nothing else is."""
    schemas, hints, _sections = parts(ruleset)
    assert set(hints) == set(schemas) and hints
    assert declaration(ruleset).move_hints == hints


@pytest.mark.parametrize("ruleset", names())
def test_rulebook_every_section_the_hints_name_is_a_section_of_the_rulebook(ruleset):
    _schemas, hints, sections = parts(ruleset)
    assert not {move: slug for move, (_words, slug) in hints.items() if slug not in sections}


@pytest.mark.parametrize("ruleset", names())
def test_rulebook_every_hint_is_one_short_translatable_line(ruleset):
    """Lazy translations (read in the active language), neither empty nor longer than a line, with no
    placeholder to fill and no bare ``%`` (gettext would take "10% interest" for a format and check it)."""
    _schemas, hints, _sections = parts(ruleset)
    for language in ("en", "es"):
        with translation.override(language):
            for move, (words, _slug) in hints.items():
                assert isinstance(words, Promise), move
                text = str(words)
                assert text.strip() and text == text.strip(), move
                assert len(text) <= LONGEST, (move, len(text))
                assert "\n" not in text and "%" not in text, move
