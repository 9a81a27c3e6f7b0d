"""The profile as a player's story: ratings with their charts, statistics per game, current games, leagues,
the history (paginated, filtered by game and result, with replay links), the JSON export for the player
alone, and the head-to-head record a signed-in visitor sees."""

import json
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Game, Seat
from lobby.leagues import create_season, do_register
from lobby.models import League
from lobby.results import record_game
from lobby.schedule import tick
from lobby.tests.conftest import finished_game, make_bots, make_people

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(db):
    return make_people()


@pytest.fixture
def bot_users(db):
    return make_bots()


def profile(client, name: str, **params):
    return client.get(reverse("lobby:profile", args=[name]), params, HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def record(people):
    """Ana's record: four rated Estanciero games, one unrated Ladrillazo game, one forfeit."""
    ana, beto, caro, _ = people
    games = [
        finished_game([ana, beto, caro], ranking=[0, 1, 2]),
        finished_game([beto, ana], ranking=[1, 0]),
        finished_game([ana, caro], ranking=[1, 0]),
        finished_game([caro, ana, beto], ranking=[1, 0, 2], taken_over=(1,)),
        finished_game([ana, None], ranking=[0, 1], ruleset="ladrillazo", rated=False),
    ]
    for game in games:
        record_game(game.pk)
    return games


def test_ratings_statistics_and_chart_per_game(client, people, record):
    response = profile(client, "ana")
    stats = {s.ruleset: s for s in response.context["stats"]}
    est = stats["estanciero"]
    assert (est.played, est.wins, est.forfeits) == (4, 2, 1)
    assert est.average_place == pytest.approx((1 + 1 + 2 + 3) / 4)
    (pace,) = est.paces  # one pace played: one rating, with its chart
    assert pace.rating.games == 4 and pace.rating.provisional
    assert pace.chart is not None and len(pace.chart.dots) == 5  # the start and one point per rated game
    assert stats["ladrillazo"].paces == []
    assert response.context["games_played"] == 5 and response.context["games_won"] == 3
    page = response.content.decode()
    assert "<svg" in page and "<polyline" in page and "Rating over time" in page
    assert "Ratings and statistics" in page and "average place" in page


def test_the_history_lists_every_game_with_opponents_place_rating_change_and_replay(client, people, record):
    response = profile(client, "ana")
    history = response.context["history"]
    assert [h["game"].pk for h in history] == [g.pk for g in reversed(record)]  # newest first
    page = response.content.decode()
    for game in record:
        assert reverse("games:replay", args=[game.pk]) in page
    forfeit = next(h for h in history if h["game"].pk == record[3].pk)
    assert forfeit["result"].forfeit and [o["name"] for o in forfeit["opponents"]] == ["caro", "beto"]
    first = next(h for h in history if h["game"].pk == record[0].pk)
    assert first["result"].rating_change > 0 and f"+{first['result'].rating_change}" in page
    assert "unrated" in page and "forfeit" in page


def test_the_history_is_filtered_by_game_and_result(client, people, record):
    def shown(**params):
        return [h["game"].pk for h in profile(client, "ana", **params).context["history"]]

    assert shown(game="ladrillazo") == [record[4].pk]
    assert shown(result="won") == [record[4].pk, record[1].pk, record[0].pk]
    assert shown(result="forfeit") == [record[3].pk]
    assert shown(game="estanciero", result="lost") == [record[2].pk]
    assert len(shown(game="parchis", result="whatever")) == 5  # unknown filters are ignored


def test_the_history_is_paginated_and_pages_keep_the_filter(client, people):
    ana, beto = people[:2]
    for _ in range(23):
        record_game(finished_game([ana, beto]).pk)
    first = profile(client, "ana", result="won")
    assert len(first.context["history"]) == 20 and first.context["page"].paginator.num_pages == 2
    assert "?result=won&amp;page=2#history" in first.content.decode()
    second = profile(client, "ana", result="won", page=2)
    assert len(second.context["history"]) == 3
    assert profile(client, "ana", page=99).context["page"].number == 2  # past the end: the last page


def test_current_games_and_league_standing(client, people, bot_users):
    ana = people[0]
    live = Game.objects.create(ruleset="estanciero", num_seats=2, status=Game.Status.ACTIVE, state={},
                               started_at=timezone.now())
    Seat.objects.create(game=live, index=0, user=ana)
    Seat.objects.create(game=live, index=1, is_bot=True)
    league = League.objects.create(name="Liga del Estanciero", slug="estanciero", ruleset="estanciero",
                                   table_size=2, division_size=4, options={"max_turns": 2})
    start = timezone.now() - timedelta(minutes=1)
    season = create_season(league, start)
    for user in (ana, *bot_users[:3]):
        do_register(season.pk, user)
    tick(timezone.now())
    response = profile(client, "ana")
    assert live in list(response.context["current"])
    (line,) = response.context["leagues"]
    assert line["league"] == league and line["division"].tier == 1 and line["size"] == 4
    page = response.content.decode()
    assert "Current games" in page and "Liga del Estanciero" in page
    assert reverse("lobby:league_player", args=["estanciero", "ana"]) in page


def test_the_json_export_is_for_the_player_alone(client, people, record):
    url = reverse("lobby:history_json", args=["ana"])
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(people[1])
    refused = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 403 and refused.json()["error"] == "forbidden"
    client.force_login(people[0])
    response = client.get(url)
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    data = json.loads(response.content)
    assert data["user"] == "ana" and len(data["games"]) == 5
    forfeit = next(g for g in data["games"] if g["game"] == record[3].pk)
    assert forfeit["forfeit"] and forfeit["place"] == 3 and forfeit["rating_change"] < 0
    assert {"ruleset": "estanciero", "games": 4}.items() <= data["ratings"][0].items()
    assert forfeit["replay"] == reverse("games:replay", args=[record[3].pk])
    page = profile(client, "ana").content.decode()
    assert url in page  # the export link, on one's own profile only
    assert url not in profile(client, "beto").content.decode()


def test_head_to_head_for_a_signed_in_visitor(client, people, record):
    assert profile(client, "beto").context["head_to_head"] is None  # anonymous
    client.force_login(people[0])
    assert profile(client, "ana").context["head_to_head"] is None  # oneself
    response = profile(client, "beto")
    # Games 0, 1 and 3 together: ana ahead in 0 and 1, beto ahead in 3 (ana forfeited).
    assert response.context["head_to_head"] == {"games": 3, "ahead": 2, "behind": 1}
    assert "3 games together: you finished ahead in 2, beto in 1." in response.content.decode()
    client.force_login(people[3])
    assert profile(client, "ana").context["head_to_head"] is None  # never met


def test_the_profile_in_spanish(client, people, record):
    page = client.get(reverse("lobby:profile", args=["ana"])).content.decode()
    assert "Rating y estadísticas" in page and "puesto promedio" in page and "abandono" in page
