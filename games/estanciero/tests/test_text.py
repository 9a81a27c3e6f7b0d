"""Log lines and button labels for Estanciero (games/estanciero/text.py)."""

from __future__ import annotations

import random

import pytest
from django.utils import translation

from games.estanciero import text
from games.estanciero.engine import RULESET as R
from games.estanciero.engine.sim import random_step

NAMES = ["Ana", "Beto", "Caro", "Dani"]


def _random_events_and_actions(games: int = 6, moves: int = 400):
    events, labelled = [], []
    for g in range(games):
        rng = random.Random(g)
        state = R.new_game(4, f"text-{g}", {"max_turns": 30})
        for _ in range(moves):
            step = random_step(state, rng)
            if step is None:
                break
            seat, action = step
            labelled.append((action, R.view(state, seat)))
            for other in range(4):
                view = R.view(state, other)
                labelled.extend((a, view) for a in R.legal_actions(state, other)[:6])
            state, evs = R.apply(state, seat, action)
            events.extend(evs)
    return events, labelled


@pytest.fixture(scope="module")
def played():
    return _random_events_and_actions()


def test_money_reads_like_the_printed_game_in_spanish_and_like_english_in_english():
    """One money format per language, everywhere: Spanish as printed on the game, English as English writes it."""
    with translation.override("es"):
        assert text.money(35000) == "$\u00a035.000"
        assert text.money(500) == "$\u00a0500"
        assert text.money(1234567) == "$\u00a01.234.567"
        assert text.money(-2000) == "$\u00a0-2.000"
    with translation.override("en"):
        assert text.money(35000) == "$35,000"
        assert text.money(-2000) == "-$2,000"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_event_type_of_random_games_is_described(played, lang):
    events, _ = played
    types = {e["type"] for e in events}
    assert {"rolled", "moved", "bought", "money", "turn", "turn_ended"} <= types
    with translation.override(lang):
        for event in events:
            line = text.describe_event(event, NAMES)
            assert isinstance(line, str) and line.strip(), event
            assert "%(" not in line and "None" not in line, line


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_legal_action_of_random_games_has_a_label(played, lang):
    _, labelled = played
    with translation.override(lang):
        for action, view in labelled:
            label = text.label_action(action, view)
            assert isinstance(label, str) and label.strip(), action
            assert "%(" not in label, label


def test_events_not_seen_in_random_play_are_described_too():
    samples = [
        {"type": "rest_broken", "seat": 0},
        {"type": "rested", "seat": 1, "turns_left": 1},
        {"type": "rest_announced", "seat": 1},
        {"type": "jail_card_used", "seat": 2, "card": "S16"},
        {"type": "released", "seat": 2, "how": "attempts"},
        {"type": "card_choice", "seat": 0, "option": "pay"},
        {"type": "debt", "debtor": 0, "creditor": None, "amount": 5000, "reason": "tax"},
        {"type": "debt_paid", "debtor": 0, "creditor": 1, "amount": 0},
        {"type": "handed_over", "seat": 0, "to": None, "space": 12, "credit": None},
        {"type": "handed_over", "seat": 0, "to": 1, "space": 12, "credit": 3600},
        {"type": "bankrupt", "seat": 3, "creditor": None},
        {"type": "auction_unsold", "space": 31, "seller": None, "returned": False},
        {"type": "auction_unsold", "space": 31, "seller": 2, "returned": True},
        {"type": "proposal_rejected", "id": 4, "from": 0, "to": 1},
        {"type": "proposal_cancelled", "id": 4, "from": 0, "to": 1},
        {"type": "proposals_expired", "ids": [4]},
        {"type": "claims_lapsed", "count": 2},
        {"type": "prize_claimed", "seat": 0, "amount": 2500, "source": "space:7", "auto": False},
        {"type": "game_over", "ranking": [1, 0], "winner": 1, "reason": "all_properties", "net_worth": {}},
    ]
    for event in samples:
        assert text.describe_event(event, NAMES)


def test_unknown_types_give_none():
    assert text.describe_event({"type": "no_such_event"}, NAMES) is None
    assert text.label_action({"type": "no_such_action"}, None) is None


def test_space_and_card_names_follow_the_language():
    bought = {"type": "bought", "seat": 0, "space": 40, "price": 7400}
    with translation.override("es"):
        assert text.space_name(40) == "Buenos Aires Zona Norte"
        assert "Buenos Aires Zona Norte" in text.describe_event(bought, NAMES)
        assert "cumpleaños" in text.describe_event({"type": "card", "deck": "destino", "seat": 0, "card": "D10"}, NAMES)
    with translation.override("en"):
        line = text.describe_event(bought, NAMES)
        assert "Ana" in line and "Buenos Aires North Zone" in line and "$7,400" in line
        assert "birthday" in text.describe_event({"type": "card", "deck": "destino", "seat": 0, "card": "D10"}, NAMES)


def test_labels_use_the_view_for_prices_and_claims():
    state = R.new_game(2, "labels")
    state["turn"].update(phase="buy", offer=3)
    view = R.view(state, state["turn"]["seat"])
    with translation.override("en"):
        assert text.label_action({"type": "buy"}, view) == "Buy Formosa North Zone for $1,200"
        assert "Formosa North Zone" in text.label_action({"type": "decline"}, view)
        view["my_claims"] = [{"id": 7, "kind": "rent", "seat": 0, "payer": 1, "space": 12, "amount": 500}]
        assert "$500" in text.label_action({"type": "claim_rent", "claim": 7}, view)
        assert text.label_action({"type": "bid", "amount": 2600}, view) == "Bid $2,600"
