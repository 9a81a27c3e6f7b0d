"""Removing a player from an unstarted table: the creator's button on the table page."""

import pytest

from games.models import AuditEntry, Seat
from games.tests.conftest import client_for, make_users, open_table

pytestmark = pytest.mark.django_db


def test_the_creator_removes_a_player_and_a_refusal_is_shown_on_the_table():
    alicia, bruno = make_users("alicia", "bruno")
    game = open_table("estanciero", [alicia, bruno], 3, time_control="live")
    page = client_for(alicia).get(game.get_absolute_url()).content.decode()
    assert f'action="/games/{game.pk}/kick/"' in page and 'name="seat" value="1"' in page
    assert "btn-kick" not in client_for(bruno).get(game.get_absolute_url()).content.decode()

    refused = client_for(bruno).post(f"/games/{game.pk}/kick/", {"seat": "0"}, follow=True)
    assert "Only the table&#x27;s creator can remove a player." in refused.content.decode()
    junk = client_for(alicia).post(f"/games/{game.pk}/kick/", {"seat": "x"}, follow=True)
    assert "No such seat." in junk.content.decode()
    assert Seat.objects.get(game=game, index=1).user == bruno and not AuditEntry.objects.filter(kind="kicked").exists()

    done = client_for(alicia).post(f"/games/{game.pk}/kick/", {"seat": "1"})
    assert done.status_code == 302 and done["Location"] == game.get_absolute_url()
    assert Seat.objects.get(game=game, index=1).user is None
    assert client_for(bruno).get(f"/games/{game.pk}/kick/").status_code == 405
