"""Provably fair dice: replay a finished game's log from its revealed seed.

A game is re-run only under the revision of the rules it was played under (``Game.rules_revision``): a game of
an earlier revision gets its seed checked against its commitment, and the plain statement that this server no
longer runs its rules (``rules_note``), never a "replay differs" that would read as cheating.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.core.rulesets import get
from games.models import Game, Move, current_rules_revision

EARLIER_RULES = gettext_noop(
    "This game was played under an earlier revision of the rules (revision %(played)s), which this server no "
    "longer runs (it runs revision %(current)s), so its moves cannot be re-run here.")
OTHER_RULES = gettext_noop(
    "This game was played under revision %(played)s of the rules, which this server does not run (it runs "
    "revision %(current)s), so its moves cannot be re-run here.")
SEED_MATCHES = gettext_noop("Its seed matches the fingerprint (commitment) shown before the game.")
SEED_DIFFERS = gettext_noop("Its seed does not match the fingerprint (commitment) shown before the game.")


@dataclass
class Verification:
    commitment_ok: bool
    replay_ok: bool
    moves: int
    detail: str
    rules_revision: int = 1  # the revision the game was played under
    current_revision: int = 1  # the revision its engine plays now

    @property
    def replayed(self) -> bool:
        """Whether the log was re-run: only under the rules it was played under."""
        return self.rules_revision == self.current_revision

    @property
    def ok(self) -> bool:
        """Fully verified: the seed matches and the re-run log reaches the final position (never true for a game
        whose log was not re-run)."""
        return self.commitment_ok and self.replayed and self.replay_ok

    @property
    def note(self) -> str:
        """The translated statement about the rules for a game that was not re-run, else ""."""
        return "" if self.replayed else rules_note(self.rules_revision, self.current_revision, self.commitment_ok)


def rules_note(played: int, current: int, commitment_ok: bool | None = None) -> str:
    """Why a game of rules revision ``played`` cannot be re-run on a server running ``current``, translated, and
    whether its seed matches its commitment (unless ``commitment_ok`` is None: the seed is still secret)."""
    note = _(EARLIER_RULES if played < current else OTHER_RULES) % {"played": played, "current": current}
    if commitment_ok is None:
        return note
    return f"{note} {_(SEED_MATCHES if commitment_ok else SEED_DIFFERS)}"


def replay(ruleset: str, num_seats: int, seed: str, options: dict | None, moves) -> dict:
    """The state reached by applying ``moves`` (seat, action) from a fresh deal."""
    rs = get(ruleset)
    state = rs.new_game(num_seats, seed, options or None)
    for seat, action in moves:
        state, _events = rs.apply(state, seat, action)
    return state


def canonical(state) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def commitment_matches(game: Game) -> bool:
    return hashlib.sha256(game.seed.encode()).hexdigest() == game.seed_commitment


def verify_game(game: Game) -> Verification:
    commitment_ok = commitment_matches(game)
    current = current_rules_revision(game.ruleset)
    revisions = {"rules_revision": game.rules_revision, "current_revision": current}
    if game.rules_revision != current:
        count = Move.objects.filter(game=game).count()
        return Verification(commitment_ok, False, count, f"not re-run: played under rules revision "
                            f"{game.rules_revision}, this server runs revision {current}", **revisions)
    moves = list(Move.objects.filter(game=game).order_by("seq").values_list("seat", "action"))
    try:
        state = replay(game.ruleset, game.num_seats, game.seed, game.options, moves)
    except Exception as exc:  # an illegal move in the log is itself a failed verification
        return Verification(commitment_ok, False, len(moves), f"replay failed: {exc}", **revisions)
    same = canonical(state) == canonical(game.state)
    return Verification(commitment_ok, same, len(moves), "replay matches" if same else "replay differs", **revisions)
