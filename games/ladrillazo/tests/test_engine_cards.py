"""The Cards: six types from a data file, Spanish with English, each card's anatomy; the deck is
data (edit data/cards.json, not code) and a malformed file is rejected (The Cards)."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from games.ladrillazo.engine import RULESET as R
from games.ladrillazo.engine import cards, plot
from games.ladrillazo.engine.schema import DECK_TYPES, FREE_TYPES, TYPE_MAMANDURRIA, TYPE_PROJECT

from .helpers import entry, game, to_plot


def test_the_cards_six_types_in_spanish_and_english():
    data = cards.card_data()
    counts = Counter(c["type"] for c in data["cards"] for _ in range(c["copies"]))
    assert set(counts) == set(DECK_TYPES) and sum(counts.values()) == len(cards.deck_keys()) == 119
    assert counts["land"] + counts["citizen"] > sum(counts.values()) * 0.4  # raw material is plentiful
    for c in data["cards"] + data["paradises"]:
        assert c["name"] and c["name_en"] and c["type"] in data["types"]


def test_the_cards_land_and_citizens_free_others_required_mamandurrias_cost():
    """The Cards: land and citizens have no requirements; politicians, builders and projects do;
    mamandurrias have none but a cost in envelopes; projects earn (an action)."""
    for c in cards.card_data()["cards"]:
        if c["type"] in FREE_TYPES:
            assert not c["requires"] and not c["cost"]
        elif c["type"] == TYPE_MAMANDURRIA:
            assert not c["requires"] and c["cost"] > 0 and c["powers"]
        else:
            assert c["requires"] and not c["cost"]
        if c["type"] == TYPE_PROJECT:
            assert any(p["when"] == "action" and p["kind"] == "earn" for p in c["powers"])


def test_the_cards_paradise_cards_summarise_the_turn():
    """Aim: "the paradise card contains a summary of the steps that are followed each turn"; as printed it has
    no EVADE stamp (Money: evading belongs to "cards with the 'EVADE' stamp"; option ``paradise_evade``)."""
    for p in cards.card_data()["paradises"]:
        assert p["summary"] and p["summary_en"] and p["evade"] == 0 and p["hide"] == 0 and not p["powers"]


def test_the_cards_every_project_requires_politicians_and_builders():
    """The Cards: "politicians and builders are indispensable to carry out projects": every project's left
    column asks for at least one politician level and one builder level, and a file that breaks it is refused."""
    projects = [c for c in cards.card_data()["cards"] if c["type"] == TYPE_PROJECT]
    assert len(projects) == 14
    for c in projects:
        assert c["requires"].get("politician", 0) >= 1 and c["requires"].get("builder", 0) >= 1, c["key"]
    for missing in ("politician", "builder"):
        broken = copy.deepcopy(cards.card_data())
        project = next(c for c in broken["cards"] if c["type"] == TYPE_PROJECT)
        project["requires"].pop(missing)
        with pytest.raises(ValueError, match="politicians and builders"):
            cards.validate(broken)


def test_the_cards_malformed_data_is_rejected():
    data = copy.deepcopy(cards.card_data())
    cards.validate(data)
    bad_cards = [
        {"type": "dragon"}, {"requires": {"land": 0}}, {"slots": ["politician"]}, {"hide": -1},
        {"powers": [{"when": "action", "kind": "teleport"}]}, {"copies": 0}, {"padlock": "yes"},
    ]
    for change in bad_cards:
        broken = copy.deepcopy(data)
        broken["cards"][0].update(change)
        with pytest.raises(ValueError):
            cards.validate(broken)
    dup = copy.deepcopy(data)
    dup["cards"].append(copy.deepcopy(dup["cards"][0]))
    with pytest.raises(ValueError):
        cards.validate(dup)


def test_the_cards_rules_follow_the_data(monkeypatch):
    """The Cards: the engine reads every number from the data: a stamp edited in the data is the
    stamp the rules apply (no code change)."""
    s = game()
    cid = to_plot(s, 0, "cunado")
    assert plot.capacity(s, entry(s, 0, cid)) == 2
    edited = {**cards.definition("cunado"), "hide": 5}
    monkeypatch.setitem(cards._BY_KEY, "cunado", edited)
    assert plot.capacity(s, entry(s, 0, cid)) == 5
    s["players"][0]["loose"] = 5
    s["dispenser"] -= 5
    s, _ = R.apply(s, 0, {"type": "hide", "card": cid, "amount": 5})
    assert entry(s, 0, cid)["envelopes"] == 5
