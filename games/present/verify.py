"""Provably fair dice: replay a finished game's log from its revealed seed."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from games.core.rulesets import get
from games.models import Game, Move


@dataclass
class Verification:
    commitment_ok: bool
    replay_ok: bool
    moves: int
    detail: str

    @property
    def ok(self) -> bool:
        return self.commitment_ok and self.replay_ok


def replay(ruleset: str, num_seats: int, seed: str, options: dict | None, moves) -> dict:
    """The state reached by applying ``moves`` (seat, action) from a fresh deal."""
    rs = get(ruleset)
    state = rs.new_game(num_seats, seed, options or None)
    for seat, action in moves:
        state, _events = rs.apply(state, seat, action)
    return state


def canonical(state) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def verify_game(game: Game) -> Verification:
    commitment_ok = hashlib.sha256(game.seed.encode()).hexdigest() == game.seed_commitment
    moves = list(Move.objects.filter(game=game).order_by("seq").values_list("seat", "action"))
    try:
        state = replay(game.ruleset, game.num_seats, game.seed, game.options, moves)
    except Exception as exc:  # an illegal move in the log is itself a failed verification
        return Verification(commitment_ok, False, len(moves), f"replay failed: {exc}")
    same = canonical(state) == canonical(game.state)
    return Verification(commitment_ok, same, len(moves), "replay matches" if same else "replay differs")
