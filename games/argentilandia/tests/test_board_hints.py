"""The board's hints (``data-hint``, shown on hover, long press or focus): a province tells its dice number, VP and
MPs, what its MPs pay and its monopoly gives, who holds its MPs and, to a seated viewer, how many it holds (Provinces
and dice; Production; Monopoly; Special Provinces); a port its ratio and rule (Trading at ports); an industry its
material, VP, who doubles, what its VP need and what it costs (Industries and doubling; Buying Industries; Buying free
industry percentages; Monopoly (industries)). The table is rendered as a live push renders it, the kept parts shared
between viewers of a revision: each seat still reads its own count."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.argentilandia import text
from games.argentilandia.engine.ruleset import RULESET
from games.argentilandia.tests.test_engine_helpers import main_state
from games.argentilandia.text import label_action
from games.templatetags.tablero import PART_LANGUAGE, forget_public_parts

NAMES = ["Ana", "Beto", "Caro", "Dani"]


class FakeGame:
    pk = 7
    version = 3
    status = "active"
    ruleset = "argentilandia"


def render(state: dict, you: int | None, lang: str = "en", revision: tuple | None = (7, "seal", 3)) -> str:
    """The board as ``you`` sees it in ``lang``; with ``revision``, as a live push renders it (``public_revision``:
    the parts every viewer sees alike are made once per revision, kept parts once per what they name)."""
    with translation.override(lang):
        view = RULESET.view(state, you)
        legal = [] if you is None else RULESET.legal_actions(state, you)
        ctx = {
            "game": FakeGame(), "names": NAMES, "payload": {}, "view": view, "you": you, "log": [],
            "to_move": RULESET.to_move(state), "public_revision": revision, PART_LANGUAGE: lang, "csrf_token": "T",
            "legal": [{"label": label_action(a, view), "json": json.dumps(a), "type": a["type"]} for a in legal],
        }
        return render_to_string("argentilandia/board.html", ctx)


def hint(html: str, target: str, you: int | None = None) -> str:
    """The hint of the element whose ``data-target`` is ``target`` as the page of seat ``you`` shows it
    (``static/js/table.js``): its ``data-hint``, and the seat's own sentence from ``data-hint-seat`` after it."""
    found = re.search(rf'data-target="{re.escape(target)}"[^>]*?data-hint="([^"]*)"(?: data-hint-seat="([^"]*)")?',
                      html)
    assert found, target
    text = unescape(found.group(1))
    if you is not None and found.group(2):
        text += " " + json.loads(unescape(found.group(2)))[you]
    return text


@pytest.fixture
def position() -> dict:
    """Ana holds 2 of Santa Fe's 3 MPs and Beto 1; Ana owns the port of Bahía Blanca (with an MP in Buenos Aires);
    Beto owns the Meatpacking Plant with 2 shares to Ana's 1; the Union Organizer is on Tucumán (Setup)."""
    st = main_state(mps={"santa_fe": [0, 0, 1], "buenos_aires": [0, None, None, None]})
    st["ports"]["bahia_blanca"] = 0
    st["industries"]["meatpacking_plant"] = {"slots": [1, 0, 1, None], "owner": 1}
    return st


def test_each_seat_reads_its_own_count_of_a_provinces_mps_and_a_spectator_the_holders(position):
    """Provinces and dice; Monopoly: Santa Fe's hint tells its number, VP, MPs and holders to everyone, and "you hold"
    to each seat, its own count, though the kept parts of this revision are shared between the viewers."""
    forget_public_parts()
    ana, beto, spectator, ana_again = (render(position, 0), render(position, 1), render(position, None),
                                       render(position, 0))
    common = ("Santa Fe: rolled on 10, 3 VP. MPs: Soy, Cows, Fish. Each MP pays its owner 1 Production card when 10 "
              "is rolled; holding all 3 is a monopoly: its VP and double production. Special province: its monopoly "
              "brings a Corrupt Official or a Stockbroker every turn, alternating. MPs held: Ana (2), Beto (1).")
    assert hint(ana, "province:santa_fe", 0) == common + " You hold 2 of its 3 MPs."
    assert hint(beto, "province:santa_fe", 1) == common + " You hold 1 of its 3 MPs."
    assert hint(spectator, "province:santa_fe") == common
    assert hint(ana_again, "province:santa_fe", 0) == hint(ana, "province:santa_fe", 0)
    assert hint(render(position, 2), "province:santa_fe", 2).endswith("You hold 0 of its 3 MPs.")
    # One element for every viewer: the seats' sentences travel together, and each page adds its own.
    assert re.findall(r'<use href="#al-sh-santa_fe" class="hit"[^>]*>', ana) == re.findall(
        r'<use href="#al-sh-santa_fe" class="hit"[^>]*>', spectator)
    # Every province has its hint, drawn alike whether the parts are kept or made afresh.
    assert len(re.findall(r'class="hit"[^>]*data-hint="', ana)) == 24
    assert render(position, 1, revision=None) == re.sub(r' data-part="[0-9a-f]+"', "", beto)


