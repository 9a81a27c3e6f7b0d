"""What the server-side benchmarks share: a started 4-seat table of bench users, played through the one move
path (``games.play.actions.do_move``) with random legal moves, and deleted afterwards."""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def setup() -> None:
    import django

    django.setup()


@contextmanager
def bench_game(ruleset: str, seats: int = 4) -> Iterator[tuple]:
    """A started correspondence table of ``ruleset`` (bench users ``bench0``...), yielded with its users;
    deleted on the way out."""
    from accounts.models import User
    from games.models import Game
    from games.tables import lifecycle as tables

    users = [User.objects.get_or_create(username=f"bench{i}")[0] for i in range(seats)]
    game = tables.do_create_table(users[0], ruleset, seats, time_control="correspondence")
    for u in users[1:]:
        tables.do_join(game.pk, u)
    tables.do_start(game.pk, users[0])
    try:
        yield game, users
    finally:
        Game.objects.filter(pk=game.pk).delete()


def play(game, users, moves: int, rng: random.Random, around: Callable | None = None,
         after: Callable[[int], None] | None = None) -> int:
    """Up to ``moves`` random legal moves through the move path; ``around(step)`` wraps each ``do_move`` call
    (a context manager factory that times or profiles it), ``after(i)`` runs after each. Returns the count."""
    from games.core.rulesets import get
    from games.models import Game
    from games.play.actions import do_move

    rs = get(game.ruleset)
    played = 0
    for i in range(moves):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        seat = rs.to_move(game.state)[0]
        action = rng.choice(rs.legal_actions(game.state, seat))
        with around() if around else _nothing():
            do_move(game.pk, seat=seat, action=action, expected_version=game.version, actor=users[seat],
                    source="api")
        played += 1
        if after:
            after(i)
    return played


@contextmanager
def _nothing():
    yield
