"""Powers and actions: permanent powers, powers on lowering, actions gated by level that turn the
card, never two actions of one card per turn (Powers and actions)."""

from __future__ import annotations

from games.ladrillazo.engine import RULESET as R
from tests.support.engines import refused

from .helpers import act, back, entry, envelope_total, game, to_hand, to_plot, types


def _loose(s, seat, n):
    s["players"][seat]["loose"] += n
    s["dispenser"] -= n


def test_powers_action_needs_the_level_of_its_circles():
    """Powers and actions: the number of circles is the level the card needs to run the action."""
    s = game()
    pres = to_plot(s, 0, "presidenta_diputacion")  # level 2, freeze needs level 3
    victim = to_plot(s, 1, "adosados")
    refused(R, s, 0, {"type": "act", "card": pres, "power": 0, "target": victim}, rule="powers-and-actions")
    cit = to_plot(s, 0, "pensionistas")
    back(s, 0, cit, pres)
    s, ev = act(s, 0, {"type": "act", "card": pres, "power": 0, "target": victim})
    assert entry(s, 0, pres)["tapped"] and entry(s, 1, victim)["frozen"]
    assert types(ev) == ["acted", "frozen"]


def test_powers_never_two_actions_of_one_card_per_turn():
    """Powers and actions: executing an action turns the card; no second action this turn, and a
    card used to pay cannot act."""
    s = game()
    journalist = to_plot(s, 0, "periodista")
    target = to_plot(s, 1, "primera_linea", envelopes=2)
    s, _ = act(s, 0, {"type": "act", "card": journalist, "power": 0, "target": target})
    refused(R, s, 0, {"type": "act", "card": journalist, "power": 0, "target": target}, rule="powers-and-actions")
    s2 = game()
    project = to_plot(s2, 0, "adosados", tapped=True)
    refused(R, s2, 0, {"type": "act", "card": project, "power": 0}, rule="powers-and-actions")


def test_powers_project_earns_its_level_from_the_dispenser():
    """Money: each project earns as many envelopes as its level, turning the card."""
    s = game()
    project = to_plot(s, 0, "polideportivo")  # level 1, land and citizen slots
    back(s, 0, to_plot(s, 0, "solar_urbanizable"), project)
    back(s, 0, to_plot(s, 0, "pensionistas"), project)
    before = s["dispenser"]
    s, ev = act(s, 0, {"type": "act", "card": project, "power": 0})
    assert s["players"][0]["loose"] == 3 and s["dispenser"] == before - 3
    assert ev[-1] == {**ev[-1], "type": "earned", "amount": 3, "card": project}


def test_powers_project_earns_what_is_left_in_the_dispenser():
    """Money / End of the game: a project takes what is left when the dispenser runs dry."""
    s = game()
    project = to_plot(s, 0, "eurovegas")  # level 3
    s["players"][1]["paradise"] = s["dispenser"] - 1
    s["dispenser"] = 1
    s, _ = act(s, 0, {"type": "act", "card": project, "power": 0})
    assert s["dispenser"] == 0 and s["players"][0]["loose"] == 1 and s["turn"]["dispenser_emptied"]


def test_powers_once_when_lowered():
    """Powers and actions: powers used only once, when the card is lowered (draw cards)."""
    s = game()
    cits = [to_plot(s, 0, "pensionistas") for _ in range(3)]
    pol = to_plot(s, 0, "concejal_urbanismo")
    minister = to_hand(s, 0, "ministro_fomento")
    s, ev = act(s, 0, {"type": "lower", "card": minister, "pay": cits + [pol]})
    assert len(s["players"][0]["hand"]) == 2 and "drew" in types(ev)


def test_powers_permanent_shield_protects_the_plot():
    """Powers and actions: a permanent power (immunity) works as long as the card is in the plot."""
    s = game()
    journalist = to_plot(s, 0, "periodista")
    target = to_plot(s, 1, "primera_linea", envelopes=2)
    to_plot(s, 1, "diputado_aforado")
    refused(R, s, 0, {"type": "act", "card": journalist, "power": 0, "target": target}, rule="powers-and-actions")
    assert not any(a.get("target") == target for a in R.legal_actions(s, 0))


def test_powers_permanent_discount_on_mamandurrias():
    """Powers and actions: the party treasurer's permanent power makes mamandurrias cheaper."""
    s = game()
    to_plot(s, 0, "tesorero")
    arco = to_hand(s, 0, "arco")  # cost 1
    s, ev = act(s, 0, {"type": "lower", "card": arco})
    assert ev[0]["cost"] == 0


