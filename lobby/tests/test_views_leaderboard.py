"""Leaderboards: a game's active players by rating, with games and win rate; provisional ratings marked."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from lobby import ratings
from lobby.models import Rating

pytestmark = pytest.mark.django_db


def rate(user, mu: float, games: int, wins: int, days_ago: int = 1, ruleset: str = "estanciero") -> Rating:
    return Rating.objects.create(user=user, ruleset=ruleset, mu=mu, games=games, wins=wins,
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
