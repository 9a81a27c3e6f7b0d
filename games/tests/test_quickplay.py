"""Quick play: the best open table for a game and time control, else a new one that bots fill after the
chosen wait (a Celery ETA task that re-checks the table in the database: early, late or repeated runs are
harmless)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import User
from games.models import AuditEntry, Game, Seat
from games.play.actions import MoveRejected
from games.tables import lifecycle as tables
from games.tables import quickplay
from tests.support import wait_until


@pytest.fixture
def people(db):
    return {n: User.objects.create_user(n, password=f"pw-{n}-123")
            for n in ("alicia", "bruno", "carla", "dario", "elena")}


@pytest.mark.django_db
def test_the_fullest_then_oldest_matching_public_table_is_chosen(people, django_capture_on_commit_callbacks):
    alicia, bruno, carla, dario = (people[n] for n in ("alicia", "bruno", "carla", "dario"))
    older = tables.do_create_table(alicia, "estanciero", 4, time_control="live")
    fuller = tables.do_create_table(bruno, "estanciero", 4, time_control="live")
    tables.do_join(fuller.pk, dario)
    tables.do_create_table(alicia, "estanciero", 4, time_control="live", private=True)  # never chosen
    tables.do_create_table(alicia, "estanciero", 4, time_control="blitz")  # another time control
    tables.do_create_table(alicia, "ladrillazo", 4, time_control="live")  # another game

    assert quickplay.do_quick_play(carla, "estanciero", "live", 30).pk == fuller.pk
    assert Seat.objects.get(game=fuller, index=2).user == carla
    # A second click goes to the table the person already waits at.
    assert quickplay.do_quick_play(carla, "estanciero", "live", 30).pk == fuller.pk
    # With equal seats taken, the oldest.
    tables.do_join(older.pk, people["elena"])
    tables.do_join(older.pk, dario)
    elena_table = quickplay.do_quick_play(people["elena"], "estanciero", "live", 0)
    assert elena_table.pk == older.pk


@pytest.mark.django_db
def test_a_table_the_person_was_removed_from_is_not_offered(people):
    alicia, bruno = people["alicia"], people["bruno"]
    game = tables.do_create_table(alicia, "estanciero", 4, time_control="live")
    tables.do_join(game.pk, bruno)
    tables.do_kick(game.pk, alicia, 1)
    own = quickplay.do_quick_play(bruno, "estanciero", "live", 60)
    assert own.pk != game.pk and own.created_by == bruno


@pytest.mark.django_db
def test_refusals_change_nothing(people):
    for ruleset, tc, wait in (("chess", "live", 0), ("estanciero", "bullet", 0), ("estanciero", "live", 7),
                              ("estanciero", "live", -15)):
        with pytest.raises(MoveRejected) as info:
            quickplay.do_quick_play(people["alicia"], ruleset, tc, wait)
        assert info.value.code == "bad_request"
    assert not Game.objects.exists() and not AuditEntry.objects.exists()


@pytest.mark.django_db
def test_with_no_table_one_opens_and_bots_fill_it_only_once_its_wait_is_over(people, django_capture_on_commit_callbacks):
    alicia = people["alicia"]
    with django_capture_on_commit_callbacks(execute=False):
        game = quickplay.do_quick_play(alicia, "argentilandia", "blitz", 30)
    assert game.status == Game.Status.LOBBY and game.num_seats == 4 and game.time_control == "blitz"
    fill_at, wait = quickplay.fill_time(game)
    assert wait == 30 and 25 < (fill_at - timezone.now()).total_seconds() <= 30

    early = quickplay.do_fill_with_bots(game.pk, now=fill_at - timedelta(seconds=10))
    assert early == pytest.approx(10) and Game.objects.get(pk=game.pk).status == Game.Status.LOBBY
    assert not Seat.objects.filter(game=game, is_bot=True).exists()

    tables.do_join(game.pk, people["bruno"])  # someone came during the wait
    assert quickplay.do_fill_with_bots(game.pk, now=fill_at) is None
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.num_seats == 4
    seats = list(Seat.objects.filter(game=game).order_by("index").values_list("user__username", "is_bot", "bot_level"))
    assert seats == [("alicia", False, "normal"), ("bruno", False, "normal"), (None, True, "normal"),
                     (None, True, "normal")]
    assert AuditEntry.objects.get(game=game, kind="filled_with_bots").data == {"seats": [2, 3]}
    version, rev = game.version, game.rev
    assert quickplay.do_fill_with_bots(game.pk, now=fill_at + timedelta(minutes=5)) is None  # a repeated run
    game.refresh_from_db()
    assert (game.version, game.rev) == (version, rev)
    assert AuditEntry.objects.filter(game=game, kind="filled_with_bots").count() == 1


@pytest.mark.django_db
def test_a_quick_table_starts_as_soon_as_people_fill_it_and_a_cancelled_one_is_left_alone(people):
    alicia = people["alicia"]
    game = quickplay.do_quick_play(alicia, "estanciero", "relaxed", 60)
    for name in ("bruno", "carla", "dario"):
        quickplay.do_quick_play(people[name], "estanciero", "relaxed", 60)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and not Seat.objects.filter(game=game, is_bot=True).exists()

    other = quickplay.do_quick_play(people["elena"], "estanciero", "relaxed", 15)
    tables.do_cancel(other.pk, people["elena"])
    fill_at, _ = quickplay.fill_time(other)
    assert quickplay.do_fill_with_bots(other.pk, now=fill_at) is None
    assert Game.objects.get(pk=other.pk).status == Game.Status.ABORTED
    assert not Seat.objects.filter(game=other, is_bot=True).exists()


@pytest.mark.django_db(transaction=True)
def test_the_celery_worker_fills_and_starts_the_table(people, celery_worker):
    game = quickplay.do_quick_play(people["alicia"], "ladrillazo", "live", 0)
    started = wait_until(lambda: Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE, timeout=30)
    assert started, celery_worker.tail()
    assert Seat.objects.filter(game=game, is_bot=True).count() == 3
    assert AuditEntry.objects.filter(game=game, kind="filled_with_bots").count() == 1
    # The same task queued again (a redelivery) does nothing.
    from games.tables.quickplay import fill_quick_table

    rev = Game.objects.get(pk=game.pk).rev
    fill_quick_table.delay(game.pk)
    from config.celery import ping

    ping.delay("after").get(timeout=20)  # one worker, solo pool: the task above ran before this ping
    assert AuditEntry.objects.filter(game=game, kind="filled_with_bots").count() == 1
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE and Game.objects.get(pk=game.pk).rev >= rev
