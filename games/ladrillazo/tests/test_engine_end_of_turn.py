"""End of turn: unhidden money back to the dispenser, discard face down and draw as many plus one,
play passes to the right, the discard pile becomes the deck (End of turn)."""

from __future__ import annotations

from games.ladrillazo.engine import RULESET as R
from tests.support.engines import refused

from .helpers import act, card_total, envelope_total, game, to_hand, to_plot, types


def test_end_of_turn_unhidden_envelopes_return_to_the_dispenser():
    """End of turn: the player returns all the money that could not be hidden."""
    s = game()
    s["players"][0]["loose"] = 3
    s["dispenser"] -= 3
    cunado = to_plot(s, 0, "cunado")
    s, _ = act(s, 0, {"type": "hide", "card": cunado, "amount": 2})
    dispenser = s["dispenser"]
    s, ev = act(s, 0, {"type": "end_turn"})
    assert s["players"][0]["loose"] == 0 and s["dispenser"] == dispenser + 1 and s["returned"] == 1
    assert [e for e in ev if e["type"] == "returned"][0]["amount"] == 1


def test_end_of_turn_discard_and_draw_as_many_plus_one():
    """End of turn: discard the unwanted hand cards face down and draw that number plus one."""
    s = game()
    a, b, c = (to_hand(s, 0, k) for k in ("solar_urbanizable", "mineros", "eurovegas"))
    s, ev = act(s, 0, {"type": "end_turn", "discard": [a, c]})
    hand = s["players"][0]["hand"]
    assert b in hand and a not in hand and c not in hand and len(hand) == 1 + 3
    assert s["discard"][-2:] == [a, c]
    discard = next(e for e in ev if e["type"] == "discarded")
    assert discard["only"] == [0] and discard["public"] == {"type": "discarded", "seat": 0, "count": 2}
    drew = next(e for e in ev if e["type"] == "drew")
    assert drew["only"] == [0] and drew["public"]["count"] == 3 and "cards" not in drew["public"]


def test_end_of_turn_discard_only_hand_cards_by_id():
    """End of turn: only cards in one's hand are discarded."""
    s = game()
    plot_card = to_plot(s, 0, "mineros")
    refused(R, s, 0, {"type": "end_turn", "discard": [plot_card]}, rule="end-of-turn")
    to_hand(s, 0, "mineros")
    refused(R, s, 0, {"type": "end_turn", "discard": "all"}, rule="end-of-turn")
    refused(R, s, 0, {"type": "end_turn", "discard": [{"id": 1}]}, rule="end-of-turn")


def test_end_of_turn_play_passes_to_the_right():
    """End of turn (decision): "the player on the right" is the next seat, wrapping around."""
    s = game(3)
    seats = []
    for _ in range(4):
        seats.append(s["turn"]["seat"])
        s, _ = act(s, s["turn"]["seat"], {"type": "end_turn"})
    assert seats == [0, 1, 2, 0] and s["turn"]["number"] == 5
    assert [p["turns"] for p in s["players"]] == [2, 1, 1]


def test_end_of_turn_discard_pile_becomes_the_deck():
    """End of turn: when the deck is finished, the discard pile (shuffled) is the new deck."""
    s = game()
    s["discard"] = s["deck"][:-1]
    s["deck"] = s["deck"][-1:]
    cards = card_total(s)
    s, ev = act(s, 0, {"type": "end_turn", "discard": []})
    s, ev = act(s, 1, {"type": "end_turn", "discard": []})
    assert "reshuffled" in types(ev) and s["discard"] == [] and card_total(s) == cards


def test_end_of_turn_with_no_cards_left_draws_fewer():
    """End of turn: with the deck and the discard pile both empty, nothing more is drawn."""
    s = game()
    s["players"][1]["hand"].extend(s["deck"])
    s["deck"] = []
    s, ev = act(s, 0, {"type": "end_turn"})
    assert s["players"][0]["hand"] == [] and "drew" not in types(ev)


def test_end_of_turn_proposals_expire():
    """Talks (decision): open proposals lapse at the end of the turn (those of the player on turn are
    answered or withdrawn first: test_talks_an_open_proposal_waits_for_its_recipient)."""
    s = game()
    s["players"][1]["loose"] = 2
    s["dispenser"] -= 2
    land = to_plot(s, 0, "solar_urbanizable")
    s, _ = act(s, 1, {"type": "propose", "to": 0, "give": {"envelopes": 1}, "ask": {"plot": [land]}})
    s, ev = act(s, 0, {"type": "end_turn"})
    assert s["proposals"] == [] and "proposals_expired" in types(ev)
    assert envelope_total(s) == s["total_envelopes"]
