"""The Argentilandia board fragment renders the map, the owners' colours and only the viewer's own hand."""

import json
import random
import re
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.argentilandia import text
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
        tag = re.search(rf'<g class="([^"]+)" id="al-s-{p}-{i}"', html).group(1)
        assert "own" in tag.split() and f"o{o}" in tag.split()
        assert re.search(rf'id="al-s-{p}-{i}"[^>]*aria-label="[^"]*: {NAMES[o]}"', html), "the owner is named"
    free = next((p, i) for p, slots in placed["mps"].items() for i, o in enumerate(slots) if o is None)
    tag = re.search(rf'<g class="([^"]+)" id="al-s-{free[0]}-{free[1]}"', html).group(1)
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
    assert 'data-act data-key="al-offer"' not in spectator


def test_cost_card_highlights_what_can_be_bought(placed):
    html = render(placed, RULESET.to_move(placed)[0])
    assert re.search(r'<li class="can"><span>MP \(free\)', html)


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


# --- the board drawn from data, and the places to play -------------------------------------------------

MAP = json.loads((Path(B.__file__).with_name("data") / "map.json").read_text())
TEMPLATE = (Path(B.__file__).parents[1] / "templates/argentilandia/board.html").read_text()


def test_map_data_covers_the_board_and_credits_its_source():
    assert set(MAP["provinces"]) == set(B.PROVINCE_IDS)
    assert set(MAP["ports"]) == set(B.PORT_IDS)
    assert "Natural Earth" in MAP["_about"] and MAP["credit"] == "Natural Earth"
    for pid, geo in MAP["provinces"].items():
        x, y = geo["anchor"]
        assert 0 <= x <= MAP["width"] and 0 <= y <= MAP["height"], pid
        assert geo["d"].startswith("M") and geo["d"].count(",") > 10, pid  # a real outline, not a box
    # Game data stays in board.json: the map file has no dice numbers, VP or MPs.
    flat = json.dumps(MAP)
    for key in ('"number"', '"vp"', '"mps"', '"region"', '"ratio"'):
        assert key not in flat


def test_no_province_data_typed_into_the_template():
    for p in B.PROVINCES.values():
        assert p["name"] not in TEMPLATE, p["name"]
    for port in B.PORTS.values():
        assert port["name"] not in TEMPLATE
    for pid in B.PROVINCE_IDS + B.PORT_IDS + B.INDUSTRY_IDS:
        assert f'"{pid}"' not in TEMPLATE and f"'{pid}'" not in TEMPLATE and f".{pid}" not in TEMPLATE, pid


def test_every_province_shows_its_number_vp_and_materials_from_board_json(placed):
    html = render(placed, None)
    for pid, p in B.PROVINCES.items():
        hit = re.search(rf'<use href="#al-sh-{pid}" class="hit[^"]*" data-target="province:{pid}" '
                        rf'data-target2="union:province:{pid}" tabindex="0" role="button" aria-label="([^"]+)"', html)
        assert hit, pid
        label = hit.group(1)
        assert label.startswith(f"{p['name']}: dice {p['number']}, {p['vp']} VP, ")
        for m in p["mps"]:
            assert text.material(m) in label
        badge = html.split(f'data-province-badge="{pid}"')[1].split("data-province-badge=")[0]
        assert f">{p['number']}</text>" in badge
        assert badge.count('class="slot ') == len(p["mps"])
        region = next(r for r in B.BOARD["regions"] if r["id"] == p["region"])
        assert f'id="al-p-{pid}" data-province="{pid}" fill="{region["color"]}"' in html


def test_caba_is_drawn_in_its_inset_with_its_port(placed):
    html = render(placed, None)
    inset = MAP["caba_inset"]
    assert 'class="inset-frame"' in html and f'x="{inset["frame"][0]}"' in html
    assert 'class="mini"' in html  # where the city is on the main map
    port = next(p for p in B.BOARD["ports"] if p["province"] == "caba")
    assert f'data-target="port:{port["id"]}"' in html


def _targets(html):
    return set(re.findall(r'data-target2?="([^"]+)"', html))