def test_powers_inspect_sends_hidden_envelopes_back():
    """Powers and actions: exposing a rival's card returns envelopes hidden on it to the dispenser."""
    s = game()
    journalist = to_plot(s, 0, "periodista")  # inspect 2
    target = to_plot(s, 1, "poligono_abandonado", envelopes=3)
    s["dispenser"] -= 3
    total = envelope_total(s)
    s, ev = act(s, 0, {"type": "act", "card": journalist, "power": 0, "target": target})
    assert entry(s, 1, target)["envelopes"] == 1 and envelope_total(s) == total
    refused(R, s, 0, {"type": "act", "card": journalist, "power": 0, "target": target}, rule="powers-and-actions")


def test_powers_targets_are_rival_free_cards():
    """Powers and actions: hostile powers aim at another player's card, never one's own, never a
    card that backs another, and steal only the printed types."""
    s = game()
    journalist = to_plot(s, 0, "periodista")
    mine = to_plot(s, 0, "primera_linea", envelopes=1)
    refused(R, s, 0, {"type": "act", "card": journalist, "power": 0, "target": mine}, rule="powers-and-actions")
    proj = to_plot(s, 1, "adosados")
    land = to_plot(s, 1, "solar_urbanizable")
    back(s, 1, land, proj)
    refused(R, s, 0, {"type": "act", "card": journalist, "power": 0, "target": land}, rule="powers-and-actions")
    refused(R, s, 0, {"type": "act", "card": journalist, "power": 0, "target": 9999}, rule="powers-and-actions")
    refused(R, s, 0, {"type": "act", "card": journalist, "power": 0}, rule="powers-and-actions")
    _loose(s, 0, 3)
    expro = to_hand(s, 0, "expropiacion")  # steals land, citizens, builders
    refused(R, s, 0, {"type": "lower", "card": expro, "target": proj}, rule="powers-and-actions")


def test_powers_freeze_keeps_card_turned_at_next_straightening():
    """Powers and actions / Turn and lower: a paralysed card is not straightened once."""
    s = game()
    _loose(s, 0, 1)
    appeal = to_hand(s, 0, "recurso")
    victim = to_plot(s, 1, "adosados")
    s, _ = act(s, 0, {"type": "lower", "card": appeal, "target": victim})
    s, _ = act(s, 0, {"type": "end_turn"})
    assert entry(s, 1, victim)["tapped"] and not entry(s, 1, victim)["frozen"]
    refused(R, s, 1, {"type": "act", "card": victim, "power": 0}, rule="powers-and-actions")
    s, _ = act(s, 1, {"type": "end_turn"})
    s, _ = act(s, 0, {"type": "end_turn"})
    assert not entry(s, 1, victim)["tapped"]


def test_powers_steal_keeps_state_returns_envelopes_leaves_backing():
    """Talks: a card stolen thanks to a power keeps its state; envelopes on it return to the
    dispenser and its backing stays in the victim's plot."""
    s = game()
    _loose(s, 0, 3)
    expro = to_hand(s, 0, "expropiacion")
    builder = to_plot(s, 1, "ladrillos_sa", tapped=True, envelopes=2)
    s["dispenser"] -= 2
    land = to_plot(s, 1, "solar_urbanizable")
    back(s, 1, land, builder)
    total = envelope_total(s)
    dispenser = s["dispenser"]
    s, ev = act(s, 0, {"type": "lower", "card": expro, "target": builder})
    stolen = entry(s, 0, builder)
    assert stolen["tapped"] and stolen["envelopes"] == 0 and stolen["backers"] == []
    assert entry(s, 1, land)["backing"] is None and all(e["id"] != builder for e in s["players"][1]["plot"])
    assert s["dispenser"] == dispenser + 3 + 2 and envelope_total(s) == total
    assert ev[-1]["type"] == "stolen" and ev[-1]["left_behind"] == [land]


def test_powers_action_index_must_be_an_action():
    """Powers and actions: only powers marked as actions (circles) run as actions."""
    s = game()
    minister = to_plot(s, 0, "ministro_fomento")  # power 0: on lowering; power 1: steal at level 4
    refused(R, s, 0, {"type": "act", "card": minister, "power": 0}, rule="powers-and-actions")
    refused(R, s, 0, {"type": "act", "card": minister, "power": 2}, rule="powers-and-actions")
    treasurer = to_plot(s, 0, "tesorero")
    refused(R, s, 0, {"type": "act", "card": treasurer, "power": 0}, rule="powers-and-actions")
