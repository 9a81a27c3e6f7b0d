"""What a revision's push to the browsers costs the server under three designs, in CPU per revision for a table's
seats and a spectator (parts warm as a live process holds them, the cyclic collector off, as
``bench/table_render.py --replays``):

- today: the table rendered for each viewer (``games.live.snapshots.table_message``), the parts every viewer
  shares rendered once (``{% public_part %}``) and those kept across revisions reused (``{% fixed_part %}``);
- one render: the table rendered once per revision (a spectator's) plus, for each viewer, its JSON view and the
  words of its move buttons (``presenters._legal_buttons``): the cost if the page drew its own parts (seat marks,
  move buttons, its forms and hand) from its JSON;
- the JSON stream: each viewer's JSON view only (``snapshots.json_message``): the cost if the page drew the whole
  table.

Plays ``--moves`` random legal moves through the move path (``bench/_server_game.py``) and measures the last
``--renders`` revisions; production settings give the production figures (``DEBUG=0`` after ``collectstatic``).

    python bench/push_designs.py --ruleset estanciero
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time

import _server_game  # bench/, the script's own folder


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ruleset", default="estanciero")
    parser.add_argument("--moves", type=int, default=150)
    parser.add_argument("--renders", type=int, default=30)
    parser.add_argument("--replays", type=int, default=4)
    parser.add_argument("--language", default="es")
    args = parser.parse_args()

    _server_game.setup()
    from django.utils import translation

    from games.live import snapshots
    from games.present import presenters
    from games.present.presenters import Viewer
    from games.templatetags.tablero import forget_public_parts

    seats = 4 if args.ruleset == "estanciero" else 3
    viewers = [Viewer(seat=None, language=args.language)]
    viewers += [Viewer(seat=s, signed_in=True, is_creator=s == 0, language=args.language) for s in range(seats)]
    kept: list = []

    def today(snap) -> None:
        for viewer in viewers:
            snapshots.table_message(snap, viewer)

    def one_render(snap) -> None:
        snapshots.table_message(snap, viewers[0])
        with translation.override(args.language):
            names = presenters.names_of(snap.seats)
            for viewer in viewers:
                snapshots.json_message(snap, viewer.seat, "update", None)
                payload = presenters.game_payload(snap.game, snap.seats, viewer.seat)
                presenters._legal_buttons(snap.game, payload["legal_actions"], payload["view"], names)

    def json_stream(snap) -> None:
        for viewer in viewers:
            snapshots.json_message(snap, viewer.seat, "update", None)

    def keep(i: int) -> None:
        if i >= args.moves - args.renders:
            kept.append(snapshots.read(game.pk))

    with _server_game.bench_game(args.ruleset, seats=seats) as (game, users):
        _server_game.play(game, users, args.moves, random.Random(1), after=keep)
        today(kept[0])  # the templates compiled, the URL patterns loaded
        figures: dict[str, list[float]] = {"today": [], "one render": [], "the JSON stream": []}
        designs = {"today": today, "one render": one_render, "the JSON stream": json_stream}
        gc.collect()
        gc.disable()
        try:
            for _ in range(args.replays):
                for name, design in designs.items():  # alternated, so a change in the machine's pace slows all
                    forget_public_parts(fixed=False)
                    start = time.process_time()
                    for snap in kept:
                        design(snapshots.Snapshot(snap.game, snap.seats, snap.moves))  # a new revision's memo
                    figures[name].append((time.process_time() - start) / len(kept) * 1000)
        finally:
            gc.enable()
    print(f"{args.ruleset}, {len(viewers)} viewers ({seats} seats and a spectator), {len(kept)} revisions, "
          f"{args.replays} replays: CPU ms per revision, median (min)")
    for name, values in figures.items():
        print(f"  {name:16} {statistics.median(values):6.2f} ({min(values):.2f})")


if __name__ == "__main__":
    main()