@pytest.mark.parametrize("steps", [4, 40, 160, 230])
def test_every_move_on_the_board_has_its_element(steps):
    """Each legal move that names a board element (presenters.action_target) finds it by data-target."""
    from games.present.presenters import action_target

    state = RULESET.new_game(4, "targets")
    rng = random.Random(steps)
    for _ in range(steps):
        if not RULESET.to_move(state):
            break
        seat = RULESET.to_move(state)[0]
        state, _ev = RULESET.apply(state, seat, RULESET.bot_action(state, seat, rng))
    if not RULESET.to_move(state):
        pytest.skip("the game ended")
    seat = RULESET.to_move(state)[0]
    view = RULESET.view(state, seat)
    html = render(state, seat)
    present = _targets(html)
    wanted = {t for a in RULESET.legal_actions(state, seat) if (t := action_target("argentilandia", a, view))}
    assert wanted <= present, wanted - present


def test_target_keys_for_every_kind_of_place(placed):
    html = render(placed, None)
    present = _targets(html)
    for pid, p in B.PROVINCES.items():
        assert f"province:{pid}" in present and f"union:province:{pid}" in present
        for i in range(len(p["mps"])):
            assert f"mp:{pid}:{i}" in present
    for port in B.PORT_IDS:
        assert f"port:{port}" in present
    for ind in B.INDUSTRY_IDS:
        assert f"industry:{ind}" in present and f"union:industry:{ind}" in present
    # Every place is a keyboard button with a name.
    for tag in re.findall(r"<[^>]*data-target=[^>]*>", html):
        assert 'tabindex="0"' in tag and 'role="button"' in tag and 'aria-label="' in tag, tag[:120]


def test_players_are_named_by_name_not_colour_or_number():
    state = midgame(200)
    for you in (0, None):
        html = render(state, you)
        assert "player 1" not in html and "player 2" not in html
        for colour in ("Red", "Blue", "Yellow", "Green", "White"):
            assert f">{colour}<" not in html
    html = render(state, 0)
    for o in (state.get("offers") or []):
        assert NAMES[o["from"]] in html


def test_the_exchange_form_opens_on_the_material_held_most_for_the_one_held_least():
    """The player's exchange (with the bank, a port or abroad) first offers the material they hold most, for
    the one they hold least (the first of a tie): it opened on "give Oil (0), get Oil", which the rules refuse."""
    state = midgame()
    you = RULESET.to_move(state)[0]
    view = RULESET.view(state, you)
    materials = list(view["hand"])
    hand = dict.fromkeys(materials, 1)
    hand[materials[-1]], hand[materials[2]], hand[materials[4]] = 5, 0, 0
    html = render_to_string("argentilandia/board.html", {
        "game": FakeGame(), "seats": [FakeSeat(i, n) for i, n in enumerate(NAMES)], "names": NAMES, "payload": {},
        "view": {**view, "hand": hand, "phase": "main", "current": you}, "you": you, "to_move": [you], "log": [],
        # The form is shown when the engine offers an exchange: here the bank's, for the 5 cards held.
        "legal": [{"type": "bank_trade", "json": json.dumps({"type": "bank_trade", "give": materials[-1],
                                                               "get": materials[2]})}]})
    give = re.search(r'<select name="a_give">(.*?)</select>', html, re.S).group(1)
    get = re.search(r'<select name="a_get">(.*?)</select>', html, re.S).group(1)
    assert re.findall(r'value="(\w+)" selected', give) == [materials[-1]]
    assert re.findall(r'value="(\w+)" selected', get) == [materials[2]]


def test_the_bank_shows_its_total_to_every_viewer():
    """Doubles a., decision 18: every seat and a spectator see the bank's Production cards as one total (with its
    Corrupt Officials and Stockbrokers), never a count per material that would show the discards."""
    from games.argentilandia.tests.test_engine_helpers import main_state

    state = main_state(hands={0: {"oil": 3}, 1: {"fish": 9}, 2: {"soy": 2}})
    total = sum(state["bank"].values())
    assert total == 144 - 14
    for you in (None, 0, 1, 2, 3):
        html = render(state, you)
        bank = html.split('class="small muted al-bank">')[1].split("</p>")[0]
        assert bank == (f"Bank: {total} Production cards, {state['bank_officials']} Corrupt Officials, "
                        f"{state['bank_stockbrokers']} Stockbrokers")  # and no pile counted (Fish: 7)
