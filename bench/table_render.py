"""What a browser's socket push costs to render: the table's HTML for each of a move's distinct viewers.

Plays a game of random legal moves through the move path (``games.play.actions.do_move``) against the configured
database (DATABASE_URL, else the SQLite default), then renders the table, as a socket push does
(``games.live.snapshots.table_message``), for the four seats and a spectator at each of the last ``--renders``
revisions, the snapshot and render caches emptied first (the parts every viewer shares, ``{% public_part %}``,
are rendered by the first viewer of each revision, as in a push). Prints the milliseconds per render (p50, p99,
mean), the CPU per revision for all five (``time.process_time``: steadier than the clock on a shared
machine), and the message's size; ``--profile`` adds the functions that take the time (cProfile). Production
settings give the production figures (``DEBUG=0``, after ``collectstatic``). The game it creates is deleted.
``--replays N`` then renders those revisions again N times over, each time as new snapshots with the parts kept
from before (as a live process holds them) and the cyclic collector off: the render's own CPU per revision,
the steadiest figure to compare two versions of the code by.

    python bench/table_render.py --ruleset estanciero --moves 150 --renders 20 [--profile] [--replays 4]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time

import _server_game  # bench/, the script's own folder


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ruleset", default="estanciero")
    parser.add_argument("--moves", type=int, default=150)
    parser.add_argument("--renders", type=int, default=20, help="revisions rendered (five viewers each)")
    parser.add_argument("--language", default="es")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--replays", type=int, default=0, help="render the revisions again, parts warm")
    args = parser.parse_args()

    _server_game.setup()
    from games.live import snapshots
    from games.present.presenters import Viewer
    from games.templatetags.tablero import forget_public_parts

    viewers = [Viewer(seat=s, signed_in=True, is_creator=s == 0, language=args.language) for s in range(4)]
    viewers.append(Viewer(seat=None, signed_in=False, language=args.language))
    times, sizes, cpu, kept = [], [], [], []
    profile = cProfile.Profile() if args.profile else None

    def render_all(i: int) -> None:
        if i < args.moves - args.renders:
            return
        snapshots.clear()
        snap = snapshots.read(game.pk)
        kept.append(snap)
        if not times:  # the first renders load and compile the templates and the URL patterns
            for viewer in viewers:
                snapshots.table_message(snap, viewer)
            snapshots.clear()
            forget_public_parts()
            snap = snapshots.read(game.pk)
        cpu0 = time.process_time()
        for viewer in viewers:
            if profile:
                profile.enable()
            t0 = time.perf_counter()
            message = snapshots.table_message(snap, viewer)
            times.append(time.perf_counter() - t0)
            if profile:
                profile.disable()
            sizes.append(len(message.encode()))
        cpu.append(time.process_time() - cpu0)

    with _server_game.bench_game(args.ruleset) as (game, users):
        _server_game.play(game, users, args.moves, random.Random(1), after=render_all)
    times.sort()
    n = len(times)
    print(f"ruleset {args.ruleset}  language {args.language}  renders {n}")
    print(f"ms per render: p50 {1000 * statistics.median(times):.2f}  p99 {1000 * times[min(n - 1, int(n * .99))]:.2f}"
          f"  mean {1000 * statistics.mean(times):.2f}")
    print(f"CPU ms per revision (five viewers): median {1000 * statistics.median(cpu):.2f}"
          f"  min {1000 * min(cpu):.2f}")
    print(f"message bytes: median {int(statistics.median(sizes)):,}")
    if args.replays:
        print(f"CPU ms per revision, {args.replays} replays, parts warm, collector off: {_replays(kept, viewers, args.replays)}")
    if profile:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(60)


def _replays(kept: list, viewers: list, replays: int) -> str:
    import gc

    from games.live import snapshots
    from games.templatetags.tablero import forget_public_parts

    per_pass = []
    gc.collect()
    gc.disable()
    try:
        for _ in range(replays):
            forget_public_parts(fixed=False)  # the parts of a revision are made by its first render, as live
            cpu0 = time.process_time()
            for snap in kept:
                fresh = snapshots.Snapshot(snap.game, snap.seats, snap.moves)  # a new revision's empty memo
                for viewer in viewers:
                    snapshots.table_message(fresh, viewer)
            per_pass.append((time.process_time() - cpu0) / len(kept) * 1000)
    finally:
        gc.enable()
    return f"median {statistics.median(per_pass):.2f}  min {min(per_pass):.2f}"


if __name__ == "__main__":
    main()
