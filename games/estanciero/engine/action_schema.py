"""The shape of every Estanciero action, as data for ``games.core.validation`` (which checks each move against
it before the engine sees it, and stores only the normalised copy). Shapes follow ``legal_actions``;
the open-ended ones (``propose`` with any deeds, cash and jail cards; ``bid`` with any amount) are
documented in docs/API.md. Ranges are bounds, not rules: the engine still decides what is legal."""

from __future__ import annotations

from games.core.validation import array, integer, nullable, obj, optional, string

SPACE = integer(0, 41)  # a board space (title deeds are a subset; the engine checks)
ID = integer(0, 2**31 - 1)  # a claim or proposal id
SEAT = integer(0, 5)
MONEY = integer(0, 10**9)
CARD = string(max_length=16)  # a keepable jail card id, e.g. "D02"

SIDE = obj({
    "deeds": optional(array(SPACE, max_items=28)),
    "cash": optional(MONEY),
    "jail_cards": optional(array(CARD, max_items=4)),
})

ACTION_SCHEMAS: dict[str, dict] = {
    "roll": {},
    "rest": {},
    "pay_fine": {},
    "use_jail_card": {"card": optional(nullable(CARD))},
    "buy": {},
    "decline": {},
    "choose_card_option": {"option": string(["pay", "draw"])},
    "end_turn": {},
    "build": {"space": SPACE, "kind": optional(string(["chacra", "estancia"]))},
    "claim_rent": {"claim": ID},
    "claim_prize": {"claim": ID},
    "waive_claim": {"claim": ID},
    "sell_building": {"space": SPACE},
    "mortgage": {"space": SPACE},
    "lift_mortgage": {"space": SPACE},
    "propose": {"to": SEAT, "give": optional(SIDE), "ask": optional(SIDE)},
    "accept_proposal": {"id": ID},
    "reject_proposal": {"id": ID},
    "cancel_proposal": {"id": ID},
    "auction": {"space": SPACE},
    "bid": {"amount": MONEY},
    "pass": {},
    "hand_over": {"space": SPACE},
    "declare_bankruptcy": {},
}
