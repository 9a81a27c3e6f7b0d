"""The Ladrillazo table (ladrillazo/board.html) draws the state from the data: plots as cards with
type, level icons, requirements, stamps, backing tucked behind and tapped cards turned; the
dispenser; each player's hidden and evaded envelopes; the viewer's hand only (The Cards; Money)."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest
from django.conf import settings
from django.test import override_settings
from django.utils import translation

from games.ladrillazo import text
from games.ladrillazo.engine import RULESET as R
from games.ladrillazo.engine.sim import random_step
from games.tests.conftest import render_board

from .helpers import back, game, to_hand, to_plot

NAMES = ["Ana", "Beto", "Caro", "Dani"]
APPS = settings.INSTALLED_APPS if "games.ladrillazo" in settings.INSTALLED_APPS else [
    *settings.INSTALLED_APPS, "games.ladrillazo"]


@pytest.fixture(autouse=True)
def installed():
    with override_settings(INSTALLED_APPS=APPS):
        yield


def render(state: dict, you: int | None = 0, lang: str = "es") -> str:
    return render_board(R, text, "ladrillazo/board.html", state, you, lang, NAMES, primary=True)


@pytest.fixture
def position():
    s = game(3)
    proj = to_plot(s, 0, "adosados", tapped=True, envelopes=1)
    land = to_plot(s, 0, "solar_urbanizable")
    back(s, 0, land, proj)
    to_plot(s, 1, "poligono_abandonado", envelopes=3)
    s["players"][1]["paradise"] = 4
    s["dispenser"] -= 8
    s["players"][0]["loose"] = 4
    hand = to_hand(s, 0, "eurovegas")
    secret = to_hand(s, 1, "visita_papa")
    return s, proj, land, hand, secret


@pytest.mark.parametrize("lang", ["es", "en"])
def test_board_draws_plots_hands_and_money(position, lang):
    s, proj, land, hand, secret = position
    html = render(s, 0, lang)
    assert 'href="/static/css/ladrillazo.css"' in html
    assert f'data-target="card:{proj}"' in html and f'data-target="card:{hand}"' in html
    assert f'data-target="card:{secret}"' not in html  # another player's hand is never drawn
    card = re.search(rf'<div class="lz-card lz-t-project tapped" data-target="card:{proj}".*?</div>', html, re.S)
    assert card, "the tapped project is drawn turned"
    assert "lz-backer" in html and "ESCONDE 1" in html and "✉ 1/1" in html
    assert "Urbanización de adosados" in html if lang == "es" else "Terraced-house estate" in html
    assert "Eurovegas" in html and "#lz-s-lock" in html  # Eurovegas has a padlock
    assert f"<b data-dispenser>{s['dispenser']}</b>" in html
    assert ("4 en el paraíso" in html or "4 in paradise" in html)
    assert "Ana" in html and "Beto" in html
    assert "%(" not in html


def test_board_spectator_sees_no_hand_and_no_forms(position):
    s, proj, land, hand, secret = position
    html = render(s, None)
    assert f'data-target="card:{hand}"' not in html and 'data-lz-form="' not in html
    assert 'id="lz-move"' not in html


def test_board_has_no_inline_script_and_one_move_form(position):
    """The board's behaviour lives in games/ladrillazo/static/js/ladrillazo.js (a Content-Security-Policy without inline
    scripts; a morphed board never runs one); moves go through one hidden data-act form."""
    s, proj, land, hand, secret = position
    html = render(s, 0)
    assert "<script" not in html and "hx-post" not in html
    assert html.count('id="lz-move"') == 1 and 'form="lz-move"' in html
    assert f'data-card="{proj}" data-type="project"' in html and 'data-tapped' in html
    assert "%(" not in html and "{card}" in html  # the bar's texts, with placeholders for the script


def test_board_renders_random_positions_for_every_seat():
    rng = random.Random(9)
    s = R.new_game(4, "render", {"max_turns": 6})
    for i in range(300):
        if R.outcome(s) is not None:
            break
        if i % 30 == 0:
            for seat in (0, 1, None):
                html = render(s, seat, "en" if i % 60 else "es")
                assert "lz-board" in html
        step = random_step(s, rng)
        s, _ = R.apply(s, *step)
    assert "lz-board" in render(s, 0)


@pytest.mark.parametrize("lang, expected", [
    ("en", "Young people with a master's degree: no requirements. Lower this card?"),
    ("es", "Jóvenes con máster: sin requisitos. ¿Bajás esta carta?"),
])
def test_the_free_card_prompt_reads_right_with_a_plural_name(lang, expected):
    """The Cards (citizens need nothing): the prompt the card bar shows for a card with no requirements is built
    from data-t-free and the card's name; "Young people with a master's degree needs nothing" did not agree."""
    s = game(3)
    to_hand(s, 0, "jovenes_master")
    html = render(s, 0, lang)
    template = unescape(re.search(r'data-t-free="([^"]*)"', html).group(1))
    with translation.override(lang):
        name = text.card_name("jovenes_master")
    assert template.replace("{card}", name) == expected
