"""Spanish and English catalogues are complete and compiled, and every translation keeps its placeholders. The
Spanish catalogue is where Spanish is written (``make messages`` adds new strings to it empty)."""

import re
from pathlib import Path

import polib
import pytest

LOCALE = Path(__file__).resolve().parent.parent / "locale"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_catalogue_is_complete(lang):
    po = polib.pofile(str(LOCALE / lang / "LC_MESSAGES" / "django.po"))
    assert len(po) > 40
    untranslated = [e.msgid for e in po.untranslated_entries()]
    fuzzy = [e.msgid for e in po.fuzzy_entries()]
    assert untranslated == [] and fuzzy == []


@pytest.mark.parametrize("lang", ["es", "en"])
def test_compiled_catalogue_matches_the_source(lang):
    po = polib.pofile(str(LOCALE / lang / "LC_MESSAGES" / "django.po"))
    mo = polib.mofile(str(LOCALE / lang / "LC_MESSAGES" / "django.mo"))
    # Keyed with the context too: "game" (a ruleset) and the model "game" (context "model") differ in Spanish.
    source = {(e.msgctxt, e.msgid): e.msgstr for e in po.translated_entries() if not e.msgid_plural}
    compiled = {(e.msgctxt, e.msgid): e.msgstr for e in mo if not e.msgid_plural and e.msgid}
    assert compiled == source, "run `make messages` to recompile"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_plural_form_is_filled(lang):
    po = polib.pofile(str(LOCALE / lang / "LC_MESSAGES" / "django.po"))
    forms = int(po.metadata["Plural-Forms"].split("nplurals=")[1].split(";")[0])
    for entry in po:
        if entry.msgid_plural:
            assert sorted(entry.msgstr_plural) == list(range(forms)), entry.msgid
            assert all(entry.msgstr_plural.values()), entry.msgid


PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|\{(\w+)\}")


def _placeholders(text: str) -> set[str]:
    """The names a text fills in (one may stand twice: "the {name} ... another {name}")."""
    return {a or b for a, b in PLACEHOLDER.findall(text)}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_translation_keeps_its_placeholders(lang):
    """A translation names exactly the msgid's placeholders (a missing or misspelt one raises a KeyError or shows
    raw at run time). A plural form may leave out the count: Spanish says "un sobre", not "1 sobres"."""
    po = polib.pofile(str(LOCALE / lang / "LC_MESSAGES" / "django.po"))
    wrong = []
    for entry in po.translated_entries():
        if not entry.msgid_plural:
            if _placeholders(entry.msgstr) != _placeholders(entry.msgid):
                wrong.append((entry.msgid, entry.msgstr))
            continue
        wanted = _placeholders(entry.msgid) | _placeholders(entry.msgid_plural)
        for form in entry.msgstr_plural.values():
            if not _placeholders(form) <= wanted or len(wanted - _placeholders(form)) > 1:
                wrong.append((entry.msgid, form))
    assert wrong == []
