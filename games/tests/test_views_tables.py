"""The table pages as plain HTTP, with fixed users: create, join, leave, start, act, the fragment."""

import json

import pytest
from django.test import Client

from accounts.models import User
from games.core.rulesets import get
from games.models import AuditEntry, Game, Move

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def alicia():
    return User.objects.create_user("alicia", password="pw-alicia-1")


@pytest.fixture
def bruno():
    return User.objects.create_user("bruno", password="pw-bruno-1")


def client_for(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def create(client, **fields) -> object:
    data = {"ruleset": "estanciero", "seats": "2", "bots": "0", "time_control": "correspondence",
            "max_timeouts": "3", "max_turns": "0", **fields}
    return client.post("/games/new/", data)


def test_create_opens_a_table_and_a_refusal_keeps_the_choices(alicia):
    c = client_for(alicia)
    response = create(c)
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert game.status == Game.Status.LOBBY and game.created_by == alicia

    refused = create(c, ruleset="argentilandia", seats="9", max_turns="40", time_control="blitz")
    assert refused.status_code == 400 and Game.objects.count() == 1
    page = refused.content.decode()
    assert 'value="argentilandia" selected' in page and 'value="9"' in page and 'value="40"' in page
    assert 'value="blitz" selected' in page


def test_create_with_bots_only_to_fill_starts_at_once(alicia):
    create(client_for(alicia), seats="3", bots="2")
    assert Game.objects.get().status == Game.Status.ACTIVE


def test_the_open_bank_option_reaches_an_argentilandia_table_only(alicia):
    """Argentilandia decision 13: the table option that opens the Banker's 4:1 trade to everyone."""
    c = client_for(alicia)
    assert 'name="free_bank"' in c.get("/play/").content.decode()
    create(c, ruleset="argentilandia", seats="4", bots="0", free_bank="1")
    create(c, ruleset="estanciero", free_bank="1")
    argen, estan = Game.objects.order_by("pk")
    assert argen.options.get("free_bank") is True and "free_bank" not in estan.options
    create(c, ruleset="argentilandia", seats="4", bots="0")
    assert "free_bank" not in Game.objects.order_by("pk").last().options


def test_join_leave_and_start(alicia, bruno):
    create(client_for(alicia))
    game = Game.objects.get()
    b = client_for(bruno)
    assert "Take a seat" in b.get(game.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert b.post(f"/games/{game.pk}/join/").status_code == 302
    assert game.seats.get(index=1).user == bruno
    assert b.post(f"/games/{game.pk}/start/").status_code == 302  # refused: only the creator starts
    assert Game.objects.get(pk=game.pk).status == Game.Status.LOBBY
    assert b.post(f"/games/{game.pk}/leave/").status_code == 302
    assert game.seats.get(index=1).user is None
    assert AuditEntry.objects.filter(game=game, kind="left", user=bruno).exists()
    b.post(f"/games/{game.pk}/join/")
    assert client_for(alicia).post(f"/games/{game.pk}/start/").status_code == 302
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE


def test_the_creator_leaving_cancels_the_table(alicia):
    create(client_for(alicia))
    game = Game.objects.get()
    client_for(alicia).post(f"/games/{game.pk}/leave/")
    assert Game.objects.get(pk=game.pk).status == Game.Status.ABORTED


def started(alicia, bruno) -> Game:
    create(client_for(alicia))
    game = Game.objects.get()
    client_for(bruno).post(f"/games/{game.pk}/join/")
    client_for(alicia).post(f"/games/{game.pk}/start/")
    return Game.objects.get(pk=game.pk)


def test_act_answers_with_the_table_or_204_when_the_socket_brings_it(alicia, bruno):
    game = started(alicia, bruno)
    rs = get("estanciero")
    seat = rs.to_move(game.state)[0]
    mover = client_for((alicia, bruno)[seat])
    action = rs.legal_actions(game.state, seat)[0]
    response = mover.post(f"/games/{game.pk}/act/", {"action": json.dumps(action), "version": "0"}, **HTMX)
    assert response.status_code == 200 and 'data-version>1<' in response.content.decode()
    assert "total;dur=" in response["Server-Timing"]
    game.refresh_from_db()
    seat = rs.to_move(game.state)[0]
    action = rs.legal_actions(game.state, seat)[0]
    live = client_for((alicia, bruno)[seat]).post(
        f"/games/{game.pk}/act/", {"action": json.dumps(action), "version": str(game.version)},
        HTTP_X_TABLE_LIVE="1", **HTMX)
    assert live.status_code == 204 and Move.objects.filter(game=game).count() == 2


def test_act_refusals_change_nothing_and_say_why(alicia, bruno):
    game = started(alicia, bruno)
    rs = get("estanciero")
    waiting = 1 - rs.to_move(game.state)[0]
    other = client_for((alicia, bruno)[waiting])
    stale = other.post(f"/games/{game.pk}/act/", {"action": json.dumps({"type": "roll"}), "version": "7"}, **HTMX)
    assert stale.status_code == 200 and 'class="refusal"' in stale.content.decode()
    garbage = other.post(f"/games/{game.pk}/act/", {"action": "{{{", "version": "0"}, **HTMX)
    assert 'class="refusal"' in garbage.content.decode()
    spectator = User.objects.create_user("carla", password="pw-carla-1")
    watched = client_for(spectator).post(f"/games/{game.pk}/act/", {"action": json.dumps({"type": "roll"})}, **HTMX)
    assert 'class="refusal"' in watched.content.decode()
    assert Game.objects.get(pk=game.pk).version == 0 and not Move.objects.filter(game=game).exists()
    assert Client().post(f"/games/{game.pk}/act/", {"action": "{}"}).status_code == 302  # to the login page


def test_the_fragment_is_the_table_for_its_viewer(alicia, bruno):
    game = started(alicia, bruno)
    anonymous = Client().get(f"/games/{game.pk}/table/").content.decode()
    seated = client_for(alicia).get(f"/games/{game.pk}/table/").content.decode()
    assert 'class="table-head"' in anonymous and 'class="table-head"' in seated
    assert "actions-card" not in anonymous  # a spectator has no moves
    assert game.seed not in anonymous and game.seed not in seated
