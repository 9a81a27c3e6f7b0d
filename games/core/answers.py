"""Who must answer now: the seats ``to_move`` lists while a game waits for answers.

Rule (the same in every game with offers, claims or proposals): every seat an open question waits for must
act (its clock runs, and a time-out answers for it), and so does the seat the game is otherwise waiting for,
the player on turn (or the debtor), unless that seat is itself among those asked or is only waiting for the
answer to a question of its own, so a question asked on one's turn is always answered before the turn goes on.
"""

from __future__ import annotations

from collections.abc import Sequence


def waiting_for(answering: Sequence[int], on_move: int, waits: bool) -> list[int]:
    """The seats that must act now: ``answering`` (the seats an open question waits for, in their order),
    then ``on_move`` unless it is among them or ``waits`` (it waits for an answer itself)."""
    if waits or on_move in answering:
        return list(answering)
    return [*answering, on_move]
