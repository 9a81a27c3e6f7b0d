"""A game step by step: the state after any move, rebuilt from the seed and the move log.

The log is the truth (``games.models``). The state after move ``n`` is the engine's first state, made from the
game's seed and options exactly as ``tables.do_start`` made it, with moves 1..n applied in order, exactly as
``actions._apply_locked`` applied them. The events the framework adds (a timeout, a bot taking a seat over or
handing it back) are stored beside the engine's events and change no state, so the replay only re-applies
actions and shows each move's events as they were stored.

Stepping back and forth must be cheap: each process keeps, per game, a checkpoint every ``CHECKPOINT_EVERY``
moves and the last state it was asked for (so one step forward is one ``apply``), for the few games replayed
most recently. The cache is keyed by the game's id, seed commitment and version: a new game that reuses an id,
or a game that moved on, never gets another game's states.

A game played under an earlier revision of the rules (``Game.rules_revision``) is not re-run: today's engine
might refuse its moves or reach other positions. Its replay page shows its stored log instead
(``games.web.replay``).
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext_noop

from games.core.rulesets import IllegalAction, get
from games.models import Game, Move, current_rules_revision
from games.play.actions import MoveRejected
from games.present.verify import EARLIER_RULES, OTHER_RULES

CHECKPOINT_EVERY = 25
KEPT_GAMES = 16  # replays kept per process; each is a few dozen small JSON states


@dataclass(frozen=True)
class LoggedMove:
    """One move of the log, as stored: who made it, what they chose, what everyone was told, and when."""

    seq: int
    seat: int
    action: dict
    events: list[dict]
    source: str
    created_at: datetime


class Replay:
    """One game's log and the states reached so far. Not for callers to build: use ``replay_for``."""

    def __init__(self, game: Game):
        self.ruleset = game.ruleset
        self.game_id = game.pk
        self.moves: list[LoggedMove] = [
            LoggedMove(m.seq, m.seat, m.action, m.events, m.source, m.created_at)
            for m in Move.objects.filter(game_id=game.pk, seq__lte=game.version).order_by("seq")
        ]
        self._rs = get(game.ruleset)
        first = self._rs.new_game(game.num_seats, game.seed, game.options or None)
        self._checkpoints: dict[int, dict] = {0: first}
        self._recent: tuple[int, dict] = (0, first)
        self._lock = threading.Lock()

    @property
    def last(self) -> int:
        """The number of the last move (0 for a game nobody moved in)."""
        return len(self.moves)

    def move(self, n: int) -> LoggedMove | None:
        """Move ``n`` of the log (None for step 0, the deal)."""
        return self.moves[n - 1] if n else None

    def state_at(self, n: int) -> dict:
        """The state after move ``n`` (0: as dealt). The caller gets its own copy."""
        check_step_in(n, self.last)
        with self._lock:
            start = max(k for k in self._checkpoints if k <= n)
            recent_n, recent = self._recent
            if start < recent_n <= n:
                start, state = recent_n, recent
            else:
                state = self._checkpoints[start]
            for i in range(start, n):
                state = self._applied(state, self.moves[i])
                if (i + 1) % CHECKPOINT_EVERY == 0:
                    self._checkpoints[i + 1] = state
            self._recent = (n, state)
        # Engines never mutate a state they are given, but a caller might: the cached ones stay untouched.
        return copy.deepcopy(state)


    def _applied(self, state: dict, move: LoggedMove) -> dict:
        """The state after ``move`` (engines never change the state they are given)."""
        try:
            return self._rs.apply(state, move.seat, move.action)[0]
        except IllegalAction:
            raise MoveRejected("illegal", gettext_noop("The move log does not replay at move %(n)s."),
                               params={"n": move.seq}) from None

    def walk(self, wanted: set[int] | None = None) -> Iterator[tuple[int, dict | None, list[dict]]]:
        """(move number, the state after it or None when not ``wanted``, its stored events) from the deal (0) to
        the last move, applied in order once: for reading a whole game (a finished game's story), without the
        cache of ``state_at`` or a copy of each state. The states handed out must only be read."""
        state = self._checkpoints[0]
        yield 0, state, []
        for move in self.moves:
            state = self._applied(state, move)
            yield move.seq, state if wanted is None or move.seq in wanted else None, move.events


_replays: OrderedDict[tuple, Replay] = OrderedDict()
_replays_lock = threading.Lock()


def check_rules_current(game: Game) -> None:
    """Only a game of the rules revision its engine plays now is re-run: an older log may be refused by today's
    engine, or reach other positions than the ones its players saw (``Game.rules_revision``)."""
    if not game.rules_current:
        played, current = game.rules_revision, current_rules_revision(game.ruleset)
        raise MoveRejected("illegal", EARLIER_RULES if played < current else OTHER_RULES,
                           params={"played": played, "current": current})


def replay_for(game: Game) -> Replay:
    """The process's replay of ``game`` at its current version (built on first use); refused for a game played
    under another revision of the rules (``check_rules_current``)."""
    check_rules_current(game)
    key = (game.pk, game.seed_commitment, game.version)
    with _replays_lock:
        found = _replays.get(key)
        if found is not None:
            _replays.move_to_end(key)
            return found
    built = Replay(game)  # outside the lock: loading the log must not hold up other games' replays
    with _replays_lock:
        found = _replays.setdefault(key, built)
        _replays.move_to_end(key)
        while len(_replays) > KEPT_GAMES:
            _replays.popitem(last=False)
    return found


def clear() -> None:
    """Forget every cached replay (tests)."""
    with _replays_lock:
        _replays.clear()


def check_step_in(n: int, last: int) -> None:
    """A step is a move number from 0 (the deal) to the last move."""
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= last:
        raise MoveRejected("not_found", gettext_noop("There is no move %(n)s: this game's moves go from 0 to "
                                                     "%(last)s."), params={"n": n, "last": last})


def check_step(game: Game, n: int) -> None:
    check_step_in(n, game.version)


def check_replayable(game: Game) -> None:
    """Only a game that is over is replayed: its seed is revealed and nothing it hid can still matter. A live
    game's replay would show the cards and hands its players cannot see."""
    if game.status in (Game.Status.LOBBY, Game.Status.ACTIVE, Game.Status.PAUSED):
        raise MoveRejected("not_active", gettext_noop("The replay opens when the game is over: until then it would "
                                                      "give away what the players cannot see."))
    if game.state is None:
        raise MoveRejected("not_found", gettext_noop("This table never started: there is nothing to replay."))


def state_at(game: Game, n: int) -> dict:
    """The state of ``game`` after move ``n`` (0 = the start); a refusal (``MoveRejected``) for a step the game
    does not have."""
    check_step(game, n)
    return replay_for(game).state_at(n)
