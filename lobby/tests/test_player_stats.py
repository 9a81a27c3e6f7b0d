"""A player's statistics per game on the profile (``lobby.player_stats``): win rate by seat, by number of players and
by pace (with the rating won or lost there), the average game's length, and the favourite openings read from the
games' first moves (Estanciero's first deed bought, Argentilandia's first two provinces of the draft)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import translation

from games.models import Game, Move
from lobby.player_stats import game_details
from lobby.results import record_game
from lobby.tests.conftest import finished_game, make_people

pytestmark = pytest.mark.django_db


def bought(game: Game, seq: int, seat: int, space: int) -> None:
    Move.objects.create(game=game, seq=seq, seat=seat, source="ui", action={"type": "buy"},
                        events=[{"type": "rolled", "seat": seat, "dice": [1, 2]},
                                {"type": "bought", "seat": seat, "space": space, "price": 1000}])


@pytest.fixture
def ana_record(db):
    """Ana's Estanciero: won at seat 0 of three (blitz, rated), lost at seat 1 of two (blitz, rated), won at seat 0
    of two (correspondence, friendly); her first buys Río Negro Zona Sur twice and Salta Zona Sur once."""
    ana, beto, caro, _ = make_people()
    games = [
        finished_game([ana, beto, caro], ranking=[0, 1, 2]),
        finished_game([beto, ana], ranking=[0, 1]),
        finished_game([ana, caro], ranking=[0, 1], rated=False),
    ]
    for game, pace, moves in zip(games, ("blitz", "blitz", "correspondence"), (40, 120, 80)):
        Game.objects.filter(pk=game.pk).update(time_control=pace, version=moves,
                                               started_at=game.finished_at - timedelta(minutes=moves // 2))
    bought(games[0], 1, 1, 9)   # beto first
    bought(games[0], 2, 0, 5)   # then ana: her opening
    bought(games[0], 3, 0, 9)
    bought(games[1], 1, 1, 5)
    bought(games[2], 1, 0, 9)
    for game in games:
        record_game(game.pk)
    return ana


def test_win_rates_by_seat_by_players_and_by_pace(ana_record):
    details = game_details(ana_record, "estanciero")
    assert [(s.key, s.played, s.wins, s.win_rate) for s in details.by_seat] == [(0, 2, 2, 100), (1, 1, 0, 0)]
    assert [(s.key, s.played, s.wins) for s in details.by_players] == [(2, 2, 1), (3, 1, 1)]
    blitz, correspondence = details.by_pace
    assert (blitz.key, blitz.played, blitz.wins, correspondence.key, correspondence.played) == (
        "blitz", 2, 1, "correspondence", 1)
    assert blitz.rating_change is not None and correspondence.rating_change is None  # a friendly game moves none
    assert details.average_moves == pytest.approx(80) and details.average_minutes == pytest.approx(40)


def test_the_favourite_openings_are_the_first_deeds_bought_most_often(ana_record):
    with translation.override("es"):
        details = game_details(ana_record, "estanciero")
    assert [(words, n) for words, n in details.openings] == [("Río Negro Zona Sur", 2), ("Salta Zona Sur", 1)]


def test_a_game_without_openings_and_a_player_without_games(db):
    ana, beto, *_ = make_people()
    record_game(finished_game([ana, beto], ruleset="ladrillazo", rated=False).pk)
    assert game_details(ana, "ladrillazo").openings == []
    assert game_details(beto, "estanciero").by_seat == [] and game_details(beto, "estanciero").average_moves is None


def test_the_profile_shows_the_breakdowns_in_both_languages(client, ana_record):
    english = client.get(reverse("lobby:profile", args=["ana"]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "More statistics" in english and "Win rate by seat" in english and "Favourite openings" in english
    assert "Río Negro South Zone" in english and 'style="width: 100%"' in english
    spanish = client.get(reverse("lobby:profile", args=["ana"]), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Más estadísticas" in spanish and "Aperturas favoritas" in spanish and "Asiento 1" in spanish
    assert "Río Negro Zona Sur" in spanish


def test_by_pace_is_by_rating_pace_with_that_pace_s_rating(db):
    """Live and relaxed tables share the rapid rating; the change shown is the pace's own rating since 1500."""
    from lobby.models import Rating

    ana, beto, *_ = make_people()
    for time_control, ranking in (("live", [0, 1]), ("relaxed", [0, 1]), ("blitz", [1, 0])):
        game = finished_game([ana, beto], ranking=ranking)
        Game.objects.filter(pk=game.pk).update(time_control=time_control)
        record_game(game.pk)
    blitz, rapid = game_details(ana, "estanciero").by_pace
    assert (blitz.key, blitz.played, blitz.wins, rapid.key, rapid.played, rapid.wins) == ("blitz", 1, 0, "rapid", 2, 2)
    assert rapid.rating_change == Rating.objects.get(user=ana, ruleset="estanciero", pace="rapid").display - 1500 > 0
    assert blitz.rating_change == Rating.objects.get(user=ana, ruleset="estanciero", pace="blitz").display - 1500 < 0
