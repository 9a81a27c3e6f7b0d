"""The small template helpers the live table is drawn with (``games/templatetags/tablero.py`` and the boards'
tag libraries), each standing in for template code that a render ran dozens of times: they must draw exactly
what that code drew."""

import re

from django.middleware.csrf import _unmask_cipher_token, get_token
from django.template import Context, Template
from django.template.context import RequestContext
from django.test import RequestFactory
from django.utils import translation

from games.argentilandia import text as al_text
from games.ladrillazo import text as lz_text

# What games/_action_button.html drew, an include per move until the tag replaced it.
INCLUDED = ('<form method="post" action="{{ act_url }}" data-act data-key="{{ a.key }}" id="act-{{ a.key }}"'
            '{% if a.target %} data-target="{{ a.target }}"{% endif %}{% if a.direct %} data-direct="1"{% endif %}>'
            '{% csrf_token %}\n  <input type="hidden" name="action" value="{{ a.json }}">\n'
            '  <input type="hidden" name="version" value="{{ game.version }}">\n'
            '  <button type="submit" class="act act-{{ a.type }}">{{ a.label }}</button>\n</form>\n')
TAG = "{% load tablero %}{% action_button a %}"


class _Game:
    version = 41


def _both(context: Context) -> tuple[str, str]:
    return Template(INCLUDED).render(context), Template(TAG).render(context)


def test_a_move_button_draws_what_the_included_form_drew_with_and_without_a_board_target():
    for extra in ({}, {"target": "space:8", "direct": True}, {"target": "", "direct": False}):
        a = {"key": "a1b2c3", "json": '{"type": "buy", "space": 8}', "type": "buy",
             "label": "Buy <Bodega> & \"more\"", **extra}
        included, tag = _both(Context({"a": a, "act_url": "/games/7/act/", "game": _Game(), "csrf_token": "NOTPROVIDED"}))
        assert tag == included
        assert "&lt;Bodega&gt; &amp; &quot;more&quot;" in tag  # the label escaped, as the template escaped it
        assert 'value="{&quot;type&quot;: &quot;buy&quot;, &quot;space&quot;: 8}"' in tag
        assert "csrfmiddlewaretoken" not in tag  # a socket push carries no person's token


def test_a_move_button_on_a_page_carries_the_persons_csrf_token():
    request = RequestFactory().get("/games/7/")
    token = get_token(request)
    a = {"key": "k", "json": "{}", "type": "roll", "label": "Roll", "target": None, "direct": False}
    context = RequestContext(request, {"a": a, "act_url": "/games/7/act/", "game": _Game()})
    included, tag = _both(context)
    masked = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]+"')  # each render masks the token anew
    assert masked.sub(r"\1T", tag) == masked.sub(r"\1T", included)
    value = masked.search(tag).group(0).split('value="')[1][:-1]
    assert _unmask_cipher_token(value) == _unmask_cipher_token(token)  # the page's form posts with the person's own token


def test_name_at_names_a_seat_and_nothing_for_a_seat_that_is_not_there():
    render = Template("{% load tablero %}[{{ names|name_at:seat }}]").render
    names = ["ana", "<b>bruno</b>"]
    assert render(Context({"names": names, "seat": 0})) == "[ana]"
    assert render(Context({"names": names, "seat": 1})) == "[&lt;b&gt;bruno&lt;/b&gt;]"
    for seat in (None, 2, -1, "0"):
        assert render(Context({"names": names, "seat": seat})) == "[]"


def test_a_ladrillazo_card_is_named_in_the_board_language_as_the_partial_named_it():
    render = Template("{% load ladrillazo_board %}[{{ d|lz_name:LANG }}]").render
    card = {"name": "Pelotazo", "name_en": "Windfall"}
    assert render(Context({"d": card, "LANG": "es"})) == "[Pelotazo]"
    assert render(Context({"d": card, "LANG": "en-gb"})) == "[Windfall]"
    assert render(Context({"d": {"name": "Sólo español"}, "LANG": "en"})) == "[]"  # as {{ d.name_en }} drew
    assert render(Context({"d": None, "LANG": "es"})) == "[]"


def test_material_industry_and_type_names_are_translated_one_at_a_time():
    """The names are translated as they are asked for; unknown keys read as themselves (or "?")."""
    with translation.override("en"):
        assert al_text.material("oil") == "Oil" and al_text.industry("winery") == "Winery"
        assert lz_text.type_name("paradise") == "tax haven"
    with translation.override("es"):
        assert al_text.material("oil") == "Petróleo" and al_text.industry("winery") == "Bodega"
        assert lz_text.type_name("paradise") == "paraíso fiscal"
    assert al_text.material("gold") == "gold" and al_text.industry(None) == "None"
    assert lz_text.type_name("castle") == "?" and lz_text.type_name(["land"]) == "?"


def test_the_cost_card_is_keyed_by_the_kinds_of_legal_moves():
    render = Template("{% load argentilandia_board %}{{ legal|al_move_types|join:',' }}").render
    legal = [{"type": "buy_port", "label": "x"}, {"type": "bank_trade"}, {"type": "buy_port"}, "junk"]
    assert render(Context({"legal": legal})) == "bank_trade,buy_port"
    assert render(Context({"legal": []})) == "" and render(Context({"legal": None})) == ""


def test_a_plot_card_is_keyed_by_its_state_and_not_by_its_printed_definition():
    render = Template("{% load ladrillazo_board %}{{ c|lz_card_key }}").render
    card = {"id": 7, "tapped": False, "backers": [3, 4], "slots_free": ["land"], "card": {"powers": [{"level": 1}]}}
    key = render(Context({"c": card}))
    assert "powers" not in key and "(3, 4)" in key  # lists as tuples: a key must hash
    assert render(Context({"c": {**card, "tapped": True}})) != key
    assert render(Context({"c": {**card, "card": {"powers": []}}})) == key