def test_a_blocked_province_a_border_province_and_free_mps_union_organizer_international_trade(position):
    """Union Organizer: blocked, no production, purchases or VP; International Trade: a border monopoly trades as a
    2 x 1 port; free MPs are counted."""
    html = render(position, None, revision=None)
    tucuman = hint(html, "province:tucuman")
    assert tucuman.startswith("Tucumán: rolled on 5, 1 VP. MPs: Wood. Its MP pays its owner 1 Production card")
    assert "No MP held yet." in tucuman and tucuman.endswith("Blocked by the Union Organizer: no production, no "
                                                             "purchases, no VP.")
    assert "MPs held: Ana (1); 3 free." in hint(html, "province:buenos_aires")
    assert "Border province: its monopoly trades abroad as a 2 x 1 port." in hint(html, "province:mendoza")


def test_ports_and_industries_tell_their_rule_and_holders_trading_at_ports_industries_and_doubling(position):
    """Trading at ports: ratio, identical cards for 1 of your choice, an MP in its province; for sale at 3 different
    cards. Industries and doubling (docs/rules/argentilandia.md decision 1: a holder tied with the owner doubles too);
    Monopoly (industries): its VP need every share and an MP of its material; Buying Industries: 1 Oil + 3 identical."""
    html = render(position, 1)
    assert hint(html, "port:bahia_blanca") == (
        "Port of Bahía Blanca (2 x 1), in Buenos Aires: its owner trades 2 identical cards for 1 of their choice, as "
        "often as they like on their turn, while holding an MP in Buenos Aires. Owner: Ana.")
    assert hint(html, "port:puerto_madryn").endswith(
        "For sale: 3 different cards, while Chubut is in play, to a player with an MP there.")
    assert hint(html, "industry:meatpacking_plant") == (
        "Meatpacking Plant: Cows, 5 VP. Its owner (most shares) doubles Cows production; a holder tied with the owner "
        "doubles too. Its VP need all 4 shares and an MP of Cows. Owner: Beto. Shares: Ana (1), Beto (2). 1 share free: "
        "1 Oil + 1 Soy + 1 Metals.")
    assert hint(html, "industry:winery").endswith("For sale: 1 Oil + 3 identical cards of another kind, with its "
                                                  "first share.")


def test_the_hints_in_spanish_the_rules_page_words():
    """The same hints in the Spanish of the Rules page (MPS, PV, Sindicalista, Agente de Bolsa, porcentajes)."""
    with translation.override("es"):
        santa_fe = text.province_hint("santa_fe", [0, 0, 1], NAMES, you=0)
        assert santa_fe.startswith("Santa Fe: sale con el 10, 3 PV. MPS: Soja, Vacas, Pescado.")
        assert "un Funcionario Corrupto o un Agente de Bolsa" in santa_fe
        assert santa_fe.endswith("MPS ocupados: Ana (2), Beto (1). Tenés 2 de sus 3 MPS.")
        assert text.province_hint("tucuman", [None], NAMES, blocked=True).endswith("Bloqueada por el Sindicalista: "
                                                                                   "sin producción, sin compras, sin PV.")
        assert text.port_hint("bahia_blanca", 0, NAMES).startswith("Puerto de Bahía Blanca (2 x 1), en Buenos Aires:")
        plant = text.industry_hint("meatpacking_plant", [1, 1, 1, 1], 1, NAMES)
        assert "quien empate con el dueño también duplica" in plant and plant.endswith("Monopolio de Beto.")
