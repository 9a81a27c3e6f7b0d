"""The card set, read once from ``data/cards.json`` (The Cards).

The deck is data: names (Spanish, with English translations), requirements, level icons, backing
slots, padlocks, ESCONDE/EVADE stamps, mamandurria costs and powers. Editing the file changes the
game without code changes; ``validate`` rejects a malformed file at load time.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from .schema import (
    DECK_TYPES,
    FREE_TYPES,
    ICON_TYPES,
    KIND_DISCOUNT,
    KIND_DRAW,
    KIND_EARN,
    KIND_EVADE,
    KIND_FREEZE,
    KIND_INSPECT,
    KIND_SHIELD,
    KIND_STEAL,
    TYPE_BUILDER,
    TYPE_MAMANDURRIA,
    TYPE_PARADISE,
    TYPE_POLITICIAN,
    TYPE_PROJECT,
    WHEN_ACTION,
    WHEN_LOWER,
    WHEN_PERMANENT,
    CardDef,
    State,
)

KINDS_BY_WHEN = {
    WHEN_PERMANENT: {KIND_SHIELD, KIND_DISCOUNT},
    WHEN_LOWER: {KIND_EARN, KIND_DRAW, KIND_EVADE, KIND_INSPECT, KIND_FREEZE, KIND_STEAL},
    WHEN_ACTION: {KIND_EARN, KIND_DRAW, KIND_INSPECT, KIND_FREEZE, KIND_STEAL},
}


def _check(ok: bool, key: str, what: str) -> None:
    if not ok:
        raise ValueError(f"cards.json: {key}: {what}")


def validate_card(card: dict, paradise: bool = False) -> None:
    """A card definition is well formed (raises ValueError otherwise)."""
    key = card.get("key", "?")
    _check(isinstance(key, str) and key != "?", key, "a string key")
    _check(card.get("type") == TYPE_PARADISE if paradise else card.get("type") in DECK_TYPES, key, "type")
    for field in ("name", "name_en"):
        _check(isinstance(card.get(field), str) and card[field], key, field)
    for field in ("level", "hide", "evade", "cost"):
        _check(isinstance(card.get(field), int) and card[field] >= 0, key, field)
    _check(isinstance(card.get("slots"), list) and all(t in FREE_TYPES for t in card["slots"]), key, "slots")
    _check(isinstance(card.get("padlock"), bool), key, "padlock")
    req = card.get("requires") or {}
    _check(isinstance(card.get("requires"), dict) and all(t in ICON_TYPES and isinstance(n, int) and n > 0 for t, n in req.items()),
           key, "requires")
    _check(not req or card["type"] not in FREE_TYPES + (TYPE_MAMANDURRIA,), key, "land, citizens and mamandurrias have no requirements")
    _check(card["cost"] == 0 or card["type"] == TYPE_MAMANDURRIA, key, "only mamandurrias cost envelopes")
    _check(card["type"] != TYPE_PROJECT or (req.get(TYPE_POLITICIAN, 0) > 0 and req.get(TYPE_BUILDER, 0) > 0), key,
           "projects need politicians and builders (The Cards)")
    _check(isinstance(card.get("powers"), list), key, "powers")
    for power in card["powers"]:
        when, kind = power.get("when"), power.get("kind")
        _check(when in KINDS_BY_WHEN and kind in KINDS_BY_WHEN[when], key, f"power {power}")
        if card["type"] == TYPE_MAMANDURRIA:
            _check(when == WHEN_LOWER, key, "mamandurrias act once, when lowered")
        for field in ("amount", "level"):
            _check(field not in power or (isinstance(power[field], int) and power[field] >= 0), key, field)
        if kind == KIND_STEAL:
            _check(isinstance(power.get("types"), list) and all(t in DECK_TYPES for t in power["types"]), key, "steal types")
    if not paradise:
        _check(isinstance(card.get("copies"), int) and card["copies"] >= 1, key, "copies")


def validate(data: dict) -> None:
    """The whole data file is well formed: unique keys, valid cards, at least 6 paradises."""
    keys = [c.get("key") for c in data["cards"]] + [p.get("key") for p in data["paradises"]]
    _check(len(keys) == len(set(keys)), "cards", "keys must be unique")
    for card in data["cards"]:
        validate_card(card)
    for card in data["paradises"]:
        validate_card(card, paradise=True)
    _check(len(data["paradises"]) >= 6, "paradises", "one per player, up to 6")


@cache
def card_data() -> dict:
    """The parsed and validated ``data/cards.json``."""
    text = resources.files(__package__).joinpath("data/cards.json").read_text(encoding="utf-8")
    data = json.loads(text)
    validate(data)
    return data


def _index() -> dict[str, CardDef]:
    data = card_data()
    return {c["key"]: c for c in data["cards"] + data["paradises"]}


_BY_KEY: dict[str, CardDef] = _index()


def definition(key: str) -> CardDef:
    """The printed card called ``key`` (KeyError if there is none)."""
    return _BY_KEY[key]


def deck_keys() -> list[str]:
    """Every card of the deck, copies expanded, in data order (instance ids follow this order)."""
    return [c["key"] for c in card_data()["cards"] for _ in range(c["copies"])]


def paradise_keys() -> list[str]:
    return [p["key"] for p in card_data()["paradises"]]


def type_info() -> dict[str, dict]:
    """Names and colours of the card types."""
    return card_data()["types"]


def of(state: State, card_id: int) -> CardDef:
    """The definition of card instance ``card_id`` in this game."""
    return _BY_KEY[state["cards"][card_id]]
