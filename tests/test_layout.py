"""The house's layers are import-linter contracts (``[tool.importlinter]`` in pyproject.toml, run by ``make test``
as ``lint-imports``): accounts at the bottom, games above it, the lobby and moderation on top; the three rulesets
independent; the rules (``games/core`` and every ruleset's ``engine/``) importing no framework and nothing of the
site. These tests keep the contracts honest: the pure contract names every module of the framework, and each
contract breaks when a module crosses it."""

import pathlib
import subprocess
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
NOT_MODULES = {"__init__", "__pycache__", "tests", "migrations", "templates", "static", "core"}


def contract(kind: str, containers: tuple[str, ...] = ()) -> dict:
    [found] = [c for c in CONFIG["contracts"] if c["type"] == kind and tuple(c.get("containers", ())) == containers]
    return found


def rulesets() -> list[str]:
    return sorted(p.parent.name for p in (ROOT / "games").glob("*/engine") if p.is_dir())


def test_the_pure_contract_covers_the_core_every_engine_and_every_framework_module():
    """A module added to the framework later is forbidden to the rules too, or this fails."""
    pure = contract("forbidden")
    assert set(pure["source_modules"]) == {"games.core", *(f"games.{r}.engine" for r in rulesets())}
    framework = {p.stem for p in (ROOT / "games").iterdir()
                 if (p.suffix == ".py" or (p.is_dir() and (p / "__init__.py").exists()))
                 and p.stem not in NOT_MODULES and p.stem not in rulesets()}
    assert framework, "no framework module found"
    missing = sorted(f"games.{m}" for m in framework if f"games.{m}" not in pure["forbidden_modules"])
    assert not missing, f"add these to the pure contract's forbidden_modules: {missing}"


def test_every_ruleset_is_in_the_independence_contract():
    assert sorted(contract("independence")["modules"]) == sorted(f"games.{r}" for r in rulesets())


def test_each_contract_breaks_when_a_module_crosses_it():
    """Four probe modules, one across each contract: lint-imports reports all four contracts broken."""
    probes = {
        ROOT / "accounts" / "_layout_probe.py": "from lobby import models\n",
        ROOT / "games" / "estanciero" / "_layout_probe.py": "from games.ladrillazo import engine\n",
        ROOT / "games" / "core" / "_layout_probe.py": "from django.conf import settings\nfrom games import models\n",
        ROOT / "games" / "play" / "_layout_probe.py": "from games.web import views\n",
    }
    try:
        for path, text in probes.items():
            path.write_text(text)
        run = subprocess.run([str(pathlib.Path(sys.executable).parent / "lint-imports"), "--no-cache"], cwd=ROOT,
                             capture_output=True, text=True, timeout=300)
    finally:
        for path in probes:
            path.unlink(missing_ok=True)
    assert run.returncode != 0
    assert "Contracts: 0 kept, 4 broken." in run.stdout, run.stdout[-3000:]
    said = " ".join(run.stdout.split())
    for line in ("accounts._layout_probe -> lobby.models", "games.estanciero._layout_probe -> games.ladrillazo",
                 "games.core is not allowed to import django", "games.core._layout_probe -> games.models",
                 "games.play._layout_probe -> games.web.views"):
        assert line in said, line


def test_every_room_of_the_framework_is_in_the_rooms_contract():
    """The framework's subpackages (its rooms) each sit in one layer of the rooms' contract, and each says in its
    docstring what it owns."""
    rooms = {p.name for p in (ROOT / "games").iterdir() if (p / "__init__.py").exists()} - NOT_MODULES
    rooms -= {"management", "templatetags", *rulesets()}
    layered = {name.strip() for layer in contract("layers", ("games",))["layers"] for name in layer.split("|")}
    assert rooms == layered
    for room in rooms:
        assert len((ROOT / "games" / room / "__init__.py").read_text()) > 100, room
