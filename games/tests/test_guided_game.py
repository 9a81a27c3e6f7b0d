"""A guided first game played to its end through the site's move path (``lobby.views_play.learn``): the learner takes
every move the coach names (``games.present.coach``), the bots move at their deadlines (``do_deadline``); by the
end the coach's list has every lesson ticked, and the game ends in fewer than 40 of the learner's moves."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from django.utils import timezone

from games.core.rulesets import declaration, get
from games.models import Game, Seat
from games.play.actions import do_deadline, do_move
from games.present.presenters import Viewer, table_context
from games.tests.conftest import client_for, make_users

pytestmark = pytest.mark.django_db


def coach_move(ctx: dict) -> dict:
    """The move the coach's button makes: its own form's, or the marked button's."""
    coach = ctx["coach"]
    if coach["json"]:
        return json.loads(coach["json"])
    (row,) = [a for a in ctx["legal"] if a.get("coach")]
    return json.loads(row["json"])


def bots_move(game: Game) -> None:
    """The bots' clocks run out, as their Celery tasks would fire: one bot move (an optional one first)."""
    Seat.objects.filter(game=game, is_bot=True).exclude(deadline=None).update(deadline=timezone.now())
    seat = get(game.ruleset).to_move(game.state)[0]
    assert seat != 0 and do_deadline(game.pk, seat, game.version) is not None


@pytest.mark.parametrize("ruleset", ["estanciero", "argentilandia", "ladrillazo"])
def test_a_guided_game_followed_to_its_end_teaches_every_lesson(ruleset):
    (learner,) = make_users(f"guided-{ruleset[:4]}")
    client_for(learner, "en").post(reverse("lobby:learn", args=[ruleset]))
    game = Game.objects.get()
    seats = list(Seat.objects.filter(game=game).select_related("user").order_by("index"))
    lessons = declaration(ruleset).lessons
    mine = 0
    last = None
    taught = set()
    for _ in range(400):
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE:
            break
        ctx = table_context(game, seats, Viewer(seat=0, signed_in=True, language="en"))
        if ctx["coach"] is None:
            bots_move(game)
            continue
        last = ctx["coach"]
        taught.add(last["teaches"])
        assert [x["title"] for x in last["lessons"]] == [str(x.title) for x in lessons]
        do_move(game.pk, seat=0, action=coach_move(ctx), expected_version=game.version, actor=learner, source="ui")
        mine += 1
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED and mine < 40
    from games.core.lessons import progress
    history = [(m.seat, m.action, m.events) for m in game.moves.order_by("seq")]
    assert progress(lessons, 0, history).complete
    assert last is not None and last["done_count"] >= len(lessons) - 1  # the last lesson: the end itself
    # The card says which lesson a move teaches when the coach steered to it: every lesson the learner's own move did.
    first = {x.key: next(step for step in history if x.done_by(0, step)) for x in lessons}
    by_move = {str(x.title) for x in lessons if x.steer and first[x.key][0] == 0 and first[x.key][1]["type"] in x.moves}
    assert by_move and by_move <= taught, by_move - taught
