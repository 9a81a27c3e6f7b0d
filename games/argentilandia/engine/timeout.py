"""The time-out move: what the server plays for a seat whose clock ran out (the passive choice).

A contest or roll-off is rolled, discards after doubles are made at random, an offer addressed to the seat is
refused; the player on turn rolls, passes the preliminary purchase, ends the turn, or moves the Union Organizer
(to a province without their own MPs when there is one).
"""

from __future__ import annotations

from games.core.dispatch import Action, first_of
from games.core.refusals import _, refuse

from . import legal_actions
from . import state as S
from .schema import State


def timeout_action(state: State, seat: int) -> Action:
    """The server's move for ``seat``, whose clock ran out."""
    ph = state["phase"]
    if ph in (S.PHASE_CONTEST, S.PHASE_ROLLOFF):
        return {"type": "contest_roll"}
    if ph == S.PHASE_DISCARD:
        return {"type": "discard", "random": True}
    legal = legal_actions.legal(state, seat)
    refusal = first_of(legal, "refuse_offer")
    if refusal is not None:  # an offer addressed to the seat: its clock ran out, so it is refused
        return refusal
    if seat == state["current"]:
        if ph == S.PHASE_PRE_ROLL:
            return {"type": "roll"}
        if ph == S.PHASE_PRELIM_BUY:
            return {"type": "pass"}
        if ph == S.PHASE_MAIN:
            return {"type": "end_turn"}
        if ph == S.PHASE_UNION:
            clear = [a for a in legal if a["target"]["kind"] == "province" and seat not in state["mps"][a["target"]["id"]]]
            return (clear or legal)[0]
        if legal:
            return legal[0]
    refuse(_("There is nothing for you to do now."), "round-summary")
