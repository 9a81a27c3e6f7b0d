"""The Estanciero board template (estanciero/board.html) renders the state."""

from __future__ import annotations

import random
import re

import pytest
from django.utils import translation

from games.estanciero import text
from games.estanciero.engine import RULESET as R
from games.estanciero.engine import board
from games.estanciero.engine.sim import random_step
from games.tests.conftest import render_board

NAMES = ["Ana", "Beto", "Caro"]


def render(state: dict, you: int | None = 0, lang: str = "es") -> str:
    return render_board(R, text, "estanciero/board.html", state, you, lang, NAMES)


def cell(html: str, index: int) -> str:
    """The SVG group of one space."""
    start = html.index(f'data-space="{index}"><title>')
    end = html.find('<g class="es-cell ', start)
    return html[start:end if end > 0 else len(html)]


def buy(state: dict, index: int) -> tuple[dict, int]:
    seat = state["turn"]["seat"]
    state["players"][seat]["position"] = index
    state["turn"].update(phase="buy", offer=index)
    new, _events = R.apply(state, seat, {"type": "buy"})
    return new, seat


@pytest.fixture
def game():
    return R.new_game(3, "board-render")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_board_has_42_cells_and_a_pawn_per_player(game, lang):
    html = render(game, lang=lang)
    assert html.count('<g class="es-cell ') == 42
    assert len(re.findall(r'id="es-pawn-\d"', html)) == 3
    assert html.count("<svg") == 1 and 'viewBox="0 0 1000 880"' in html
    assert "css/estanciero.css" in html


def test_names_follow_the_language(game):
    es = render(game, lang="es")
    en = render(game, lang="en")
    assert "SALIDA" in es and "Zona Sur" in es and "COMISARÍA" in es
    assert "START" in en and "South" in en and "POLICE" in en
    assert "SALIDA" not in en and "Zona Sur" not in en


def test_every_deed_price_is_printed_in_the_readers_money_format(game):
    from django.utils import translation

    from games.present.formatting import money

    for lang in ("es", "en"):
        html = render(game, lang=lang)
        with translation.override(lang):
            for index in board.deed_spaces():
                assert money(board.price(index)) in cell(html, index), (lang, index)


def test_owner_marker_after_a_purchase(game):
    state, seat = buy(game, 3)
    html = render(state, you=seat)
    assert f"es-own es-fill-{seat}" in cell(html, 3)
    assert "es-own" not in cell(html, 1)
    assert 'data-space="3"' in html.split('class="es-players"')[1]  # the deed card in the owner's panel


@pytest.mark.parametrize("lang", ["es", "en"])
def test_chacra_after_building(game, lang):
    seat = game["turn"]["seat"]
    for index in (1, 2, 3):
        game["owners"][str(index)] = seat
    state, _events = R.apply(game, seat, {"type": "build", "space": 1, "kind": "chacra"})
    html = render(state, you=seat, lang=lang)
    assert cell(html, 1).count('class="es-chacra"') == 1
    assert "es-chacra" not in cell(html, 2)
    state["buildings"]["2"] = 5
    assert 'class="es-estancia"' in cell(render(state, you=seat, lang=lang), 2)


def test_mortgage_is_hatched(game):
    seat = game["turn"]["seat"]
    game["owners"]["12"] = seat
    state, _events = R.apply(game, seat, {"type": "mortgage", "space": 12})
    html = render(state, you=seat)
    assert "es-mort" in cell(html, 12)
    assert "es-deed-mort" in html


def test_the_offered_deed_is_shown_and_the_buttons_are_the_sidebars(game):
    seat = game["turn"]["seat"]
    game["players"][seat]["position"] = 40
    game["turn"].update(phase="buy", offer=40)
    html = render(game, you=seat)
    panel = html.split('class="es-panel es-p-buy"')[1].split('class="es-panel')[0]
    assert 'data-target="space:40"' in panel  # the card lights up and takes the click
    # No move buttons on the board: the generic ones are the sidebar's (games/_table.html).
    assert '{&quot;type&quot;: &quot;buy&quot;}' not in html and "es-b-buy" not in html and "es-b-roll" not in html
    assert "es-p-build" not in html and "es-p-auction" not in html and "es-p-claim" not in html
    other = (seat + 1) % 3
    assert "es-b-buy" not in render(game, you=other)
    spectator = render(game, you=None)
    assert 'class="es-propose"' not in spectator and "es-p-debt" not in spectator
    assert 'class="es-propose" data-es-propose' in html and "data-act" in html.split('class="es-propose"')[1][:200]


def test_auction_panel_has_an_amount_field(game):
    seat = game["turn"]["seat"]
    game["owners"]["31"] = seat
    state, _events = R.apply(game, seat, {"type": "auction", "space": 31})
    bidder = (seat + 1) % 3
    html = render(state, you=bidder)
    assert "es-p-auction" in html and 'name="a_amount"' in html
    form = html.split('<form class="es-bid"')[1].split("</form>")[0]
    assert "data-act" in form and """value='{"type": "bid"}'""" in form


