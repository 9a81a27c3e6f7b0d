"""Two nodes behind HAProxy (``tests.fixtures.cluster``; ``make test-cluster``) losing one, and restarted one at a
time, under live games with clocks: what the people and programs at the tables see, and what the game logs hold.

* Losing a node: every process of node A killed with SIGKILL while two browsers watch a game whose sockets are on
  A, API clients play games of their own through HAProxy, and games with 1-second clocks and bots keep the
  deadlines coming (some of them held by A's worker). The browsers reconnect through HAProxy to node B by
  themselves and show the game's current version; the API clients' moves, sent again after an answer that never
  came, are in the log once each; every deadline A's worker held is fired once, by node B (its beat's sweep: the
  broker would hand A's unacknowledged messages out again only after kombu's visibility timeout, an hour); every
  game's log goes on without a gap or a double.
* A rolling restart: each node in turn drained through HAProxy's runtime API, stopped with SIGTERM, started again
  as a new release and put back, under the same load; every browser ends on a page of the new release showing the
  current version, no move is lost or doubled, and no deadline is missed.

Times are printed, never asserted: the machine running the suite may be busy."""

from __future__ import annotations

import base64
import http.client
import json
import signal
import threading
import time
import urllib.error
import urllib.request
from datetime import datetime

import pytest
import redis
from django.conf import settings
from django.utils import timezone

from accounts.models import ApiToken
from games.models import Game, Move, Seat
from games.tables import lifecycle as tables
from games.tests.conftest import make_users
from games.tests.test_browser_game import login
from tests.support import run_async, wait_until
from tests.test_cluster import node_taking

