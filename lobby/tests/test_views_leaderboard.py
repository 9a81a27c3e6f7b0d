"""Leaderboards: a game's active players at one pace by that pace's rating, with games and win rate; provisional
ratings marked; a switch between paces, by default the pace with the most rated games lately."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Game
from lobby import ratings
from lobby.models import Rating
from lobby.results import record_game
from lobby.tests.conftest import finished_game

pytestmark = pytest.mark.django_db


def rate(user, mu: float, games: int, wins: int, days_ago: int = 1, ruleset: str = "estanciero",
         pace: str = "rapid") -> Rating:
    return Rating.objects.create(user=user, ruleset=ruleset, pace=pace, mu=mu, games=games, wins=wins,
                                 last_played_at=timezone.now() - timedelta(days=days_ago))


def test_active_players_by_rating_with_games_and_win_rate(client, people, bot_users):
    ana, beto, caro, dani = people
    rate(ana, 30, 10, 5)
    rate(beto, 27, 4, 1)               # provisional
    rate(caro, 35, 20, 12, days_ago=200)  # not active: no rated game in 90 days
    rate(dani, 40, 8, 8, ruleset="ladrillazo")  # another game
    rate(bot_users[0], 26, 6, 2)
    response = client.get(reverse("lobby:leaderboard", args=["estanciero"]), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    rows = list(response.context["page"].object_list)
    assert [r.user.username for r in rows] == ["ana", "beto", "bot-normal-1"]
    page = response.content.decode()
    assert str(ratings.display(30)) in page and "50%" in page  # ana: 5 of 10
    assert "provisional" in page and "caro" not in page and "dani" not in page
    assert ">bot<" in page  # league bot accounts are marked
    spanish = client.get(reverse("lobby:leaderboard", args=["estanciero"]), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert ">Partidas</th>" in spanish, "the games each person played (partidas), not the games to play (juegos)"


def test_the_default_leaderboard_and_tabs_for_every_game(client):
    page = client.get(reverse("lobby:leaderboards")).content.decode()
    for game in ("argentilandia", "estanciero", "ladrillazo"):
        assert reverse("lobby:leaderboard", args=[game]) in page
    assert "Nadie jugó últimamente una partida con rating de este juego." in page


def test_an_unknown_game_has_no_leaderboard(client):
    assert client.get(reverse("lobby:leaderboard", args=["parchis"])).status_code == 404


def board(client, query: str = "", ruleset: str = "estanciero"):
    return client.get(reverse("lobby:leaderboard", args=[ruleset]) + query, HTTP_ACCEPT_LANGUAGE="en")


def test_each_pace_has_its_own_leaderboard(client, people):
    ana, beto, caro, _ = people
    rate(ana, 30, 10, 5)
    rate(beto, 27, 6, 1)
    rate(beto, 33, 7, 6, pace="blitz")
    rate(caro, 31, 2, 1, pace="blitz")
    rate(ana, 20, 5, 0, pace="correspondence")
    response = board(client, "?pace=blitz")
    assert response.context["pace"] == "blitz"
    assert [(r.user.username, r.display) for r in response.context["page"].object_list] == [
        ("beto", ratings.display(33)), ("caro", ratings.display(31))]
    page = response.content.decode()
    assert 'aria-current="page">Blitz</a>' in page and "ana" not in page
    assert "Blitz: 20 s a move + 2 min" in page  # the clocks this rating counts
    for pace in ("blitz", "rapid", "correspondence"):
        assert f'href="/leaderboards/estanciero/?pace={pace}"' in page
    assert 'href="/u/beto/#rating-estanciero"' in page  # and the profile links back to this pace
    assert 'href="/leaderboards/ladrillazo/?pace=blitz"' in page  # a pace picked stays picked from game to game
    rapid = board(client, "?pace=rapid")
    assert [r.user.username for r in rapid.context["page"].object_list] == ["ana", "beto"]
    assert "Live: 1 min a move + 5 min" in rapid.content.decode() and "Relaxed: 3 min" in rapid.content.decode()
    assert [r.user.username for r in board(client, "?pace=correspondence").context["page"].object_list] == ["ana"]


def test_the_default_pace_has_the_most_rated_games_lately(client, people):
    ana, beto, caro, _ = people
    assert board(client).context["pace"] == "rapid"  # nothing played: rapid
    for time_control, users in (("blitz", [ana, beto]), ("blitz", [beto, caro]), ("live", [ana, beto, caro]),
                                ("correspondence", [ana, caro])):
        game = finished_game(users)
        Game.objects.filter(pk=game.pk).update(time_control=time_control, finished_at=timezone.now())
        record_game(game.pk)
    response = board(client)
    assert response.context["pace"] == "blitz"
    assert [r.user.username for r in response.context["page"].object_list] == ["ana", "beto", "caro"]
    assert board(client, "?pace=bullet").context["pace"] == "blitz"  # an unknown pace: the default
    assert board(client, ruleset="ladrillazo").context["pace"] == "rapid"
    assert 'href="/leaderboards/ladrillazo/"' in response.content.decode()  # no pace picked: each game's own default
