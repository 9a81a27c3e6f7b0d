"""Turn and lower: straightening, lowering free cards, paying requirements by turning plot cards,
each plot card used once per turn (Turn and lower; The Cards)."""

from __future__ import annotations

from games.ladrillazo.engine import RULESET as R
from tests.support.engines import refused

from .helpers import act, entry, game, to_hand, to_plot, types


def test_turn_land_and_citizens_lower_freely():
    """Turn and lower / The Cards: land and citizens have no requirements."""
    s = game()
    land = to_hand(s, 0, "solar_urbanizable")
    cit = to_hand(s, 0, "pensionistas")
    s, ev = act(s, 0, {"type": "lower", "card": land})
    s, ev = act(s, 0, {"type": "lower", "card": cit, "pay": []})
    assert [e["id"] for e in s["players"][0]["plot"]] == [land, cit]
    assert not any(e["tapped"] for e in s["players"][0]["plot"])
    assert s["players"][0]["hand"] == []
    assert types(ev) == ["lowered"]


def test_turn_free_card_needs_no_payment_and_hand_card_only():
    """Turn and lower: nothing is tapped for land and citizens; only hand cards are lowered."""
    s = game()
    land = to_hand(s, 0, "solar_urbanizable")
    other = to_plot(s, 0, "pensionistas")
    refused(R, s, 0, {"type": "lower", "card": land, "pay": [other]}, rule="turn")
    refused(R, s, 0, {"type": "lower", "card": other}, rule="turn")


def test_turn_requirements_paid_by_turning_plot_cards():
    """Turn and lower: a card with requirements goes down by turning untapped plot cards whose
    filled level icons together meet the left column."""
    s = game()
    c1 = to_plot(s, 0, "pensionistas")
    c2 = to_plot(s, 0, "escayolistas")
    mayor = to_hand(s, 0, "alcalde_costa")  # requires 2 citizen icons
    refused(R, s, 0, {"type": "lower", "card": mayor, "pay": [c1]}, rule="turn")
    s, ev = act(s, 0, {"type": "lower", "card": mayor, "pay": [c1, c2]})
    assert entry(s, 0, c1)["tapped"] and entry(s, 0, c2)["tapped"]
    assert not entry(s, 0, mayor)["tapped"]
    assert ev[0]["pay"] == [c1, c2] and ev[0]["card_key"] == "alcalde_costa"


def test_turn_payment_counts_levels_not_cards():
    """Turn and lower / Level and support: a level-2 card pays two icons of its type."""
    s = game()
    big = to_plot(s, 0, "can_domenge")  # land level 2
    builder = to_plot(s, 0, "constructora_barrio")
    pol = to_plot(s, 0, "concejal_urbanismo")
    hotel = to_hand(s, 0, "algarrobico")  # land 2, builder 1, politician 1
    s, _ = act(s, 0, {"type": "lower", "card": hotel, "pay": [big, builder, pol]})
    assert entry(s, 0, hotel)["id"] == hotel


def test_turn_no_card_tapped_in_vain_and_only_required_types():
    """Turn and lower (decision): each tapped card must be needed; cards of types the requirements
    do not ask for cannot be tapped."""
    s = game()
    c1 = to_plot(s, 0, "pensionistas")
    c2 = to_plot(s, 0, "escayolistas")
    land = to_plot(s, 0, "solar_urbanizable")
    councillor = to_hand(s, 0, "concejal_urbanismo")  # requires 1 citizen
    refused(R, s, 0, {"type": "lower", "card": councillor, "pay": [c1, c2]}, rule="turn")
    refused(R, s, 0, {"type": "lower", "card": councillor, "pay": [c1, land]}, rule="turn")
    refused(R, s, 0, {"type": "lower", "card": councillor, "pay": []}, rule="turn")
    s, _ = act(s, 0, {"type": "lower", "card": councillor, "pay": [c2]})


def test_turn_each_plot_card_used_once_per_turn():
    """Turn and lower: "each card of the plot can only be used once per turn" to lower cards or act."""
    s = game()
    c1 = to_plot(s, 0, "pensionistas")
    a = to_hand(s, 0, "concejal_urbanismo")
    b = to_hand(s, 0, "concejal_urbanismo")
    s, _ = act(s, 0, {"type": "lower", "card": a, "pay": [c1]})
    refused(R, s, 0, {"type": "lower", "card": b, "pay": [c1]}, rule="turn")


def test_turn_only_own_plot_cards_pay():
    """Turn and lower: the paying cards are the player's own plot cards."""
    s = game()
    theirs = to_plot(s, 1, "pensionistas")
    a = to_hand(s, 0, "concejal_urbanismo")
    refused(R, s, 0, {"type": "lower", "card": a, "pay": [theirs]}, rule="turn")


def test_turn_straighten_all_cards_at_the_start_of_the_turn():
    """Turn and lower: at the beginning of the next turn all the cards are straightened."""
    s = game()
    c1 = to_plot(s, 0, "pensionistas")
    a = to_hand(s, 0, "concejal_urbanismo")
    s, _ = act(s, 0, {"type": "lower", "card": a, "pay": [c1]})
    s, _ = act(s, 0, {"type": "end_turn"})
    assert entry(s, 0, c1)["tapped"]  # stays turned through the other player's turn
    s, ev = act(s, 1, {"type": "end_turn"})
    assert s["turn"]["seat"] == 0 and "straightened" in types(ev)
    assert not entry(s, 0, c1)["tapped"]


def test_turn_only_the_player_on_turn_plays():
    """Turn and lower: lowering, backing, acting, hiding and ending are the turn player's."""
    s = game()
    land = to_hand(s, 1, "solar_urbanizable")
    for action in ({"type": "lower", "card": land}, {"type": "end_turn"},
                   {"type": "hide", "card": land, "amount": 1}, {"type": "act", "card": land}):
        refused(R, s, 1, action, rule="turn")
    assert R.to_move(s) == [0]


def test_turn_unknown_or_malformed_action_refused():
    """Moves are objects with a known type (Turn and lower)."""
    s = game()
    refused(R, s, 0, {"type": "fly"}, rule="turn")
    refused(R, s, 0, "lower", rule="turn")
    refused(R, s, 0, {"card": 3}, rule="turn")
    refused(R, s, 7, {"type": "end_turn"}, rule="starting-to-play")
    refused(R, s, True, {"type": "end_turn"}, rule="starting-to-play")
