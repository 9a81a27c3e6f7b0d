"""The invite link page: it seats whoever opens it (signing in first), goes to the table when opened again, and a
wrong link is not found and changes nothing."""

import pytest

from accounts.models import User
from games.models import AuditEntry, Game, Seat
from games.tables import lifecycle as tables
from games.tests.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def alicia():
    return User.objects.create_user("alicia", password="pw-alicia-1")


@pytest.fixture
def bruno():
    return User.objects.create_user("bruno", password="pw-bruno-1")


def test_the_link_seats_whoever_opens_it_and_again_just_shows_the_table(alicia, bruno):
    game = tables.do_create_table(alicia, "estanciero", 3, time_control="live", private=True)
    url = f"/games/{game.pk}/invite/{game.invite_code}/"
    b = client_for(bruno)
    response = b.get(url, follow=True)
    assert response.redirect_chain[-1][0] == game.get_absolute_url()
    assert "You are seated at the table." in response.content.decode()
    assert Seat.objects.get(game=game, index=1).user == bruno
    again = b.get(url)
    assert again.status_code == 302 and again["Location"] == game.get_absolute_url()
    assert AuditEntry.objects.filter(game=game, kind="joined").count() == 1


def test_signed_out_people_log_in_first_and_come_back_to_the_link(alicia):
    game = tables.do_create_table(alicia, "estanciero", 3, time_control="live", private=True)
    url = f"/games/{game.pk}/invite/{game.invite_code}/"
    response = client_for().get(url)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert response["Location"].endswith(f"?next={url}")
    assert not Seat.objects.filter(game=game, index=1, user__isnull=False).exists()


def test_a_wrong_link_is_not_found_and_changes_nothing(alicia, bruno):
    game = tables.do_create_table(alicia, "estanciero", 3, time_control="live", private=True)
    b = client_for(bruno)
    for url in (f"/games/{game.pk}/invite/wrong-code/", f"/games/{game.pk + 1000}/invite/{game.invite_code}/"):
        response = b.get(url)
        assert response.status_code == 404
        assert "This invite link is not valid." in response.content.decode()
    assert b.get(f"/games/{game.pk}/invite/{game.invite_code}%3F/").status_code == 404  # not a code at all
    assert not Seat.objects.filter(game=game, user=bruno).exists()
    assert Game.objects.get(pk=game.pk).rev == game.rev


def test_a_full_or_started_table_says_so_on_the_table(alicia, bruno):
    game = tables.do_create_table(alicia, "estanciero", 2, bots=1, time_control="live", private=True)
    response = client_for(bruno).get(f"/games/{game.pk}/invite/{game.invite_code}/", follow=True)
    assert "This table has already started." in response.content.decode()
    assert not Seat.objects.filter(game=game, user=bruno).exists()


def test_the_host_sees_the_link_with_a_copy_button_and_others_do_not(alicia, bruno):
    game = tables.do_create_table(alicia, "estanciero", 3, time_control="live", private=True)
    host_page = client_for(alicia).get(game.get_absolute_url()).content.decode()
    assert f"/games/{game.pk}/invite/{game.invite_code}/" in host_page and "Copy link" in host_page
    assert "only people with this link can sit down" in host_page
    guest_page = client_for(bruno).get(game.get_absolute_url()).content.decode()
    assert game.invite_code not in guest_page and "btn-join" not in guest_page  # private: no plain join
