"""The "My games" page: games waiting on the person first, with whose turn it is and the clock; open tables."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import User
from games.core.rulesets import get
from games.models import Game, Move, Seat
from games.play.actions import do_move
from games.tables import lifecycle as tables

pytestmark = pytest.mark.django_db


def client_for(user, lang="en") -> Client:
    c = Client(HTTP_ACCEPT_LANGUAGE=lang)
    c.force_login(user)
    return c


def two_player_game(a, b) -> Game:
    game = tables.do_create_table(a, "estanciero", 2, time_control="correspondence")
    tables.do_join(game.pk, b)
    return tables.do_start(game.pk, a)


def game_on_move(mover, other) -> Game:
    """A started two-player game with ``mover`` on move. The dice draw the first player, so when it is the other,
    they play their turn out (the moves their clock would make for them) until it passes to ``mover``. Waiting for
    the dice to choose ``mover`` (twelve tables at most) once failed in CI."""
    rs = get("estanciero")
    game = two_player_game(mover, other)
    for _ in range(100):
        seat = Seat.objects.select_related("user").get(game=game, index=rs.to_move(game.state)[0])
        if seat.user_id == mover.pk:
            return game
        do_move(game.pk, seat=seat.index, action=rs.timeout_action(game.state, seat.index),
                expected_version=game.version, actor=seat.user, source=Move.Source.UI)
        game = Game.objects.get(pk=game.pk)
    raise AssertionError(f"{other} kept the move in game {game.pk}")


def test_games_waiting_on_me_come_first_with_whose_turn_and_the_clock():
    ana, beto, caro = (User.objects.create_user(n, password=f"pw-{n}-123") for n in ("ana", "beto", "caro"))
    mine_waiting, theirs = game_on_move(ana, beto), game_on_move(beto, ana)
    Seat.objects.filter(game=theirs, user=beto).update(deadline=timezone.now() + timedelta(hours=3))
    lobby_table = tables.do_create_table(ana, "ladrillazo", 3, time_control="live", private=True)
    tables.do_create_table(caro, "estanciero", 2, time_control="live")  # not ana's

    page = client_for(ana).get("/my-games/").content.decode()
    first, second = page.index(f"#{mine_waiting.pk}<"), page.index(f"#{theirs.pk}<")
    assert first < second
    assert "Your turn" in page[page.index('class="game-row your-turn"'):second]
    assert "beto to play" in page[second:]
    assert 'class="countdown" data-until="' in page[second:]
    assert f"#{lobby_table.pk}<" in page and "1 of 3 seats taken" in page and "private" in page
    spanish = client_for(ana, "es").get("/my-games/").content.decode()
    assert "Mis partidas" in spanish and "Tu turno" in spanish and "Le toca a beto" in spanish


def test_my_games_needs_a_sign_in_and_is_in_the_menu():
    response = Client().get("/my-games/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    ana = User.objects.create_user("ana", password="pw-ana-123")
    page = client_for(ana).get("/play/").content.decode()
    assert 'href="/my-games/"' in page
    empty = client_for(ana).get("/my-games/").content.decode()
    assert "You are not playing any game right now." in empty and "No table of yours is waiting for players." in empty
