"""A correspondence game across a server restart: Daphne and the Celery worker are stopped and started again;
the player's open page says it is reconnecting and comes back to the same table, the clock is still armed, the
game goes on (moves through the page and the API of the restarted server), and each player gets the daily
turn e-mail exactly once, however many times the task runs (called directly, and by a real celery beat).

The servers are this test's own subprocesses, on their own Celery queue (so no other worker of the test session
takes the tasks), sending mail with Django's file backend into a temporary folder the test reads."""

from __future__ import annotations

import email
import email.policy
import json
import random
import sys
import urllib.request
import uuid
from email.message import EmailMessage
from pathlib import Path

import pytest

from accounts.models import ApiToken, User
from games.core.rulesets import get
from games.models import Game, Move, Seat
from games.tables import lifecycle as tables
from games.tests.test_browser_game import PREFERRED, login
from games.tests.turn_helpers import in_thread, to_move, wait_live
from tests.fixtures.browsers import click_a_move, screenshot
from tests.fixtures.servers import (
    Proc,
    free_port,
    server_env,
    start_celery_beat,
    start_celery_worker,
    stop_procs,
    wait_http,
)
from tests.support import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def sent_mails(folder: Path) -> list[EmailMessage]:
    """Every message the file backend wrote (each file holds a connection's messages, each followed by a rule)."""
    found = []
    for path in sorted(folder.glob("*.log")):
        for chunk in path.read_bytes().split(b"\n" + b"-" * 79 + b"\n"):
            if chunk.strip():
                found.append(email.message_from_bytes(chunk, policy=email.policy.default))
    return found


class Servers:
    """Daphne, a Celery worker and (when asked) celery beat, as subprocesses on one port and one queue."""

    def __init__(self, env: dict[str, str], port: int, queue: str, tmp: Path):
        self.env, self.port, self.queue, self.tmp = env, port, queue, tmp
        self.base = f"http://127.0.0.1:{port}"
        self.daphne = Proc("restart-daphne", [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                                              "config.asgi:application"], env)
        self.worker = start_celery_worker("restart-worker", env, node=f"restart-{queue}")
        self.beat = None
        try:
            self.wait_ready()
        except BaseException:  # no fixture will stop what a failed start left running (it held the test database)
            self.stop()
            raise

    def wait_ready(self) -> None:
        wait_http(self.base + "/healthz", self.daphne, timeout=90)  # a busy machine starts Daphne slowly
        assert self.run_task("config.ping", "ready", timeout=60) == "ready", self.worker.tail()

    def run_task(self, name: str, *args, timeout: float = 30):
        from config.celery import app

        return app.send_task(name, args=args, queue=self.queue).get(timeout=timeout)

    def stop_server(self) -> None:
        """Stop Daphne and the worker, as a deploy or a reboot would."""
        self.daphne.stop()
        self.worker.stop()
        assert self.daphne.popen.returncode is not None and self.worker.popen.returncode is not None

    def start_server(self) -> None:
        self.daphne.start()
        self.worker.start()
        self.wait_ready()

    def start_beat(self) -> None:
        self.beat = start_celery_beat("restart-beat", self.env)

    def stop(self) -> None:
        stop_procs(self.beat, self.worker, self.daphne)


@pytest.fixture
def servers(django_db_setup, tmp_path):
    queue = f"restart-{uuid.uuid4().hex[:8]}"
    port = free_port()
    (tmp_path / "mail").mkdir()
    env = server_env()
    env.update({
        "CELERY_QUEUE": queue,
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": str(tmp_path / "mail"),
        "SITE_URL": f"http://127.0.0.1:{port}",
        "TURN_MAIL_AFTER_SECONDS": "0",
        "TURN_MAIL_SECONDS": "1",  # beat, when it runs, sends the mail task every second
        "SWEEP_SECONDS": "1",
    })
    running = Servers(env, port, queue, tmp_path)
    yield running
    running.stop()


def mail_task_runs(worker: Proc, since: int) -> int:
    log = worker.log_path.read_bytes()[since:].decode(errors="replace")
    return sum(1 for line in log.splitlines() if "games.tasks.mail_turns[" in line and "succeeded" in line)


