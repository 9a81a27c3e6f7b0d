"""The league pages: the list, a league's current season, the archive of a finished one, registration
(and its refusals), and a player's league history."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from lobby.leagues import create_season
from lobby.models import League, Membership, Season
from lobby.tests.conftest import run_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(db):
    return League.objects.create(name="Liga del Estanciero", slug="estanciero", ruleset="estanciero", table_size=2,
                                 division_size=2, promote=1, relegate=1, rounds_per_season=2,
                                 round_interval=timedelta(days=1), options={"max_turns": 2},
                                 description="Correspondence Estanciero, a day per move.")


@pytest.fixture
def played(league, bot_users):
    """Season 1 played to the end by four bots in two divisions; season 2 taking registrations."""
    return run_season(league, bot_users[:4], timezone.now() - timedelta(days=5))


def test_the_list_shows_each_league_with_its_season(client, league, played):
    page = client.get(reverse("lobby:leagues"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Liga del Estanciero" in page and "Estanciero" in page
    assert "Season 2 (registration open): 4 players" in page
    assert reverse("lobby:league", args=["estanciero"]) in page


def test_the_list_in_spanish(client, league, played):
    page = client.get(reverse("lobby:leagues")).content.decode()
    assert "Temporada 2 (inscripción abierta): 4 jugadores" in page


def test_a_league_page_shows_the_season_taking_registrations(client, league, played):
    page = client.get(reverse("lobby:league", args=["estanciero"]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Season 2" in page and "registration open" in page and "Log in to register" in page
    assert reverse("lobby:season", args=["estanciero", 1]) in page  # the archive is linked


def test_the_archive_shows_standings_rounds_games_and_movements(client, league, played, bot_users):
    response = client.get(reverse("lobby:season", args=["estanciero", 1]), HTTP_ACCEPT_LANGUAGE="en")
    page = response.content.decode()
    assert "Division 1" in page and "Division 2" in page and "Round 2" in page
    assert "promoted" in page and "relegated" in page
    divisions = response.context["divisions"]
    assert [len(d["standings"]) for d in divisions] == [2, 2]
    for d in divisions:
        assert [len(r["tables"]) for r in d["rounds"]] == [1, 1]
        for r in d["rounds"]:
            for t in r["tables"]:
                assert t["game"].get_absolute_url() in page  # every game is linked
        assert sum(line.points for line in d["standings"]) == 2  # 2 games of two: one point each
    for user in bot_users[:4]:
        assert reverse("lobby:league_player", args=["estanciero", user.username]) in page


def test_unknown_league_or_season_is_404(client, league):
    assert client.get(reverse("lobby:league", args=["nada"])).status_code == 404
    assert client.get(reverse("lobby:season", args=["estanciero", 9])).status_code == 404


def test_a_league_without_seasons_says_so(client, league):
    page = client.get(reverse("lobby:league", args=["estanciero"]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The first season has not been scheduled yet." in page


def test_a_player_registers_from_the_league_page_once(client, league, people):
    season = create_season(league, timezone.now() + timedelta(days=3))
    client.force_login(people[0])
    url = reverse("lobby:league_register", args=["estanciero"])
    response = client.post(url, HTTP_ACCEPT_LANGUAGE="en", follow=True)
    assert "You are registered for the next season." in response.content.decode()
    assert Membership.objects.filter(season=season, user=people[0]).count() == 1
    page = client.get(reverse("lobby:league", args=["estanciero"]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "You are registered for this season." in page and "Withdraw" in page
    again = client.post(url, HTTP_ACCEPT_LANGUAGE="en", follow=True).content.decode()
    assert "You are already registered for this season." in again
    assert Membership.objects.filter(season=season, user=people[0]).count() == 1


def test_registration_is_refused_when_closed(client, league, people, played):
    Season.objects.filter(league=league, number=2).update(status=Season.Status.RUNNING)
    client.force_login(people[0])
    response = client.post(reverse("lobby:league_register", args=["estanciero"]), HTTP_ACCEPT_LANGUAGE="es",
                           follow=True)
    assert "La inscripción a esta liga está cerrada." in response.content.decode()
    assert not Membership.objects.filter(user=people[0]).exists()


def test_registration_needs_a_signed_in_post(client, league):
    create_season(league, timezone.now() + timedelta(days=3))
    url = reverse("lobby:league_register", args=["estanciero"])
    assert client.post(url).status_code == 302 and not Membership.objects.exists()  # to the login page
    client.force_login(_user())
    assert client.get(url).status_code == 405


def _user():
    from accounts.models import User

    return User.objects.create(username="eva")


def test_withdrawing_before_the_start(client, league, people):
    season = create_season(league, timezone.now() + timedelta(days=3))
    client.force_login(people[0])
    client.post(reverse("lobby:league_register", args=["estanciero"]))
    response = client.post(reverse("lobby:league_withdraw", args=["estanciero"]), HTTP_ACCEPT_LANGUAGE="en",
                           follow=True)
    assert "You withdrew from the next season." in response.content.decode()
    assert not Membership.objects.filter(season=season).exists()
    again = client.post(reverse("lobby:league_withdraw", args=["estanciero"]), HTTP_ACCEPT_LANGUAGE="en",
                        follow=True)
    assert "You are not registered for this season." in again.content.decode()


def test_a_players_league_history(client, league, played, bot_users):
    user = bot_users[0]
    response = client.get(reverse("lobby:league_player", args=["estanciero", user.username]),
                          HTTP_ACCEPT_LANGUAGE="en")
    page = response.content.decode()
    assert response.status_code == 200 and "Season 1" in page and "Season 2" in page
    assert len(response.context["history"]) == 2  # two league games
    assert all(h["league"]["season"] == 1 for h in response.context["history"])
    assert client.get(reverse("lobby:league_player", args=["estanciero", "nadie"])).status_code == 404


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_league_pages_and_a_finished_game_read_in_one_language(client, league, played, bot_users, lang):
    """The list, the league, the archive of a played season, a player's league history and profile, and one of
    the season's finished games (its table, replay and dice check) carry no sentence of the other language
    (``tests/test_pages_read_in_one_language.py``)."""
    from games.models import Game
    from tests.test_pages_read_in_one_language import foreign, visible_text

    game = Game.objects.filter(status=Game.Status.FINISHED).first()
    urls = [reverse("lobby:leagues"), reverse("lobby:league", args=["estanciero"]),
            reverse("lobby:season", args=["estanciero", 1]),
            reverse("lobby:league_player", args=["estanciero", bot_users[0].username]),
            reverse("lobby:profile", args=[bot_users[0].username]),
            f"/games/{game.pk}/", f"/games/{game.pk}/replay/", f"/games/{game.pk}/verify/"]
    found = {}
    for url in urls:
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=lang)
        assert response.status_code == 200, url
        if wrong := foreign(visible_text(response.content.decode()), lang):
            found[url] = wrong
    assert not found, f"a reader of {lang} got sentences of the other language: {found}"
