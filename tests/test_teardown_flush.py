"""A transactional test's teardown (conftest.py ``_empty_tables``): every row a test wrote is gone, what migrate
wrote once is kept, as Django's flush and post_migrate would leave it."""

import pytest
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.test import TransactionTestCase

import conftest
from accounts.models import ModerationAction, User
from accounts.moderation import MODERATORS, do_warn, ensure_moderator_group, is_moderator
from games.models import Game, Move, Seat
from games.tests.conftest import make_users, open_table

pytestmark = pytest.mark.django_db(transaction=True)


class _Case(TransactionTestCase):
    databases = {"default"}

    def nothing(self):
        pass


def kept() -> tuple:
    return (sorted(ContentType.objects.values_list("pk", "app_label", "model")),
            sorted(Permission.objects.values_list("pk", "codename")),
            sorted(Group.objects.values_list("pk", "name")),
            sorted(Group.permissions.through.objects.values_list("group_id", "permission_id")))


def test_the_teardown_deletes_every_row_a_test_wrote_and_keeps_what_migrate_wrote():
    if connection.vendor != "postgresql":
        pytest.skip("the DELETE teardown is PostgreSQL's; SQLite keeps Django's flush")
    before = kept()
    players = make_users("flush1", "flush2")
    players[0].groups.add(ensure_moderator_group())
    game = open_table("estanciero", players, start=True)
    do_warn(players[0], players[1], "a warning")  # the moderation log refuses DELETE (a trigger): truncated
    assert Move.objects.filter(game=game).count() == 0 and Seat.objects.filter(game=game).count() == 2
    conftest._empty_tables(_Case("nothing"))
    assert (User.objects.count(), Game.objects.count(), Seat.objects.count(), ModerationAction.objects.count()) == (
        0, 0, 0, 0)
    assert Group.objects.get(name=MODERATORS).user_set.count() == 0
    assert kept() == before  # the same ids: cached content types stay right
    moderator = make_users("flush3")[0]
    moderator.groups.add(ensure_moderator_group())
    assert is_moderator(User.objects.get(pk=moderator.pk))  # the group still carries its permissions
