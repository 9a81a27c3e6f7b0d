"""Every refusal names a rulebook section slug of games.sections and wraps its message in _()."""

import re
from pathlib import Path

from games.sections import SECTIONS

ENGINE = Path(__file__).resolve().parent.parent / "engine"


def test_every_refusal_uses_a_known_slug_and_translatable_message():
    slugs = set(SECTIONS["argentilandia"])
    found = 0
    for path in ENGINE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"refuse\((.*?)\)(?:\s*$|\s*from)", text, re.S | re.M):
            call = m.group(1)
            if path.name == "errors.py":
                continue
            found += 1
            assert call.startswith('_("'), (path.name, call)
            rest = call.split("),", 1)[1].strip()
            if rest.startswith("rule"):  # a helper passing its caller's slug (checked below)
                continue
            rule = re.match(r'"([a-z0-9-]+)"', rest).group(1)
            assert rule in slugs, (path.name, call)
        assert "IllegalAction(" not in text or path.name == "errors.py"
    assert found > 50
    trade = (ENGINE / "trade.py").read_text(encoding="utf-8")
    for slug in re.findall(r'_exchange\(state, seat, action, \w+, "([a-z-]+)"\)', trade):
        assert slug in slugs
