"""A click at a busy server, as two people see it in real Chromium: the time until both their screens show it.

Starts the server as ``make run`` does: ``--web`` Daphne processes (default 2, ``WEB_PROCESSES``) sharing one
port through ``SO_REUSEPORT`` (``scripts/serve_web.py``: Linux spreads the connections, so a game's sockets land
in either process), with production settings (``DEBUG=0``, the static manifest) and the rate limits lifted, on the
database ``DATABASE_URL`` and Redis ``REDIS_URL``. Beside it ``--background K`` tables of the browsers' HTML stream
play a move a second each (``bench/socket_load.py``'s simulated pages: four seats and a spectator a table, each
socket ``?format=html&keep=2`` with permessage-deflate, the seat on move sending its move over its socket).

Two users sit at a 2-seat Estanciero table, each in their own Chromium context (``/usr/bin/chromium``, through
Playwright). The player on move clicks a move button; every click is timed in the pages' own clocks
(``performance.timeOrigin + performance.now()``, one machine, one clock):

- both screens: the click until both pages show the new version (a MutationObserver stamps each version the
  moment the page's DOM holds it, i.e. after the morph);
- own / other screen: the click until the clicker's, and the other player's, page shows it;
- where a click's time goes, from the clicker's page: the click until the move leaves the page (the move request's
  start, or the socket send), the server's move (``Server-Timing``, or the socket's ``accepted``), the push's
  arrival at each page's socket, and the page's own work from the message to the morphed DOM (parse, fill
  the kept parts, morph).

    python bench/browser_latency.py --background 0 --clicks 40
    python bench/browser_latency.py --background 100 --clicks 40      # 50 browser tables per core on 2 cores
    python bench/browser_latency.py --background 100 --background-ruleset ladrillazo   # another game's tables

Bounded: at most ``--clicks`` clicks and ``--seconds`` of wall time, the background's sockets closed and the
servers stopped on the way out; 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench_browser")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/10")
import socket_load  # noqa: E402  (bench/, beside this script: sets the server's environment, limits lifted)
from table_latency import CLICK, PASSWORD, PREFERRED, free_port, pct, prepared_users  # noqa: E402

os.environ.update(socket_load.PRODUCTION_ENV)
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API runs a loop in this thread

# In every page: when each version first stood in the DOM, and when each socket message carrying one arrived.
PAGE_CLOCKS = """
(() => {
  const now = () => performance.timeOrigin + performance.now();
  performance.setResourceTimingBufferSize(100000);  // every move request's timings, not the first 150
  window.__shown = {};
  window.__arrived = {};
  const stamp = () => {
    const el = document.querySelector('#table [data-version]');
    if (!el) return;
    const v = Number(el.textContent);
    if (!(v in window.__shown)) window.__shown[v] = now();
  };
  new MutationObserver(stamp).observe(document, {subtree: true, childList: true, characterData: true});
  document.addEventListener('DOMContentLoaded', stamp);
  const Native = window.WebSocket;
  window.__sent = [];
  window.WebSocket = function (url, protocols) {
    const ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    ws.addEventListener('message', (e) => {
      const at = now();
      const m = /"version": ?(\\d+)/.exec(typeof e.data === 'string' ? e.data.slice(0, 200) : '');
      if (m && !(m[1] in window.__arrived)) window.__arrived[m[1]] = at;
    });
    const send = ws.send.bind(ws);
    ws.send = (data) => { if (String(data).includes('"act"')) window.__sent.push(now()); return send(data); };
    return ws;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
})();
"""

# After a click: the move request's timings (the newest /act/ entry) and the socket's act, if any.
MOVE_TIMINGS = """
(t) => {
  const e = performance.getEntriesByType('resource').filter(r => r.name.includes('/act/')).pop();
  const sent = window.__sent.filter(x => x >= t);
  const out = {socketSent: sent.length ? sent[0] : null, request: null};
  if (e && performance.timeOrigin + e.startTime >= t) {
    const st = (e.serverTiming || []).find(s => s.name === 'move');
    out.request = {start: performance.timeOrigin + e.startTime, end: performance.timeOrigin + e.responseEnd,
                   move: st ? st.duration : null};
  }
  return out;
}
"""

FIRST_AFTER = """
([name, v]) => { const d = window[name]; const k = Object.keys(d).map(Number).filter(x => x > v);
  return k.length ? d[Math.min(...k)] : null; }
"""


# ---- the server, as `make run` starts it --------------------------------------------------------------------

def run_script():
    """scripts/run.py (``make run``) as a module: its choice of the processes' own ports."""
    spec = importlib.util.spec_from_file_location("tablero_run", ROOT / "scripts" / "run.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def start_web(processes: int, log_dir: Path, shared_only: bool, root: Path = ROOT) -> tuple[list[subprocess.Popen], int, list[int]]:
    """``processes`` Daphne processes on one port (``scripts/serve_web.py``, SO_REUSEPORT), each also on a port
    of its own for its games' sockets as ``make run`` starts them (none with ``shared_only``: every socket on the
    shared port), each in its own session so that a Ctrl-C reaches the bench first. The shared port once it
    answers, and the game ports (``GAME_SOCKET_PORTS``, also set in this process)."""
    port = free_port()
    os.environ["GAME_SOCKET_PORTS"] = "" if shared_only else ",".join(str(free_port()) for _ in range(processes))
    game_ports = run_script().game_socket_ports(port, processes)
    env = {**os.environ, "MALLOC_ARENA_MAX": "2", "PYTHONUNBUFFERED": "1"}  # as scripts/run.py sets it
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    if root != ROOT:  # another checkout's server (an A/B pair): its own static files
        subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=root, env=env,
                       check=True)
    procs = []
    for n in range(processes):
        own = [str(game_ports[n])] if game_ports else []
        with open(log_dir / f"web{n + 1}.log", "wb") as out:
            procs.append(subprocess.Popen([sys.executable, str(root / "scripts" / "serve_web.py"), "127.0.0.1",
                                           str(port), *own], cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT,
                                          start_new_session=True))
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if any(p.poll() is not None for p in procs):
            raise RuntimeError(f"a Daphne process exited; see {log_dir}")
        try:
            # every process imports the application before it answers: ask each of them a few times
            for _ in range(4 * processes):
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2)
            for own in game_ports:
                urllib.request.urlopen(f"http://127.0.0.1:{own}/healthz", timeout=2)
            return procs, port, game_ports
        except OSError:
            time.sleep(0.3)
    raise RuntimeError("the web processes did not answer in 180 s")


