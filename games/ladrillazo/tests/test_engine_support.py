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


def _offers(s, seat, card):
    """The legal moves of ``seat`` that would move ``card`` out of its plot (deals and steals)."""
    return [a for a in R.legal_actions(s, seat)
            if card in a.get("give", {}).get("plot", []) + a.get("ask", {}).get("plot", []) or a.get("target") == card]


def test_level_and_support_a_backed_padlocked_card_is_never_traded():
    """Level and support: "if they have a padlock, it means that the card you are supporting cannot leave during
    the rest of the game": a backed padlocked card cannot be offered, asked for or handed over in a deal (Talks);
    a deal proposed before it was backed is refused on acceptance, and neither the moves nor the bot offer it."""
    s = game()
    s["players"][0]["loose"] += 3
    s["dispenser"] -= 3
    chamartin = to_plot(s, 0, "operacion_chamartin")  # land, padlock, two land slots
    land = to_plot(s, 0, "solar_urbanizable")
    s, _ = act(s, 0, {"type": "propose", "to": 1, "give": {"plot": [chamartin]}, "ask": {"envelopes": 0}})
    pid = s["proposals"][0]["id"]  # unbacked: the padlock binds nothing yet
    s, _ = act(s, 0, {"type": "back", "card": land, "target": chamartin})
    refusal = refused(R, s, 1, {"type": "accept", "id": pid}, rule="level-and-support")
    assert "padlock" in refusal.text() and refusal.params["card"] == "operacion_chamartin"
    assert {"type": "accept", "id": pid} not in R.legal_actions(s, 1) and {"type": "reject", "id": pid} in R.legal_actions(s, 1)
    assert R.bot_optional_action(s, 1) == {"type": "reject", "id": pid}
    s, _ = act(s, 0, {"type": "cancel", "id": pid})
    refused(R, s, 0, {"type": "propose", "to": 1, "give": {"plot": [chamartin]}}, rule="level-and-support")
    refused(R, s, 0, {"type": "propose", "to": 1, "give": {"plot": [land]}}, rule="level-and-support")  # its backer
    s["turn"]["seat"] = 1  # the other player on turn asks for it
    s["players"][1]["loose"] += 2
    s["dispenser"] -= 2
    refused(R, s, 1, {"type": "propose", "to": 0, "give": {"envelopes": 2}, "ask": {"plot": [chamartin]}},
            rule="level-and-support")
    assert _offers(s, 1, chamartin) == []
    free = to_plot(s, 0, "huerta")  # a free land is still asked for
    assert [a["ask"]["plot"] for a in R.legal_actions(s, 1) if a["type"] == "propose"] == [[free]]
    assert entry(s, 0, chamartin)["backers"] == [land]
    # The views say so, for the deal form to leave it out: the backed padlocked card is bound, the others are not.
    shown = {c["id"]: c["bound"] for c in R.view(s, 1)["players"][0]["plot"]}
    assert shown[chamartin] is True and shown[free] is False and shown[land] is False


def test_level_and_support_a_backed_padlocked_card_cannot_be_stolen():
    """Level and support: the padlock binds a backed card to its plot, so a steal power (Expropiación exprés on
    lowering, the minister's action) cannot target it, and neither the legal moves nor the bot offer it; an
    unbacked padlocked card, with nothing supporting it, can still be taken (Powers and actions)."""
    s = game()
    s["players"][0]["loose"] += 3
    s["dispenser"] -= 3
    expro = to_hand(s, 0, "expropiacion")  # steals land, citizens or builders
    chamartin = to_plot(s, 1, "operacion_chamartin")
    backer = to_plot(s, 1, "solar_urbanizable")
    back(s, 1, backer, chamartin)
    yerno = to_plot(s, 1, "constructora_yerno")  # builder with a padlock, not backed
    citizen = to_plot(s, 1, "pensionistas")
    back(s, 1, citizen, yerno)
    refusal = refused(R, s, 0, {"type": "lower", "card": expro, "target": chamartin}, rule="level-and-support")
    assert refusal.params["card"] == "operacion_chamartin"
    refused(R, s, 0, {"type": "lower", "card": expro, "target": yerno}, rule="level-and-support")
    assert _offers(s, 0, chamartin) == [] and _offers(s, 0, yerno) == []
    assert R.bot_action(s, 0, None).get("target") not in (chamartin, yerno)
    # with nothing behind it the padlock binds nothing: the builder can be taken
    entry(s, 1, yerno)["backers"] = []
    entry(s, 1, citizen)["backing"] = None
    assert {"type": "lower", "card": expro, "pay": [], "target": yerno} in R.legal_actions(s, 0)
    s2, ev = act(s, 0, {"type": "lower", "card": expro, "target": yerno})
    assert entry(s2, 0, yerno) and ev[-1]["type"] == "stolen"
    # the minister's steal action (level 4) cannot take it either
    s = game()
    minister = to_plot(s, 0, "ministro_fomento")  # level 3, one citizen slot: level 4 backed
    back(s, 0, to_plot(s, 0, "mineros"), minister)
    chamartin = to_plot(s, 1, "operacion_chamartin")
    back(s, 1, to_plot(s, 1, "huerta"), chamartin)
    free = to_plot(s, 1, "solar_urbanizable")
    refused(R, s, 0, {"type": "act", "card": minister, "power": 1, "target": chamartin}, rule="level-and-support")
    assert [a["target"] for a in R.legal_actions(s, 0) if a["type"] == "act"] == [free]


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
