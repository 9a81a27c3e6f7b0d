"""Every refusal names a rulebook section slug of games.core.sections and wraps its message in _();
``refuse()`` raises (house style shared with Estanciero), so a forgotten ``raise`` cannot let a move through."""

import re
import typing
from pathlib import Path

import pytest

from games.argentilandia.engine import actions, errors
from games.core.rulesets import IllegalAction
from games.core.sections import SECTIONS
from games.estanciero.engine import common

ENGINE = Path(__file__).resolve().parent.parent / "engine"


@pytest.mark.source
def test_every_refusal_uses_a_known_slug_and_translatable_message():
    slugs = set(SECTIONS["argentilandia"])
    found = 0
    for path in ENGINE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"refuse\((.*?)\)\s*$", text, re.S | re.M):
            call = m.group(1)
            if path.name == "errors.py":
                continue
            if call.startswith("rules.message, rules.rule"):  # the dispatch table's refusals (checked below)
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
    for rules in actions.HANDLERS.values():
        assert rules.rule in slugs


@pytest.mark.parametrize("module", [errors, common], ids=["argentilandia", "estanciero"])
def test_refuse_raises_and_never_returns(module):
    """House style: refuse() raises IllegalAction (annotated NoReturn) in every engine."""
    assert typing.get_type_hints(module.refuse)["return"] is typing.NoReturn
    with pytest.raises(IllegalAction) as e:
        module.refuse(module._("No."), "setup")
    assert e.value.rule == "setup"


@pytest.mark.source
def test_no_engine_raises_the_result_of_refuse():
    """``raise refuse(...)`` was Argentilandia's old convention; no engine module uses it now."""
    for engine in (ENGINE, ENGINE.parent.parent / "estanciero" / "engine"):
        for path in engine.glob("*.py"):
            text = path.read_text(encoding="utf-8")
            assert "raise refuse(" not in text and "return refuse(" not in text, path
