"""Click-to-screen latency at a live table, as two people see it.

Starts a real Daphne on loopback against the configured database (DATABASE_URL,
default PostgreSQL ``tablero_bench``) and Redis (REDIS_URL), seats two users at
a 2-seat Estanciero table and opens it in two headless Chromium contexts. Then
the player on move clicks a move button, again and again, and for each click it
records, in the browsers' own clocks:

- click to own screen: the click until the clicker's page shows the new version;
- click to other screen: the click until the other player's page shows it;
- server share: the act request's server time (``Server-Timing`` when the
  server sends it, else the request's time to first byte).

    python bench/table_latency.py --moves 60 [--background-bots 2]

``--background-bots N`` runs N bot-only tables beside it (a busier machine).
Bounded: at most ``--moves`` clicks and ``--seconds`` of wall time; 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tablero_bench")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/9")
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

PASSWORD = "bench-pw-1234"
PREFERRED = ["roll", "buy", "end_turn", "decline", "pay_fine", "choose_card_option", "claim_rent", "claim_prize",
             "rest", "pass"]

# Installed in every page: remember when each version first appeared on screen.
OBSERVER = """
(() => {
  window.__seen = {};
  const stamp = () => {
    const el = document.querySelector('#table [data-version]');
    if (!el) return;
    const v = Number(el.textContent);
    if (!(v in window.__seen)) window.__seen[v] = performance.timeOrigin + performance.now();
  };
  new MutationObserver(stamp).observe(document, {subtree: true, childList: true, characterData: true});
  document.addEventListener('DOMContentLoaded', stamp);
})();
"""

CLICK = """
(prefs) => {
  const buttons = [...document.querySelectorAll('.actions-card button.act')].filter(b => b.offsetParent && !b.disabled);
  let pick = null;
  for (const kind of prefs) { pick = buttons.find(b => b.classList.contains('act-' + kind)); if (pick) break; }
  pick = pick || buttons[0];
  if (!pick) return null;
  const t = performance.timeOrigin + performance.now();
  pick.click();
  return t;
}
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def ensure_database() -> None:
    import psycopg

    url = os.environ["DATABASE_URL"]
    if not url.startswith("postgres"):
        return
    name = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("select 1 from pg_database where datname=%s", (name,)).fetchone():
            conn.execute(f'create database "{name}"')


def prepared_users(*names: str) -> list:
    """Django set up on a migrated database, and these users, each with the password ``PASSWORD``."""
    ensure_database()
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from accounts.models import User

    users = []
    for name in names:
        user, _ = User.objects.get_or_create(username=name)
        user.set_password(PASSWORD)
        user.save()
        users.append(user)
    return users


def start_daphne(log_name: str):
    """A Daphne of the project on a free loopback port, once it answers: (process, base URL, its environment,
    its log file)."""
    env = dict(os.environ, DEBUG="1", PYTHONUNBUFFERED="1")
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    port = free_port()
    log = open(ROOT / "bench" / log_name, "wb")
    proc = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                             "config.asgi:application"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    for _ in range(150):
        try:
            urllib.request.urlopen(base + "/healthz", timeout=1)
            break
        except OSError:
            time.sleep(0.2)
    return proc, base, env, log


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def summary(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: no samples"
    return (f"{name}: n={len(values)}  p50 {statistics.median(values):.0f} ms  p95 {pct(values, 0.95):.0f} ms  "
            f"max {max(values):.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--background-bots", type=int, default=0)
    args = parser.parse_args()

    users = prepared_users("bench_alicia", "bench_bruno")
    from games.models import Game
    from games.tables import lifecycle as tables

    game = tables.do_create_table(users[0], "estanciero", 2, time_control="correspondence")
    tables.do_join(game.pk, users[1])
    tables.do_start(game.pk, users[0])
    background = []
    for _ in range(args.background_bots):
        g = tables.do_create_table(users[0], "estanciero", 4, bots=4, time_control="live")
        tables.do_start(g.pk, users[0])
        background.append(g.pk)

    daphne, base, env, log = start_daphne(".table_latency_daphne.log")
    procs = [daphne]
    if background:
        procs.append(subprocess.Popen([sys.executable, "-m", "celery", "-A", "config", "worker", "-P", "solo",
                                       "-l", "warning", "-n", "bench@%h"], cwd=ROOT, env=env, stdout=log,
                                      stderr=subprocess.STDOUT))
    try:
        run_browsers(base, game, users, args)
    finally:
        for p in procs:
            p.terminate()
            p.wait(20)
        Game.objects.filter(pk__in=[game.pk, *background]).delete()


def run_browsers(base: str, game, users, args) -> None:
    from playwright.sync_api import sync_playwright

    from games.models import Game

    own, other, server = [], [], []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium",
                                     args=["--no-sandbox", "--disable-gpu", "--disable-quic"])
        pages = []
        for user in users:
            ctx = browser.new_context(viewport={"width": 1280, "height": 860}, locale="es-AR")
            page = ctx.new_page()
            page.add_init_script(OBSERVER)
            page.goto(base + "/accounts/login/")
            page.fill("input[name=login]", user.username)
            page.fill("input[name=password]", PASSWORD)
            page.click("main form button[type=submit]")
            page.wait_for_url(base + "/")
            t0 = time.perf_counter()
            page.goto(f"{base}/games/{game.pk}/")
            page.wait_for_selector("#table [data-version]")
            print(f"page load ({user.username}): {1000 * (time.perf_counter() - t0):.0f} ms")
            pages.append(page)
        time.sleep(1.0)  # sockets connected
        end = time.monotonic() + args.seconds
        clicks = 0
        while clicks < args.moves and time.monotonic() < end:
            game.refresh_from_db()
            if game.status != Game.Status.ACTIVE:
                break
            version = game.version
            clicker = None
            for i, page in enumerate(pages):
                if page.locator(".actions-card button.act").count():
                    clicker = i
                    break
            if clicker is None:
                time.sleep(0.05)
                continue
            t_click = pages[clicker].evaluate(CLICK, PREFERRED)
            if t_click is None:
                continue
            clicks += 1
            deadline = time.monotonic() + 10
            seen = [None, None]
            while time.monotonic() < deadline and None in seen:
                for i, page in enumerate(pages):
                    if seen[i] is None:
                        seen[i] = page.evaluate(
                            "(v) => { const k = Object.keys(window.__seen).map(Number).filter(x => x > v);"
                            " return k.length ? window.__seen[Math.min(...k)] : null; }", version)
                time.sleep(0.01)
            if None in seen:
                print(f"click {clicks}: a page did not show the move within 10 s")
                continue
            own.append(seen[clicker] - t_click)
            other.append(seen[1 - clicker] - t_click)
            share = pages[clicker].evaluate(
                "() => { const e = performance.getEntriesByType('resource').filter(r => r.name.includes('/act/')).pop();"
                " if (!e) return null; const st = (e.serverTiming || []).find(s => s.name === 'total');"
                " return st ? st.duration : e.responseStart - e.requestStart; }")
            if share is not None:
                server.append(share)
            time.sleep(0.3)  # a person's pause between moves
        morph = []
        for page in pages:
            morph += page.evaluate("() => window.tableStats || []")
        browser.close()
    print(summary("browser's share (morphing an update into the page)", morph))
    print(summary("click to own screen", own))
    print(summary("click to other screen", other))
    print(summary("server share (act request)", server))


if __name__ == "__main__":
    main()
