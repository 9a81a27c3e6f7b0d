"""Every refusal names a rulebook section slug of games.core.sections and wraps its message in _();
``refuse()`` raises (house style shared with Estanciero), so a forgotten ``raise`` cannot let a move through."""

import re
import typing
from pathlib import Path

import pytest

from games.argentilandia.engine import actions
from games.core import refusals
from games.core.rulesets import IllegalAction
from games.core.sections import SECTIONS

ENGINE = Path(__file__).resolve().parent.parent / "engine"


@pytest.mark.source
def test_every_refusal_uses_a_known_slug_and_translatable_message():
    slugs = set(SECTIONS["argentilandia"])
    found = 0
    for path in ENGINE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"refuse\((.*?)\)\s*$", text, re.S | re.M):
            call = m.group(1)
            if call.startswith("rules.message, rules.rule"):  # the dispatch table's refusals (checked below)
                continue
            found += 1
            assert call.startswith('_("'), (path.name, call)
            rest = call.split("),", 1)[1].strip()
            if rest.startswith("rule"):  # a helper passing its caller's slug (checked below)
                continue
            rule = re.match(r'"([a-z0-9-]+)"', rest).group(1)
            assert rule in slugs, (path.name, call)
        assert "IllegalAction(" not in text
    assert found > 50
    trade = (ENGINE / "trade.py").read_text(encoding="utf-8")
    for slug in re.findall(r'_exchange\(state, seat, action, \w+, "([a-z-]+)"\)', trade):
        assert slug in slugs
    for rules in actions.HANDLERS.values():
        assert rules.rule in slugs


def test_refuse_raises_and_never_returns():
    """House style: refuse() (games.core's, the one every engine uses) raises IllegalAction (annotated NoReturn)."""
    assert typing.get_type_hints(refusals.refuse)["return"] is typing.NoReturn
    with pytest.raises(IllegalAction) as e:
        refusals.refuse(refusals._("No."), "setup")
    assert e.value.rule == "setup"


@pytest.mark.source
def test_no_engine_raises_the_result_of_refuse():
    """``raise refuse(...)`` was Argentilandia's old convention; no engine module uses it now."""
    for engine in (ENGINE, ENGINE.parent.parent / "estanciero" / "engine"):
        for path in engine.glob("*.py"):
            text = path.read_text(encoding="utf-8")
            assert "raise refuse(" not in text and "return refuse(" not in text, path
