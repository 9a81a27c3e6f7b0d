import pytest

from accounts.models import User
from games import tables
from games.models import Game


@pytest.fixture
def players(db):
    return [User.objects.create_user(name, password="pw-" + name + "-123") for name in ("ana", "beto", "caro")]


@pytest.fixture
def started_game(players):
    """A 3-player Estanciero between people, started."""
    game = tables.do_create_table(players[0], "estanciero", 3, time_control="correspondence")
    tables.do_join(game.pk, players[1])
    tables.do_join(game.pk, players[2])
    tables.do_start(game.pk, players[0])
    return Game.objects.get(pk=game.pk)


def seat_user(game, players, seat):
    return next(p for p in players if game.seats.get(index=seat).user_id == p.pk)


@pytest.fixture
def mod(db):
    """A moderator: a user in the moderators' group (fresh from the database, so its permissions load)."""
    from accounts.moderation import ensure_moderator_group

    user = User.objects.create_user("moderadora", password="pw-moderadora-123")
    user.groups.add(ensure_moderator_group())
    return User.objects.get(pk=user.pk)