def test_a_correspondence_game_survives_a_restart_and_mails_each_turn_once_a_day(servers, browser):
    mail_dir = servers.tmp / "mail"
    ana = User.objects.create_user("ana", "ana@example.com", "pw-ana-1234", language="es")
    beto = User.objects.create_user("beto", "beto@example.com", "pw-beto-1234", language="en")
    _token, beto_key = ApiToken.issue(beto, "beto's client")
    game = in_thread(tables.do_create_table, ana, "estanciero", 2, time_control="correspondence")
    in_thread(tables.do_join, game.pk, beto)
    game = in_thread(tables.do_start, game.pk, ana)
    seat_of = {s.user.username: s.index for s in Seat.objects.filter(game=game).select_related("user")}
    name_of = {index: name for name, index in seat_of.items()}
    first = name_of[to_move(game.pk)[0]]
    second = "beto" if first == "ana" else "ana"
    address = {"ana": "ana@example.com", "beto": "beto@example.com"}

    # Before the restart: the player on move is mailed once, however often the task runs.
    assert servers.run_task("games.tasks.mail_turns") == 1
    assert servers.run_task("games.tasks.mail_turns") == 0
    mails = sent_mails(mail_dir)
    assert [m["To"] for m in mails] == [address[first]]
    link = f"{servers.base}/games/{game.pk}/"
    assert link in mails[0].get_content()

    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, locale="es-AR")
    page = ctx.new_page()
    login(page, servers.base, "ana", "pw-ana-1234")
    page.goto(link)  # the e-mail's link
    wait_live(page)
    armed = Seat.objects.get(game=game, index=seat_of[first]).deadline
    assert armed is not None
    version_before = Game.objects.get(pk=game.pk).version

    # The restart. Ana's page notices, and comes back by itself to the same table.
    servers.stop_server()
    page.locator("#conn-status").wait_for(state="visible", timeout=20000)
    assert page.locator("#conn-status").get_attribute("data-state") == "reconnecting"
    screenshot(page, "restart-reconnecting", full_page=False)
    servers.start_server()
    wait_live(page, timeout=40000)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.version == version_before
    assert page.evaluate("() => Number(document.querySelector('#table [data-rev]').dataset.rev)") == game.rev
    # The clock is still armed, exactly as before.
    assert Seat.objects.get(game=game, index=seat_of[first]).deadline == armed

    # The task runs again and again (directly, and from a real beat every second): no second mail today.
    for _ in range(3):
        assert servers.run_task("games.tasks.mail_turns") == 0
    offset = servers.worker.log_path.stat().st_size
    servers.start_beat()
    assert wait_until(lambda: mail_task_runs(servers.worker, offset) >= 3, timeout=60), servers.worker.tail()
    assert [m["To"] for m in sent_mails(mail_dir)] == [address[first]]

    # The game goes on through the restarted server: Ana clicks on her page, Beto plays through the API.
    rs = get("estanciero")
    api_moves = 0

    def move_once(name: str) -> None:
        nonlocal api_moves
        now = Game.objects.get(pk=game.pk)
        if name == "ana":
            assert wait_until(lambda: click_a_move(page, PREFERRED), timeout=20)
            page.wait_for_function(
                f"() => Number(document.querySelector('#table [data-version]').textContent) > {now.version}",
                timeout=20000)
        else:
            action = rs.bot_action(now.state, seat_of["beto"], random.Random(now.version))
            request = urllib.request.Request(
                f"{servers.base}/api/v1/games/{game.pk}/actions", method="POST",
                data=json.dumps({"action": action, "version": now.version}).encode(),
                headers={"Authorization": f"Bearer {beto_key}", "Content-Type": "application/json"})
            with urllib.request.urlopen(request, timeout=20) as response:
                assert json.load(response)["version"] == now.version + 1
            api_moves += 1

    def play_until(name: str) -> None:
        for _ in range(200):
            if to_move(game.pk) == [seat_of[name]]:
                return
            move_once(name_of[to_move(game.pk)[0]])
        raise AssertionError(f"{name} never came on move")

    play_until(second)
    # The other player's turn: their one mail (beat, running every second, may well send it before this call).
    servers.run_task("games.tasks.mail_turns")
    assert [m["To"] for m in sent_mails(mail_dir)] == [address[first], address[second]]
    runs = mail_task_runs(servers.worker, offset)
    assert wait_until(lambda: mail_task_runs(servers.worker, offset) >= runs + 3, timeout=60)
    assert servers.run_task("games.tasks.mail_turns") == 0
    # And back to the first player, already mailed today: nothing more.
    play_until(first)
    assert servers.run_task("games.tasks.mail_turns") == 0
    mails = sent_mails(mail_dir)
    assert sorted(m["To"] for m in mails) == sorted(address.values())
    subjects = {m["To"]: m["Subject"] for m in mails}
    assert subjects == {"ana@example.com": f"Te toca en Estanciero #{game.pk}",
                        "beto@example.com": f"Your turn in Estanciero #{game.pk}"}

    sources = set(Move.objects.filter(game=game, seq__gt=version_before).values_list("source", flat=True))
    assert "ui" in sources and api_moves > 0 and "api" in sources
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE
    assert Seat.objects.get(game=game, index=seat_of[first]).deadline is not None
    ctx.close()
