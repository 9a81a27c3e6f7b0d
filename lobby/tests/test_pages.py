"""Home, rules and leagues pages, in both languages."""

import re

import pytest
from django.urls import reverse

from games.core.sections import SECTIONS

pytestmark = pytest.mark.django_db


@pytest.mark.embedded
def test_home_in_spanish_by_default(client):
    page = client.get(reverse("lobby:home")).content.decode()
    assert "Sentate a la mesa." in page
    for name in ("Argentilandia", "Estanciero", "Ladrillazo"):
        assert name in page


def test_home_in_english_when_asked(client):
    page = client.get(reverse("lobby:home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Sit down at the table." in page


@pytest.mark.parametrize("game", list(SECTIONS))
@pytest.mark.parametrize("lang", ["es", "en"])
def test_rules_page_has_one_anchor_per_rulebook_section(client, game, lang):
    client.cookies["django_language"] = lang
    response = client.get(reverse("lobby:rules", args=[game]))
    assert response.status_code == 200
    html = response.content.decode()
    ids = re.findall(r'<section class="rule" id="([a-z0-9-]+)"', html)
    assert ids == list(SECTIONS[game])
    for slug, (en, es) in SECTIONS[game].items():
        assert f'href="#{slug}"' in html
        assert (es if lang == "es" else en) in html


def test_unknown_game_rules_404(client):
    assert client.get("/rules/parchis/").status_code == 404


def test_leagues_page(client):
    assert client.get(reverse("lobby:leagues")).status_code == 200


def test_healthz(client):
    assert client.get("/healthz").json() == {"ok": True}
