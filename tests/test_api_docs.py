"""Every code example in docs/API.md runs against a real Daphne (and a Celery worker for the bots): shell examples
through bash with the site's address, a token and a game in the environment, Python examples exec'd with the
address and the token written in, JSON examples compared with what the server answers. The server's limits are
tight, so the bot example meets 429s and must get through them; an example of another kind fails the test."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from accounts.models import ApiToken, User
from games.models import Game
from games.tables import lifecycle as tables
from tests.fixtures.servers import Proc, free_port, server_env, wait_http
from tests.support import ARTIFACTS

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "API.md"
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(600)]

# The examples' placeholders for what the test fills in.
PYTHON_BASE, PYTHON_TOKEN = "http://localhost:8000", "tb_..."
# Tight enough that a bot reading its game once a second and moving when on move is told to slow down.
TIGHT = {"API_RATE_LIMIT": "40/5s", "API_PLAY_RATE_LIMIT": "3/2s"}


def examples(kind: str | None = None) -> list[tuple[str, str]]:
    """The fenced blocks of docs/API.md: (language, code)."""
    found = re.findall(r"^```(\w*)[^\n]*\n(.*?)^```", DOC.read_text(), flags=re.S | re.M)
    return [(lang, code) for lang, code in found if kind is None or lang == kind]


def json_values(text: str) -> list:
    """The JSON values one after another in ``text`` (curl prints each answer with no newline after it)."""
    decoder, values, at = json.JSONDecoder(), [], 0
    while text[at:].strip():
        at += len(text[at:]) - len(text[at:].lstrip())
        value, at = decoder.raw_decode(text, at)
        values.append(value)
    return values


@pytest.fixture(scope="module")
def tight_server(django_db_setup, django_db_blocker):
    """A Daphne of its own, with the tight limits."""
    port = free_port()
    proc = Proc("daphne-api-docs", [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                                    "config.asgi:application"], {**server_env(), **TIGHT})
    base = f"http://127.0.0.1:{port}"
    wait_http(base + "/healthz", proc)
    yield base
    proc.stop()


@pytest.fixture
def player():
    user = User.objects.create_user("docbot", password="pw-docbot-1")
    return user, ApiToken.issue(user, "docs")[1]


def test_every_example_is_of_a_kind_the_test_runs():
    kinds = [lang for lang, _code in examples()]
    assert kinds and set(kinds) <= {"sh", "python", "json"}, kinds
    assert {"sh", "python", "json"} <= set(kinds)


def test_the_shell_examples_run(tight_server, player):
    user, token = player
    game = tables.do_create_table(user, "estanciero", 2, bots=1, time_control="correspondence")
    env = {"PATH": "/usr/bin:/bin", "TABLERO": tight_server, "TOKEN": token, "GAME": str(game.pk)}
    for _lang, code in examples("sh"):
        run = subprocess.run(["bash", "-euo", "pipefail", "-c", code], env=env, capture_output=True, text=True,
                             timeout=60)
        assert run.returncode == 0, (code, run.stdout[-500:], run.stderr[-500:])
        answers = json_values(run.stdout)
        assert answers and all("error" not in a for a in answers), answers
    created = Game.objects.filter(created_by=user).exclude(pk=game.pk).get()  # the table example's
    assert (created.rated, created.private, created.time_control) == (True, True, "blitz")


def test_the_json_examples_have_the_shape_the_server_answers(tight_server, player):
    user, token = player
    game = tables.do_create_table(user, "estanciero", 2, bots=1, time_control="correspondence")
    refused = requests.post(f"{tight_server}/api/v1/games/{game.pk}/actions", timeout=30,
                            headers={"Authorization": f"Bearer {token}"},
                            json={"action": {"type": "end_turn"}, "version": game.version})
    assert refused.status_code == 422
    for _lang, code in examples("json"):
        assert set(json.loads(code)) == set(refused.json())


def test_the_python_bot_plays_a_game_to_its_end_through_the_429s(tight_server, player, celery_worker, monkeypatch,
                                                                   capsys):
    user, token = player
    statuses: list[int] = []
    send = requests.Session.request

    trace: list[str] = []
    began = time.monotonic()

    def recorded(self, method, url, *args, **kwargs):
        response = send(self, method, url, *args, **kwargs)
        statuses.append(response.status_code)
        trace.append(f"{time.monotonic() - began:7.2f} {method} {url} {response.status_code} {response.text[:160]}")
        return response

    monkeypatch.setattr(requests.Session, "request", recorded)
    (_lang, code), = examples("python")
    assert PYTHON_BASE in code and PYTHON_TOKEN in code
    try:
        exec(compile(code.replace(PYTHON_BASE, tight_server).replace(PYTHON_TOKEN, token), "docs/API.md", "exec"), {})
    finally:  # what the example's bot waited for, when it is slow
        (ARTIFACTS / "api-docs-bot.log").write_text("\n".join(trace) + "\n")
    game = Game.objects.get(created_by=user)
    assert game.status == Game.Status.FINISHED, celery_worker.tail()
    # Its turns move on: a bot that always took the first legal move mortgaged a deed and lifted the mortgage until
    # its money ran out (291 moves, six minutes of 429s).
    assert game.version < 100, game.version
    assert capsys.readouterr().out.startswith("finished ")
    assert 429 in statuses and 200 in statuses
