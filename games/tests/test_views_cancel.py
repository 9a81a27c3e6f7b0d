"""Cancelling an unstarted table: the creator's button; back to the lobby with the seats released."""

import pytest

from games.models import Game, Seat
from games.tests.conftest import client_for, make_users, open_table

pytestmark = pytest.mark.django_db


def test_only_the_creator_cancels_and_everyone_is_released():
    alicia, bruno = make_users("alicia", "bruno")
    game = open_table("ladrillazo", [alicia, bruno], 3, time_control="live")
    page = client_for(alicia).get(game.get_absolute_url()).content.decode()
    assert f'action="/games/{game.pk}/cancel/"' in page and "Cancel the table" in page

    refused = client_for(bruno).post(f"/games/{game.pk}/cancel/", follow=True)
    assert "Only the table&#x27;s creator can cancel it." in refused.content.decode()
    assert Game.objects.get(pk=game.pk).status == Game.Status.LOBBY

    done = client_for(alicia).post(f"/games/{game.pk}/cancel/", follow=True)
    assert done.redirect_chain[-1][0] == "/play/" and "The table was cancelled." in done.content.decode()
    assert Game.objects.get(pk=game.pk).status == Game.Status.ABORTED
    assert not Seat.objects.filter(game=game, user__isnull=False).exists()
    assert client_for(alicia).post("/games/999999/cancel/").status_code == 404


def test_a_cancelled_table_has_nothing_to_verify_and_says_so():
    """A table cancelled before the deal never had a position: its fairness page says there is nothing to replay,
    never that the game "does not check out" (a failed check would accuse the server of nothing that happened)."""
    alicia, bruno = make_users("alicia", "bruno")
    game = open_table("estanciero", [alicia, bruno], 3, time_control="live")
    client_for(alicia).post(f"/games/{game.pk}/cancel/")
    assert Game.objects.get(pk=game.pk).status == Game.Status.ABORTED

    page = client_for(alicia).get(f"/games/{game.pk}/verify/").content.decode()
    assert "This table never started: there is nothing to replay." in page
    assert "does not check out" not in page and "Watch the replay" not in page
