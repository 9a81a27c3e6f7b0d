"""The time-out move: what the server plays for a seat whose clock ran out (the passive choice).

A proposal addressed to the player is rejected (Talks); the player on turn withdraws their own open proposal,
then ends the turn discarding nothing.
"""

from __future__ import annotations

from games.core.dispatch import Action
from games.core.refusals import _, refuse

from . import talks
from .schema import PHASE_OVER, State


def timeout_action(state: State, seat: int) -> Action:
    """The passive choice: reject a proposal addressed to the player (Talks); on turn, withdraw one's
    own open proposal, then end the turn discarding nothing."""
    if state["phase"] == PHASE_OVER:
        refuse(_("The game is over."), "end-of-game")
    for prop in state["proposals"]:
        if prop["to"] == seat:
            return {"type": "reject", "id": prop["id"]}
    if state["turn"]["seat"] == seat:
        mine = talks.own_open(state, seat)
        if mine:
            return {"type": "cancel", "id": mine[0]["id"]}
        return {"type": "end_turn", "discard": []}
    refuse(_("It is not your turn."), "turn")
