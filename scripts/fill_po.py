"""Fill translation catalogues: Spanish from a dict file, English as identity.

    python scripts/fill_po.py path/to/es_dict.py [more_dicts.py ...]

The dict file defines ``ES = {msgid: msgstr}``. English source strings are the
msgids, so the English catalogue maps each to itself (complete by design).
Then run ``manage.py compilemessages``.
"""

import runpy
import sys
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent


def nplurals(po) -> int:
    header = po.metadata.get("Plural-Forms", "nplurals=2;")
    return int(header.split("nplurals=")[1].split(";")[0])


def main() -> None:
    es = {}
    for path in sys.argv[1:]:
        es.update(runpy.run_path(path)["ES"])
    po_es = polib.pofile(str(ROOT / "locale/es/LC_MESSAGES/django.po"))
    for entry in po_es:
        # A string with a context ("model" for "game", the model, beside "game", the ruleset) is looked up as gettext
        # keys it, "context\x04msgid", before its bare msgid.
        if entry.msgctxt and f"{entry.msgctxt}\x04{entry.msgid}" in es:
            key = f"{entry.msgctxt}\x04{entry.msgid}"
        else:
            key = entry.msgid
        if "fuzzy" in entry.flags and key not in es:
            # msgmerge's guess from a similar string: wrong more often than not.
            entry.msgstr = ""
            entry.msgstr_plural = {k: "" for k in entry.msgstr_plural}
            entry.flags.remove("fuzzy")
        if es.get(key) is not None:
            if entry.msgid_plural:
                # Every plural form after the first takes the plural text (Spanish: 3 forms in Django).
                singular, plural = es[key]
                entry.msgstr_plural = {i: (singular if i == 0 else plural) for i in range(nplurals(po_es))}
            else:
                entry.msgstr = es[key]
            if "fuzzy" in entry.flags:
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
    missing = [e.msgid for e in po_es if not (e.msgstr or e.msgstr_plural.get(0))]
    for m in missing:
        print("missing es:", repr(m))


if __name__ == "__main__":
    main()
