"""Whose turn it is (Turn and lower): only the player on turn lowers, backs, acts, hides and evades."""

from __future__ import annotations

from games.core.refusals import _, refuse

from .schema import State


def require_turn(state: State, seat: int) -> None:
    """Refuse a turn move from a seat that is not on turn."""
    if state["turn"]["seat"] != seat:
        refuse(_("It is not your turn."), "turn")