@pytest.mark.parametrize("high", [0, 100, 150, 2100])
def test_auction_amount_field_accepts_its_own_value_and_any_higher_whole_amount(game, high):
    """Auction (Remate): any bid above the highest is one (the engine's rule). The field's default must pass the
    browser's own check (min, and step counted from min), or the form never sends: with a step of 100 from
    high + 1, high + 100 was refused by the browser before it reached the server."""
    seat = game["turn"]["seat"]
    game["owners"]["31"] = seat
    state, _events = R.apply(game, seat, {"type": "auction", "space": 31})
    state["auction"]["high_bid"] = high
    html = render(state, you=(seat + 1) % 3)
    field = re.search(r'<input type="number" name="a_amount"[^>]*>', html).group(0)
    low, step, value = (int(re.search(f'{name}="(\\d+)"', field).group(1)) for name in ("min", "step", "value"))
    assert low == high + 1 and value == high + 100
    assert (value - low) % step == 0 and (high + 1 - low) % step == 0 and (high + 37 - low) % step == 0


def test_dice_and_card_in_the_centre(game):
    seat = game["turn"]["seat"]
    game["last_dice"] = [6, 6]
    game["turn"]["dice"] = [6, 6]
    game["last_card"] = {"deck": "suerte", "seat": seat, "card": "S02"}
    html = render(game, lang="es")
    assert html.count('class="es-pip"') == 12
    assert "Ha ganado la grande" in html and "es-card-suerte" in html
    with translation.override("en"):
        assert "You won the big prize" in render(game, lang="en")


def test_a_drawn_card_leaves_the_centre_when_the_turn_passes(game):
    seat = game["turn"]["seat"]
    game["last_dice"] = [3, 4]
    game["last_card"] = {"deck": "suerte", "seat": seat, "card": "S02"}
    assert "Ha ganado la grande" not in render(game)  # not rolled yet this turn: an old card
    game["turn"]["dice"] = [3, 4]
    assert "Ha ganado la grande" in render(game)
    game["turn"] = {"seat": (seat + 1) % 3, "phase": "roll", "doubles": 0, "dice": None, "again": False}
    assert "Ha ganado la grande" not in render(game)
    game["turn"]["dice"] = [2, 5]  # the next player rolled
    assert "Ha ganado la grande" not in render(game)


def test_turn_counter_under_a_turn_limit():
    state = R.new_game(3, "limit", {"max_turns": 20})
    assert "round 1 of 20" in render(state, lang="en")
    state["turns_played"] = 3 * 4 + 1
    assert "round 5 of 20" in render(state, lang="en")
    assert "round " not in render(R.new_game(3, "no-limit"), lang="en")


def test_every_space_and_deed_is_a_place_to_play(game):
    html = render(game, you=0)
    for i in range(42):
        assert re.search(rf'<g class="es-cell [^"]*" data-target="space:{i}"[^>]* data-space="{i}">', html), i
    for i in board.deed_spaces():
        tag = re.search(rf'<g class="es-cell [^"]*" data-target="space:{i}"([^>]*)>', html).group(1)
        assert 'tabindex="0"' in tag and 'role="button"' in tag and f'aria-label="{i}. ' in tag
    state, seat = buy(game, 3)
    deed = re.search(r'<article class="es-deed[^"]*" data-space="3" ([^>]*)>', render(state, you=seat)).group(1)
    assert 'data-target="space:3"' in deed and 'tabindex="0"' in deed and 'role="button"' in deed


def test_every_move_on_the_board_has_its_element():
    """Each legal move that names a board element (presenters.action_target) finds it by data-target."""
    from games.present.presenters import action_target

    rng = random.Random(9)
    state = R.new_game(3, "board-targets", {"max_turns": 30})
    checked = 0
    for n in range(500):
        step = random_step(state, rng)
        if step is None:
            break
        if n % 25 == 0:
            for you in R.to_move(state):
                view = R.view(state, you)
                present = set(re.findall(r'data-target="([^"]+)"', render(state, you=you)))
                wanted = {t for a in R.legal_actions(state, you) if (t := action_target("estanciero", a, view))}
                assert wanted <= present, wanted - present
                checked += len(wanted)
        state, _events = R.apply(state, *step)
    assert checked > 0


def test_players_are_named_by_name():
    rng = random.Random(2)
    state = R.new_game(3, "names")
    for _ in range(200):
        step = random_step(state, rng)
        if step is None:
            break
        state, _events = R.apply(state, *step)
    html = render(state, you=0, lang="en")
    assert "player 1" not in html.lower() and "jugador" not in html.lower()
    for n in NAMES:
        assert n in html


def test_random_mid_game_states_render():
    rng = random.Random(5)
    state = R.new_game(3, "board-random", {"max_turns": 20})
    for n in range(300):
        step = random_step(state, rng)
        if step is None:
            break
        seat, action = step
        state, _events = R.apply(state, seat, action)
        if n % 60 == 0:
            for you in (0, 1, None):
                html = render(state, you=you)
                assert html.count('<g class="es-cell ') == 42
                for key, owner in state["owners"].items():
                    if owner is not None:
                        assert f"es-own es-fill-{owner}" in cell(html, int(key))


def test_the_committed_board_template_is_generated_from_the_board_data():
    """The board's geometry and texts are generated from engine/data (scripts/gen_estanciero_board.py)."""
    import runpy
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    generated = runpy.run_path(str(root / "scripts" / "gen_estanciero_board.py"), run_name="check")["tpl"]
    committed = (root / "games/estanciero/templates/estanciero/board.html").read_text()
    assert generated == committed, "run: python scripts/gen_estanciero_board.py"
