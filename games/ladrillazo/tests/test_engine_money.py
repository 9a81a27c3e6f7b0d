"""Money: earning, hiding on ESCONDE cards, evading to paradise; mamandurrias (Money; The Cards)."""

from __future__ import annotations

from games.ladrillazo.engine import RULESET as R
from tests.support.engines import refused, refused_new_game

from .helpers import act, back, entry, envelope_total, game, to_hand, to_plot, types


def _loose(s, seat, n):
    s["players"][seat]["loose"] += n
    s["dispenser"] -= n


def test_money_hide_up_to_the_esconde_stamp():
    """Money: each card with an ESCONDE stamp saves up to its number of envelopes."""
    s = game()
    _loose(s, 0, 4)
    cunado = to_plot(s, 0, "cunado")  # ESCONDE 2
    bare = to_plot(s, 0, "escayolistas")  # no stamp
    refused(R, s, 0, {"type": "hide", "card": cunado, "amount": 3}, rule="money")
    refused(R, s, 0, {"type": "hide", "card": bare, "amount": 1}, rule="money")
    s, _ = act(s, 0, {"type": "hide", "card": cunado, "amount": 2})
    assert entry(s, 0, cunado)["envelopes"] == 2 and s["players"][0]["loose"] == 2
    refused(R, s, 0, {"type": "hide", "card": cunado, "amount": 1}, rule="money")
    refused(R, s, 0, {"type": "hide", "card": to_plot(s, 0, "testaferro"), "amount": 3}, rule="money")


def test_money_hiding_ignores_tapping_and_backing_of_the_holder():
    """Money: putting and removing envelopes does not matter if the card is turned or backed."""
    s = game()
    _loose(s, 0, 3)
    proj = to_plot(s, 0, "algarrobico", tapped=True)  # ESCONDE 2, land slot
    back(s, 0, to_plot(s, 0, "solar_urbanizable"), proj)
    s, _ = act(s, 0, {"type": "hide", "card": proj, "amount": 2})
    s, _ = act(s, 0, {"type": "unhide", "card": proj, "amount": 1})
    assert entry(s, 0, proj)["envelopes"] == 1 and s["players"][0]["loose"] == 2
    refused(R, s, 0, {"type": "unhide", "card": proj, "amount": 2}, rule="money")


def test_money_evade_moves_envelopes_to_paradise_and_turns_the_card():
    """Money: EVADE brings the indicated number of envelopes to paradise; evading is an action."""
    s = game()
    _loose(s, 0, 5)
    adviser = to_plot(s, 0, "asesor_fiscal")  # EVADE 2
    refused(R, s, 0, {"type": "evade", "card": adviser, "amount": 3}, rule="money")
    s, ev = act(s, 0, {"type": "evade", "card": adviser, "amount": 2})
    assert s["players"][0]["paradise"] == 2 and s["players"][0]["loose"] == 3 and entry(s, 0, adviser)["tapped"]
    refused(R, s, 0, {"type": "evade", "card": adviser, "amount": 1}, rule="turn")
    refused(R, s, 0, {"type": "evade", "card": to_plot(s, 0, "cunado"), "amount": 1}, rule="money")


def test_money_the_paradise_card_has_no_evade_stamp_of_its_own():
    """Money: evading belongs to "cards with the 'EVADE' stamp"; Aim: "the paradise card contains a summary of
    the steps": by default (the rulebook's reading) the paradise card cannot evade, nor is it offered to."""
    s = game()
    _loose(s, 0, 3)
    haven = s["players"][0]["paradise_id"]
    assert s["options"]["paradise_evade"] is False
    refused(R, s, 0, {"type": "evade", "card": haven, "amount": 1}, rule="money")
    assert not [a for a in R.legal_actions(s, 0) if a["type"] == "evade"]
    assert R.view(s, 0)["players"][0]["paradise_card"]["evade"] == 0
    adviser = to_plot(s, 0, "asesor_fiscal")  # an EVADE stamp still brings money to paradise
    assert {"type": "evade", "card": adviser, "amount": 2} in R.legal_actions(s, 0)


