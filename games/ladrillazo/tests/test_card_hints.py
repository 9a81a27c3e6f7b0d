"""The cards' hints (``data-hint``, shown on hover, long press or focus): a card tells its name, type and level, its
requirements or cost (The Cards; Turn and lower), its backing slots and padlock (Level and support), its powers
(Powers and actions) and stamps (Money); on the plot also the envelopes it holds of what it can hold, and whether it is
backing, turned or paralysed; the tax haven what it does and holds (Money: Evading). For two seats and a spectator,
in both languages."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.conf import settings
from django.test import override_settings
from django.utils import translation

from games.ladrillazo import text
from games.ladrillazo.engine import RULESET as R
from games.ladrillazo.engine import cards
from games.tests.conftest import render_board

from .helpers import back, game, to_hand, to_plot

NAMES = ["Ana", "Beto", "Caro"]
APPS = settings.INSTALLED_APPS if "games.ladrillazo" in settings.INSTALLED_APPS else [
    *settings.INSTALLED_APPS, "games.ladrillazo"]


@pytest.fixture(autouse=True)
def installed():
    with override_settings(INSTALLED_APPS=APPS):
        yield


def render(state: dict, you: int | None, lang: str) -> str:
    return render_board(R, text, "ladrillazo/board.html", state, you, lang, NAMES)


def hints(html: str) -> dict[int, str]:
    """Each card's hint by card id (``data-card``)."""
    found = re.findall(r'<div class="lz-card[^"]*" data-target="card:(\d+)"[^>]*?data-hint="([^"]*)"', html)
    return {int(cid): unescape(h) for cid, h in found}


@pytest.fixture
def position():
    """Ana's plot: a turned project holding 1 envelope, backed by a land; Beto's: a paralysed politician and 4 envelopes
    in paradise; Ana's hand: Eurovegas and a mamandurria."""
    s = game(3)
    proj = to_plot(s, 0, "adosados", tapped=True, envelopes=1)
    land = to_plot(s, 0, "solar_urbanizable")
    back(s, 0, land, proj)
    frozen = to_plot(s, 1, "presidenta_diputacion", tapped=True, frozen=True)
    s["players"][1]["paradise"] = 4
    hand = [to_hand(s, 0, "eurovegas"), to_hand(s, 0, "expropiacion")]
    return s, proj, land, frozen, hand


def test_plot_and_hand_cards_tell_what_they_are_and_their_state_for_two_seats_and_a_spectator(position):
    """Money (ESCONDE, envelopes held of capacity), Level and support (backing, level raised), Turn and lower
    (turned), Powers and actions (an action's level, paralysed); another seat's hand is never drawn."""
    s, proj, land, frozen, (eurovegas, mamandurria) = position
    seen = {you: hints(render(s, you, "en")) for you in (0, 1, None)}
    for you, shown in seen.items():
        assert shown[proj] == (
            "Terraced-house estate: project, level 2. Envelopes hidden on it: 1 of 1. Turned: used this turn. "
            "Requirements: to lower it, turn plot cards whose level icons add up to 1 politician and 1 builder. "
            "Action (needs level 1): take from the dispenser as many envelopes as its level. ESCONDE 1: hides up to 1 "
            "envelope on it."), you
        assert shown[land].startswith("Buildable plot: land, level 1. Backing another card: it cannot be used on its "
                                      "own nor hold envelopes. No requirements")
        assert shown[frozen].startswith("Provincial council president: politician, level 2. Envelopes hidden on it: "
                                        "0 of 3. Paralysed: it stays turned through its owner's next turn. "
                                        "Requirements: to lower it, turn plot cards whose level icons add up to 3 "
                                        "citizens. Land or citizens behind it raise its level: room for 2 citizens. "
                                        "Padlock:")
        assert "Action (needs level 3): paralyse a rival's card" in shown[frozen]
        paradise = shown[s["players"][1]["paradise_id"]]
        assert paradise.endswith("tax haven. Money evaded here has no limit and never leaves it. 4 envelopes in "
                                 "paradise.")
        assert (eurovegas in shown) == (mamandurria in shown) == (you == 0)
    assert seen[0][eurovegas].startswith("Eurovegas: project, level 3. Requirements: to lower it, turn plot cards "
                                         "whose level icons add up to 3 land, 2 politicians, 2 builders and 1 "
                                         "citizen.")
    assert seen[0][mamandurria] == (
        "Express expropriation: mamandurria. Lowering it costs 3 envelopes, paid into the dispenser; it is discarded "
        "at the end of the turn. When lowered: take a rival's land, citizen or builder card into your plot.")


def test_the_hints_in_spanish_the_rules_page_words(position):
    """The Spanish of the Rules page: trama, sobres, dispensador, girada, paralizada, ESCONDE, requisitos."""
    s, proj, land, frozen, (eurovegas, mamandurria) = position
    shown = hints(render(s, 0, "es"))
    assert shown[proj] == (
        "Urbanización de adosados: proyecto, nivel 2. Sobres escondidos encima: 1 de 1. Girada: ya se usó este turno. "
        "Requisitos: para bajarla, gira cartas de tu trama cuyos iconos de nivel sumen 1 político y 1 constructor. "
        "Acción (necesita nivel 1): saca del dispensador tantos sobres como su nivel. ESCONDE 1: admite encima hasta "
        "1 sobre.")
    assert "Paralizada: sigue girada durante el próximo turno de su dueño." in shown[frozen]
    assert shown[mamandurria].startswith("Expropiación exprés: mamandurria. Bajarla cuesta 3 sobres")


def test_every_printed_card_has_a_hint_with_each_of_its_powers_powers_and_actions():
    """Every card of the deck and every tax haven reads as words in both languages, one sentence per power."""
    for lang in ("en", "es"):
        with translation.override(lang):
            for d in cards.card_data()["cards"]:
                words = text.card_hint(d)
                assert "?" not in words and words.startswith(text.card_name(d["key"]) + ": "), (lang, d["key"])
                assert words.count(".") >= len(d["powers"]) + 1
            for d in cards.card_data()["paradises"]:
                assert text.paradise_hint(d, 0).startswith(text.card_name(d["key"]) + ": ")
