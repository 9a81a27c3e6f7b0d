"""The public profile page and the settings page with preferred language."""

import pytest
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db


@pytest.fixture
def bruno(db):
    return User.objects.create_user("bruno", password="pw-bruno-1234")


def test_profile_is_public(client, bruno):
    response = client.get(reverse("lobby:profile", args=["bruno"]))
    assert response.status_code == 200
    assert b"bruno" in response.content


def test_unknown_profile_is_404(client):
    assert client.get("/u/nadie/").status_code == 404


def test_settings_requires_login(client):
    response = client.get(reverse("accounts:settings"))
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_saved_language_follows_the_player(client, bruno):
    client.force_login(bruno)
    client.post(reverse("accounts:settings"), {"language": "en", "first_name": ""})
    bruno.refresh_from_db()
    assert bruno.language == "en"
    client.cookies.clear()
    client.force_login(bruno)
    page = client.get(reverse("lobby:home"), HTTP_ACCEPT_LANGUAGE="es")
    assert page.content.decode().count('lang="en"') >= 1
    assert "Sit down at the table." in page.content.decode()


def test_settings_rejects_an_unknown_language(client, bruno):
    client.force_login(bruno)
    response = client.post(reverse("accounts:settings"), {"language": "xx", "first_name": ""})
    assert response.status_code == 200
    bruno.refresh_from_db()
    assert bruno.language == ""


def test_language_switcher_sets_the_cookie_and_saves_for_signed_in_players(client, bruno):
    client.force_login(bruno)
    response = client.post(reverse("accounts:set_language"), {"language": "en", "next": "/rules/"})
    assert response.status_code == 302 and response["Location"] == "/rules/"
    assert response.cookies["django_language"].value == "en"
    bruno.refresh_from_db()
    assert bruno.language == "en"


def test_language_switcher_refuses_foreign_redirects(client):
    response = client.post(reverse("accounts:set_language"), {"language": "es", "next": "https://evil.example.com/"})
    assert response["Location"] == "/"


def test_profile_lists_finished_games_with_the_place(client, bruno):
    from games.models import Game, Seat

    game = Game.objects.create(ruleset="estanciero", num_seats=2, status=Game.Status.FINISHED,
                               outcome={"ranking": [1, 0]}, state={})
    Seat.objects.create(game=game, index=0, is_bot=True)
    Seat.objects.create(game=game, index=1, user=bruno)
    from lobby.results import record_game  # what the game's end does (lobby.tasks.game_finished)

    record_game(game.pk)
    page = client.get(reverse("lobby:profile", args=["bruno"]))
    assert page.context["games_played"] == 1 and page.context["games_won"] == 1
    assert f"/games/{game.pk}/" in page.content.decode()
