"""Faults: the database connection is lost in the middle of a move.

Through a real Daphne and the public API. A trigger (this test's, dropped afterwards) holds the server's
transaction just after it has written the move's row and before it commits; the test then kills that
server connection from PostgreSQL (``pg_terminate_backend``, what a database restart or a failover does). The
move must be refused with a clear error and leave nothing behind (no move row, the same version and state),
and the same move sent again must go through once the server has a new connection.
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request

import pytest
from django.db import connection

from games.models import Game, Move
from tests.fixtures.database import other_connection, two_player_api_game
from tests.support import wait_until

pytestmark = pytest.mark.django_db(transaction=True)

HOLD = """
CREATE OR REPLACE FUNCTION tablero_test_hold() RETURNS trigger AS $$
BEGIN PERFORM pg_sleep(30); RETURN NEW; END $$ LANGUAGE plpgsql;
CREATE TRIGGER tablero_test_hold AFTER INSERT ON games_move FOR EACH ROW EXECUTE FUNCTION tablero_test_hold();
"""
RELEASE = "DROP TRIGGER IF EXISTS tablero_test_hold ON games_move; DROP FUNCTION IF EXISTS tablero_test_hold();"


def post(url: str, token: str, body: dict) -> tuple[int, dict]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"{}")


def get(url: str, token: str) -> dict:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=30) as r:
        return json.loads(r.read())


@pytest.mark.timeout(180)
def test_a_move_whose_database_connection_dies_midway_leaves_nothing_and_can_be_sent_again(daphne_server):
    game, tokens = two_player_api_game("faults")
    detail = get(f"{daphne_server}/api/v1/games/{game.pk}", tokens[0])
    seat = detail["to_move"][0]
    mine = get(f"{daphne_server}/api/v1/games/{game.pk}", tokens[seat])
    body = {"action": mine["legal_actions"][0], "version": mine["version"]}
    before = Game.objects.get(pk=game.pk)
    url = f"{daphne_server}/api/v1/games/{game.pk}/actions"

    if connection.vendor != "postgresql":
        pytest.skip("the fault is injected with a PostgreSQL trigger")
    answers = []
    with other_connection(autocommit=True) as admin:
        admin.execute(HOLD)
        try:
            sender = threading.Thread(target=lambda: answers.append(post(url, tokens[seat], body)))
            sender.start()

            def held_backend():
                # By the trigger's sleep in this database: the statement's text as shown is cut at 1 kB
                # (track_activity_query_size), before the move's INSERT.
                return admin.execute("SELECT pid FROM pg_stat_activity WHERE wait_event = 'PgSleep' "
                                     "AND datname = current_database() AND pid <> pg_backend_pid()").fetchone()

            found = wait_until(held_backend, timeout=30)
            assert found, "the move never reached the database"
            admin.execute("SELECT pg_terminate_backend(%s)", found)
            sender.join(60)
        finally:
            admin.execute(RELEASE)

    status, answer = answers[0]
    assert status == 503, answer
    assert answer["error"] == "unavailable" and "nothing was changed" in answer["message"]
    after = Game.objects.get(pk=game.pk)
    assert (after.version, after.rev, after.state) == (before.version, before.rev, before.state)
    assert not Move.objects.filter(game=game).exists()

    # The server has a new connection for the next request: the same move goes through, once.
    status, answer = post(url, tokens[seat], body)
    assert status == 200, answer
    assert answer["version"] == before.version + 1
    assert list(Move.objects.filter(game=game).values_list("seq", flat=True)) == [before.version + 1]
