"""The rate limits' counters (accounts/ratelimit.py): the socket's asynchronous count and the views' count."""

import logging

import pytest
from django.core.cache import cache

from accounts import ratelimit
from games.live.spectators import client
from tests.support import run_async


def _shared_key(ident: str, window: int = 30) -> str:
    """The Redis key of ``ident``'s per-user socket count in the current window."""
    return cache.make_and_validate_key(ratelimit._key("socket_user", ident, window))


def _limit(settings, rate: str) -> None:
    settings.RATE_LIMITS = {**getattr(settings, "RATE_LIMITS", {}), "socket_user": rate}


def test_the_socket_count_and_the_views_count_share_one_counter(settings):
    """A user's messages over all their sockets and the synchronous ``hit`` count in the same window key:
    60 a window means 60 however they are counted, and the 61st is refused."""
    _limit(settings, "5/30s")
    cache.clear()
    assert [ratelimit.hit("socket_user", "u7") for _ in range(3)] == [True] * 3

    async def socket_messages():
        return [await ratelimit.ahit("socket_user", "u7") for _ in range(3)]

    assert run_async(socket_messages()) == [True, True, False]
    assert ratelimit.hit("socket_user", "u7") is False
    assert ratelimit.hit("socket_user", "u8") is True  # another user has their own count


def test_the_socket_count_expires_with_its_window(settings):
    """The window's key is made with a lifetime of the window (plus a second), so counts never pile up."""
    _limit(settings, "5/30s")
    cache.clear()
    assert run_async(ratelimit.ahit("socket_user", "u9")) is True
    ttl = client().ttl(_shared_key("u9"))
    assert 0 < ttl <= 31


def _shared_count(ident: str) -> int:
    return int(client().get(_shared_key(ident)) or 0)


def test_a_process_takes_the_count_in_leases_and_spends_them_without_asking_redis(settings):
    """At 50 a window, a process takes 5 hits at a time from the shared count: 12 messages raise it by three
    leases (15), not by 12 round trips, and every one of them is allowed."""
    _limit(settings, "50/30s")
    cache.clear()

    async def twelve():
        return [await ratelimit.ahit("socket_user", "u3") for _ in range(12)]

    assert run_async(twelve()) == [True] * 12
    assert _shared_count("u3") == 15


def test_the_limit_holds_over_two_processes_and_refuses_at_most_a_lease_early(settings):
    """Two processes (two event loops, each with its own leases) share one user's limit of 20 a window (leases of
    2). The first spends 3 messages and holds one more it took; the second is allowed 16 and refused the 17th:
    19 allowed in all, never more than 20, at most a lease less one early. The views' count then refuses too."""
    _limit(settings, "20/30s")
    cache.clear()

    async def spend(n):
        return [await ratelimit.ahit("socket_user", "u4") for _ in range(n)]

    assert run_async(spend(3)) == [True] * 3
    assert run_async(spend(17)) == [True] * 16 + [False]
    assert _shared_count("u4") == 20  # ten leases: the 17th found the window spent and asked nothing
    assert ratelimit.hit("socket_user", "u4") is False


def test_sockets_of_one_user_sending_at_once_share_one_lease_per_process(settings):
    """Issue 40: a user's 10 sockets in one process sent a message each at once, each took a lease of 6 of the 60,
    and the user's sockets in a second process were refused after none. Messages that arrive while their
    process is taking a lease wait for it: the first process takes two leases (12) for its 10 messages, and the
    second gets the other 48, so the user is allowed 58 of 60 (at most a lease less one early), never more."""
    import asyncio

    _limit(settings, "60/30s")
    cache.clear()

    async def at_once(n):
        return await asyncio.gather(*(ratelimit.ahit("socket_user", "u6") for _ in range(n)))

    async def one_by_one(n):
        return [await ratelimit.ahit("socket_user", "u6") for _ in range(n)]

    assert run_async(at_once(10)) == [True] * 10
    assert _shared_count("u6") == 12
    second = run_async(one_by_one(60))
    assert second == [True] * 48 + [False] * 12
    assert _shared_count("u6") == 60


def test_a_spent_window_refuses_without_asking_again_and_the_next_window_starts_afresh(settings, monkeypatch):
    """Once the shared count has reached the limit, further messages of that window are refused here with no
    round trip (a flood costs Redis nothing); the next window's first message takes a new lease."""
    _limit(settings, "2/30s")
    cache.clear()
    clock = [3000.0]
    monkeypatch.setattr(ratelimit.time, "time", lambda: clock[0])

    async def scenario():
        first = [await ratelimit.ahit("socket_user", "u5") for _ in range(3)]
        counted = _shared_count("u5")
        more = [await ratelimit.ahit("socket_user", "u5") for _ in range(5)]
        after_flood = _shared_count("u5")
        clock[0] += 30
        return first, counted, more, after_flood, await ratelimit.ahit("socket_user", "u5")

    first, counted, more, after_flood, next_window = run_async(scenario())
    assert first == [True, True, False]
    assert more == [False] * 5 and after_flood == counted == 2  # the third was refused with no round trip
    assert next_window is True


def test_an_unreachable_redis_lets_the_message_through_and_says_so(settings, caplog):
    """Limits protect the service and must not take it down: without Redis the count fails open, logged."""
    _limit(settings, "1/30s")
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    with caplog.at_level(logging.ERROR, logger="accounts.ratelimit"):
        answers = run_async(_twice())
    assert answers == [True, True]
    assert "rate limit socket_user unavailable" in caplog.text


async def _twice():
    return [await ratelimit.ahit("socket_user", "u1"), await ratelimit.ahit("socket_user", "u1")]


@pytest.mark.django_db(transaction=True)
def test_a_user_over_the_limit_over_two_sockets_is_told_and_nothing_is_changed(settings, started_game, players):
    """Through the consumer: one user's two sockets share the per-user limit; once over it, a move from either
    socket is answered ``rate_limited`` and not made."""
    import json

    from games.core.rulesets import get
    from games.models import Game
    from games.tests.conftest import in_process_socket, seat_user

    _limit(settings, "3/30s")
    cache.clear()
    rs = get(started_game.ruleset)
    seat = rs.to_move(started_game.state)[0]
    user = seat_user(started_game, players, seat)

    first, second = in_process_socket(started_game, user=user), in_process_socket(started_game, user=user)

    async def scenario():
        for socket in (first, second):
            assert (await socket.connect())[0]
            await socket.receive_from(timeout=10)
        for socket in (first, second, first, second):  # four hellos: the fourth is over the limit
            await socket.send_to(text_data=json.dumps({"type": "hello", "version": 0}))
            await socket.receive_from(timeout=10)
        act = {"type": "act", "action": rs.legal_actions(started_game.state, seat)[0], "version": 0}
        await second.send_to(text_data=json.dumps(act))
        answer = json.loads(await second.receive_from(timeout=10))
        for socket in (first, second):
            await socket.disconnect()
        return answer

    answer = run_async(scenario())
    assert answer["type"] == "error" and answer["error"] == "rate_limited"
    assert Game.objects.get(pk=started_game.pk).version == 0
