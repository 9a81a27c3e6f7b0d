"""README.md says what a newcomer meets on `make run`, as the code does it: each demo account's language, the first
run's need of a package index, the processes it starts (a Daphne per core, a second Celery worker for the sweep),
and that the new-table form's "Players" counts the bots' seats."""

from __future__ import annotations

import importlib.util
import re

import pytest
from django.conf import settings

from accounts.management.commands.seed_demo import DEMO_PASSWORD, DEMO_USERS
from tests.support import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
LANGUAGE_NAMES = {"es": "Spanish", "en": "English"}


def _run_module():
    spec = importlib.util.spec_from_file_location("tablero_run", ROOT / "scripts" / "run.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_readme_gives_each_demo_accounts_language():
    """The demo accounts read Spanish (three of them) or English: the README's table says which, as seed_demo does."""
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^\| (`[^|]+`) \| (\w+) \|", README, re.M)}
    for username, lang, _staff in DEMO_USERS:
        row = next((lang_name for names, lang_name in rows.items() if f"`{username}`" in names), None)
        assert row == LANGUAGE_NAMES[lang], (username, row)
    assert DEMO_PASSWORD in README


def test_the_readme_says_the_first_run_installs_from_a_package_index():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^run: \$\(VENV\)/\.installed", makefile, re.M) and "pip install -q -r requirements.txt" in makefile
    assert "package index" in README and "PyPI" in README


def test_the_readme_lists_the_processes_make_run_starts(monkeypatch):
    """scripts/run.py starts a Daphne per core up to a limit, a worker, a second worker on the sweep queue, and beat."""
    run = _run_module()
    monkeypatch.delenv("WEB_PROCESSES", raising=False)
    monkeypatch.setattr(run.os, "cpu_count", lambda: 64)
    most = run.web_processes()
    source = (ROOT / "scripts" / "run.py").read_text(encoding="utf-8")
    assert 'procs["sweep"]' in source and "{queue}.sweep" in source
    assert f"one Daphne process per core, at most {most}" in README
    assert "second Celery worker, the sweep" in README and f"`{settings.CELERY_SWEEP_QUEUE}`" in README
    assert "Celery beat" in README


def test_the_readme_says_players_counts_the_bots():
    """The lobby's new-table form: "Players" is every seat, bots included (games/tables/lifecycle.py seats the bots last)."""
    form = (ROOT / "lobby" / "templates" / "lobby" / "play.html").read_text(encoding="utf-8")
    assert 'name="seats"' in form and 'name="bots"' in form
    assert "**Players** is the number of seats" in README and "bots included" in README


def test_make_run_gives_each_web_process_a_port_for_its_games_sockets(monkeypatch):
    """Several web processes: each also listens on the port + n (or GAME_SOCKET_PORTS's), as the README says;
    one process needs none; GAME_SOCKET_PORTS empty turns them off; a list of the wrong length is refused."""
    run = _run_module()
    monkeypatch.delenv("GAME_SOCKET_PORTS", raising=False)
    assert run.game_socket_ports(8000, 2) == [8001, 8002]
    assert run.game_socket_ports(8000, 1) == []
    monkeypatch.setenv("GAME_SOCKET_PORTS", "9001, 9005")
    assert run.game_socket_ports(8000, 2) == [9001, 9005]
    monkeypatch.setenv("GAME_SOCKET_PORTS", "")
    assert run.game_socket_ports(8000, 2) == []
    monkeypatch.setenv("GAME_SOCKET_PORTS", "9001")
    with pytest.raises(SystemExit):
        run.game_socket_ports(8000, 2)
    assert "`GAME_SOCKET_PORTS`" in README and "port + 1" in README
