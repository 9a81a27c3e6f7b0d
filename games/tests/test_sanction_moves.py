"""A banned or suspended user makes no move, whatever brings it (docs/SECURITY.md, Moderation): the sanction hands
their seats to bots and the move path refuses them the seat back (``games.play.actions._taken_back``), on the rows a
socket's process held from before the sanction too; they get up from tables still gathering; once the sanction
is lifted they may take their seats back."""

import pytest
from django.db import connection

from accounts.models import ApiToken
from games.core.rulesets import get
from games.live import snapshots
from games.live.ws_auth import still_allowed
from games.models import Game, Move, Seat
from games.play.actions import MoveRejected, do_move
from games.tables import lifecycle as tables
from games.tests.conftest import open_table
from moderation import users as moderation

pytestmark = pytest.mark.django_db(transaction=True)  # the move on held rows runs outside a transaction


def on_turn(game: Game, players) -> tuple:
    game = Game.objects.get(pk=game.pk)
    seat = get(game.ruleset).to_move(game.state)[0]
    user = next(p for p in players if p.pk == Seat.objects.get(game=game, index=seat).user_id)
    return game, seat, user


def move(game: Game, seat: int, user, held=None):
    rs = get(game.ruleset)
    return do_move(game.pk, seat=seat, action=rs.legal_actions(game.state, seat)[0], expected_version=game.version,
                   actor=user, source=Move.Source.SOCKET, held=held)


@pytest.mark.parametrize("sanction", ["ban", "suspend"])
def test_a_sanctioned_users_move_is_refused_on_held_and_locked_rows(players, mod, sanction):
    game, seat, user = on_turn(open_table("estanciero", players, start=True), players)
    held = snapshots.load(game.pk)  # what a socket's process held before the sanction
    getattr(moderation, f"do_{sanction}")(mod, user.username, "cheating")
    for rows in ((held if connection.vendor == "postgresql" else None), None):
        with pytest.raises(MoveRejected) as refused:
            move(game, seat, user, rows)  # ``user``: the object a socket signed in with before the sanction
        assert refused.value.code == "not_your_seat"
        assert "cheating" in refused.value.text()  # the restriction's message, with its reason (``because``)
    assert not Move.objects.filter(game=game).exists()
    assert Seat.objects.get(game=game, index=seat).is_bot
    with pytest.raises(MoveRejected):
        tables.do_reclaim(game.pk, user)
    assert Seat.objects.get(game=game, index=seat).is_bot


def test_once_lifted_the_player_takes_their_seat_back_by_moving(players, mod):
    game, seat, user = on_turn(open_table("estanciero", players, start=True), players)
    restriction = moderation.do_suspend(mod, user.username, "abandons games")
    moderation.do_lift(mod, restriction.pk, "appeal accepted")
    result = move(game, seat, user)
    assert result.version == 1 and not Seat.objects.get(game=game, index=seat).is_bot
    assert Move.objects.get(game=game).events[-1] == {"type": "seat_taken_back", "seat": seat}


def test_a_sanctioned_user_gets_up_from_tables_still_gathering(players, mod):
    ana, beto, caro = players
    theirs = open_table("estanciero", [beto, caro], seats=3)
    joined = open_table("ladrillazo", [caro, beto], seats=3)
    moderation.do_suspend(mod, beto.username, "abandons games")
    assert Game.objects.get(pk=theirs.pk).status == Game.Status.ABORTED  # the table they opened is cancelled
    assert not Seat.objects.filter(game=joined, user=beto).exists()
    assert Game.objects.get(pk=joined.pk).status == Game.Status.LOBBY  # caro's table waits for another


def test_a_socket_that_joins_after_a_revocation_finds_it(players, mod):
    ana, beto, _ = players
    token_id = ApiToken.issue(ana, "t")[0].pk
    assert still_allowed({"user": ana, "api_token_id": token_id}) and still_allowed({"user": beto})
    ApiToken.objects.filter(pk=token_id).delete()
    moderation.do_ban(mod, beto.username, "cheating")
    assert not still_allowed({"user": ana, "api_token_id": token_id}) and not still_allowed({"user": beto})


def test_a_suspended_players_table_says_why_a_bot_plays_and_offers_no_seat_back_until_it_ends(players, mod, client):
    """The page told a suspended player that their time had run out and offered "Take back my seat", which the
    move path then refused; once the suspension is lifted the seat is theirs to take back."""
    game, seat, user = on_turn(open_table("estanciero", players, start=True), players)
    restriction = moderation.do_suspend(mod, user.username, "abandons games")
    client.force_login(user)
    page = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "while you are suspended from play" in page and "Take back my seat" not in page
    assert "because your time ran out" not in page
    moderation.do_lift(mod, restriction.pk, "appeal accepted")
    page = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Take back my seat" in page and "while you are suspended" not in page
