"""A table page's periodic check-in (``hello`` with the revision it shows, every 5 s: static/js/table.js) repairs
a push the channel layer dropped. It is answered from the game's revision as the database said it in this process
a moment ago (``snapshots.checked``, ``consumers.CHECKED_WITHIN``): the pages of a table need one query between
them, not one each."""

import asyncio
import json
import time

import pytest

from games.live import consumers, snapshots
from games.play import broadcast
from games.tests.conftest import first_legal_move, in_process_socket
from tests.support import run_async

pytestmark = pytest.mark.django_db(transaction=True)

RECEIVE_SECONDS = 30


def test_a_check_in_is_answered_from_the_revision_just_read_and_a_dropped_push_comes_once_it_is_old(
        started_game, players, monkeypatch):
    """Up to date a moment after the table was read: answered with nothing and no query, even though a move
    was made meanwhile whose push the layer dropped. Once that reading is older than ``CHECKED_WITHIN``, the next
    check-in reads the database and brings the move's table."""
    monkeypatch.setattr(broadcast, "group_send", lambda group, message, then=None: True)
    read = []  # each time a socket asked the database for the game's revision
    load = snapshots.load

    def spy(game_id, rev=None, seal=None):
        read.append(rev is None or seal is None)
        return load(game_id, rev, seal)

    monkeypatch.setattr(snapshots, "load", spy)

    async def scenario():
        page = in_process_socket(started_game, "format=html")
        assert (await page.connect())[0]
        first = json.loads(await page.receive_from(timeout=RECEIVE_SECONDS))
        version = await asyncio.to_thread(first_legal_move, started_game, players)  # its push dropped
        reads_before = read.count(True)
        await page.send_to(text_data=json.dumps({"type": "hello", "rev": first["rev"]}))
        quiet = await page.receive_nothing(timeout=0.5)
        reads = read.count(True) - reads_before
        monkeypatch.setattr(consumers, "CHECKED_WITHIN", 0.0)
        await page.send_to(text_data=json.dumps({"type": "hello", "rev": first["rev"]}))
        again = json.loads(await page.receive_from(timeout=RECEIVE_SECONDS))
        await page.disconnect()
        return first, version, quiet, reads, again

    first, version, quiet, reads, again = run_async(scenario())
    assert version > first["version"]
    assert quiet and reads == 0  # answered from the revision read on connecting: nothing sent, nothing read
    assert again["type"] == "table" and again["version"] == version


def test_the_revision_read_is_kept_for_a_while_and_forgotten_with_the_game():
    snapshots.clear()
    snapshots._checked[7] = (0.0, 3)
    assert snapshots.checked(7, 1.0) is None  # read long ago
    snapshots._checked[7] = (time.monotonic(), 3)
    assert snapshots.checked(7, 1.0) == 3
    snapshots.watch(7)
    snapshots.unwatch(7)
    assert snapshots.checked(7, 1.0) is None
