"""What a Ladrillazo game's story is drawn from (``games.core.story``): where each player's envelopes lie over
the game, in the three places the rulebook's Money section puts a player's money.

- hidden: on the plot's cards with an ESCONDE stamp ("the money must be saved in the card of the plot itself");
- in paradise: evaded with an EVADE stamp ("Paradise has no limit and money evaded cannot leave");
- in hand, not yet hidden: earned this turn and neither hidden nor evaded yet (the engine's ``loose``; the board
  says "in hand"), which End of turn returns to the dispenser ("the player returns all the money that he has not
  been able to hide").

The three are disjoint and, with the dispenser, hold every envelope of the game (``total_envelopes``; the
state's ``returned`` only counts envelopes already back in the dispenser). At the end their sum is each player's
total as End of the game counts it ("the player with the most envelopes wins in total"). Ladrillazo has no dice.
Pure Python: the measures read a state and change nothing.
"""

from __future__ import annotations

from .engine.plot import hidden as hidden_on_plot
from .engine.scoring import total


def hidden(state: dict) -> list[int]:
    """Money: each seat's envelopes hidden on its plot cards (ESCONDE)."""
    return [hidden_on_plot(state, seat) for seat in range(state["num_players"])]  # type: ignore[arg-type]


def in_paradise(state: dict) -> list[int]:
    """Money: each seat's envelopes evaded to its paradise, from which nothing leaves."""
    return [p["paradise"] for p in state["players"]]


def in_hand(state: dict) -> list[int]:
    """Money and End of turn: each seat's envelopes earned and not hidden yet; back to the dispenser at the end of
    the turn, except on the game's last turn, whose player "does not need to hide his money" (End of the game)."""
    return [p["loose"] for p in state["players"]]


def envelopes(state: dict) -> list[int]:
    """End of the game: each seat's envelopes in all (hidden, in paradise and in hand), what the winner has most of."""
    return [total(state, seat) for seat in range(state["num_players"])]  # type: ignore[arg-type]
