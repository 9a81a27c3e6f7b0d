"""Forfeits: a seat lost on time or abandoned (a bot played it to the end after the person's timeouts, or
after a ban) is recorded as a forfeit, below every seat played out, with no league points."""

import pytest

from games.models import Seat
from games.tables.lifecycle import do_reclaim
from lobby.models import PlayerResult, Rating
from lobby.results import record_game
from lobby.tests.conftest import finished_game, league_table, play_out

pytestmark = pytest.mark.django_db


def result(game, user) -> PlayerResult:
    return PlayerResult.objects.get(game=game, user=user)


def test_a_forfeit_goes_below_everyone_whatever_the_bot_achieved(people):
    ana, beto, caro = people[:3]
    game = finished_game([ana, beto, caro], ranking=[0, 1, 2], taken_over=(0,))  # ana's bot "won"
    record_game(game.pk)
    assert (result(game, ana).place, result(game, ana).forfeit) == (3, True)
    assert [result(game, u).place for u in (beto, caro)] == [1, 2]
    assert not result(game, ana).won and result(game, beto).won
    # Rated as the last place: ana loses the most.
    assert Rating.objects.get(user=ana).mu < Rating.objects.get(user=caro).mu


def test_a_seat_handed_to_a_bot_by_moderation_is_a_forfeit_too(people):
    game = finished_game(people[:2], ranking=[0, 1], bots=(0,))  # a person's seat, played by a bot at the end
    record_game(game.pk)
    assert result(game, people[0]).forfeit and result(game, people[0]).place == 2


def test_league_bot_accounts_never_forfeit(bot_users):
    game = finished_game(bot_users[:3], ranking=[2, 0, 1], bots=(0, 1, 2))
    record_game(game.pk)
    assert not PlayerResult.objects.filter(game=game, forfeit=True).exists()
    assert result(game, bot_users[2]).place == 1


def test_a_player_who_times_out_until_a_bot_takes_over_forfeits_the_league_game(people):
    ana, beto = people[:2]
    table = league_table([ana, beto], max_timeouts=1)
    game = play_out(table.game_id, absent=(ana,))
    assert Seat.objects.get(game=game, user=ana).is_taken_over
    assert record_game(game.pk) == 2
    lost, won = result(game, ana), result(game, beto)
    assert lost.forfeit and lost.place == 2 and lost.points == 0
    assert not won.forfeit and won.place == 1 and won.points == 1


def test_a_seat_taken_back_from_the_bot_is_not_a_forfeit(people):
    ana, beto = people[:2]
    table = league_table([ana, beto], max_timeouts=1)
    play_out(table.game_id, absent=(ana,), until=lambda g: Seat.objects.get(game=g, user=ana).is_taken_over)
    do_reclaim(table.game_id, ana)  # ana is back and plays the game out herself
    game = play_out(table.game_id)
    record_game(game.pk)
    assert not PlayerResult.objects.filter(game=game, forfeit=True).exists()
    assert sorted(PlayerResult.objects.filter(game=game).values_list("points", flat=True)) == [0, 1]
