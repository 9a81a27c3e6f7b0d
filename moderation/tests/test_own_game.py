"""A moderator judges no game of their own (docs/SECURITY.md, Moderation): every tool on the game's moderation
page (reveal, pause, resume, replace a seat, adjudicate, abort, annul) is refused to a moderator who holds a
seat in it, or held one, with a clear message; nothing changes and nothing is logged in their name."""

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from accounts.models import User
from games.models import AuditEntry, Game, Seat
from games.tests.conftest import client_for, open_table
from moderation import games as moderation
from moderation.models import ModerationAction
from moderation.users import ensure_moderator_group

pytestmark = pytest.mark.django_db

REFUSAL = "You play or played in this game: another moderator must act on it."


def moderator(user) -> User:
    user.groups.add(ensure_moderator_group())
    return User.objects.get(pk=user.pk)


def state(game_id: int) -> tuple:
    g = Game.objects.get(pk=game_id)
    return (g.status, g.version, g.rev, g.outcome, g.annulled_at, g.paused_at,
            list(Seat.objects.filter(game=g).values_list("user_id", "is_bot")))


def refused(client: Client, game: Game, kind: str, **form) -> None:
    """``kind`` posted from the moderation page is refused with the message, and changes nothing."""
    before = state(game.pk)
    logged = ModerationAction.objects.count()
    response = client.post(f"/games/{game.pk}/moderate/{kind}/", {"reason": "I am sure", **form})
    assert [str(m) for m in get_messages(response.wsgi_request)][-1] == REFUSAL
    assert state(game.pk) == before
    assert ModerationAction.objects.count() == logged


@pytest.fixture
def seated(players, mod):
    """ana, a moderator, plays seat 1 of a rated game against beto and caro; ``mod`` is another moderator."""
    ana = moderator(players[0])
    game = open_table("estanciero", [ana, *players[1:]], start=True)
    Game.objects.filter(pk=game.pk).update(rated=True)
    return game, ana, client_for(ana)


@pytest.mark.parametrize("kind, form", [
    ("reveal", {}), ("pause", {}), ("abort", {}), ("adjudicate", {"ranking": "1 2 3"}),
    ("replace", {"seat": "2", "user": ""}),
])
def test_a_seated_moderator_cannot_act_on_their_game_under_way(seated, kind, form):
    game, _ana, client = seated
    refused(client, game, kind, **form)


def test_a_seated_moderator_cannot_resume_or_annul_their_game(seated, mod):
    game, _ana, client = seated
    moderation.do_pause(mod, game.pk, "a dispute")  # another moderator may
    refused(client, game, "resume")
    moderation.do_adjudicate(mod, game.pk, [1, 0, 2], "abandoned")
    refused(client, game, "annul")
    assert Game.objects.get(pk=game.pk).outcome["ranking"] == [1, 0, 2]


def test_a_moderator_who_lost_their_seat_still_cannot_judge_the_game(seated, mod, players):
    """Held one: replaced by a bot, the moderator has no seat now but played the game's first moves."""
    game, ana, client = seated
    moderation.do_replace_seat(mod, game.pk, 0, "went away")
    assert not Seat.objects.filter(game=game, user=ana).exists()
    refused(client, game, "adjudicate", ranking="1 2 3")
    refused(client, game, "abort")


def test_a_moderator_cannot_give_themselves_a_seat(started_game, mod):
    client = client_for(mod)
    before = state(started_game.pk)
    response = client.post(f"/games/{started_game.pk}/moderate/replace/",
                           {"reason": "I will play it", "seat": "1", "user": mod.username})
    assert [str(m) for m in get_messages(response.wsgi_request)][0].startswith("You cannot give yourself a seat")
    assert state(started_game.pk) == before and not ModerationAction.objects.exists()


def test_the_page_tells_a_seated_moderator_and_offers_no_tools(seated):
    game, ana, client = seated
    page = client.get(f"/games/{game.pk}/moderate/").content.decode()
    assert REFUSAL in page
    assert "Jugás o jugaste en esta partida" in client_for(ana, "es").get(f"/games/{game.pk}/moderate/").content.decode()
    assert f"/games/{game.pk}/moderate/adjudicate/" not in page and f"/games/{game.pk}/moderate/reveal/" not in page


def test_a_moderator_not_at_the_table_still_can(seated, mod):
    game, _ana, _client = seated
    client = client_for(mod)
    client.post(f"/games/{game.pk}/moderate/adjudicate/", {"ranking": "2 1 3", "reason": "agreed"})
    assert Game.objects.get(pk=game.pk).outcome["ranking"] == [1, 0, 2]
    assert AuditEntry.objects.filter(game=game, kind="adjudicated", user=mod).exists()
