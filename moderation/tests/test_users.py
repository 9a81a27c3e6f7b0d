"""Moderating users (issue 12, Moderation > Users): warn, mute, suspend (escalating), ban, lift; each logged,
each shown to the user with its reason."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from accounts import restrictions
from accounts.models import ApiToken, Restriction, User
from games.models import Game, Seat
from games.play.actions import MoveRejected
from games.tables import lifecycle as tables
from moderation import users as moderation
from moderation.models import ModerationAction

pytestmark = pytest.mark.django_db


@pytest.fixture
def troll(db):
    return User.objects.create_user("troll", password="pw-troll-12345", email="troll@example.com")


def test_only_moderators_act_and_nothing_changes_otherwise(troll):
    other = User.objects.create_user("otro", password="pw-otro-12345")
    with pytest.raises(MoveRejected):
        moderation.do_ban(other, troll, "I don't like them")
    troll.refresh_from_db()
    assert troll.is_active and not Restriction.objects.exists() and not ModerationAction.objects.exists()


def test_a_moderator_cannot_act_on_themselves(mod):
    with pytest.raises(MoveRejected):
        moderation.do_mute(mod, mod, "test", 1)
    assert not Restriction.objects.exists()


def test_warning_shows_until_read(mod, troll):
    r = moderation.do_warn(mod, troll, "Be kind in chat")
    assert restrictions.active_restrictions(troll) == [r]
    c = Client()
    c.force_login(troll)
    page = c.get("/play/").content.decode()
    assert "Be kind in chat" in page
    c.post(f"/standing/{r.pk}/read/")
    assert restrictions.active_restrictions(troll) == []
    assert "Be kind in chat" not in c.get("/play/").content.decode()
    assert "Be kind in chat" in c.get("/standing/").content.decode()  # still on record


def test_mute_has_an_end_and_refuses_chat_meanwhile(mod, troll):
    with pytest.raises(MoveRejected):
        moderation.do_mute(mod, troll, "spam", 0)
    r = moderation.do_mute(mod, troll, "spam in chat", 3)
    assert timedelta(days=3) - timedelta(minutes=1) < r.ends_at - timezone.now() <= timedelta(days=3)
    refusal = restrictions.chat_refusal(troll)
    assert refusal is not None and "spam in chat" in refusal.message % refusal.params
    assert restrictions.chat_refusal(troll, now=timezone.now() + timedelta(days=4)) is None


def test_suspensions_escalate(mod, troll):
    days = []
    for _ in range(6):
        r = moderation.do_suspend(mod, troll, "abandoned games")
        days.append(round((r.ends_at - r.created_at).total_seconds() / 86400))
    assert days == [1, 3, 7, 14, 30, 30]


def test_a_suspended_user_cannot_open_or_join_tables_but_may_finish_their_games(mod, troll):
    host = User.objects.create_user("host", password="pw-host-12345")
    open_table = tables.do_create_table(host, "estanciero", 3, time_control="live")
    moderation.do_suspend(mod, troll, "abandoned three games this week")
    for attempt in (lambda: tables.do_create_table(troll, "estanciero", 2, time_control="live"),
                    lambda: tables.do_join(open_table.pk, troll)):
        with pytest.raises(MoveRejected) as exc:
            attempt()
        assert "abandoned three games" in exc.value.text()
    assert not Game.objects.filter(created_by=troll).exists()
    assert not Seat.objects.filter(game=open_table, user=troll).exists()


def test_ban_ends_sessions_tokens_and_hands_seats_to_bots(mod, troll):
    host = User.objects.create_user("host", password="pw-host-12345")
    game = tables.do_create_table(host, "estanciero", 2, time_control="live")
    tables.do_join(game.pk, troll)
    tables.do_start(game.pk, host)
    _, key = ApiToken.issue(troll, "bot")
    browser = Client()
    browser.force_login(troll)
    moderation.do_ban(mod, troll, "cheating")
    troll.refresh_from_db()
    assert not troll.is_active
    assert Seat.objects.get(game=game, user=troll).is_bot
    assert browser.get("/settings/").status_code == 302  # signed out
    token_client = Client(HTTP_AUTHORIZATION=f"Bearer {key}")
    response = token_client.post(f"/api/v1/games/{game.pk}/actions", {"action": {"type": "roll"}, "version": 0},
                                 content_type="application/json")
    assert response.status_code in (401, 403)
    assert not Client().login(username="troll", password="pw-troll-12345")
    # Lifting the ban lets them sign in again; both steps are in the log.
    ban = Restriction.objects.get(user=troll, kind="ban")
    moderation.do_lift(mod, ban.pk, "appeal accepted")
    assert Client().login(username="troll", password="pw-troll-12345")
    assert list(ModerationAction.objects.filter(user=troll).values_list("kind", flat=True)) == ["lift", "ban"]


def test_lift_twice_is_refused(mod, troll):
    r = moderation.do_mute(mod, troll, "spam", 1)
    moderation.do_lift(mod, r.pk, "mistake")
    with pytest.raises(MoveRejected):
        moderation.do_lift(mod, r.pk, "again")
    assert ModerationAction.objects.filter(kind="lift").count() == 1
