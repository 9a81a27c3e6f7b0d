"""The moderation pages: only moderators see them; each tool works from the page; what a user sees of their
own standing."""

import pytest
from django.test import Client

from accounts.models import Restriction
from games.models import Game
from moderation import reports
from moderation import users as moderation
from moderation.models import ModerationAction, Report

pytestmark = pytest.mark.django_db


@pytest.fixture
def mod_client(mod):
    c = Client()
    c.force_login(mod)
    return c


def test_pages_are_for_moderators_only(started_game, players):
    c = Client()
    c.force_login(players[0])
    for url in ("/moderation/", "/moderation/users/beto/", f"/games/{started_game.pk}/moderate/"):
        assert c.get(url).status_code == 403
    assert c.post(f"/games/{started_game.pk}/moderate/abort/", {"reason": "x"}).status_code == 403
    assert Game.objects.get(pk=started_game.pk).status == Game.Status.ACTIVE
    assert "/moderation/" not in c.get("/play/").content.decode()


def test_the_dashboard_lists_open_reports_with_their_chat(mod_client, started_game, players):
    reports.do_report(players[0], players[1], "stalling", game=started_game)
    page = mod_client.get("/moderation/").content.decode()
    assert "stalling" in page and "beto" in page and 'href="/moderation/"' in page
    assert "stalling" not in mod_client.get("/moderation/?status=resolved").content.decode()


def test_the_dashboard_in_spanish_speaks_of_reports_and_games_played(mod_client, started_game, players):
    """Its words are the reports' ("Sin resolver", as "Resueltas" and "Todas" beside it) and a game played
    ("partida"): the tab read "Abrir" (the verb), the count "abiertos" and the game "juego" (a game to play)."""
    reports.do_report(players[0], players[1], "stalling", game=started_game)
    page = mod_client.get("/moderation/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert ">Sin resolver</a>" in page and "1 sin resolver" in page
    assert f"partida #{started_game.pk}" in page
    assert ">Abrir<" not in page and "juego #" not in page


def test_resolve_from_the_page(mod_client, started_game, players):
    report = reports.do_report(players[0], players[1], "insults", game=started_game)
    mod_client.post(f"/moderation/reports/{report.pk}/resolve/", {"resolution": "warn", "note": "first time",
                                                                    "message": "Be kind"})
    report.refresh_from_db()
    assert report.status == "resolved" and Restriction.objects.get().kind == "warning"


def test_user_page_actions_need_a_reason(mod_client, players):
    mod_client.post("/moderation/users/beto/act/", {"kind": "suspend", "reason": ""})
    assert not Restriction.objects.exists()
    mod_client.post("/moderation/users/beto/act/", {"kind": "suspend", "reason": "abandons games"})
    assert Restriction.objects.get().kind == "suspension"
    page = mod_client.get("/moderation/users/beto/").content.decode()
    assert "abandons games" in page


def test_game_page_shows_public_log_then_reveal(mod_client, started_game):
    page = mod_client.get(f"/games/{started_game.pk}/moderate/").content.decode()
    assert started_game.seed not in page and f"/games/{started_game.pk}/moderate/reveal/" in page
    response = mod_client.post(f"/games/{started_game.pk}/moderate/reveal/", {"reason": "report #3"})
    body = response.content.decode()
    assert response.status_code == 200 and "&quot;players&quot;" in body and started_game.seed not in body
    assert ModerationAction.objects.get().kind == "reveal"


def test_game_tools_from_the_page(mod_client, started_game):
    mod_client.post(f"/games/{started_game.pk}/moderate/pause/", {"reason": "dispute"})
    assert Game.objects.get(pk=started_game.pk).status == Game.Status.PAUSED
    mod_client.post(f"/games/{started_game.pk}/moderate/resume/", {"reason": "settled"})
    mod_client.post(f"/games/{started_game.pk}/moderate/adjudicate/", {"ranking": "2 1 3", "reason": "agreed"})
    game = Game.objects.get(pk=started_game.pk)
    assert game.status == Game.Status.FINISHED and game.outcome["ranking"] == [1, 0, 2]
    page = mod_client.get(f"/games/{started_game.pk}/moderate/").content.decode()
    assert game.seed in page  # over: the full state and the seed are shown


def test_a_user_sees_their_own_restriction_and_reason(mod, players):
    moderation.do_mute(mod, players[1], "insults in chat", 2)
    c = Client()
    c.force_login(players[1])
    page = c.get("/standing/").content.decode()
    assert "insults in chat" in page
    assert "insults in chat" in c.get("/").content.decode()  # the banner on every page
    assert Report.objects.count() == 0
