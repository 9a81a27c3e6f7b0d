"""House style: the engine is pure Python (no Django, Channels or Celery anywhere under engine/),
refusals raise, dispatch goes through a handler table, phases are constants (issue 15)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from games.core import refusals
from games.ladrillazo.engine import ruleset, schema

ENGINE = Path(__file__).resolve().parent.parent / "engine"
FORBIDDEN = ("django", "channels", "celery", "redis", "games.models", "games.play.actions", "games.present.presenters")


def imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append(node.module)
    return found


pytestmark = pytest.mark.source  # reads the engine's source files


def test_engine_imports_nothing_from_django_channels_or_celery():
    files = sorted(ENGINE.glob("*.py"))
    assert len(files) > 10
    for path in files:
        for name in imports(path):
            assert not name.startswith(FORBIDDEN), f"{path.name} imports {name}"


def test_refuse_raises_and_is_never_raised_by_hand():
    with pytest.raises(refusals.IllegalAction) as refused:
        refusals.refuse("Not now.", "talks")  # the engine's refuse: games.core's
    assert (refused.value.message, refused.value.rule) == ("Not now.", "talks")
    for path in ENGINE.glob("*.py"):
        assert "raise refuse" not in path.read_text(encoding="utf-8"), path.name


def test_dispatch_is_a_handler_table_and_phases_are_constants():
    assert all(callable(h) for h in ruleset.HANDLERS.values())
    assert schema.PHASES == (schema.PHASE_PLAY, schema.PHASE_OVER)
    for path in ENGINE.glob("*.py"):
        if path.name != "schema.py":
            text = path.read_text(encoding="utf-8")
            assert '"play"' not in text and '== "over"' not in text, path.name
