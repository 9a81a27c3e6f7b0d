"""The layout shows the pure core: the rules (``games/core`` and every ruleset's ``engine/``) import nothing
from Django, Channels or Celery, nor from the web parts of ``games`` (issue 15, "Pure modules")."""

import ast
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
FORBIDDEN = ("django", "channels", "celery", "asgiref", "daphne", "redis", "kombu")
PURE = [ROOT / "games" / "core", *sorted(p for p in (ROOT / "games").glob("*/engine") if p.is_dir())]


def imported_modules(path: pathlib.Path) -> list[str]:
    """Every module a file imports, relative imports resolved against its package."""
    package = path.relative_to(ROOT).with_suffix("").parts[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else ()
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            found.append(module)
            if not node.module:  # `from . import x`: x may be a module
                found += [f"{module}.{alias.name}" for alias in node.names]
    return found


def pure_files() -> list[pathlib.Path]:
    return [f for d in PURE for f in sorted(d.rglob("*.py"))]


def test_the_pure_core_and_the_engines_are_where_the_layout_says():
    names = {p.relative_to(ROOT).as_posix() for p in PURE}
    assert {"games/core", "games/estanciero/engine", "games/argentilandia/engine",
            "games/ladrillazo/engine"} <= names
    assert len(pure_files()) > 40


@pytest.mark.parametrize("path", pure_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_pure_modules_import_no_framework_and_no_web_module(path):
    for module in imported_modules(path):
        top = module.split(".")[0]
        assert top not in FORBIDDEN, f"{path.relative_to(ROOT)} imports {module}"
        if top == "games":
            # Only the core and the engines themselves: never games.models, games.actions, templates...
            assert re.match(r"games\.(core|\w+\.engine)(\.|$)", module), f"{path.relative_to(ROOT)} imports {module}"


def test_the_check_catches_a_django_import(tmp_path):
    """The check bites: a file importing Django, directly or from the web part of games, is flagged."""
    bad = ROOT / "games" / "core" / "_layout_probe_tmp.py"
    bad.write_text("from django.conf import settings\nfrom .. import models\n")
    try:
        found = imported_modules(bad)
    finally:
        bad.unlink()
    assert "django.conf" in found and "games.models" in found
