"""What an Estanciero game's story is drawn from (``games.core.story``): each player's net worth and cash over
the game, the rents they paid and received, and the dice.

Net worth is the engine's own, the one that ranks a shortened game (Shortening the Game: cash, deeds at their
price less any mortgage, buildings at cost). Pure Python."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .engine.endgame import net_worth as _net_worth


def net_worth(state: dict) -> list[int]:
    """Each player's net worth (Shortening the Game); a bankrupt player's is what they kept, nothing."""
    return [_net_worth(state, seat) for seat in range(state["num_players"])]


def cash(state: dict) -> list[int]:
    """Each player's money in hand (The Bank)."""
    return [p["money"] for p in state["players"]]


def rent_paid(event: dict) -> Iterable[tuple[int, int]]:
    """A rent changing hands (The Board: rents are paid to the owner): the payer's running total grows."""
    if event.get("type") == "money" and event.get("reason") == "rent" and event.get("from") is not None:
        yield event["from"], event["amount"]


def rent_received(event: dict) -> Iterable[tuple[int, int]]:
    """A rent changing hands: the owner's running total grows."""
    if event.get("type") == "money" and event.get("reason") == "rent" and event.get("to") is not None:
        yield event["to"], event["amount"]


def dice_rolled(event: dict) -> Sequence[int] | None:
    """The two dice of a roll (The Game: each player rolls two dice in turn; a Comisaría roll for doubles too).
    The roll-off for who starts is stored as the state's ``rolloff``, not as a move's event."""
    if event.get("type") == "rolled":
        return event["dice"]
    return None


def opening(events: Iterable[dict], seat: int) -> str | None:
    """The seat's opening: the first title deed it bought (The Board: a player landing on an unowned zone may buy
    it), as the space's number; None if it bought none."""
    for event in events:
        if event.get("type") == "bought" and event.get("seat") == seat:
            return str(event["space"])
    return None