def stop(procs: list[subprocess.Popen]) -> None:
    """Only the processes this bench started: terminate, then kill what is left."""
    for p in procs:
        if p.poll() is None:
            p.terminate()
    for p in procs:
        try:
            p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait(timeout=5)


def cpu_seconds(procs: list[subprocess.Popen]) -> float:
    return sum(socket_load.process_cpu(p.pid) for p in procs)


# The machine's other parts, by command name: where the CPU that is not Daphne's goes.
PARTS = {"postgres": "PostgreSQL", "redis-server": "Redis", "chromium": "Chromium", "chrome": "Chromium"}


def parts_cpu() -> dict[str, float]:
    """CPU seconds so far of every running process of each part in ``PARTS`` (a process that ended meanwhile
    counts for nothing: the parts' figures are a lower bound)."""
    out: dict[str, float] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        name = PARTS.get(text[text.index("(") + 1:text.rindex(")")].split(" ")[0].split(":")[0])
        if name is not None:
            out[name] = out.get(name, 0.0) + socket_load.process_cpu(int(stat.parent.name))
    return out


# ---- the background: K tables of simulated pages ------------------------------------------------------------

class Background:
    """socket_load's HTML clients in a thread of their own (their event loop), moving until ``stop``."""

    def __init__(self, port: int, game_ports: list[int], tables: list, seconds: float, check_ins: bool = True,
                 ruleset: str = "estanciero"):
        self.options = socket_load.Options(games=len(tables), rate=1.0, seconds=seconds, warmup=0.0, daphne=1,
                                           html=True, via="socket", timeout=15.0, deflate=True, check_ins=check_ins,
                                           ruleset=ruleset)
        self.totals = socket_load.Totals(measuring=True)
        # each table's sockets where its page would open them: its game's process's port, or the shared one
        self.clients = [socket_load.GameClient(t, game_ports[t.game_id % len(game_ports)] if game_ports else port,
                                               self.options, self.totals) for t in tables]
        self.ready = threading.Event()
        self.stopping = threading.Event()
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        self.thread.start()
        if not self.ready.wait(300) or self.error:
            raise RuntimeError(f"the background did not start: {self.error}")

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:  # noqa: BLE001 (told to the main thread)
            self.error = exc
            self.ready.set()

    async def _main(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            gate = asyncio.Semaphore(socket_load.CONNECT_AT_ONCE)
            await asyncio.gather(*(c.connect(gate) for c in self.clients))
            live = [c for c in self.clients if not c.broken]
            async with asyncio.timeout(120):
                while not all(c.synced() for c in live):
                    await asyncio.sleep(0.1)
            start = loop.time()
            stop_at = start + self.options.seconds
            drivers = [asyncio.create_task(c.drive(start, start, stop_at)) for c in live]
            await asyncio.sleep(5)  # every table moving before the clicks start
            self.ready.set()
            while not self.stopping.is_set() and loop.time() < stop_at:
                await asyncio.sleep(0.2)
            for c in live:
                c.finished = True  # each driver ends after its move in flight
            await asyncio.gather(*drivers, return_exceptions=True)
        finally:
            await asyncio.gather(*(c.close() for c in self.clients), return_exceptions=True)

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(60)


# ---- the two people -----------------------------------------------------------------------------------------

def login(browser, base: str, username: str, locale: str):
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, locale=locale)
    page = ctx.new_page()
    page.add_init_script(PAGE_CLOCKS)
    page.goto(base + "/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(base + "/")
    return page


def clicks(pages: list, game, args, record) -> None:
    """Click, wait until both pages show the new version, pause as a person would; ``record`` takes each."""
    from games.models import Game

    end = time.monotonic() + args.seconds
    done = 0
    rng = random.Random(7)
    while done < args.clicks and time.monotonic() < end:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            print("the table finished")
            break
        version = game.version
        clicker = next((i for i, p in enumerate(pages) if p.locator(".actions-card button.act").count()), None)
        if clicker is None:
            time.sleep(0.05)
            continue
        t_click = pages[clicker].evaluate(CLICK, list(PREFERRED))
        if t_click is None:
            continue
        done += 1
        shown = []
        try:
            for page in pages:
                page.wait_for_function("(v) => Object.keys(window.__shown).some(k => Number(k) > v)", arg=version,
                                       timeout=10000, polling=20)
        except Exception as exc:  # noqa: BLE001 (the Playwright timeout: a lost click is told, not fatal)
            print(f"click {done}: a page did not show the move within 10 s ({str(exc)[:200]})")
            continue
        for page in pages:
            shown.append(page.evaluate(FIRST_AFTER, ["__shown", version]))
        arrived = [page.evaluate(FIRST_AFTER, ["__arrived", version]) for page in pages]
        timings = pages[clicker].evaluate(MOVE_TIMINGS, t_click)
        for _ in range(40):  # a move request's answer may come after its push: its timings once it has come
            if timings["request"] or timings["socketSent"]:
                break
            time.sleep(0.05)
            timings = pages[clicker].evaluate(MOVE_TIMINGS, t_click)
        record(clicker, t_click, shown, arrived, timings)
        time.sleep(0.25 + 0.25 * rng.random())  # a person's pause between moves


def line(name: str, values: list[float]) -> str:
    if not values:
        return f"{name:<44} no samples"
    return (f"{name:<44} n={len(values):<3} p50 {statistics.median(values):6.1f}  p95 {pct(values, 0.95):6.1f}  "
            f"p99 {pct(values, 0.99):6.1f}  max {max(values):6.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--background", type=int, default=0, help="K background tables of the HTML stream")
    parser.add_argument("--background-ruleset", default="estanciero",
                        choices=("estanciero", "argentilandia", "ladrillazo"), help="the background tables' game")
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--no-check-ins", action="store_true",
                        help="the background's pages send only their moves, not the real pages' periodic check-ins")
    parser.add_argument("--web", type=int, default=2, help="Daphne processes on the shared port (WEB_PROCESSES)")
    parser.add_argument("--seconds", type=float, default=300, help="at most this long clicking")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="serve another checkout of the project (e.g. `git worktree add` of main), to compare; "
                             "one without game ports serves every socket on the shared port")
    parser.add_argument("--shared-sockets", action="store_true",
                        help="no game ports (GAME_SOCKET_PORTS empty): every socket on the shared port, a game's "
                             "spread over the processes")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, socket_load.interrupt)

    from django.core.management import call_command

    users = prepared_users("bench_alicia", "bench_bruno")  # Django set up, the database migrated
    call_command("collectstatic", interactive=False, verbosity=0)
    from games.models import Game
    from games.tables import lifecycle as tables

    game = tables.do_create_table(users[0], "estanciero", 2, time_control="correspondence")
    tables.do_join(game.pk, users[1])
    tables.do_start(game.pk, users[0])
    background_tables = socket_load.setup_tables(args.background, args.background_ruleset) if args.background else []
    socket_load.vacuum()
    log_dir = Path(tempfile.mkdtemp(prefix="browser_latency_"))
    procs, port, game_ports = start_web(args.web, log_dir, args.shared_sockets or not (
        args.root / "scripts" / "serve_web.py").read_text().count("GAME_PORT"), args.root.resolve())
    base = f"http://localhost:{port}"  # a secure context: production's cookies are Secure
    background = None
    both, own, other, leave, server, answered, push_own, push_other, page_own, page_other = ([] for _ in range(10))
    via = {"request": 0, "socket": 0}

    def record(clicker, t_click, shown, arrived, timings):
        both.append(max(shown) - t_click)
        own.append(shown[clicker] - t_click)
        other.append(shown[1 - clicker] - t_click)
        if timings["request"]:
            via["request"] += 1
            leave.append(timings["request"]["start"] - t_click)
            answered.append(timings["request"]["end"] - t_click)
            if timings["request"]["move"] is not None:
                server.append(timings["request"]["move"])
        elif timings["socketSent"]:
            via["socket"] += 1
            leave.append(timings["socketSent"] - t_click)
        if arrived[clicker] is not None:
            push_own.append(arrived[clicker] - t_click)
            page_own.append(shown[clicker] - arrived[clicker])
        if arrived[1 - clicker] is not None:
            push_other.append(arrived[1 - clicker] - t_click)
            page_other.append(shown[1 - clicker] - arrived[1 - clicker])

    try:
        if background_tables:
            background = Background(port, game_ports, background_tables, args.seconds + 120, not args.no_check_ins,
                                    args.background_ruleset)
            background.start()
        from playwright.sync_api import sync_playwright

        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium",
                                         args=["--no-sandbox", "--disable-gpu", "--disable-quic"])
            pages = [login(browser, base, users[0].username, "es-AR"), login(browser, base, users[1].username, "en-US")]
            for page in pages:
                page.goto(f"{base}/games/{game.pk}/")
                page.wait_for_selector("#table [data-version]")
            time.sleep(1.5)  # the sockets open and bring the table
            cpu0, host0, t0, own0 = cpu_seconds(procs), socket_load.host_busy(), time.monotonic(), time.process_time()
            parts0 = parts_cpu()
            moves0 = len(background.totals.latencies) if background else 0
            clicks(pages, game, args, record)
            cpu1, host1, t1, own1 = cpu_seconds(procs), socket_load.host_busy(), time.monotonic(), time.process_time()
            parts1 = parts_cpu()
            moves1 = len(background.totals.latencies) if background else 0
            morph = [x for page in pages for x in page.evaluate("() => window.tableStats || []")]
            prepare = [x for page in pages for x in page.evaluate("() => window.tablePrepare || []")]
            browser.close()
    finally:
        if background is not None:
            background.stop()
        stop(procs)
        with contextlib.suppress(Exception):
            Game.objects.filter(pk__in=[game.pk, *(t.game_id for t in background_tables)]).delete()

    seconds = t1 - t0
    busy = (host1[0] - host0[0]) / max(1, host1[1] - host0[1])
    bg = (moves1 - moves0) / seconds
    where = (f"each game's sockets on its process's own port {game_ports}" if game_ports
             else "every socket on the shared port")
    print(f"{args.web} Daphne processes on one port (SO_REUSEPORT, as `make run`), {where}, DEBUG=0; {args.background} "
          f"background {args.background_ruleset} tables of the HTML stream, {bg:.1f} of their moves/s carried; moves sent by "
          f"{'the move request' if via['request'] >= via['socket'] else 'the socket'} "
          f"({via['request']} request, {via['socket']} socket)")
    print(f"Daphne CPU {100 * (cpu1 - cpu0) / seconds:.0f}% of a core; this bench's own process (the background's "
          f"clients) {100 * (own1 - own0) / seconds:.0f}%; machine busy {100 * busy:.0f}% over {seconds:.0f} s")
    print("the other parts: " + ", ".join(f"{name} {100 * (parts1[name] - parts0.get(name, 0.0)) / seconds:.0f}%"
                                          for name in sorted(parts1)) + " of a core")
    if bg:
        print(f"Daphne CPU a background move: {1000 * (cpu1 - cpu0) / (bg * seconds):.1f} ms (the clicks' included)")
    if background is not None and background.totals.latencies:
        print(line("background tables: send to all 5 sockets", background.totals.latencies[moves0:moves1]))
    print(line("click to BOTH screens", both))
    print(line("click to own screen", own))
    print(line("click to other screen", other))
    print(line("  click to the move leaving the page", leave))
    print(line("  the server's move (Server-Timing)", server))
    print(line("  click to the move's answer (204)", answered))
    print(line("  click to the push at own page's socket", push_own))
    print(line("  click to the push at other page's socket", push_other))
    print(line("  own page: message to morphed DOM", page_own))
    print(line("  other page: message to morphed DOM", page_other))
    print(line("  of which parsing and filling the kept parts", prepare))
    print(line("  of which the morph (idiomorph + marks)", morph))
    print(f"server logs: {log_dir}")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit("interrupted")
