"""The moderation audit log is immutable (issue 12: "An audit log of every moderation action (who, what, when,
why), visible to moderators and immutable")."""

import pytest
from django.db import connection, transaction

from accounts.models import User
from moderation import users as moderation
from moderation.models import ModerationAction

pytestmark = pytest.mark.django_db


@pytest.fixture
def entry(db):
    mod = User.objects.create_user("moderadora", password="pw-moderadora-123")
    mod.groups.add(moderation.ensure_moderator_group())
    mod = User.objects.get(pk=mod.pk)
    target = User.objects.create_user("troll", password="pw-troll-12345")
    moderation.do_warn(mod, target, "first warning")
    return ModerationAction.objects.get()


def test_an_entry_records_who_what_whom_and_why(entry):
    assert (entry.moderator.username, entry.kind, entry.user.username, entry.reason) == \
        ("moderadora", "warning", "troll", "first warning")
    assert entry.created_at is not None


def test_entries_cannot_be_changed_or_deleted_through_the_orm(entry):
    entry.reason = "rewritten"
    with pytest.raises(PermissionError):
        entry.save()
    with pytest.raises(PermissionError):
        entry.delete()
    with pytest.raises(PermissionError):
        ModerationAction.objects.filter(pk=entry.pk).update(reason="rewritten")
    with pytest.raises(PermissionError):
        ModerationAction.objects.all().delete()
    assert ModerationAction.objects.get(pk=entry.pk).reason == "first warning"


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the trigger is PostgreSQL's")
def test_the_database_refuses_raw_updates_and_deletes(entry):
    for sql in ("UPDATE accounts_moderationaction SET reason = 'x'", "DELETE FROM accounts_moderationaction"):
        with pytest.raises(Exception, match="append-only"), transaction.atomic(), connection.cursor() as cur:
            cur.execute(sql)
    assert ModerationAction.objects.get(pk=entry.pk).reason == "first warning"
