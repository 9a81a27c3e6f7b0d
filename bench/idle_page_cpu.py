"""What an open table costs the browser's CPU while nobody moves.

Starts a real Daphne on loopback against the configured database (DATABASE_URL, default PostgreSQL
``tablero_bench``) and Redis (REDIS_URL), opens a 3-seat Argentilandia and a 2-seat Estanciero table, each as the
player on move (so the board's legal places are highlighted), in headless Chromium, and reads the CPU seconds
of every Chromium process from /proc: over the first ``--first`` seconds after the page is up, then over
``--idle`` seconds more, once as a person who allows motion and once as one who asks for reduced motion.

    python bench/idle_page_cpu.py [--first 8] [--idle 10]

Bounded: two tables, two contexts each, a few tens of seconds; 127.0.0.1 only. Linux only (/proc).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from table_latency import PASSWORD, prepared_users, start_daphne  # noqa: E402  (sets the environment)


def chromium_cpu_seconds() -> float:
    """User and system CPU of every running Chromium process, in seconds."""
    total = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                name, rest = f.read().split(") ", 1)
        except OSError:
            continue
        if "chrom" in name.lower():
            fields = rest.split()
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--first", type=float, default=8.0)
    parser.add_argument("--idle", type=float, default=10.0)
    args = parser.parse_args()

    users = prepared_users("bench_idle_1", "bench_idle_2", "bench_idle_3")
    from games.core.rulesets import get
    from games.models import Game
    from games.tables import lifecycle as tables

    games = []
    for ruleset, seats in (("argentilandia", 3), ("estanciero", 2)):
        game = tables.do_create_table(users[0], ruleset, seats, time_control="correspondence")
        for user in users[1:seats]:
            tables.do_join(game.pk, user)
        tables.do_start(game.pk, users[0])
        game = Game.objects.get(pk=game.pk)
        games.append((game, users[get(ruleset).to_move(game.state)[0]]))

    daphne, base, _env, _log = start_daphne(".idle_page_cpu_daphne.log")
    try:
        measure(base, games, args)
    finally:
        daphne.terminate()
        daphne.wait(20)
        Game.objects.filter(pk__in=[g.pk for g, _ in games]).delete()


def measure(base: str, games, args) -> None:
    from playwright.sync_api import sync_playwright

    print(f"Chromium CPU seconds: over the first {args.first:.0f} s after the table is up, then over "
          f"{args.idle:.0f} s more (a core is {args.idle:.0f} s)")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium",
                                     args=["--no-sandbox", "--disable-gpu", "--disable-quic"])
        for game, user in games:
            for motion in ("no-preference", "reduce"):
                ctx = browser.new_context(viewport={"width": 1280, "height": 860}, locale="es-AR",
                                          reduced_motion=motion)
                page = ctx.new_page()
                page.goto(base + "/accounts/login/")
                page.fill("input[name=login]", user.username)
                page.fill("input[name=password]", PASSWORD)
                page.click("main form button[type=submit]")
                page.wait_for_url(base + "/")
                page.goto(f"{base}/games/{game.pk}/")
                page.wait_for_selector("#table [data-version]")
                time.sleep(0.5)  # the socket up, the legal places marked
                legal = page.locator("#table .is-legal").count()
                start = chromium_cpu_seconds()
                time.sleep(args.first)
                first = chromium_cpu_seconds() - start
                start = chromium_cpu_seconds()
                time.sleep(args.idle)
                idle = chromium_cpu_seconds() - start
                print(f"{game.ruleset:14s} motion {motion:13s} legal places {legal:3d}   "
                      f"first {args.first:.0f} s: {first:5.2f} CPU s   next {args.idle:.0f} s: {idle:5.2f} CPU s")
                ctx.close()
        browser.close()


if __name__ == "__main__":
    main()
