"""The shape of every Ladrillazo action, as data for ``games.core.validation`` (which checks each move against
it before the engine sees it, and stores only the normalised copy). Shapes follow ``legal_actions``; the
open-ended ones (a proposal's cards and envelopes, the cards paid to lower a card, the discard at the end
of a turn) take any ids. Ranges are bounds, not rules: the engine still decides what is legal."""

from __future__ import annotations

from games.core.validation import array, integer, nullable, obj, optional

CARD = integer(0, 9999)  # a card instance id (the deck, then one paradise card per player)
CARDS = array(CARD, max_items=60)
SEAT = integer(0, 5)
ENVELOPES = integer(0, 10**6)
AMOUNT = integer(1, 10**6)
ID = integer(0, 2**31 - 1)  # a proposal id

SIDE = obj({"hand": optional(nullable(CARDS)), "plot": optional(nullable(CARDS)),
            "envelopes": optional(ENVELOPES)})

ACTION_SCHEMAS: dict[str, dict] = {
    "lower": {"card": CARD, "pay": optional(nullable(CARDS)), "target": optional(nullable(CARD))},
    "back": {"card": CARD, "target": CARD},
    "withdraw": {"card": CARD},
    "act": {"card": CARD, "power": optional(integer(0, 9)), "target": optional(nullable(CARD))},
    "hide": {"card": CARD, "amount": AMOUNT},
    "unhide": {"card": CARD, "amount": AMOUNT},
    "evade": {"card": CARD, "amount": AMOUNT},
    "end_turn": {"discard": optional(nullable(CARDS))},
    "propose": {"to": SEAT, "give": optional(nullable(SIDE)), "ask": optional(nullable(SIDE))},
    "accept": {"id": ID},
    "reject": {"id": ID},
    "cancel": {"id": ID},
}