pytestmark = [pytest.mark.cluster, pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = 60  # seconds anything may take on a busy machine before the test gives up
RETRIED_ERRORS = (urllib.error.URLError, http.client.HTTPException, ConnectionError, TimeoutError)


# --- clients -----------------------------------------------------------------------------------------------------

def call(base: str, path: str, token: str, body: dict | None = None) -> tuple[int, dict]:
    """One API request; (status, body) for every answer the application gave, 4xx included. A failure on the way
    (no connection, a connection closed without an answer, HAProxy's 502/503/504 for a node that went away) is
    raised."""
    request = urllib.request.Request(base + path, headers={"Authorization": f"Bearer {token}",
                                                           "Content-Type": "application/json"},
                                     data=None if body is None else json.dumps(body).encode(),
                                     method="GET" if body is None else "POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        if exc.code in (502, 503, 504):
            raise
        return exc.code, json.loads(exc.read())


class ApiPlayer(threading.Thread):
    """A program playing both seats of one game through HAProxy, as a client of docs/API.md: it reads the game,
    sends the first legal move with the version it read, and sends the very same request again, until answered,
    when the way to the server fails. Every move it meant to make is kept (``intended``: version, seat, action,
    the answer's status, how many times it was sent)."""

    def __init__(self, base: str, game_id: int, tokens: dict[int, str]):
        super().__init__(daemon=True)
        self.base, self.game_id, self.tokens = base, game_id, tokens
        self.intended: list[tuple[int, int, dict, int, int]] = []
        self.answers: list[float] = []  # monotonic time of every answered request
        self.failures: list[float] = []  # and of every failed one
        self.problems: list[str] = []
        self.halt = threading.Event()

    def again_until_answered(self, path: str, token: str, body: dict | None = None) -> tuple[int, dict, int]:
        sent = 0
        while True:
            sent += 1
            try:
                status, answer = call(self.base, path, token, body)
            except RETRIED_ERRORS:
                self.failures.append(time.monotonic())
                if sent > 200:
                    raise
                time.sleep(0.1)
                continue
            self.answers.append(time.monotonic())
            return status, answer, sent

    def run(self) -> None:
        try:
            while not self.halt.is_set():
                path = f"/api/v1/games/{self.game_id}"
                _, game, _ = self.again_until_answered(path, self.tokens[0])
                if game.get("status") != "active" or not game.get("to_move"):
                    return
                seat = game["to_move"][0]
                _, mine, _ = self.again_until_answered(path, self.tokens[seat])
                if seat not in mine["to_move"]:
                    continue
                action, version = mine["legal_actions"][0], mine["version"]
                status, result, sent = self.again_until_answered(
                    path + "/actions", self.tokens[seat], {"action": action, "version": version})
                self.intended.append((version, seat, action, status, sent))
                # 409 stale is the answer to a move sent again whose first sending was applied (nobody else moves
                # in this game): the log says which.
                if status != 200 and not (status == 409 and result.get("error") == "stale"):
                    self.problems.append(f"{status} {result}")
                    return
                time.sleep(0.05)
        except Exception as exc:  # reported by the test
            self.problems.append(repr(exc))

    def first_answer_after(self, moment: float) -> float | None:
        later = [t for t in self.answers if t > moment]
        return min(later) - moment if later else None


class RowLock(threading.Thread):
    """Holds a game's row lock (the one every move takes) in a transaction of its own until ``release``: a move
    sent meanwhile waits, in flight, inside the node that took it."""

    def __init__(self, game_id: int):
        super().__init__(daemon=True)
        self.game_id = game_id
        self.held = threading.Event()
        self.release = threading.Event()
        self.pid = 0

    def run(self) -> None:
        from django.db import connection, transaction

        try:
            with transaction.atomic():
                Game.objects.select_for_update().get(pk=self.game_id)
                with connection.cursor() as cursor:
                    cursor.execute("SELECT pg_backend_pid()")
                    self.pid = cursor.fetchone()[0]
                self.held.set()
                self.release.wait(WAIT * 2)
        finally:
            connection.close()


def waiting_behind(pid: int) -> int:
    """PostgreSQL sessions waiting for a lock that session ``pid`` holds."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE %s = ANY(pg_blocking_pids(pid))", [pid])
        return cursor.fetchone()[0]


class InFlightMove(threading.Thread):
    """One move sent through HAProxy, and sent again until answered (``ApiPlayer``'s way)."""

    def __init__(self, base: str, game_id: int, token: str, action: dict, version: int):
        super().__init__(daemon=True)
        self.player = ApiPlayer(base, game_id, {})
        self.args = (f"/api/v1/games/{game_id}/actions", token, {"action": action, "version": version})
        self.result: tuple[int, dict, int] | None = None

    def run(self) -> None:
        self.result = self.player.again_until_answered(*self.args)


def two_people(names: tuple[str, str], *, move_seconds: int | None = None, bot: bool = False,
               bot_delay_ms: int = 300) -> Game:
    """A started Estanciero game of two people (and a bot, with ``bot``) with a live clock; with ``move_seconds``,
    that many seconds a move and no reserve (nobody moves: the clock and the bot play it, for ever)."""
    users = make_users(*names) if not all(_exists(n) for n in names) else [_user(n) for n in names]
    game = tables.do_create_table(users[0], "estanciero", 3 if bot else 2, bots=1 if bot else 0, time_control="live")
    if move_seconds is not None:
        Game.objects.filter(pk=game.pk).update(move_seconds=move_seconds, reserve_seconds=0, max_timeouts=30000,
                                               bot_delay_ms=bot_delay_ms)
        Seat.objects.filter(game=game).update(reserve_left=0)
    tables.do_join(game.pk, users[1])
    tables.do_start(game.pk, users[0])
    return Game.objects.get(pk=game.pk)


def _exists(name: str) -> bool:
    from accounts.models import User

    return User.objects.filter(username=name).exists()


def _user(name: str):
    from accounts.models import User

    return User.objects.get(username=name)


def with_tokens(game: Game) -> dict[int, str]:
    return {s.index: ApiToken.issue(s.user, "cluster")[1] for s in game.seats.all() if s.user_id and not s.is_bot}


def game_on_node(cluster, node: str, names: tuple[str, str]) -> Game:
    """A started two-person game (live clock) whose sockets HAProxy's hash sends to ``node``."""
    for _ in range(40):
        game = two_people(names)
        if run_async(node_taking(cluster.url, f"/ws/games/{game.pk}/?format=json")) == node:
            return game
        Game.objects.filter(pk=game.pk).update(status=Game.Status.ABORTED)
    raise AssertionError(f"no game's sockets went to node {node} in 40 tries")


def open_browsers(browser, cluster, game: Game) -> dict[str, object]:
    """Each person of ``game`` signed in through HAProxy, their page of the table open and its socket live."""
    pages = {}
    for seat in game.seats.filter(user__isnull=False).select_related("user"):
        name = seat.user.username
        context = browser.new_context(viewport={"width": 1100, "height": 800}, locale="en")
        page = context.new_page()
        login(page, cluster.url, name, f"pw-{name}-123")
        page.goto(f"{cluster.url}/games/{game.pk}/")
        pages[name] = page
    for page in pages.values():
        page.wait_for_function("() => document.getElementById('conn-status').hidden", timeout=WAIT * 1000)
    return pages


def shows(page, version: int, release: str | None = None) -> bool:
    """The page is live (its socket open) and shows ``version`` (and runs ``release``)."""
    return page.evaluate(
        "([v, r]) => document.getElementById('conn-status').hidden && window.tablero && window.tablero.connected()"
        " && Number(document.querySelector('#table [data-version]').textContent) === v"
        " && (r === null || window.tablero.release === r)", [version, release])


def wait_shown(pages: dict, version: int, release: str | None = None, timeout: float = WAIT) -> dict[str, float]:
    """Until every page shows ``version`` (and ``release``); the moment each did (monotonic). Polled (each page is
    asked every 0.1 s), so a page is never waited for behind another."""
    seen: dict[str, float] = {}
    deadline = time.monotonic() + timeout
    while len(seen) < len(pages) and time.monotonic() < deadline:
        for name, page in pages.items():
            if name not in seen:
                try:
                    if shows(page, version, release):
                        seen[name] = time.monotonic()
                except Exception:  # the page is reloading
                    pass
        time.sleep(0.1)
    missing = sorted(set(pages) - set(seen))
    assert not missing, {n: pages[n].evaluate("() => [document.getElementById('conn-status').dataset.state, "
                                              "document.querySelector('#table [data-version]').textContent, "
                                              "window.tablero && window.tablero.release]") for n in missing}
    return seen


# --- what the log and the broker hold ----------------------------------------------------------------------------

def versions() -> dict[int, int]:
    return dict(Game.objects.filter(status=Game.Status.ACTIVE).values_list("pk", "version"))


def assert_log_whole(game_ids: list[int]) -> None:
    """Each game's moves numbered 1..version, one per version (read at rest: the games stopped under the row lock
    every move takes)."""
    Game.objects.filter(pk__in=game_ids).update(status=Game.Status.ABORTED)
    for game_id in game_ids:
        seqs = list(Move.objects.filter(game_id=game_id).order_by("seq").values_list("seq", flat=True))
        assert seqs == list(range(1, len(seqs) + 1)), (game_id, seqs)
        assert Game.objects.get(pk=game_id).version == len(seqs)


def assert_intended_once(player: ApiPlayer) -> None:
    """The client's game log is exactly the moves it meant, in order: each applied once, whatever answer it got
    (a move sent again after a lost answer is refused as stale, its first sending being the one applied)."""
    assert not player.problems, player.problems
    log = [(m.seq - 1, m.seat, m.action) for m in Move.objects.filter(game_id=player.game_id).order_by("seq")]
    meant = [(version, seat, action) for version, seat, action, _, _ in player.intended]
    # The last one may have been sent as the client was told to stop: in the log or not, but not twice.
    assert log[:len(meant) - 1] == meant[:-1] and len(log) in (len(meant) - 1, len(meant)), (log, meant)
    if len(log) == len(meant):
        assert log[-1] == meant[-1]


def unacked_deadlines() -> dict[str, list[tuple[int, int, int]]]:
    """The deadline tasks the broker gave a worker that has not acknowledged them (kombu's Redis transport keeps
    them in the ``unacked`` hash until then): delivery tag -> the deadlines of its task."""
    client = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    held: dict[str, list[tuple[int, int, int]]] = {}
    for tag, raw in client.hgetall("unacked").items():
        message = json.loads(raw)[0]
        message = json.loads(message) if isinstance(message, str) else message
        task = message.get("headers", {}).get("task")
        if task not in ("games.tasks.fire_deadline", "games.tasks.fire_deadlines"):
            continue
        body = message["body"]
        if message.get("properties", {}).get("body_encoding") == "base64":
            body = base64.b64decode(body)
        args = json.loads(body)[0]
        held[tag.decode()] = [tuple(args)] if task == "games.tasks.fire_deadline" else [tuple(d) for d in args[0]]
    return held


def worker_holds(cluster, node: str) -> list:
    """The deadline tasks ``node``'s worker holds waiting for their time (Celery's ``inspect scheduled``)."""
    from config.celery import app

    names = [n for reply in (app.control.ping(timeout=1) or []) for n in reply
             if n.startswith(cluster.nodes[node].worker_name + "@")]
    if not names:
        return []
    replies = app.control.inspect(destination=names, timeout=1, limit=1).scheduled() or {}
    return [entry for entries in replies.values() for entry in entries
            if entry["request"]["name"].startswith("games.tasks.fire_deadline")
            and datetime.fromisoformat(entry["eta"]).timestamp() > time.time() + 0.1]


def beat_holder(cluster) -> str | None:
    """The node whose beat holds the lock (it logs taking it, and holds it until it exits)."""
    holders = [name for name, node in cluster.nodes.items()
               if node.alive() and "beat: Acquired lock" in node.log_since_start("beat")]
    assert len(holders) <= 1, holders
    return holders[0] if holders else None


def make_beat_holder(cluster, name: str) -> None:
    """Hand the beat's lock to ``name``'s beat: the other node's beat, if it holds it, is restarted (SIGTERM
    releases the lock, and ``name``'s beat takes it within a loop)."""
    assert wait_until(lambda: beat_holder(cluster), timeout=WAIT)
    for other, node in cluster.nodes.items():
        if other != name and beat_holder(cluster) == other:
            node.restart_process("beat")
    assert wait_until(lambda: beat_holder(cluster) == name, timeout=WAIT), \
        cluster.nodes[name].log_since_start("beat")


@pytest.fixture
def both_nodes(cluster):
    """The cluster with both nodes running and in HAProxy's balancing, before the test and after it."""
    cluster.revive()
    yield cluster
    Game.objects.filter(status=Game.Status.ACTIVE).update(status=Game.Status.ABORTED)
    cluster.revive()


def clocked_games(count: int, bots: int) -> list[int]:
    """Games nobody plays: ``count`` of two people whose 1-second clocks make every move, and ``bots`` of two
    people and a bot (300 ms a move)."""
    ids = [two_people(("carla", "diego"), move_seconds=1).pk for _ in range(count)]
    ids += [two_people(("carla", "diego"), move_seconds=1, bot=True).pk for _ in range(bots)]
    return ids


# --- the tests ---------------------------------------------------------------------------------------------------

def test_losing_a_node_loses_no_move_no_deadline_and_no_client(both_nodes, browser):
    cluster = both_nodes
    watched = game_on_node(cluster, "a", ("ana", "beto"))  # its sockets (the browsers') on the node that dies
    watched_tokens = with_tokens(watched)
    pages = open_browsers(browser, cluster, watched)
    players = [ApiPlayer(cluster.url, g.pk, with_tokens(g)) for g in (two_people(("eva", "fede")),
                                                                      two_people(("gala", "hugo")))]
    deadline_games = clocked_games(6, 2)
    for player in players:
        player.start()
    # Everything under way: each API client has made moves, the clocks have fired, and A's worker holds deadlines
    # that are not yet due (it is killed the moment it is seen holding one).
    assert wait_until(lambda: all(len(p.intended) >= 3 for p in players), timeout=WAIT), [p.problems for p in players]
    assert wait_until(lambda: all(v >= 2 for g, v in versions().items() if g in deadline_games), timeout=WAIT)

    # The worst case for the deadlines: A also runs the beat that schedules the sweep.
    make_beat_holder(cluster, "a")
    # A move at the watched table in flight inside A when it dies: sent through HAProxy while B is drained, so that
    # A takes it, and held there by the game's row lock.
    _, game, _ = ApiPlayer(cluster.url, watched.pk, {}).again_until_answered(f"/api/v1/games/{watched.pk}",
                                                                            watched_tokens[0])
    seat = game["to_move"][0]
    _, mine, _ = ApiPlayer(cluster.url, watched.pk, {}).again_until_answered(f"/api/v1/games/{watched.pk}",
                                                                            watched_tokens[seat])
    lock = RowLock(watched.pk)
    lock.start()
    assert lock.held.wait(WAIT)
    cluster.set_state("b", "drain")
    in_flight = InFlightMove(cluster.url, watched.pk, watched_tokens[seat], mine["legal_actions"][0],
                             mine["version"])
    in_flight.start()
    assert wait_until(lambda: waiting_behind(lock.pid) >= 1, timeout=WAIT, step=0.05)
    cluster.set_state("b", "ready")
    assert wait_until(lambda: worker_holds(cluster, "a"), timeout=WAIT, step=0.05), "A's worker never held a deadline"

    killed = time.monotonic()
    killed_at = timezone.now()
    cluster.nodes["a"].stop(signal.SIGKILL)
    at_kill = versions()
    lock.release.set()

    # The move in flight got no answer from A and is sent again through HAProxy (which still counts A up for a few
    # s). Either A's last statement was already in PostgreSQL, which makes the move once the lock is free (a move on
    # the revision A held is one autocommitted statement: ``actions._move_on_held``), and the one sent again is
    # refused as stale; or A was still locking, its transaction died with it, and B makes the move sent again. The
    # log says which; either way the move is in it once.
    in_flight.join(WAIT)
    assert in_flight.result is not None
    status, result, sent = in_flight.result
    assert sent > 1 and (status == 200 or (status == 409 and result["error"] == "stale")), in_flight.result
    version = mine["version"] + 1
    assert result["version"] == version
    moved = time.monotonic() - killed
    made = Move.objects.filter(game_id=watched.pk, seq__gt=mine["version"])
    assert [(m.seq, m.seat, m.action) for m in made] == [(version, seat, mine["legal_actions"][0])]
    shown = wait_shown(pages, version)
    marked_down = wait_until(lambda: cluster.servers_up().get("a") == "DOWN", timeout=WAIT) and \
        time.monotonic() - killed
    assert wait_until(lambda: beat_holder(cluster) == "b", timeout=WAIT), cluster.nodes["b"].log_since_start("beat")
    beat_back = time.monotonic() - killed
    # Every game goes on (no deadline lost with A), and each API client carries on playing.
    assert wait_until(lambda: all(versions().get(g, 0) > at_kill[g] + 1 for g in deadline_games), timeout=WAIT)
    counts = [len(p.intended) for p in players]
    assert wait_until(lambda: all(len(p.intended) >= c + 3 for p, c in zip(players, counts, strict=True)),
                      timeout=WAIT), [p.problems for p in players]

    # The deadline tasks A's worker held stay unacknowledged in the broker (for kombu's visibility timeout, an
    # hour); B's worker acknowledges its own as it runs them. What stays unacknowledged across two looks 2 s apart,
    # for versions the games have left, is what A held; each was fired once, by B (A is dead), the sweep having
    # found it due in the database.
    first = unacked_deadlines()
    time.sleep(2)
    now = versions()
    held = [d for tag, ds in unacked_deadlines().items() if tag in first for d in ds
            if d[0] in now and d[2] < now[d[0]]]
    assert held, "no deadline task of A's worker was left unacknowledged"
    fired_after = []
    for game_id, _seat, version_then in held:
        made = Move.objects.filter(game_id=game_id, seq=version_then + 1)
        assert made.count() == 1
        assert made.get().source in (Move.Source.TIMEOUT, Move.Source.BOT)
        fired_after.append((made.get().created_at - killed_at).total_seconds())

    for player in players:
        player.halt.set()
    for player in players:
        player.join(WAIT)
    retried = [entry for p in players for entry in p.intended if entry[4] > 1]
    for player in players:
        assert_intended_once(player)
    assert_log_whole(deadline_games + [watched.pk] + [p.game_id for p in players])
    api_back = [p.first_answer_after(killed) for p in players]

    print(f"\nnode A killed (SIGKILL, its 2 Daphne, worker and beat) under 2 browsers, {len(players)} API clients and "
          f"{len(deadline_games)} games on 1 s clocks and bots:"
          f"\n  the move in flight inside A when it died, sent again through HAProxy: in the log once, the second "
          f"sending answered {status}{' stale' if status == 409 else ''} {moved:.2f} s after the kill"
          f"\n  browsers showing it, reconnected to B: "
          + ", ".join(f"{n} {t - killed:.2f} s" for n, t in shown.items())
          + "\n  API clients answered again: " + ", ".join(f"{t:.2f} s" for t in api_back if t is not None)
          + f"; {len(retried)} move(s) sent again after a failed sending, "
          f"answered {sorted({e[3] for e in retried})}"
          f"\n  HAProxy marked A DOWN {marked_down:.1f} s after the kill; B's beat took the lock (A's held it) "
          f"{beat_back:.1f} s after"
          f"\n  {len(held)} deadline(s) A's worker held, each fired once by B, "
          f"{min(fired_after):.1f}-{max(fired_after):.1f} s after the kill")


def lateness(game_ids: list[int], move_seconds: float) -> list[float]:
    """For games whose every move is a timeout of a ``move_seconds`` clock without reserve: how late each move
    came after its deadline (the previous move's time plus the clock)."""
    late = []
    for game_id in game_ids:
        times = list(Move.objects.filter(game_id=game_id).order_by("seq").values_list("created_at", flat=True))
        late += [(b - a).total_seconds() - move_seconds for a, b in zip(times, times[1:], strict=False)]
    return late


# A deadline is missed if it is not fired within this long: the sweep fires any the timers lost within a beat loop
# and a sweep (3 s here), and a missed one would wait for the broker's visibility timeout (an hour) or for ever.
MISSED_AFTER_SECONDS = 20


def test_a_rolling_restart_loses_no_move_no_deadline_and_leaves_no_old_page(both_nodes, browser):
    cluster = both_nodes
    new_release = f"rolling-{time.time_ns()}"
    watched = two_people(("iris", "juan"))
    pages = open_browsers(browser, cluster, watched)
    old_release = {n: p.evaluate("() => window.tablero.release") for n, p in pages.items()}
    assert set(old_release.values()) == {settings.RELEASE} != {new_release}
    # The watched game is played by an API client too: its pages follow a game that moves all along.
    players = [ApiPlayer(cluster.url, g.pk, with_tokens(g))
               for g in (watched, two_people(("karla", "lucas")), two_people(("mora", "nico")))]
    timeout_games = clocked_games(6, 0)
    bot_games = clocked_games(0, 2)
    for player in players:
        player.start()
    assert wait_until(lambda: all(len(p.intended) >= 3 for p in players), timeout=WAIT), [p.problems for p in players]
    assert wait_until(lambda: all(v >= 2 for g, v in versions().items() if g in timeout_games), timeout=WAIT)

    started = time.monotonic()
    steps = {}
    for name, node in cluster.nodes.items():
        began = time.monotonic()
        cluster.set_state(name, "drain")  # no new connection goes to it; its open ones stay
        stopping = time.monotonic()
        node.stop(signal.SIGTERM, timeout=45)
        stopped = time.monotonic() - stopping
        # Each process ends by itself on SIGTERM (a Daphne once hung behind a request's stuck thread, for ever).
        assert set(node.stop_seconds) == set(node.names), (node.stop_seconds, node.tail())
        node.env = node.env | {"RELEASE": new_release}
        node.start()
        node.wait_ready()
        cluster.set_state(name, "ready")
        cluster.wait_up(name)
        steps[name] = (stopped, time.monotonic() - began)
        print(f"\n  node {name}'s processes exited after SIGTERM: "
              + ", ".join(f"{what} {s:.1f} s" for what, s in node.stop_seconds.items()))
        # Between the two: every API client answered by the node still up (or the one just back).
        counts = [len(p.intended) for p in players]
        assert wait_until(lambda counts=counts: all(len(p.intended) > c for p, c in zip(players, counts, strict=True)),
                          timeout=WAIT), [p.problems for p in players]
    rolled = time.monotonic() - started

    # Every page reconnected to a node of the new release by itself, was told its release is gone and reloaded.
    for player in players:
        player.halt.set()
    for player in players:
        player.join(WAIT)
    current = Game.objects.get(pk=watched.pk).version
    shown = wait_shown(pages, current, new_release)
    for name, page in pages.items():
        assert page.evaluate("() => performance.getEntriesByType('navigation')[0].type") == "reload", name

    for player in players:
        assert_intended_once(player)
    late = lateness(timeout_games, 1.0)
    assert_log_whole(timeout_games + bot_games + [p.game_id for p in players])
    assert late and max(late) < MISSED_AFTER_SECONDS, max(late)
    retried = [entry for p in players for entry in p.intended if entry[4] > 1]
    late.sort()
    print(f"\nrolling restart (drain, SIGTERM, start as a new release, ready; a then b) under 2 browsers, "
          f"{len(players)} API clients, {len(timeout_games)} games on 1 s clocks and {len(bot_games)} with a bot:"
          + "".join(f"\n  node {n}: stopped in {s:.1f} s, back in HAProxy {t:.1f} s after its drain"
                    for n, (s, t) in steps.items())
          + f"\n  whole restart {rolled:.1f} s; pages on the new release and the current version "
          + ", ".join(f"{n} {t - started:.1f} s" for n, t in shown.items()) + " after it began"
          + f"\n  {len(retried)} API move(s) sent again after a failed sending, answered {sorted({e[3] for e in retried})}"
          + f"\n  deadline lateness over {len(late)} timeouts: median {late[len(late) // 2]:.2f} s, "
          f"p99 {late[int(len(late) * 0.99)]:.2f} s, max {late[-1]:.2f} s (bound {MISSED_AFTER_SECONDS} s)")
