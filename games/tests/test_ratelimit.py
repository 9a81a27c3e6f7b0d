"""The rate limits' counters (games/ratelimit.py): the socket's asynchronous count and the views' count."""

import logging

import pytest
from django.core.cache import cache

from conftest import run_async
from games import ratelimit
from games.spectators import client


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
    key = cache.make_and_validate_key(ratelimit._key("socket_user", "u9", 30))
    ttl = client().ttl(key)
    assert 0 < ttl <= 31


def test_an_unreachable_redis_lets_the_message_through_and_says_so(settings, caplog):
    """Limits protect the service and must not take it down: without Redis the count fails open, logged."""
    _limit(settings, "1/30s")
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    with caplog.at_level(logging.ERROR, logger="games.ratelimit"):
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
