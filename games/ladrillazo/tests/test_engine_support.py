"""Level and support: backing raises a card's level one per attenuated icon, only between untapped
cards; padlocks; a backing card cannot act or hold envelopes (Level and support)."""

from __future__ import annotations

from games.ladrillazo.engine import RULESET as R
from games.ladrillazo.engine import plot
from tests.support.engines import refused

from .helpers import act, back, entry, game, to_hand, to_plot


def test_level_and_support_backing_raises_level_per_slot():
    """Level and support: a card goes up as many levels as it has attenuated icons."""
    s = game()
    project = to_plot(s, 0, "adosados")  # level 1, one land slot
    l1 = to_plot(s, 0, "solar_urbanizable")
    l2 = to_plot(s, 0, "huerta")
    s, ev = act(s, 0, {"type": "back", "card": l1, "target": project})
    assert plot.level(s, entry(s, 0, project)) == 2 and ev[0]["level"] == 2
    assert entry(s, 0, l1)["backing"] == project and entry(s, 0, project)["backers"] == [l1]
    refused(R, s, 0, {"type": "back", "card": l2, "target": project}, rule="level-and-support")


def test_level_and_support_only_matching_types_back():
    """Level and support: the attenuated icons say which type may back the card (land and citizens)."""
    s = game()
    project = to_plot(s, 0, "adosados")  # land slot only
    cit = to_plot(s, 0, "pensionistas")
    pol = to_plot(s, 0, "concejal_urbanismo")
    rotonda = to_plot(s, 0, "rotonda")  # citizen slot
    refused(R, s, 0, {"type": "back", "card": cit, "target": project}, rule="level-and-support")
    refused(R, s, 0, {"type": "back", "card": pol, "target": rotonda}, rule="level-and-support")
    refused(R, s, 0, {"type": "back", "card": cit, "target": cit}, rule="level-and-support")
    s, _ = act(s, 0, {"type": "back", "card": cit, "target": rotonda})


def test_level_and_support_only_between_untapped_cards():
    """Level and support: "to put or remove backups, affected cards must be untapped"."""
    s = game()
    project = to_plot(s, 0, "adosados", tapped=True)
    land = to_plot(s, 0, "solar_urbanizable")
    refused(R, s, 0, {"type": "back", "card": land, "target": project}, rule="level-and-support")
    s2 = game()
    project = to_plot(s2, 0, "adosados")
    land = to_plot(s2, 0, "solar_urbanizable", tapped=True)
    refused(R, s2, 0, {"type": "back", "card": land, "target": project}, rule="level-and-support")
    s3 = game()
    project = to_plot(s3, 0, "adosados")
    land = to_plot(s3, 0, "solar_urbanizable")
    back(s3, 0, land, project)
    entry(s3, 0, project)["tapped"] = True
    refused(R, s3, 0, {"type": "withdraw", "card": land}, rule="level-and-support")
    entry(s3, 0, project)["tapped"] = False
    s3, ev = act(s3, 0, {"type": "withdraw", "card": land})
    assert entry(s3, 0, land)["backing"] is None and plot.level(s3, entry(s3, 0, project)) == 1


def test_level_and_support_padlock_binds_backing_for_the_game():
    """Level and support: with a padlock, the backing cannot leave for the rest of the game."""
    s = game()
    chamartin = to_plot(s, 0, "operacion_chamartin")  # padlock, two land slots
    land = to_plot(s, 0, "solar_urbanizable")
    s, _ = act(s, 0, {"type": "back", "card": land, "target": chamartin})
    refused(R, s, 0, {"type": "withdraw", "card": land}, rule="level-and-support")
    assert plot.level(s, entry(s, 0, chamartin)) == 3


def test_level_and_support_backing_card_cannot_be_used_on_its_own():
    """Level and support: while one card supports another, it cannot be used independently
    (it cannot pay, act, evade, or be backed)."""
    s = game()
    spec = to_plot(s, 0, "especuladores")  # citizen with a citizen slot
    cit = to_plot(s, 0, "asesor_fiscal")  # citizen, EVADE 2
    back(s, 0, cit, spec)
    s["players"][0]["loose"] = 2
    s["dispenser"] -= 2
    councillor = to_hand(s, 0, "concejal_urbanismo")
    refused(R, s, 0, {"type": "lower", "card": councillor, "pay": [cit]}, rule="level-and-support")
    refused(R, s, 0, {"type": "evade", "card": cit, "amount": 1}, rule="level-and-support")
    other = to_plot(s, 0, "pensionistas")
    refused(R, s, 0, {"type": "back", "card": other, "target": cit}, rule="level-and-support")
    refused(R, s, 0, {"type": "back", "card": spec, "target": to_plot(s, 0, "especuladores")},
            rule="level-and-support")
    s, _ = act(s, 0, {"type": "lower", "card": councillor, "pay": [spec]})  # the backed card pays at level 2


def test_level_and_support_backing_card_loses_its_envelope_capacity():
    """Level and support / Money: "the cards they support lose their ability to save envelopes"."""
    s = game()
    project = to_plot(s, 0, "polideportivo")  # land and citizen slots
    pens = to_plot(s, 0, "pensionistas")  # ESCONDE 1
    s["players"][0]["loose"] = 1
    s["dispenser"] -= 1
    s, _ = act(s, 0, {"type": "hide", "card": pens, "amount": 1})
    refused(R, s, 0, {"type": "back", "card": pens, "target": project}, rule="level-and-support")
    s, _ = act(s, 0, {"type": "unhide", "card": pens, "amount": 1})
    s, _ = act(s, 0, {"type": "back", "card": pens, "target": project})
    assert plot.capacity(s, entry(s, 0, pens)) == 0
    refused(R, s, 0, {"type": "hide", "card": pens, "amount": 1}, rule="level-and-support")


def test_level_and_support_only_land_and_citizens_back_and_no_chains():
    """Level and support: backing comes from land and citizens; a backed card does not back."""
    s = game()
    dehesa = to_plot(s, 0, "dehesa")  # land with a land slot
    barranco = to_plot(s, 0, "barranco_tahodio")  # land with a land slot
    land = to_plot(s, 0, "solar_urbanizable")
    back(s, 0, land, dehesa)
    refused(R, s, 0, {"type": "back", "card": dehesa, "target": barranco}, rule="level-and-support")
    refused(R, s, 0, {"type": "withdraw", "card": dehesa}, rule="level-and-support")
