"""A whole Ladrillazo game through the framework: a table with two bots created and started by
``games.tables.lifecycle``, played through ``games.play.actions.do_move`` (the person, choosing with the bot policy)
and ``do_deadline`` (the bots' clocks) until the dispenser is empty (End of the game); the page and
the API show it (Starting to play; Talks)."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.utils import timezone

from accounts.models import User
from games.core.rulesets import get
from games.models import Game, Move, Seat
from games.play.actions import MoveRejected, do_deadline, do_move
from games.tables import lifecycle as tables

pytestmark = pytest.mark.django_db

APPS = settings.INSTALLED_APPS if "games.ladrillazo" in settings.INSTALLED_APPS else [
    *settings.INSTALLED_APPS, "games.ladrillazo"]


def start(game: Game, user) -> None:
    """Start the table unless creating it already did (a table with no empty human seat)."""
    if Game.objects.get(pk=game.pk).status == Game.Status.LOBBY:
        tables.do_start(game.pk, user)


def fire_due_bots(game: Game) -> bool:
    """Run the deadline of a bot seat that has one (as the clock would), if any."""
    seat = Seat.objects.filter(game=game, is_bot=True, deadline__isnull=False).order_by("index").first()
    if seat is None:
        return False
    Seat.objects.filter(pk=seat.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    do_deadline(game.pk, seat.index, game.version)
    return True


def test_a_table_with_two_bots_plays_to_the_end_through_the_move_path():
    ana = User.objects.create_user("ana-lz", password="pw-ana-lz-123")
    game = tables.do_create_table(ana, "ladrillazo", 3, bots=2, time_control="live",
                                  options={"handful": 10, "first_player": "random"})
    start(game, ana)
    rs = get("ladrillazo")
    rng = random.Random(1)
    for _ in range(3000):
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE:
            break
        if 0 in rs.to_move(game.state) and not Seat.objects.filter(game=game, is_bot=True, deadline__isnull=False,
                                                                   index__in=[1, 2]).exclude(
                index__in=rs.to_move(game.state)).exists():
            action = rs.bot_action(game.state, 0, rng)
            assert action["type"] in {a["type"] for a in rs.legal_actions(game.state, 0)} | {"propose"}
            do_move(game.pk, seat=0, action=action, expected_version=game.version, actor=ana, source=Move.Source.UI)
        else:
            assert fire_due_bots(game), "a bot is required but has no clock"
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED, game.state["turn"]
    assert game.outcome["reason"] == "dispenser_empty" and game.outcome["winner"] in (0, 1, 2)
    assert Move.objects.filter(game=game, source=Move.Source.BOT).exists()
    with override_settings(INSTALLED_APPS=APPS):
        page = Client().get(f"/games/{game.pk}/")
        assert page.status_code == 200 and b"lz-board" in page.content
    data = Client().get(f"/api/v1/games/{game.pk}").json()
    assert data["status"] == "finished" and data["view"]["players"][0]["hand"] == []


def test_the_api_refuses_a_malformed_move_with_a_rule():
    ana = User.objects.create_user("ana-lz2", password="pw-ana-lz2-123")
    game = tables.do_create_table(ana, "ladrillazo", 2, bots=1, time_control="live")
    start(game, ana)
    game = Game.objects.get(pk=game.pk)
    try:
        do_move(game.pk, seat=0, action={"type": "lower", "card": {"id": 1}}, expected_version=game.version,
                actor=ana, source=Move.Source.UI)
    except MoveRejected as exc:
        # The action's schema is checked before the rules see it (games.core.validation): a bad request, naming the field.
        assert exc.code == "bad_request" and "card" in exc.text()
        assert Game.objects.get(pk=game.pk).version == game.version
    else:
        raise AssertionError("a dict where a card id is expected was accepted")
    with pytest.raises(MoveRejected) as info:  # a bad option is a bad request before any game exists
        tables.do_create_table(ana, "ladrillazo", 2, options={"handful": 1})
    assert info.value.code == "bad_request" and info.value.rule == "starting-to-play"
