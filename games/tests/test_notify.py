"""Correspondence turn e-mails (games/play/notify.py): who gets one, in which language, and never twice a day."""

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from games.core.rulesets import get
from games.models import Game, Seat
from games.play import notify
from games.play.actions import do_move
from games.play.notify import mail_turns
from games.tables import lifecycle as tables

pytestmark = [pytest.mark.django_db, pytest.mark.embedded]


@pytest.fixture(autouse=True)
def _mail_settings(settings):
    settings.SITE_URL = "https://tablero.example"
    settings.TURN_MAIL_AFTER_SECONDS = 0


@pytest.fixture
def people(db):
    return {
        "ana": User.objects.create_user("ana", "ana@example.com", "pw-ana-1234", language="es"),
        "beto": User.objects.create_user("beto", "beto@example.com", "pw-beto-1234", language="en"),
    }


def correspondence_game(people, time_control: str = "correspondence") -> Game:
    game = tables.do_create_table(people["ana"], "estanciero", 2, time_control=time_control)
    tables.do_join(game.pk, people["beto"])
    tables.do_start(game.pk, people["ana"])
    return Game.objects.get(pk=game.pk)


def on_move(game: Game) -> Seat:
    seat = get(game.ruleset).to_move(game.state)[0]
    return Seat.objects.select_related("user").get(game=game, index=seat)


def pass_the_turn(game: Game) -> Seat:
    """Play bot moves for whoever is on move until the other person is; returns their seat."""
    import random

    rs = get(game.ruleset)
    first = on_move(game).index
    for step in range(200):
        game.refresh_from_db()
        seat = rs.to_move(game.state)[0]
        if seat != first:
            return on_move(game)
        user = Seat.objects.get(game=game, index=seat).user
        do_move(game.pk, seat=seat, action=rs.bot_action(game.state, seat, random.Random(step)),
                expected_version=game.version, actor=user, source="api")
    raise AssertionError("the turn never passed")


def test_the_player_on_move_gets_one_mail_with_the_link_in_their_language(people, mailoutbox):
    game = correspondence_game(people)
    seat = on_move(game)

    assert notify.send_turn_mails() == 1
    assert len(mailoutbox) == 1
    mail = mailoutbox[0]
    assert mail.to == [seat.user.email]
    assert f"https://tablero.example/games/{game.pk}/" in mail.body
    assert "https://tablero.example" + reverse("accounts:settings") in mail.body
    other = "beto" if seat.user.username == "ana" else "ana"
    assert other in mail.body
    if seat.user.language == "es":
        assert mail.subject == f"Te toca en Estanciero #{game.pk}" and "Tenés tiempo" in mail.body
    else:
        assert mail.subject == f"Your turn in Estanciero #{game.pk}" and "You have until" in mail.body
    assert Seat.objects.get(pk=seat.pk).turn_mailed_at is not None

    # The beat runs again and again: nothing more today.
    assert notify.send_turn_mails() == 0
    assert mail_turns() == 0
    assert len(mailoutbox) == 1


def test_each_language_gets_its_own_text(people, mailoutbox):
    game = correspondence_game(people)
    for name, subject in (("ana", f"Te toca en Estanciero #{game.pk}"), ("beto", f"Your turn in Estanciero #{game.pk}")):
        seat = Seat.objects.select_related("game", "user").get(game=game, user=people[name])
        Seat.objects.filter(pk=seat.pk).update(deadline=timezone.now() + timedelta(hours=1))
        seat.refresh_from_db()
        assert notify.turn_mail(seat)[0] == subject


def test_the_turn_passes_and_the_other_player_is_mailed_once(people, mailoutbox):
    game = correspondence_game(people)
    first = on_move(game)
    assert notify.send_turn_mails() == 1
    second = pass_the_turn(game)
    assert second.user_id != first.user_id
    assert notify.send_turn_mails() == 1
    assert notify.send_turn_mails() == 0
    assert [m.to for m in mailoutbox] == [[first.user.email], [second.user.email]]


def test_a_day_later_a_player_still_waited_for_is_mailed_again(people, mailoutbox):
    game = correspondence_game(people)
    now = timezone.now()
    assert notify.send_turn_mails(now) == 1
    assert notify.send_turn_mails(now + timedelta(hours=23, minutes=59)) == 0
    assert notify.send_turn_mails(now + timedelta(hours=24, minutes=1)) == 1
    assert len(mailoutbox) == 2 and mailoutbox[0].to == mailoutbox[1].to == [on_move(game).user.email]


def test_a_turn_younger_than_the_grace_period_waits(people, mailoutbox, settings):
    settings.TURN_MAIL_AFTER_SECONDS = 600
    correspondence_game(people)
    now = timezone.now()
    assert notify.send_turn_mails(now) == 0  # the player may be at the table right now
    assert notify.send_turn_mails(now + timedelta(minutes=11)) == 1
    assert len(mailoutbox) == 1


@pytest.mark.parametrize("case", ["opted_out", "no_address", "inactive", "bot_took_over", "finished", "live_clock",
                                  "paused"])
def test_nobody_is_mailed_who_should_not_be(people, mailoutbox, case):
    game = correspondence_game(people, time_control="live" if case == "live_clock" else "correspondence")
    seat = on_move(game)
    if case == "opted_out":
        User.objects.filter(pk=seat.user_id).update(email_turns=False)
    elif case == "no_address":
        User.objects.filter(pk=seat.user_id).update(email="")
    elif case == "inactive":
        User.objects.filter(pk=seat.user_id).update(is_active=False)
    elif case == "bot_took_over":
        Seat.objects.filter(pk=seat.pk).update(is_bot=True)
    elif case in ("finished", "paused"):
        Game.objects.filter(pk=game.pk).update(status=case)
    assert notify.send_turn_mails() == 0
    assert mailoutbox == []
    assert Seat.objects.get(pk=seat.pk).turn_mailed_at is None


def test_the_player_not_on_move_is_not_mailed(people, mailoutbox):
    game = correspondence_game(people)
    waiting = Seat.objects.get(game=game, deadline__isnull=True)
    assert notify.send_turn_mails() == 1
    assert mailoutbox[0].to != [waiting.user.email]
    assert Seat.objects.get(pk=waiting.pk).turn_mailed_at is None


def test_a_mail_that_fails_is_tried_again_on_the_next_run(people, mailoutbox, monkeypatch):
    correspondence_game(people)

    def broken(*args, **kwargs):
        raise ConnectionRefusedError("smtp down")

    monkeypatch.setattr(notify, "send_mail", broken)
    assert notify.send_turn_mails() == 0
    assert not Seat.objects.filter(turn_mailed_at__isnull=False).exists()  # the claim was given back
    monkeypatch.undo()
    assert notify.send_turn_mails() == 1
    assert len(mailoutbox) == 1


@pytest.mark.django_db(transaction=True)
def test_two_workers_running_at_once_send_one_mail(people, mailoutbox, monkeypatch):
    """Both runs find the seat due, then claim it at the same moment (a barrier lines them up): the conditional
    UPDATE lets exactly one of them send."""
    correspondence_game(people)
    barrier = threading.Barrier(2, timeout=20)
    real_claim = notify.claim

    def lined_up_claim(seat, now):
        barrier.wait()
        return real_claim(seat, now)

    monkeypatch.setattr(notify, "claim", lined_up_claim)
    results = []

    def worker():
        try:
            results.append(notify.send_turn_mails())
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(results) == [0, 1]
    assert len(mailoutbox) == 1
