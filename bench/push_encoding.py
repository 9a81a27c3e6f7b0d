"""Benchmark: what encoding a push costs, ``json`` against ``orjson`` (``games.live.snapshots._json``).

Run from the repository root, against a database of its own (it writes a game):

    DATABASE_URL=postgres://.../bench python bench/push_encoding.py --moves 60

It sets up a 4-seat Estanciero game, plays ``--moves`` random moves through the move path, and times, on that
revision, what each push encodes once per revision and view: a seat's JSON view (the JSON stream), and a
table's message with its HTML (the browsers' stream, the whole table), with both encoders; the outputs are
checked to decode to the same value. Microseconds, the median of ``--repeat`` runs. (The table's message stays
with ``json``: see ``_json``, and the size Python holds each text at, printed here.)
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def timed(fn, repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=2000)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    import orjson

    from accounts.models import User
    from games.core.rulesets import get
    from games.live import snapshots
    from games.models import Game
    from games.play.actions import do_move
    from games.present.presenters import Viewer, game_payload
    from games.tables import lifecycle as tables

    users = [User.objects.get_or_create(username=f"pe_s{i}")[0] for i in range(4)]
    game = tables.do_create_table(users[0], "estanciero", 4, time_control="correspondence")
    for user in users[1:]:
        tables.do_join(game.pk, user)
    tables.do_start(game.pk, users[0])
    rs, rng = get("estanciero"), random.Random(1)
    for _ in range(args.moves):
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE:
            break
        seat = rs.to_move(game.state)[0]
        do_move(game.pk, seat=seat, action=rng.choice(rs.legal_actions(game.state, seat)),
                expected_version=game.version, actor=users[seat], source="api")
    snap = snapshots.read(game.pk)
    print(f"Estanciero, 4 seats, version {snap.game.version}; median of {args.repeat} runs, microseconds")
    fast = snapshots._json
    for seat in (0, None):
        view = game_payload(snap.game, snap.seats, seat)
        assert json.loads(fast(view)) == json.loads(json.dumps(view))
        print(f"  {'seat 0' if seat == 0 else 'spectator'}'s JSON view ({len(json.dumps(view)):,} chars): "
              f"json {timed(lambda v=view: json.dumps(v), args.repeat):.1f}, "
              f"orjson {timed(lambda v=view: fast(v), args.repeat):.1f} (the view itself: "
              f"{timed(lambda s=seat: game_payload(snap.game, snap.seats, s), args.repeat // 10):.1f})")
    html = json.loads(snapshots.table_message(snap, Viewer.of(snap.game, snap.seats, None, "es")))["html"]
    message = {"type": "table", "rev": snap.game.rev, "version": snap.game.version, "html": html}
    assert orjson.loads(fast(message)) == message
    raw = orjson.dumps(message).decode()
    print(f"  the table's message ({len(html):,} chars of HTML): json {timed(lambda: json.dumps(message), args.repeat // 4):.1f}"
          f" ({sys.getsizeof(json.dumps(message)):,} bytes held), orjson "
          f"{timed(lambda: orjson.dumps(message).decode(), args.repeat // 4):.1f} ({sys.getsizeof(raw):,} bytes held)")


if __name__ == "__main__":
    main()
