"""The shape of every Argentilandia action, as data for ``games.core.validation`` (which checks each move
against it before the engine sees it, and stores only the normalised copy). Shapes follow
``legal_actions``; the open-ended ones (trade offers and counters with any cards, a discard naming its
cards, paying for an MP or port with chosen cards) are documented in docs/API.md and
docs/rules/argentilandia.md. Ids are checked against the board; the engine still decides what is legal."""

from __future__ import annotations

from games.core.validation import array, boolean, integer, mapping, nullable, obj, optional, string

from . import board as B

PROVINCE = string(B.PROVINCE_IDS)
PORT = string(B.PORT_IDS)
INDUSTRY = string(B.INDUSTRY_IDS)
MATERIAL = string(B.MATERIALS)
SLOT = integer(0, 9)  # an MP slot of a province
SEAT = integer(0, 4)
OFFER_ID = integer(0, 2**31 - 1)
CARDS = mapping(MATERIAL, integer(0, 1000), max_items=len(B.MATERIALS))  # {material: count}
PAY = optional(nullable(array(MATERIAL, max_items=3)))  # 3 different resources (None: the server picks)

ACTION_SCHEMAS: dict[str, dict] = {
    # preliminary round
    "place_mp": {"province": PROVINCE, "slot": SLOT},
    "pass": {},
    # the turn
    "roll": {},
    "end_turn": {},
    "discard": {"random": optional(boolean()), "cards": optional(CARDS)},
    "move_union": {"target": obj({"kind": string(["province", "industry"]), "id": string(max_length=40)})},
    "contest_roll": {},
    # purchases
    "buy_mp": {"province": PROVINCE, "slot": SLOT, "pay": PAY},
    "buy_port": {"port": PORT, "pay": PAY},
    "buy_factory": {"industry": INDUSTRY, "with": MATERIAL},
    "buy_percentage": {"industry": INDUSTRY},
    "buy_official": {},
    "buy_stockbroker": {},
    "buy_rival_mp": {"province": PROVINCE, "slot": SLOT},
    "buy_rival_percentage": {"industry": INDUSTRY, "seller": SEAT},
    "claim_special": {"province": PROVINCE, "kind": string(["official", "stockbroker"])},
    # trade
    "bank_trade": {"give": MATERIAL, "get": MATERIAL},
    "port_trade": {"port": PORT, "give": MATERIAL, "get": MATERIAL},
    "intl_trade": {"province": PROVINCE, "give": MATERIAL, "get": MATERIAL},
    "offer_trade": {"to": optional(nullable(SEAT)), "give": CARDS, "get": CARDS},
    "counter_offer": {"offer_id": OFFER_ID, "give": CARDS, "get": CARDS},
    "cancel_offer": {"offer_id": OFFER_ID},
    "accept_offer": {"offer_id": OFFER_ID},
    "refuse_offer": {"offer_id": OFFER_ID},
}
