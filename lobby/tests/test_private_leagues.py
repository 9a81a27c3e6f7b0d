"""Private leagues among friends (``lobby.leagues.do_create_private_league``, ``lobby.views_leagues.create_private``):
any player creates one from the leagues page; only its players and holders of its link see it and register; the
beat runs its season as every league's."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Seat
from games.tests.conftest import client_for, make_users
from lobby.models import League, LeagueTable, Membership, Season
from lobby.schedule import tick

pytestmark = pytest.mark.django_db


def create(client, **fields):
    data = {"name": "Los del barrio", "ruleset": "estanciero", "table_size": "2", "time_control": "correspondence",
            "rounds": "3", "days": "7", "starts_in_days": "2", **fields}
    return client.post(reverse("lobby:league_create"), data)


def test_a_player_creates_one_and_it_is_seen_only_by_its_players_and_its_link(client):
    ana, beto = make_users("ana", "beto")
    a = client_for(ana, "es")
    assert "Crear una liga privada entre amigos" in a.get(reverse("lobby:leagues")).content.decode()
    response = create(a)
    league = League.objects.get()
    assert response.status_code == 302 and response["Location"].endswith(f"?invite={league.invite_token}")
    assert league.private and league.created_by == ana and league.rounds_per_season == 3
    assert league.round_interval == timedelta(days=7) and league.promote == league.relegate == 0
    season = Season.objects.get(league=league)
    assert season.status == Season.Status.REGISTRATION and Membership.objects.filter(season=season, user=ana).exists()
    assert timedelta(days=1, hours=23) < season.starts_at - timezone.now() <= timedelta(days=2)
    page = a.get(league.get_absolute_url()).content.decode()
    assert f"?invite={league.invite_token}" in page and "privada" in page  # the creator sees the link to share
    # Outsiders: not listed, no page, no registration without the link.
    b = client_for(beto)
    assert "Los del barrio" not in b.get(reverse("lobby:leagues")).content.decode()
    assert "Los del barrio" not in client.get(reverse("lobby:leagues")).content.decode()
    assert b.get(league.get_absolute_url()).status_code == 404
    assert b.post(reverse("lobby:league_register", args=[league.slug])).status_code == 404
    # With the link: the page, and registration.
    assert b.get(league.get_absolute_url() + f"?invite={league.invite_token}").status_code == 200
    b.post(reverse("lobby:league_register", args=[league.slug]), {"invite": league.invite_token})
    assert Membership.objects.filter(season=season, user=beto).exists()
    assert "Los del barrio" in b.get(reverse("lobby:leagues")).content.decode()  # now a player: listed


def test_the_beat_runs_its_season_with_one_division(client):
    ana, beto, caro = make_users("ana", "beto", "caro")
    create(client_for(ana), starts_in_days="0")
    league = League.objects.get()
    for friend in (beto, caro):
        client_for(friend).post(reverse("lobby:league_register", args=[league.slug]), {"invite": league.invite_token})
    tick(timezone.now() + timedelta(minutes=1))
    season = Season.objects.get(league=league)
    assert season.status == Season.Status.RUNNING and season.divisions.count() == 1
    tables = LeagueTable.objects.filter(round__season=season, round__number=1)
    seated = set(Seat.objects.filter(game__league_table__in=tables).values_list("user_id", flat=True))
    assert seated == {ana.pk, beto.pk, caro.pk}


@pytest.mark.parametrize(("fields", "words"), [({"name": "  "}, "a name"), ({"rounds": "0"}, "1 to 12 rounds"),
                                                ({"days": "45"}, "1 to 30 days"), ({"table_size": "9"}, "tables")])
def test_a_refused_form_says_why_and_creates_nothing(fields, words):
    (ana,) = make_users("ana")
    response = create(client_for(ana, "en"), **fields)
    assert response.status_code == 400 and words in response.content.decode()
    assert not League.objects.exists()


def test_its_tables_take_the_games_own_options_chosen_in_the_form():
    """The form has each game's own options and a turn limit, opening with a rated table's defaults (a league's
    tables are rated); what was chosen is the league's, its page says it in words, and the beat's tables take it."""
    ana, beto = make_users("ana", "beto")
    a = client_for(ana, "en")
    form = a.get(reverse("lobby:leagues")).content.decode()
    assert 'id="lg-handful"' in form and 'id="lg-turns"' in form
    assert 'name="claim_rents" value="1" checked' in form  # Estanciero's rated default: rents claimed
    create(a, ruleset="ladrillazo", handful="7", max_turns="0", rated="1", starts_in_days="0")
    league = League.objects.get()
    assert league.options == {"handful": 7}
    assert "7 envelopes each" in a.get(league.get_absolute_url()).content.decode()
    client_for(beto).post(reverse("lobby:league_register", args=[league.slug]), {"invite": league.invite_token})
    tick(timezone.now() + timedelta(minutes=1))
    tables = LeagueTable.objects.filter(round__season__league=league, round__number=1).select_related("game")
    assert tables and all(table.game.options["handful"] == 7 for table in tables)


def test_an_option_the_rules_refuse_creates_nothing_and_keeps_the_choices():
    (ana,) = make_users("ana")
    response = create(client_for(ana, "en"), start_money="1000", max_turns="4", rated="1")
    page = response.content.decode()
    assert response.status_code == 400 and not League.objects.exists()
    assert 'value="1000"' in page and 'id="lg-turns" type="number" name="max_turns" min="0" max="500" value="4"' in page
