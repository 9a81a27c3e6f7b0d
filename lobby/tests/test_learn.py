"""Learn by playing (``lobby.views_play.learn``, ``games.tables.lifecycle.do_start_guided``): from the home page or a
game's rules page, a person's guided first game: a teaching table against bots on the game's guided seed, resumed
while it is in play; the coach on its table marks the move a bot would make in the learner's place, with why."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from games.core.rulesets import declaration, get
from games.models import Game, Seat
from games.play.actions import do_move
from games.present.presenters import Viewer, table_context
from games.tables.lifecycle import TEACHING_BOT_DELAY_MS, guided_seed
from games.tests.conftest import client_for, make_users
from games.tests.test_teaching_table import bot_moves_once

pytestmark = pytest.mark.django_db

RULESETS = ("estanciero", "argentilandia", "ladrillazo")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_rules_page_starts_a_guided_game_and_a_second_visit_resumes_it(ruleset):
    (learner,) = make_users(f"learn-{ruleset[:4]}")
    c = client_for(learner, "es")
    page = c.get(reverse("lobby:rules", args=[ruleset])).content.decode()
    assert f'action="{reverse("lobby:learn", args=[ruleset])}"' in page and "Aprender jugando" in page
    response = c.post(reverse("lobby:learn", args=[ruleset]))
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    settings = declaration(ruleset).guided_table
    assert game.status == Game.Status.ACTIVE and game.teaching and not game.rated
    assert game.bot_delay_ms == TEACHING_BOT_DELAY_MS  # the bots take their time
    assert game.seed == guided_seed(ruleset) and game.num_seats == settings["seats"]
    assert all((game.options or {}).get(k) == v for k, v in settings["options"].items())
    assert [s.is_bot for s in Seat.objects.filter(game=game).order_by("index")] == [False] + [True] * (game.num_seats - 1)
    again = c.post(reverse("lobby:learn", args=[ruleset]))
    assert again["Location"] == game.get_absolute_url() and Game.objects.count() == 1


def test_everyone_learns_on_the_same_deal():
    first, second = make_users("learn-a", "learn-b")
    for user in (first, second):
        client_for(user).post(reverse("lobby:learn", args=["estanciero"]))
    a, b = Game.objects.order_by("pk")
    assert a.seed == b.seed and a.seed_commitment == b.seed_commitment
    assert json.dumps(a.state, sort_keys=True) == json.dumps(b.state, sort_keys=True)


def test_the_home_page_offers_it_and_someone_signed_out_is_sent_to_sign_in(client):
    home = client.get(reverse("lobby:home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert home.count("Learn by playing") == len(RULESETS)
    response = client.post(reverse("lobby:learn", args=["ladrillazo"]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert "next=/rules/ladrillazo/" in response["Location"] and not Game.objects.exists()
    (learner,) = make_users("learn-c")
    assert client_for(learner).post(reverse("lobby:learn", args=["no-such-game"])).status_code == 302
    assert not Game.objects.exists()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_coach_marks_its_move_with_why_and_the_rule(ruleset):
    """The coach names a move the learner may make now: its button marked (``data-coach``), or, for a move the board
    makes with a form (a deal), its own form on the card; with the ruleset's line on why and the rule."""
    (learner,) = make_users(f"coach-{ruleset[:4]}")
    client_for(learner).post(reverse("lobby:learn", args=[ruleset]))
    game = Game.objects.get()
    seats = list(Seat.objects.filter(game=game).select_related("user").order_by("index"))
    found = 0
    for _ in range(40):  # the learner's first moves
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE:
            break
        ctx = table_context(game, seats, Viewer(seat=0, signed_in=True, language="es"))
        coach = ctx["coach"]
        if coach is None:
            bot_moves_once(game)
            continue
        found += 1
        marked = [a for a in ctx["legal"] if a.get("coach")]
        if coach["json"] is None:
            (row,) = marked
            picked = json.loads(row["json"])
            assert coach["label"] == row["label"]
        else:
            assert not marked
            picked = json.loads(coach["json"])
        if found == 1:  # the page: the coach's card, its move marked, the rest dimmed by the grid's class
            page = client_for(learner, "es").get(game.get_absolute_url()).content.decode()
            assert 'class="table-grid coaching"' in page and "Entrenador" in page and len(re.findall(r" data-coach[ >]", page)) == 1
        assert coach["hint"] and "/rules/" in coach["url"]
        do_move(game.pk, seat=0, action=picked, expected_version=game.version, actor=learner, source="ui")
    assert found >= 3


def test_no_coach_at_an_ordinary_table():
    from games.tables import lifecycle as tables

    (player,) = make_users("no-coach")
    game = tables.do_create_table(player, "estanciero", 2, bots=1, time_control="correspondence")
    seats = list(Seat.objects.filter(game=game).select_related("user").order_by("index"))
    game = Game.objects.get(pk=game.pk)
    seat = get("estanciero").to_move(game.state)[0]
    assert table_context(game, seats, Viewer(seat=seat, signed_in=True))["coach"] is None
