"""After ``makemessages``: the English catalogue maps each msgid to itself, and the Spanish catalogue keeps what
was written in it, less msgmerge's guesses.

    python scripts/fill_po.py

The Spanish catalogue, ``locale/es/LC_MESSAGES/django.po``, is the one source of Spanish: a new string arrives
there empty from ``makemessages`` and is translated in the file itself (``tests/test_i18n.py`` fails while one is
empty, and checks every translation's placeholders against its msgid). English source strings are the msgids,
so the English catalogue is complete by design. Then ``manage.py compilemessages``.
"""

from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent


def nplurals(po) -> int:
    header = po.metadata.get("Plural-Forms", "nplurals=2;")
    return int(header.split("nplurals=")[1].split(";")[0])


def main() -> None:
    po_es = polib.pofile(str(ROOT / "locale/es/LC_MESSAGES/django.po"))
    for entry in po_es.fuzzy_entries():
        # msgmerge's guess from a similar string: wrong more often than not, so it is left to be written.
        entry.msgstr = ""
        entry.msgstr_plural = {k: "" for k in entry.msgstr_plural}
        entry.flags.remove("fuzzy")
    po_es.save()
    po_en = polib.pofile(str(ROOT / "locale/en/LC_MESSAGES/django.po"))
    for entry in po_en:
        if entry.msgid_plural:
            entry.msgstr_plural = {i: (entry.msgid if i == 0 else entry.msgid_plural) for i in range(nplurals(po_en))}
        else:
            entry.msgstr = entry.msgid
        if "fuzzy" in entry.flags:
            entry.flags.remove("fuzzy")
    po_en.save()
    for entry in po_es.untranslated_entries():
        print("to translate in locale/es/LC_MESSAGES/django.po:", repr(entry.msgid))


if __name__ == "__main__":
    main()
