"""The Cards: ``data/cards.json`` is the single source of every card, checked when it loads. Gaps that the
mutation run of 2 December 2026 found in ``engine/cards.py`` (``validate_card``): each malformed field must be
refused, and the error must name the card and the field, so that whoever edits the data finds the mistake."""

from __future__ import annotations

import copy

import pytest

from games.ladrillazo.engine import cards

BROKEN_FIELDS = [
    ("type", "dragon", "type"), ("type", None, "type"),
    ("name", "", "name"), ("name", 5, "name"), ("name_en", None, "name_en"),
    ("level", -1, "level"), ("level", "2", "level"), ("hide", -1, "hide"), ("evade", 1.5, "evade"),
    ("slots", "land", "slots"), ("slots", ["politician"], "slots"),
    ("padlock", "yes", "padlock"), ("padlock", 1, "padlock"),
    ("requires", [], "requires"), ("requires", {"land": 0}, "requires"), ("requires", {"land": "1"}, "requires"),
    ("requires", {"dragon": 1}, "requires"),
    ("powers", {}, "powers"), ("copies", 0, "copies"), ("copies", "1", "copies"),
]


def _deck_card(data: dict) -> dict:
    """A deck card with requirements (so that each field's check is reached on a card it applies to)."""
    return next(c for c in data["cards"] if c["requires"] and not c["powers"])


@pytest.mark.parametrize("field,value,named", BROKEN_FIELDS)
def test_the_cards_a_malformed_field_is_refused_naming_the_card_and_the_field(field, value, named):
    data = copy.deepcopy(cards.card_data())
    card = _deck_card(data)
    card[field] = value
    with pytest.raises(ValueError) as refused:
        cards.validate(data)
    assert str(refused.value) == f"cards.json: {card['key']}: {named}"


def test_the_cards_a_card_needs_a_string_key_and_a_paradise_the_paradise_type():
    data = copy.deepcopy(cards.card_data())
    for key in (None, 7, "?"):
        broken = copy.deepcopy(data)
        card = _deck_card(broken)
        card["key"] = key
        with pytest.raises(ValueError, match="a string key"):
            cards.validate(broken)
    broken = copy.deepcopy(data)
    broken["paradises"][0]["type"] = _deck_card(broken)["type"]
    with pytest.raises(ValueError) as refused:
        cards.validate(broken)
    assert str(refused.value) == f"cards.json: {broken['paradises'][0]['key']}: type"
