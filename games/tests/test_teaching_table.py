"""A teaching table: made from the New table form or the API, friendly only; "What can I do now?" stands open, its
bots take their time and the log says why each bot move may be worth it, in the reader's language; a rematch is a
teaching table too."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse
from django.utils import timezone

from games.core.rulesets import get
from games.models import Game, Move, Seat
from games.play.actions import MoveRejected, do_deadline, do_move
from games.tables import lifecycle as tables
from games.tables.lifecycle import TEACHING_BOT_DELAY_MS
from games.tests.conftest import client_for

pytestmark = pytest.mark.django_db


def bot_moves_once(game: Game) -> Game:
    """The bot on move moves, as its clock's Celery task would make it."""
    seat = get(game.ruleset).to_move(game.state)[0]
    assert Seat.objects.get(game=game, index=seat).is_bot
    Seat.objects.filter(game=game, index=seat).update(deadline=timezone.now())
    assert do_deadline(game.pk, seat, game.version) is not None
    return Game.objects.get(pk=game.pk)


def started_with_a_bot_on_move(user, teaching: bool) -> Game:
    """A 2-seat Estanciero table against a bot, played by the bot until the bot is on move (the person rolls)."""
    game = tables.do_create_table(user, "estanciero", 2, bots=1, time_control="correspondence", teaching=teaching)
    rs = get("estanciero")
    for _ in range(20):
        game = Game.objects.get(pk=game.pk)
        seat = rs.to_move(game.state)[0]
        if Seat.objects.get(game=game, index=seat).is_bot:
            return game
        do_move(game.pk, seat=seat, action=rs.bot_action(game.state, seat, random.Random(1)),
                expected_version=game.version, actor=user, source="ui")
    raise AssertionError("the bot never came on move")


def test_the_new_table_form_makes_a_teaching_table_with_slow_bots(players):
    response = client_for(players[0], "es").post(reverse("lobby:create"), {
        "ruleset": "estanciero", "seats": "2", "bots": "1", "time_control": "correspondence", "bot_level": "normal",
        "max_timeouts": "3", "rated": "", "visibility": "public", "teaching": "1"})
    game = Game.objects.get()
    assert response.status_code == 302 and game.teaching and game.bot_delay_ms == TEACHING_BOT_DELAY_MS
    while get("estanciero").to_move(game.state)[0] != 0:  # the person's turn: they have moves to be told of
        game = bot_moves_once(game)
    page = client_for(players[0], "es").get(game.get_absolute_url()).content.decode()
    assert '<details class="card what-now" open>' in page and "para aprender" in page


def test_a_teaching_table_cannot_be_rated_and_says_so(players):
    c = client_for(players[0], "en")
    response = c.post(reverse("lobby:create"), {
        "ruleset": "estanciero", "seats": "2", "bots": "1", "time_control": "correspondence", "bot_level": "normal",
        "max_timeouts": "3", "rated": "1", "visibility": "public", "teaching": "1"})
    assert response.status_code == 400 and not Game.objects.exists()
    assert "A teaching table is friendly: it cannot be rated." in response.content.decode()
    with pytest.raises(MoveRejected, match="must be true or false"):
        tables.table_settings({"ruleset": "ladrillazo", "seats": 2, "teaching": "yes"})  # the API's body, refused


def test_the_log_says_why_a_bots_move_may_be_worth_it_only_at_a_teaching_table(players):
    teaching = bot_moves_once(started_with_a_bot_on_move(players[0], True))
    normal = bot_moves_once(started_with_a_bot_on_move(players[1], False))
    assert Move.objects.filter(game=teaching, source="bot").exists()
    spanish = client_for(players[0], "es").get(teaching.get_absolute_url()).content.decode()
    english = client_for(players[0], "en").get(teaching.get_absolute_url()).content.decode()
    assert 'class="log-why"' in spanish and "Por qué: " in spanish
    assert "Why: " in english
    plain = client_for(players[1], "en").get(normal.get_absolute_url()).content.decode()
    assert "log-why" not in plain and '<details class="card what-now" open>' not in plain


def test_a_rematch_of_a_teaching_table_is_one_too(players):
    game = tables.do_create_table(players[0], "ladrillazo", 2, time_control="correspondence", teaching=True)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    rematch = tables.do_rematch(game.pk, players[0])
    assert rematch.teaching and rematch.bot_delay_ms == TEACHING_BOT_DELAY_MS
