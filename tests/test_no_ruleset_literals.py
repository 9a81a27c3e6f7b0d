"""No ruleset is named in the framework's code: the site, the lobby and the framework read every game from its
declaration (``games/<ruleset>/declaration.py``), so adding a game touches only its folder and the registry line
in ``games/core/rulesets.py``. Looked for: each registered ruleset's name and title in every string literal of the
framework's Python (docstrings and comments may tell of a game), anywhere in its templates, and in the code of the
site's scripts and style sheets."""

from __future__ import annotations

import ast
import pathlib
import re

from games.core.rulesets import PACKAGES, declaration, names

ROOT = pathlib.Path(__file__).resolve().parent.parent
RULESET_DIRS = {ROOT / p.replace(".", "/") for p in PACKAGES}
FRAMEWORK = [ROOT / "games", ROOT / "lobby", ROOT / "accounts", ROOT / "moderation", ROOT / "config",
             ROOT / "templates", ROOT / "static"]

# Where a ruleset may still be named, and why.
ALLOWED = {
    "games/core/rulesets.py": "the registry: one line per ruleset package",
    "templates/base.html": "the footer's sentence about the site names its games",
    "lobby/templates/lobby/home.html": "the home page's opening sentence names the games",
}


def framework_files(suffixes: tuple[str, ...]) -> list[pathlib.Path]:
    found = []
    for top in FRAMEWORK:
        for path in top.rglob("*"):
            if path.suffix not in suffixes or "tests" in path.parts or "migrations" in path.parts:
                continue
            if any(path.is_relative_to(d) for d in RULESET_DIRS):
                continue
            if str(path.relative_to(ROOT)) not in ALLOWED:
                found.append(path)
    return found


def words() -> re.Pattern:
    spelled = {n for n in names()} | {declaration(n).title for n in names()}
    return re.compile(r"\b(" + "|".join(re.escape(w) for w in sorted(spelled)) + r")\b", re.IGNORECASE)


def string_literals(path: pathlib.Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(), str(path))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


def test_the_framework_names_no_ruleset_in_its_code():
    pattern = words()
    found = [f"{path.relative_to(ROOT)}:{line}: {text[:80]!r}"
             for path in framework_files((".py",)) for line, text in string_literals(path) if pattern.search(text)]
    assert not found, "\n".join(found)


def test_the_framework_names_no_ruleset_in_its_templates():
    pattern = words()
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()[:80]}"
             for path in framework_files((".html", ".txt"))
             for n, line in enumerate(path.read_text().splitlines(), start=1) if pattern.search(line)]
    assert not found, "\n".join(found)


def without_comments(text: str) -> str:
    """A script's or style sheet's code: ``/* ... */`` and ``// ...`` comments removed (they may tell of a game)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"(^|\s)//[^\n]*", r"\1", text)


def test_the_sites_scripts_and_style_sheets_name_no_ruleset():
    """A game's own scripts and styles live in its folder (``games/<ruleset>/static/``), loaded by its declaration."""
    pattern = words()
    found = [f"{path.relative_to(ROOT)}: {m.group(0)}" for path in framework_files((".js", ".css"))
             if "vendor" not in path.parts and "django_htmx" not in path.parts
             for m in [pattern.search(without_comments(path.read_text()))] if m]
    assert not found, "\n".join(found)
    assert pattern.search(without_comments(".banner-estanciero { color: red } // Estanciero"))  # the check bites


def test_the_search_finds_a_name_where_it_is_left():
    """The allowed files do name the games (else the allowance, and this test's reading, would be stale)."""
    pattern = words()
    for rel in ALLOWED:
        assert pattern.search((ROOT / rel).read_text()), rel
