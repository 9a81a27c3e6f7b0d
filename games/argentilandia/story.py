"""What an Argentilandia game's story is drawn from (``games.core.story``): each player's victory points and
Production cards in hand over the game, and the two dice its rolls threw.

Pure Python: the measures read a state with the engine's own functions and change nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

from .engine.state import hand_size
from .engine.victory import all_vp

# The events whose "dice" are two six-sided dice that chance decided and that the rules sum (see dice_rolled).
TWO_DICE_EVENTS = frozenset({"rolled", "contest_rolled"})


def victory_points(state: dict) -> list[int]:
    """Victory: each seat's Victory Points as the engine scores them (monopolised provinces, and industries whose
    monopolist holds an MP of their material; nothing blocked by the Union Organizer)."""
    return all_vp(state)  # type: ignore[arg-type]  # a stored state is the engine's State


def production_cards(state: dict) -> list[int]:
    """Raw Materials: each seat's Production cards in hand (one card per MP produced), every resource counted,
    the number Playing the Game 4 (Doubles, a.) has players count."""
    return [hand_size(state, seat) for seat in range(state["num_players"])]  # type: ignore[arg-type]


def dice_rolled(event: dict) -> list[int] | None:
    """The two dice of a roll that chance decided and the rules sum, or None for any other event.

    Two kinds of event qualify, each a throw of the game's "2 six-sided dice" (Components) drawn from the game's
    seeded generator, whose total is what counts:

    - ``rolled``: the turn's production roll (Round Summary 2: "the sum of the dice determines which provinces
      are in play");
    - ``contest_rolled``: the seller's or the buyer's roll when a Corrupt Official or a Stockbroker buys another
      player's MP or percentage (Buying another player's MP: "the one who rolls the higher result wins").

    Not counted: ``rolloff_rolled``, a port's tie-break, throws one die (Trading at ports: "decided by rolling 1
    die, until one player rolls a higher number"); Setup's roll for who begins is two dice, but the deal throws
    it (``state["setup_rolls"]``), so no move's event carries it.
    """
    if event.get("type") not in TWO_DICE_EVENTS:
        return None
    dice = event.get("dice")
    if not isinstance(dice, list) or len(dice) != 2 or not all(isinstance(d, int) for d in dice):
        return None
    return list(dice)


def opening(events: Iterable[dict], seat: int) -> str | None:
    """The seat's opening: the provinces of its first two free MPs of the Preliminary Round (the draft), in
    alphabetical order so that the same pair taken in either order is one opening; None before two."""
    provinces = [e["province"] for e in events if e.get("type") == "mp_placed" and e.get("seat") == seat][:2]
    return "+".join(sorted(provinces)) if len(provinces) == 2 else None
