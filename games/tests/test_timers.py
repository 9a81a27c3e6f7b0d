"""The timers' sorted set (``games.play.timers``): what a clocked move queues, and due deadlines taken once."""

import threading
import uuid
from datetime import timedelta

import pytest
from django.utils import timezone

from games.play import timers
from games.play.broadcast import group_name, publish
from games.play.deadlines import ETA_HORIZON, arm


@pytest.fixture(autouse=True)
def _own_set(monkeypatch):
    """A set of the test's own: the suite's Celery worker, if one runs, takes due members from the usual one."""
    name = f"test-timers-{uuid.uuid4().hex}"
    monkeypatch.setattr(timers, "key", lambda: name)
    yield
    timers._redis().delete(name)


def queued() -> dict[str, float]:
    return {m.decode(): score for m, score in timers._redis().zrange(timers.key(), 0, -1, withscores=True)}


def test_arm_queues_each_seat_due_within_the_horizon_once_scored_by_its_deadline():
    now = timezone.now()
    soon, later, beyond = now + timedelta(seconds=30), now + timedelta(minutes=5), now + ETA_HORIZON + timedelta(1)
    assert arm(7, 3, [(0, soon), (1, later), (2, beyond)], now) == 2
    assert arm(7, 3, [(0, soon)], now) == 1  # the same deadline again: still one member
    assert queued() == {"7:0:3": soon.timestamp(), "7:1:3": later.timestamp()}
    assert arm(7, 4, [], now) == 0  # a move that armed no seat queues nothing


def test_only_members_due_by_the_time_asked_are_taken_with_their_times_and_a_taken_member_is_gone():
    now = timezone.now()
    overdue, due_soon, later = now - timedelta(seconds=2), now + timedelta(seconds=0.2), now + timedelta(seconds=60)
    arm(5, 0, [(0, due_soon), (1, later)], now)
    arm(6, 2, [(1, overdue)], now)
    assert timers.take_due(now.timestamp() + 0.25) == [((6, 1, 2), overdue.timestamp()),  # the longest overdue
                                                        ((5, 0, 0), due_soon.timestamp())]  # first
    assert timers.take_due(now.timestamp() + 0.25) == []
    assert queued() == {"5:1:0": later.timestamp()}


def test_several_takers_at_once_take_each_due_deadline_exactly_once():
    """Every worker runs a timer: a deadline two of them took would be queued twice (harmless, as ``do_deadline``
    fires once, but each copy costs a task and a locked read)."""
    now = timezone.now()
    for game_id in range(1, 401):
        arm(game_id, 1, [(game_id % 4, now - timedelta(milliseconds=game_id))], now)
    taken: list[list] = [[] for _ in range(4)]

    def take(into: list) -> None:
        while batch := timers.take_due(now.timestamp(), limit=7):
            into.extend(deadline for deadline, _ in batch)

    threads = [threading.Thread(target=take, args=(into,)) for into in taken]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    every = [d for into in taken for d in into]
    assert len(every) == 400
    assert sorted(every) == [(g, g % 4, 1) for g in range(1, 401)]
    assert timers.pending() == 0


def test_a_deadline_not_yet_due_goes_as_an_eta_task_for_its_time_and_a_backlog_in_tasks_of_ten(monkeypatch):
    """The broker's side (a real worker firing them) is the clocks' worker tests'."""
    batches: list[list] = []
    timed: list[tuple] = []
    monkeypatch.setattr("games.play.deadlines.fire_deadlines.delay", batches.append)
    monkeypatch.setattr("games.play.deadlines.fire_deadline.apply_async", lambda args, eta: timed.append((args, eta)))
    now = timezone.now()
    soon = now + timedelta(milliseconds=120)
    overdue = [((g, 0, 1), (now - timedelta(seconds=g)).timestamp()) for g in range(23)]
    assert timers.dispatch(overdue + [((99, 3, 7), soon.timestamp())], now.timestamp()) == 4
    assert [len(batch) for batch in batches] == [10, 10, 3]
    assert batches[2] == [[20, 0, 1], [21, 0, 1], [22, 0, 1]]
    assert timed == [((99, 3, 7), soon)]


def test_a_moves_timeouts_go_with_its_broadcast_when_both_are_for_the_same_redis(settings):
    """One pipeline carries the move's PUBLISH and its ``ZADD`` (``broadcast.publish``'s ``then``): the message
    reaches the game's channel and the member is queued. Aimed at another Redis, nothing rides along and the
    caller queues it itself (``actions.after_commit``)."""
    import redis

    assert settings.CELERY_BROKER_URL == settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"][0]["address"]
    listener = redis.Redis.from_url(settings.REDIS_URL).pubsub()
    prefix = settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"]
    listener.subscribe(f"{prefix}__group__{group_name(424242)}")
    listener.get_message(timeout=2)  # the subscription's confirmation
    at = timezone.now() + timedelta(seconds=40)
    assert publish(424242, 9, 12, "seal", then=timers.along({(424242, 1, 9): at})) is True
    assert listener.get_message(timeout=2)["type"] == "message"
    assert queued() == {"424242:1:9": at.timestamp()}

    ran = []
    assert publish(424242, 10, 13, "seal", then=("redis://127.0.0.1:1/0", ran.append)) is False  # no test's Redis
    assert listener.get_message(timeout=2)["type"] == "message" and ran == []
    listener.close()
