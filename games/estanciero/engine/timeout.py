"""The time-out move: what the server plays for a seat whose clock ran out (the passive choice).

A proposal addressed to the seat is rejected; an open rent or prize of the seat is collected first (claim mode: the
move made for an absent owner does not throw away what is theirs, and the roll it may make next would lapse it);
an auction is passed; a debtor raises money as the rules require (mortgaging and selling before going
bankrupt); the player on turn rolls, declines a purchase and ends the turn.
"""

from __future__ import annotations

from games.core.dispatch import Action, first_of
from games.core.refusals import _, refuse

from . import actions, auction
from .debt import active_debt
from .schema import State


def timeout_action(state: State, seat: int) -> Action:
    """What happens when a seat's clock runs out: the passive choice.  The seat's own open rent or prize is
    collected (before a roll that would lapse it) and a proposal addressed to the seat is rejected."""
    acts = actions.legal_actions(state, seat)
    if not acts:
        refuse(_("There is nothing for that seat to do."), "the-game")
    for kind in ("claim_rent", "claim_prize", "reject_proposal"):
        found = first_of(acts, kind)
        if found is not None and (state["auction"] is None or seat not in auction.to_move(state)):
            return found
    for kind in ("pass", "declare_bankruptcy", "sell_building", "mortgage", "roll", "decline", "end_turn"):
        if state["auction"] is not None and kind != "pass":
            break
        found = first_of(acts, kind)
        if found is not None:
            debt = active_debt(state)
            in_debt = debt is not None and debt["debtor"] == seat and state["auction"] is None
            if kind in ("sell_building", "mortgage") and not in_debt:
                continue
            return found
    choice = [a for a in acts if a["type"] == "choose_card_option"]
    if choice:
        return choice[0]
    rejects = first_of(acts, "reject_proposal")
    if rejects is not None:
        return rejects
    return acts[0]
