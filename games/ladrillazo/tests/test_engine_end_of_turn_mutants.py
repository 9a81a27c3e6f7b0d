"""End of turn: the gaps that mutation testing of ``engine/deck.py`` found on 2 December 2026
(docs/TESTING.md, "Mutation testing"): drawing past the end of both the deck and the discard pile."""

from __future__ import annotations

from .helpers import act, card_total, game, to_hand


def test_end_of_turn_with_deck_and_discard_run_out_the_player_draws_what_there_is():
    """End of turn: the player discards, then takes "the same number of cards ... that he has discarded
    and one more"; "in case the deck is finished before the game, the discard deck will be the new deck".
    With the deck empty the two cards just discarded are reshuffled and drawn back, and the one card more
    that does not exist is simply not drawn: no card is lost."""
    s = game()
    a = to_hand(s, 0, "huerta")
    b = to_hand(s, 0, "pensionistas")
    s["players"][1]["hand"].extend(s["deck"])  # every other card is in the rival's hand
    s["deck"] = []
    assert s["discard"] == []
    cards = card_total(s)
    s, ev = act(s, 0, {"type": "end_turn", "discard": [a, b]})
    assert sorted(s["players"][0]["hand"]) == sorted([a, b]) and s["deck"] == [] and s["discard"] == []
    assert card_total(s) == cards
    assert {"type": "reshuffled", "size": 2} in ev
    drew = next(e for e in ev if e["type"] == "drew")
    assert sorted(drew.pop("cards")) == sorted([a, b])
    assert sorted(drew.pop("cards_keys")) == ["huerta", "pensionistas"]
    assert drew == {"type": "drew", "seat": 0, "count": 2, "only": [0],
                    "public": {"type": "drew", "seat": 0, "count": 2}}
