"""Pushes the games send (games/play/notify.py): a correspondence turn, claimed once a day per seat apart from the
e-mail; a rematch offered. And the other kinds' triggers: a league table ready (lobby/leagues.py), a report
resolved (moderation/reports.py). Each queues one ``accounts.push.deliver`` task after its transaction commits,
with the words in the person's language; tests/test_browser_push.py shows one in a real browser, and
accounts/tests/test_push.py follows one to a push service."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts import push
from accounts.models import PushSubscription, User
from games.models import Game, Seat
from games.play import notify
from games.tables import lifecycle as tables
from games.tests.test_notify import correspondence_game, on_move, pass_the_turn

pytestmark = [pytest.mark.django_db]


@pytest.fixture(autouse=True)
def _push_settings(settings):
    settings.TURN_PUSH_AFTER_SECONDS = 0
    settings.TURN_MAIL_AFTER_SECONDS = 0


@pytest.fixture
def queued(monkeypatch):
    """The deliver tasks queued, as (user id, kind, payload), instead of going to the broker."""
    calls: list[tuple] = []
    monkeypatch.setattr(push.deliver, "delay", lambda *args: calls.append(args))
    return calls


@pytest.fixture
def people(db):
    people = {
        "ana": User.objects.create_user("ana", "ana@example.com", "pw-ana-1234", language="es", push_turns=True,
                                        push_rematches=True, push_invites=True, push_reports=True),
        "beto": User.objects.create_user("beto", "beto@example.com", "pw-beto-1234", language="en", push_turns=True,
                                         push_rematches=True, push_invites=True, push_reports=True),
    }
    for name, user in people.items():
        PushSubscription.objects.create(user=user, endpoint=f"https://fcm.googleapis.com/fcm/send/{name}",
                                        p256dh="B" + "A" * 86, auth="A" * 22)
    return people


def test_the_player_on_move_is_pushed_once_in_their_language(people, queued):
    game = correspondence_game(people)
    seat = on_move(game)
    assert notify.send_turn_pushes() == 1
    [(user_id, kind, data)] = queued
    assert (user_id, kind) == (seat.user_id, "turn")
    assert data["url"] == game.get_absolute_url() and data["tag"] == f"turn-{game.pk}"
    if seat.user.language == "es":
        assert data["title"] == f"Te toca en Estanciero #{game.pk}"
    else:
        assert data["title"] == f"Your turn in Estanciero #{game.pk}" and data["body"].startswith("You have until")

    # The beat runs again and again: nothing more today, whatever the e-mails do.
    assert notify.send_turn_pushes() == 0
    assert notify.push_turns() == 0
    assert notify.send_turn_mails() == 1  # the e-mail has its own claim
    assert notify.send_turn_pushes() == 0
    assert len(queued) == 1
    seat.refresh_from_db()
    assert seat.turn_pushed_at is not None and seat.turn_mailed_at is not None


def test_the_turn_passes_and_the_other_player_is_pushed_and_again_a_day_later(people, queued):
    game = correspondence_game(people)
    first = on_move(game)
    assert notify.send_turn_pushes() == 1
    second = pass_the_turn(game)
    now = timezone.now()
    assert notify.send_turn_pushes(now) == 1
    assert [q[0] for q in queued] == [first.user_id, second.user_id]
    assert notify.send_turn_pushes(now + timedelta(hours=23)) == 0
    assert notify.send_turn_pushes(now + timedelta(hours=24, minutes=1)) == 1


@pytest.mark.parametrize("case", ["not_chosen", "no_device", "e-mail_only_off", "young_turn"])
def test_who_is_pushed_and_who_is_not(people, queued, settings, case):
    game = correspondence_game(people)
    seat = on_move(game)
    if case == "not_chosen":
        User.objects.filter(pk=seat.user_id).update(push_turns=False)
    elif case == "no_device":
        PushSubscription.objects.filter(user_id=seat.user_id).delete()
    elif case == "e-mail_only_off":  # the e-mail switched off, the push on: pushed all the same
        User.objects.filter(pk=seat.user_id).update(email_turns=False, email="")
    elif case == "young_turn":
        settings.TURN_PUSH_AFTER_SECONDS = 600
    expected = 1 if case == "e-mail_only_off" else 0
    assert notify.send_turn_pushes() == expected and len(queued) == expected
    assert (Seat.objects.get(pk=seat.pk).turn_pushed_at is not None) == bool(expected)


def test_a_push_that_cannot_be_queued_is_tried_again_on_the_next_run(people, monkeypatch):
    correspondence_game(people)

    def broker_down(*args):
        raise ConnectionRefusedError("redis down")

    monkeypatch.setattr(push.deliver, "delay", broker_down)
    assert notify.send_turn_pushes() == 0
    assert not Seat.objects.filter(turn_pushed_at__isnull=False).exists()  # the claim was given back
    calls = []
    monkeypatch.setattr(push.deliver, "delay", lambda *args: calls.append(args))
    assert notify.send_turn_pushes() == 1 and len(calls) == 1


def test_a_seat_is_claimed_for_its_push_once(people):
    game = correspondence_game(people)
    seat = on_move(game)
    now = timezone.now()
    assert notify.claim(seat, now, "turn_pushed_at") is True
    assert notify.claim(seat, now, "turn_pushed_at") is False
    assert notify.claim(seat, now) is True  # the e-mail's claim is its own


def finished_game(people) -> Game:
    game = correspondence_game(people, time_control="live")
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    return Game.objects.get(pk=game.pk)


def test_a_rematch_is_pushed_to_the_other_player_after_commit(people, queued, django_capture_on_commit_callbacks):
    old = finished_game(people)
    with django_capture_on_commit_callbacks(execute=True):
        tables.do_rematch(old.pk, people["ana"])
        assert queued == []  # nothing before the rematch is written
    [(user_id, kind, data)] = queued
    assert (user_id, kind) == (people["beto"].pk, "rematch")
    assert data == {"kind": "rematch", "title": "ana offers a rematch",
                    "body": f"Of Estanciero #{old.pk}: join it from the game's page.", "url": old.get_absolute_url(),
                    "tag": f"rematch-{old.pk}"}
    # Beto joins it: no offer back.
    with django_capture_on_commit_callbacks(execute=True):
        tables.do_rematch(old.pk, people["beto"])
    assert len(queued) == 1


def test_a_resolved_report_is_pushed_to_the_reporter(people, queued, django_capture_on_commit_callbacks):
    from moderation.reports import do_report, do_resolve

    moderator = User.objects.create_user("mod", "mod@example.com", "pw-mod-12345", is_superuser=True)
    report = do_report(people["beto"], people["ana"], "rude", category="other")
    with django_capture_on_commit_callbacks(execute=True):
        do_resolve(moderator, report.pk, "dismiss", "nothing there")
    [(user_id, kind, data)] = queued
    assert (user_id, kind) == (people["beto"].pk, "report")
    assert data["title"] == "Your report was looked at" and "ana" in data["body"]
    assert "nothing there" not in data["body"]  # the moderators' note stays theirs


def test_a_league_table_is_pushed_as_an_invitation(people, queued, django_capture_on_commit_callbacks):
    from lobby.leagues import notify_table
    from lobby.models import League, LeagueTable, Round, Season

    league = League.objects.create(name="Liga Pampa", slug="pampa", ruleset="estanciero", time_control="correspondence")
    season = Season.objects.create(league=league, number=1, starts_at=timezone.now())
    rnd = Round.objects.create(season=season, number=1, starts_at=timezone.now())
    division = season.divisions.create(tier=1)
    game = correspondence_game(people)
    table = LeagueTable.objects.create(round=rnd, division=division, number=1, game=game)
    User.objects.filter(pk=people["beto"].pk).update(email="")  # no address: pushed all the same
    with django_capture_on_commit_callbacks(execute=True):
        assert notify_table(table.pk, [people["ana"].pk, people["beto"].pk]) == 1
    assert sorted((q[0], q[1]) for q in queued) == sorted([(people["ana"].pk, "invite"), (people["beto"].pk, "invite")])
    data = {q[0]: q[2] for q in queued}[people["beto"].pk]
    assert data["title"] == "Liga Pampa: round 1, your table is ready" and data["url"] == game.get_absolute_url()
