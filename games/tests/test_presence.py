"""Presence in Redis: a person is online while any of their lobby sockets lives, and expires without one."""

import time

import pytest

from games.live import presence


@pytest.fixture(autouse=True)
def clean():
    client = presence.client()
    for key in client.scan_iter(presence._key("*")):
        client.delete(key)
    yield


def test_a_person_with_two_sockets_stays_online_until_the_last_closes():
    assert presence.touch(1, "ana", "chan-a") is True  # came online
    assert presence.touch(1, "ana", "chan-b") is False  # already there
    assert presence.touch(2, "Beto", "chan-c") is True
    assert presence.online() == ["ana", "Beto"]
    assert presence.leave(1, "ana", "chan-a") is False
    assert presence.online() == ["ana", "Beto"]
    assert presence.leave(1, "ana", "chan-b") is True  # went offline
    assert presence.online() == ["Beto"]


def test_a_socket_lost_without_a_goodbye_expires():
    now = time.time()
    presence.touch(3, "caro", "chan-x", now=now - presence.TTL - 1)
    presence.touch(4, "dani", "chan-y", now=now)
    assert presence.online(now=now) == ["dani"]
    # caro's stale socket does not keep her online when another of her sockets closes later.
    presence.touch(3, "caro", "chan-z", now=now)
    assert presence.leave(3, "caro", "chan-z", now=now) is True
    assert presence.online(now=now) == ["dani"]