def test_money_paradise_evade_option_the_paradise_card_evades_one_per_turn():
    """Money / Aim (table option ``paradise_evade``, a reconstruction): the paradise card has EVADE 1 of its
    own, used once per turn like any card (Turn and lower); older saved games without the key keep it."""
    s = game(paradise_evade=True)
    _loose(s, 0, 3)
    haven = s["players"][0]["paradise_id"]
    assert {"type": "evade", "card": haven, "amount": 1} in R.legal_actions(s, 0)
    assert R.view(s, 1)["players"][0]["paradise_card"]["evade"] == 1
    s2, _ = act(s, 0, {"type": "evade", "card": haven, "amount": 1})
    assert s2["players"][0]["paradise"] == 1 and s2["players"][0]["paradise_tapped"]
    refused(R, s2, 0, {"type": "evade", "card": haven, "amount": 1}, rule="turn")
    refused(R, s, 0, {"type": "evade", "card": haven, "amount": 2}, rule="money")
    refused(R, s, 0, {"type": "evade", "card": s["players"][1]["paradise_id"], "amount": 1}, rule="money")
    old = game()
    del old["options"]["paradise_evade"]  # a game saved before the option: played with the stamp
    _loose(old, 0, 1)
    old, _ = act(old, 0, {"type": "evade", "card": old["players"][0]["paradise_id"], "amount": 1})
    assert old["players"][0]["paradise"] == 1
    for bad in (1, "yes", None):
        refused_new_game(R, 2, {"paradise_evade": bad}, rule="money")


def test_money_paradise_has_no_limit_and_nothing_leaves():
    """Money: paradise has no limit and evaded money cannot leave (no move takes it back)."""
    s = game()
    s["players"][0]["paradise"] = 30
    s["dispenser"] -= 30
    haven = s["players"][0]["paradise_id"]
    refused(R, s, 0, {"type": "unhide", "card": haven, "amount": 1}, rule="money")
    refused(R, s, 0, {"type": "propose", "to": 1, "give": {"envelopes": 1}}, rule="talks")
    _loose(s, 0, 1)
    s, _ = act(s, 0, {"type": "evade", "card": to_plot(s, 0, "asesor_fiscal"), "amount": 1})
    assert s["players"][0]["paradise"] == 31


def test_money_evade_needs_loose_envelopes():
    """Money: only envelopes in hand are evaded (take hidden ones back first)."""
    s = game()
    adviser = to_plot(s, 0, "asesor_fiscal")
    refused(R, s, 0, {"type": "evade", "card": adviser, "amount": 1}, rule="money")


def test_money_mamandurria_costs_envelopes_paid_to_the_dispenser():
    """The Cards: mamandurrias have no requirements but a cost in envelopes paid to the dispenser;
    after use the card goes to the discard pile at the end of the turn."""
    s = game()
    expo = to_hand(s, 0, "expo_agua")  # cost 2, earn 4
    _loose(s, 0, 1)
    refused(R, s, 0, {"type": "lower", "card": expo}, rule="the-cards")
    _loose(s, 0, 1)
    cit = to_plot(s, 0, "pensionistas")
    refused(R, s, 0, {"type": "lower", "card": expo, "pay": [cit]}, rule="the-cards")
    total = envelope_total(s)
    s, ev = act(s, 0, {"type": "lower", "card": expo})
    assert s["players"][0]["loose"] == 4 and envelope_total(s) == total and types(ev) == ["lowered", "earned"]
    assert entry(s, 0, expo)["tapped"]
    refused(R, s, 0, {"type": "lower", "card": to_hand(s, 0, "concejal_urbanismo"), "pay": [expo]}, rule="turn")
    s, ev = act(s, 0, {"type": "end_turn"})
    assert expo in s["discard"] and all(e["id"] != expo for e in s["players"][0]["plot"])


def test_money_mamandurria_evade_effect():
    """The Cards: ARCO evades up to its number of envelopes once, paid first."""
    s = game()
    _loose(s, 0, 5)
    arco = to_hand(s, 0, "arco")  # cost 1, evade 3
    s, _ = act(s, 0, {"type": "lower", "card": arco})
    assert s["players"][0]["paradise"] == 3 and s["players"][0]["loose"] == 1
