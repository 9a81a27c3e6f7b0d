"""Every translatable string of Ladrillazo (engine refusals, text.py, the board template) has its Spanish in the
catalogue, locale/es/LC_MESSAGES/django.po (where Spanish is written; tests/test_i18n.py checks the placeholders
of every translation)."""

from __future__ import annotations

import re
from pathlib import Path

import polib

APP = Path(__file__).resolve().parent.parent
ROOT = APP.parent.parent
TRANSLATED = {e.msgid for e in polib.pofile(str(ROOT / "locale/es/LC_MESSAGES/django.po")).translated_entries()}

PY_SINGLE = re.compile(r'(?<![\w.])_\(\s*"((?:[^"\\]|\\.)*)"\s*\)')
PY_PLURAL = re.compile(r'ngettext\(\s*"((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)"', re.S)
TPL_TRANS = re.compile(r'{%\s*translate\s+(["\'])(.*?)\1')
TPL_BLOCK = re.compile(r'{%\s*blocktranslate(?P<args>[^%]*)%}(?P<body>.*?){%\s*endblocktranslate\s*%}', re.S)


def python_msgids() -> set[str]:
    found = set()
    for path in [APP / "text.py", *sorted((APP / "engine").glob("*.py"))]:
        text = path.read_text(encoding="utf-8")
        found |= {m.encode().decode("unicode_escape") if "\\" in m else m for m in PY_SINGLE.findall(text)}
        found |= {singular for singular, _plural in PY_PLURAL.findall(text)}
    return found


def template_msgids() -> set[str]:
    text = (APP / "templates/ladrillazo/board.html").read_text(encoding="utf-8")
    found = {m[1] for m in TPL_TRANS.findall(text)}
    for m in TPL_BLOCK.finditer(text):
        body = m.group("body").split("{% plural %}")[0]
        found.add(re.sub(r"{{\s*(\w+)\s*}}", r"%(\1)s", body))
    return found


def test_every_ladrillazo_string_has_spanish():
    missing = sorted((python_msgids() | template_msgids()) - TRANSLATED)
    assert not missing, "translate in locale/es/LC_MESSAGES/django.po (after `make messages`):\n" + "\n".join(missing)
