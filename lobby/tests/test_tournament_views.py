"""The tournament pages (``lobby.views_tournaments``): the list and its form, a tournament's page and its live part,
join, leave, add a bot, a private tournament's link, and a moderator's cancel; refusals in the reader's language."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.tests.conftest import client_for, make_users
from lobby import tournaments
from lobby.models import Tournament, TournamentEntry, TournamentPolicy

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def open_policy(db):
    TournamentPolicy.objects.update_or_create(pk=1, defaults={"min_account_days": 0, "min_rated_games": 0})


def test_the_form_creates_a_swiss_and_the_page_shows_it(client):
    (ana,) = make_users("ana")
    c = client_for(ana, "es")
    page = c.get(reverse("lobby:tournaments")).content.decode()
    assert "Crear un torneo" in page and "Torneos" in page
    assert 'id="tn-handful"' in page and 'id="tn-turns"' in page  # each game's own options, as a table's
    response = c.post(reverse("lobby:tournament_create"), {
        "name": "Copa del Litoral", "ruleset": "ladrillazo", "kind": "swiss", "rounds": "4", "minutes": "60",
        "starts_in": "15", "time_control": "live", "table_size": "2", "rated": "1", "handful": "8",
        "start_money": "50000"})  # another game's field: ignored
    t = Tournament.objects.get()
    assert response.status_code == 302 and response["Location"] == t.get_absolute_url()
    assert (t.name, t.ruleset, t.kind, t.rounds, t.table_size, t.rated, t.private, t.options) == (
        "Copa del Litoral", "ladrillazo", "swiss", 4, 2, True, False, {"handful": 8})
    assert timedelta(minutes=14) < t.starts_at - timezone.now() <= timedelta(minutes=15)
    page = c.get(t.get_absolute_url()).content.decode()
    assert "Copa del Litoral" in page and "Todavía no empezó" in page and "Agregar un bot" in page
    assert '<p class="meta option-notes">8 sobres cada uno</p>' in page  # its tables' options in words
    assert 'data-socket="/ws/tournaments/' in page
    listed = client.get(reverse("lobby:tournaments")).content.decode()
    assert "Copa del Litoral" in listed and "1 jugador ·" in listed  # listed for all, with its players


def test_a_refused_form_says_why_and_keeps_what_was_typed():
    (ana,) = make_users("ana")
    TournamentPolicy.objects.update_or_create(pk=1, defaults={"min_rated_games": 3})
    response = client_for(ana, "en").post(reverse("lobby:tournament_create"), {
        "name": "Mine", "ruleset": "estanciero", "kind": "swiss", "rounds": "3", "starts_in": "5",
        "time_control": "live", "table_size": "2"})
    page = response.content.decode()
    assert response.status_code == 400 and "Play a few rated games" in page and 'value="Mine"' in page
    assert not Tournament.objects.exists()
    # An option the game's rules refuse: said, nothing made, the choices kept.
    TournamentPolicy.objects.update_or_create(pk=1, defaults={"min_rated_games": 0})
    response = client_for(ana, "en").post(reverse("lobby:tournament_create"), {
        "name": "Mine", "ruleset": "estanciero", "kind": "swiss", "rounds": "3", "starts_in": "5",
        "time_control": "live", "table_size": "2", "start_money": "20000", "max_turns": "7"})
    page = response.content.decode()
    assert response.status_code == 400 and not Tournament.objects.exists()
    assert 'id="tn-turns" type="number" name="max_turns" min="0" max="500" value="7"' in page
    assert 'value="20000"' in page


def test_join_leave_and_a_bot_from_the_page(django_capture_on_commit_callbacks):
    ana, beto = make_users("ana", "beto")
    t = tournaments.do_create(ana, name="Copa", ruleset="estanciero", kind="swiss", rounds=2,
                              starts_at=timezone.now() + timedelta(hours=1))
    b = client_for(beto, "en")
    assert "btn-join-tournament" in b.get(t.get_absolute_url()).content.decode()
    with django_capture_on_commit_callbacks(execute=True):  # committed: a new revision (the page read the last)
        b.post(reverse("lobby:tournament_join", args=[t.pk]))
    assert TournamentEntry.objects.filter(tournament=t, user=beto).exists()
    live = b.get(reverse("lobby:tournament_live", args=[t.pk])).content.decode()
    assert "beto" in live and "btn-leave-tournament" in live
    # Only the creator adds bots.
    b.post(reverse("lobby:tournament_bot", args=[t.pk]))
    assert t.entries.count() == 2
    client_for(ana).post(reverse("lobby:tournament_bot", args=[t.pk]))
    assert t.entries.count() == 3
    b.post(reverse("lobby:tournament_leave", args=[t.pk]))
    assert not TournamentEntry.objects.filter(tournament=t, user=beto).exists()


def test_a_private_tournament_is_seen_and_joined_only_by_its_link(client):
    ana, beto = make_users("ana", "beto")
    t = tournaments.do_create(ana, name="Entre amigos", ruleset="estanciero", kind="swiss", rounds=2, private=True,
                              starts_at=timezone.now() + timedelta(hours=1))
    assert client.get(t.get_absolute_url()).status_code == 404
    assert "Entre amigos" not in client.get(reverse("lobby:tournaments")).content.decode()
    owner_page = client_for(ana).get(t.get_absolute_url()).content.decode()
    assert f"?invite={t.invite_token}" in owner_page  # the link to share
    b = client_for(beto)
    assert b.get(t.get_absolute_url()).status_code == 404
    assert b.get(t.get_absolute_url() + f"?invite={t.invite_token}").status_code == 200
    b.post(reverse("lobby:tournament_join", args=[t.pk]), {"invite": t.invite_token})
    assert TournamentEntry.objects.filter(tournament=t, user=beto).exists()
    assert b.get(t.get_absolute_url()).status_code == 200  # a player sees it without the link


def test_a_moderator_cancels_from_the_page_and_nobody_else_can():
    from moderation.tests.test_own_game import moderator

    ana, mod_user = make_users("ana", "mod")
    mod = moderator(mod_user)
    t = tournaments.do_create(ana, name="Copa", ruleset="estanciero", kind="swiss", rounds=2,
                              starts_at=timezone.now() + timedelta(hours=1))
    assert "cancel-tournament" not in client_for(ana).get(t.get_absolute_url()).content.decode()
    client_for(ana).post(reverse("lobby:tournament_cancel", args=[t.pk]), {"reason": "mine"})
    t.refresh_from_db()
    assert t.status == Tournament.Status.SCHEDULED
    m = client_for(mod, "en")
    assert "cancel-tournament" in m.get(t.get_absolute_url()).content.decode()
    m.post(reverse("lobby:tournament_cancel", args=[t.pk]), {"reason": "spam tournament"})
    t.refresh_from_db()
    assert t.status == Tournament.Status.CANCELLED and t.cancel_reason == "spam tournament"
    assert "spam tournament" in m.get(t.get_absolute_url()).content.decode()
    # The moderators' log has it, with the tournament's link.
    log = m.get(reverse("moderation:dashboard")).content.decode()
    assert "tournament cancelled" in log and f'href="{t.get_absolute_url()}"' in log and "spam tournament" in log
