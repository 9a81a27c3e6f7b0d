"""The profile (``lobby.views_profile.profile``): per game, one rating per pace played, each with its provisional
mark, its chart and a link to that pace's leaderboard; the history export names each rating's and game's pace."""

import json

import pytest
from django.urls import reverse

from games.models import Game
from lobby.models import Rating
from lobby.results import record_game
from lobby.tests.conftest import finished_game

pytestmark = pytest.mark.django_db


def played(users, time_control: str, ranking=None, ruleset: str = "estanciero") -> Game:
    game = finished_game(users, ranking, ruleset=ruleset)
    Game.objects.filter(pk=game.pk).update(time_control=time_control)
    record_game(game.pk)
    return game


def test_the_profile_shows_one_rating_per_pace_played(client, people):
    ana, beto = people[:2]
    played([ana, beto], "blitz", [0, 1])
    played([ana, beto], "blitz", [0, 1])
    played([ana, beto], "relaxed", [1, 0])
    played([ana, beto], "correspondence", [0, 1], ruleset="ladrillazo")
    response = client.get(reverse("lobby:profile", args=["ana"]), HTTP_ACCEPT_LANGUAGE="en")
    estanciero = next(s for s in response.context["stats"] if s.ruleset == "estanciero")
    assert [(p.pace, p.rating.games) for p in estanciero.paces] == [("blitz", 2), ("rapid", 1)]
    blitz, rapid = estanciero.paces
    assert blitz.rating.display > 1500 > rapid.rating.display
    assert (blitz.chart.first, blitz.chart.last, len(blitz.chart.dots)) == (1500, blitz.rating.display, 3)
    assert (rapid.chart.last, len(rapid.chart.dots)) == (rapid.rating.display, 2)
    page = response.content.decode()
    assert 'id="rating-estanciero"' in page and 'id="rating-ladrillazo"' in page
    assert page.count('class="pace-rating"') == 3 and page.count('<svg class="chart"') == 3
    assert ">Blitz</h4>" in page and ">Rapid</h4>" in page and ">Correspondence</h4>" in page
    assert page.count(">provisional</span>") == 3  # fewer than 5 rated games at each pace
    assert f"<strong>{blitz.rating.display}</strong>" in page and f"<strong>{rapid.rating.display}</strong>" in page
    for ruleset, pace in (("estanciero", "blitz"), ("estanciero", "rapid"), ("ladrillazo", "correspondence")):
        assert f'href="/leaderboards/{ruleset}/?pace={pace}"' in page
    spanish = client.get(reverse("lobby:profile", args=["ana"]), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert ">Blitz</h4>" in spanish and ">Correspondencia</h4>" in spanish and ">provisorio</span>" in spanish


def test_a_game_played_only_unrated_shows_no_rating(client, people):
    ana, beto = people[:2]
    game = finished_game([ana, beto], rated=False)
    record_game(game.pk)
    page = client.get(reverse("lobby:profile", args=["ana"]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "unrated" in page and 'class="pace-rating"' not in page
    assert 'href="/leaderboards/estanciero/"' in page


def test_the_export_names_the_pace_of_each_rating_and_game(client, people):
    ana, beto = people[:2]
    played([ana, beto], "blitz")
    played([ana, beto], "live")
    client.force_login(ana)
    export = json.loads(client.get(reverse("lobby:history_json", args=["ana"])).content)
    assert [(r["ruleset"], r["pace"], r["games"]) for r in export["ratings"]] == [
        ("estanciero", "blitz", 1), ("estanciero", "rapid", 1)]
    assert sorted(g["pace"] for g in export["games"]) == ["blitz", "rapid"]
    assert Rating.objects.filter(user=ana).count() == 2
