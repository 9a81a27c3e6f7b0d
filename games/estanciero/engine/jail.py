"""Police Station (Comisaría): leaving by paying, by the card or by doubles.

Decision 12: "A player who is arrested must pay a fine of 1,000. The fine is
not paid if: ... They roll doubles when rolling the dice again."  A jailed
player, on their turn, pays the fine, uses a keepable card, or rolls once: doubles
free them without the fine, and (Doubles on the Dice: "A player who rolls doubles
plays again") they move by that roll and roll again, the jail roll counting as
the turn's first double; any other roll charges the fine (a debt if short) and
they move by it.  Table option ``jail_roll_attempts`` (default 1, the book's one
roll) keeps the old house rule of up to three tries, the fine being due after the
last failed one.
"""

from __future__ import annotations

from games.core.refusals import _, refuse

from . import board
from .money import charge, transfer
from .movement import advance, roll_dice
from .schema import PHASE_END, State
from .state import player

FINE = 1000


def pay_fine(state: State, events: list, seat: int) -> None:
    p = player(state, seat)
    if p["money"] < FINE:
        refuse(_("You need %(cost)s to pay the fine."), "police-station", cost=FINE)
    transfer(state, events, seat, None, FINE, "jail_fine")
    release(state, events, seat, "fine")


def use_card(state: State, events: list, seat: int, card_id: str | None) -> None:
    """The Suerte/Destino card "sale usted de la Comisaría" frees without fine."""
    p = player(state, seat)
    if not p["jail_cards"]:
        refuse(_("You have no card to leave the Police Station."), "police-station")
    if card_id is None:
        card_id = p["jail_cards"][0]
    if card_id not in p["jail_cards"]:
        refuse(_("You do not hold that card."), "police-station")
    p["jail_cards"].remove(card_id)
    state["decks"][board.deck_of(card_id)].append(card_id)
    events.append({"type": "jail_card_used", "seat": seat, "card": card_id})
    release(state, events, seat, "card")


def release(state: State, events: list, seat: int, how: str) -> None:
    p = player(state, seat)
    p["in_jail"] = False
    p["jail_attempts"] = 0
    events.append({"type": "released", "seat": seat, "how": how})


def jail_roll(state: State, events: list, seat: int) -> None:
    p = player(state, seat)
    dice = roll_dice(state, events, seat)  # the turn's first roll
    if dice[0] == dice[1]:
        release(state, events, seat, "doubles")
        # Doubles on the Dice: "A player who rolls doubles plays again" (the turn's first double)
        state["turn"]["doubles"] += 1
        state["turn"]["again"] = True
        advance(state, events, seat, dice)
        return
    p["jail_attempts"] += 1
    if p["jail_attempts"] >= state["options"]["jail_roll_attempts"]:
        charge(state, events, seat, None, FINE, "jail_fine")
        release(state, events, seat, "attempts")
        advance(state, events, seat, dice)
        return
    events.append({"type": "jail_stay", "seat": seat, "attempts": p["jail_attempts"]})
    state["turn"]["phase"] = PHASE_END
