"""The quick play button: one click to a seat (or a new table waiting for bots), refusals back in the lobby."""

import pytest
from django.test import Client

from accounts.models import User
from games.models import Game
from games.tables import lifecycle as tables
from games.tests.conftest import client_for

pytestmark = pytest.mark.django_db


def test_one_click_seats_the_person_or_opens_a_table_that_shows_the_wait(django_capture_on_commit_callbacks):
    alicia, bruno = (User.objects.create_user(n, password=f"pw-{n}-123") for n in ("alicia", "bruno"))
    open_table = tables.do_create_table(alicia, "estanciero", 3, time_control="blitz")
    response = client_for(bruno).post("/play/quick/", {"quick_game": "estanciero", "quick_time_control": "blitz",
                                                       "wait": "30"})
    assert response.status_code == 302 and response["Location"] == open_table.get_absolute_url()
    assert open_table.seats.get(index=1).user == bruno

    with django_capture_on_commit_callbacks(execute=False):
        response = client_for(bruno).post("/play/quick/", {"quick_game": "ladrillazo", "quick_time_control": "live",
                                                           "wait": "15"})
    game = Game.objects.get(ruleset="ladrillazo")
    assert response["Location"] == game.get_absolute_url() and game.created_by == bruno
    page = client_for(bruno).get(game.get_absolute_url()).content.decode()
    assert 'class="quick-wait"' in page and "Bots take the empty seats in 15 s." in page and "<progress" in page


def test_refusals_return_to_the_lobby_and_change_nothing():
    alicia = User.objects.create_user("alicia", password="pw-alicia-1")
    c = client_for(alicia)
    for data, message in (({"quick_game": "estanciero", "quick_time_control": "live", "wait": "5"},
                           "Wait 0, 15, 30 or 60 seconds for other people."),
                          ({"quick_game": "estanciero", "quick_time_control": "live", "wait": "soon"}, "Invalid table settings."),
                          ({"quick_game": "go", "quick_time_control": "live", "wait": "0"}, "Unknown game go.")):
        response = c.post("/play/quick/", data, follow=True)
        assert response.redirect_chain[-1][0] == "/play/" and message in response.content.decode()
    assert not Game.objects.exists()
    assert c.get("/play/quick/").status_code == 405
    anonymous = Client().post("/play/quick/", {"quick_game": "estanciero", "quick_time_control": "live", "wait": "0"})
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
