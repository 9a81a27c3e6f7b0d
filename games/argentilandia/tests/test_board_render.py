"""The Argentilandia board fragment renders the map, the owners' colours and only the viewer's own hand."""

import json
import random
import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.argentilandia.engine import board as B
from games.argentilandia.engine.ruleset import RULESET
from games.argentilandia.text import label_action


@pytest.fixture(autouse=True)
def _english_unless_a_test_says_otherwise():
    """The site's default language is Spanish; these tests read the English texts."""
    with translation.override("en"):
        yield


class FakeGame:
    pk = 7
    version = 3
    status = "active"
    ruleset = "argentilandia"


class FakeSeat:
    def __init__(self, index, name):
        self.index = index
        self.display_name = name


NAMES = ["Ana", "Beto", "Caro", "Dani"]


def render(state, you):
    view = RULESET.view(state, you)
    legal = [] if you is None else RULESET.legal_actions(state, you)
    ctx = {
        "game": FakeGame(), "seats": [FakeSeat(i, n) for i, n in enumerate(NAMES)], "names": NAMES, "payload": {},
        "view": view, "you": you, "to_move": RULESET.to_move(state), "log": [],
        "legal": [{"label": label_action(a, view), "json": json.dumps(a), "type": a["type"]} for a in legal],
    }
    return render_to_string("argentilandia/board.html", ctx)


@pytest.fixture
def placed():
    """A new 4-player game after the first four draft placements."""
    state = RULESET.new_game(4, "seed")
    for _ in range(4):
        seat = RULESET.to_move(state)[0]
        state, _ev = RULESET.apply(state, seat, RULESET.legal_actions(state, seat)[0])
    return state


def midgame(steps=160):
    state = RULESET.new_game(4, "seed")
    rng = random.Random(3)
    for _ in range(steps):
        to_move = RULESET.to_move(state)
        if not to_move:
            break
        state, _ev = RULESET.apply(state, to_move[0], RULESET.bot_action(state, to_move[0], rng))
    return state


def test_map_draws_every_province_slot_and_port(placed):
    html = render(placed, 0)
    assert len(set(re.findall(r'id="al-p-([a-z_]+)"', html))) == 24
    for p in B.PROVINCE_IDS:
        assert f'id="al-p-{p}"' in html
        for i in range(len(B.PROVINCES[p]["mps"])):
            assert f'id="al-s-{p}-{i}"' in html
    for port in B.PORT_IDS:
        assert f'id="al-port-{port}"' in html
    assert html.count('class="ind') >= 8
    assert 'href="#al-union"' in html  # the Union Organizer starts on Tucumán
    assert "<svg" in html and 'viewBox="0 0 1000' in html


def test_placed_mps_show_their_owner_colour(placed):
    html = render(placed, None)
    owned = [(p, i, o) for p, slots in placed["mps"].items() for i, o in enumerate(slots) if o is not None]
    assert len(owned) == 4
    for p, i, o in owned:
        tag = re.search(rf'<circle id="al-s-{p}-{i}" class="([^"]+)"', html).group(1)
        assert "own" in tag.split() and f"o{o}" in tag.split()
    free = next((p, i) for p, slots in placed["mps"].items() for i, o in enumerate(slots) if o is None)
    tag = re.search(rf'<circle id="al-s-{free[0]}-{free[1]}" class="([^"]+)"', html).group(1)
    assert "own" not in tag.split()


def test_hand_only_for_its_owner():
    state = midgame()
    for seat in range(4):
        hand = state["hands"][seat]
        html = render(state, seat)
        assert "al-hand" in html and "Your hand" in html
        for m, c in hand.items():
            assert re.search(rf'card-m m-{m}[^"]*"><b>{c}</b>', html), (m, c)
    other = render(state, 1)
    assert len(re.findall(r'class="card-m ', other)) == 9
    spectator = render(state, None)
    assert "al-hand" not in spectator and "card-m" not in spectator
    assert "offer-grid" not in spectator and 'id="al-act"' not in spectator
    counts = [sum(h.values()) for h in state["hands"]]
    for c in counts:
        assert f'<i class="ic ic-cards"></i>{c}<' in spectator


def test_cost_card_highlights_what_can_be_bought(placed):
    html = render(placed, RULESET.to_move(placed)[0])
    assert re.search(r'<li class="can"><span>MP \(free\)', html)
    assert 'id="al-legal"' in html and "place_mp" in html


@pytest.mark.parametrize("lang,words", [("en", ["Players", "Your hand", "Industries", "Atlantic Ocean"]),
                                        ("es", ["Jugadores", "Tu mano", "Industrias", "Océano Atlántico"])])
def test_both_languages(lang, words):
    state = midgame(120)
    with translation.override(lang):
        html = render(state, 0)
    for w in words:
        assert w in html, w
    assert "Tucumán" in html and "Tierra del Fuego" in html


def test_contest_panel_shows_both_dice():
    state = midgame(40)
    state = dict(state)
    state["phase"] = "contest"
    state["contest"] = {"kind": "mp", "buyer": 0, "seller": 1, "province": "salta", "slot": 0, "return_phase": "main",
                        "seller_roll": [3, 5], "buyer_roll": None}
    html = render(state, 0)
    assert "al-contest" in html
    assert html.count('class="die rolled"') >= 2 and 'class="die pending"' in html
