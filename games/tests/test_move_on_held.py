"""A move made on the game's rows as the caller read them (``actions._move_on_held``: a socket's process, its kept
revision; the page's and the API's views, the rows they read): one statement with no lock, written only while the
game's row is still at that revision; otherwise the locked path makes or refuses it, so that a refusal always
comes from the rows as they are."""

import json

import pytest
from django.db import connection
from django.db.models import F
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import ApiToken
from games.core.rulesets import get
from games.live import snapshots
from games.models import Game, Move, Seat
from games.play import actions, snapshot_wire
from games.play.actions import MoveRejected, do_move
from games.play.move_writes import SEAT_CLOCK_FIELDS
from games.tests.conftest import client_for, in_process_socket, open_table, seat_user
from tests.fixtures.database import submitted_at_once
from tests.support import run_async

pytestmark = [pytest.mark.django_db(transaction=True),
              pytest.mark.skipif(connection.vendor != "postgresql", reason="the held revision's write is PostgreSQL's")]


def on_move(game: Game) -> tuple[int, dict]:
    rs = get(game.ruleset)
    seat = rs.to_move(game.state)[0]
    return seat, rs.legal_actions(game.state, seat)[0]


def columns(obj) -> dict:
    return {f.attname: f.value_from_object(obj) for f in type(obj)._meta.concrete_fields}


def clocks(game: Game) -> list[tuple]:
    return [tuple(getattr(s, f) for f in SEAT_CLOCK_FIELDS) for s in Seat.objects.filter(game=game).order_by("index")]


def locks(queries) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if "FOR UPDATE" in q["sql"]]


def twin(game: Game, players: list) -> Game:
    """Another table of the same players at the same position: the game's state and its seats' clocks."""
    other = open_table(game.ruleset, players, start=True)
    Game.objects.filter(pk=other.pk).update(state=game.state)
    for seat in Seat.objects.filter(game=game):
        Seat.objects.filter(game=other, index=seat.index).update(**{f: getattr(seat, f) for f in SEAT_CLOCK_FIELDS})
    return Game.objects.get(pk=other.pk)


def test_a_move_on_the_held_revision_is_one_statement_and_writes_what_the_locked_path_writes(
        started_game, players, monkeypatch):
    """The same move at the same position and the same moment, once on a held revision and once by the locked
    path: the game's row, the move's row and the seats' clocks come out the same, the held one in a single
    statement with no lock. The held revision's own objects, which the process's sockets share, are unchanged."""
    now = timezone.now()
    monkeypatch.setattr(timezone, "now", lambda: now)
    other = twin(started_game, players)
    seat, action = on_move(started_game)
    held = snapshots.read(started_game.pk)
    held_before = (columns(held.game), [columns(s) for s in held.seats])
    user, user_b = seat_user(started_game, players, seat), seat_user(other, players, seat)

    with CaptureQueriesContext(connection) as queries:
        made = do_move(started_game.pk, seat=seat, action=action, expected_version=0, actor=user,
                       source=Move.Source.SOCKET, held=held)
    assert len(queries) == 1 and not locks(queries)
    with CaptureQueriesContext(connection) as queries:
        locked = do_move(other.pk, seat=seat, action=action, expected_version=0, actor=user_b,
                         source=Move.Source.SOCKET)
    assert len(locks(queries)) == 2

    game, game_b = Game.objects.get(pk=started_game.pk), Game.objects.get(pk=other.pk)
    assert (made.version, made.rev, made.events) == (locked.version, locked.rev, locked.events)
    assert (game.version, game.rev, game.state, game.status) == (game_b.version, game_b.rev, game_b.state, game_b.status)
    assert game.version == 1 and game.rev == held.game.rev + 1
    move, move_b = Move.objects.get(game=game), Move.objects.get(game=game_b)
    ignore = ("id", "game_id", "actor_id")
    assert {k: v for k, v in columns(move).items() if k not in ignore} == {
        k: v for k, v in columns(move_b).items() if k not in ignore}
    assert move.actor_id == user.pk
    assert clocks(game) == clocks(game_b)
    carried, _seats, carried_moves = snapshot_wire.thaw(made.snapshot)
    assert (carried.rev, carried.state, [m.pk for m in carried_moves]) == (game.rev, game.state, [move.pk])
    assert (columns(held.game), [columns(s) for s in held.seats]) == held_before


def test_a_revision_another_writer_passed_writes_nothing_and_the_locked_path_makes_the_move(started_game, players):
    """Any writer of an active game's rows bumps its revision (a moderator, a bot's stopped clock): a move made
    on the revision before it is not written; the locked path then makes it on the rows as they are."""
    seat, action = on_move(started_game)
    user = seat_user(started_game, players, seat)
    held = snapshots.read(started_game.pk)
    Game.objects.filter(pk=started_game.pk).update(rev=F("rev") + 1)

    with CaptureQueriesContext(connection) as queries:
        made = do_move(started_game.pk, seat=seat, action=action, expected_version=0, actor=user,
                       source=Move.Source.SOCKET, held=held)
    first = queries.captured_queries[0]["sql"]
    assert first.startswith("WITH g AS (UPDATE") and '"rev" = ' in first.split("RETURNING")[0]
    assert len(locks(queries)) == 2
    assert (made.version, made.rev) == (1, held.game.rev + 2)
    assert Move.objects.filter(game=started_game).count() == 1
    assert Game.objects.get(pk=started_game.pk).rev == held.game.rev + 2


def test_a_move_on_an_overtaken_revision_is_refused_as_stale_from_the_rows(started_game, players):
    """The held revision says version 0, the game has moved on to 1: the move for version 0 is refused as stale
    (with the game's version), and nothing more is written."""
    seat, action = on_move(started_game)
    user = seat_user(started_game, players, seat)
    held = snapshots.read(started_game.pk)
    do_move(started_game.pk, seat=seat, action=action, expected_version=0, actor=user, source=Move.Source.API)
    after = columns(Game.objects.get(pk=started_game.pk))

    with pytest.raises(MoveRejected) as refused:
        do_move(started_game.pk, seat=seat, action=action, expected_version=0, actor=user,
                source=Move.Source.SOCKET, held=held)
    assert (refused.value.code, refused.value.version) == ("stale", 1)
    assert columns(Game.objects.get(pk=started_game.pk)) == after
    assert Move.objects.filter(game=started_game).count() == 1


def test_an_illegal_move_on_the_held_revision_is_refused_by_the_locked_path_with_its_rule(started_game, players):
    seat, _action = on_move(started_game)
    user = seat_user(started_game, players, seat)
    held = snapshots.read(started_game.pk)
    with CaptureQueriesContext(connection) as queries, pytest.raises(MoveRejected) as refused:
        do_move(started_game.pk, seat=seat, action={"type": "buy"}, expected_version=0, actor=user,
                source=Move.Source.SOCKET, held=held)
    assert refused.value.code == "illegal" and refused.value.rule
    assert len(locks(queries)) == 2  # the refusal was made on the locked rows
    assert Game.objects.get(pk=started_game.pk).version == 0 and not Move.objects.filter(game=started_game).exists()


def test_someone_elses_seat_is_refused_whatever_the_held_revision_says(started_game, players):
    seat, action = on_move(started_game)
    intruder = next(p for p in players if p != seat_user(started_game, players, seat))
    held = snapshots.read(started_game.pk)
    with pytest.raises(MoveRejected) as refused:
        do_move(started_game.pk, seat=seat, action=action, expected_version=0, actor=intruder,
                source=Move.Source.SOCKET, held=held)
    assert refused.value.code == "not_your_seat"
    assert Game.objects.get(pk=started_game.pk).version == 0


def test_eight_moves_on_one_held_revision_at_once_apply_exactly_once(started_game, players):
    """Eight threads with the same held objects (as a process's sockets share them) submit the move for version
    0 together: one is written, seven are refused as stale, and the held objects are unchanged."""
    seat, action = on_move(started_game)
    user = seat_user(started_game, players, seat)
    held = snapshots.read(started_game.pk)
    outcomes = submitted_at_once(8, lambda: do_move(started_game.pk, seat=seat, action=action, expected_version=0,
                                                    actor=user, source=Move.Source.SOCKET, held=held))
    assert sorted(outcomes) == ["applied"] + ["stale"] * 7
    assert Move.objects.filter(game=started_game).count() == 1
    assert Game.objects.get(pk=started_game.pk).version == 1
    assert held.game.version == 0 and held.game.state == started_game.state


def test_a_move_that_ends_the_game_is_left_to_the_locked_path(started_game, players, monkeypatch):
    """The end is written by the ORM (``lobby.signals`` hears its ``save()``) inside the locked path's
    transaction: on the held revision a move whose outcome is decided writes nothing there."""
    seat, action = on_move(started_game)
    rs = get(started_game.ruleset)
    held = snapshots.read(started_game.pk)
    ended = []

    def outcome(self, state):
        ended.append(True)
        return {"winners": [seat]}

    monkeypatch.setattr(type(rs), "outcome", outcome)
    monkeypatch.setattr(actions, "write_move", lambda *a, **k: pytest.fail("the held revision wrote the end"))
    assert actions._move_on_held(held, seat, action, 0, seat_user(started_game, players, seat), "socket") is None
    assert ended and Game.objects.get(pk=started_game.pk).version == 0


def test_a_sockets_move_is_made_on_the_revision_its_process_holds(started_game, players, monkeypatch):
    """A seat's socket acts: the process holds the game's revision (the socket's first push loaded it), so the
    move goes through ``_move_on_held``, is written, and the socket hears it accepted and pushed."""
    made = []
    on_held = actions._move_on_held

    def spy(*args, **kwargs):
        result = on_held(*args, **kwargs)
        made.append(result)
        return result

    monkeypatch.setattr(actions, "_move_on_held", spy)
    seat, action = on_move(started_game)

    async def scenario():
        socket = in_process_socket(started_game, "format=json", seat_user(started_game, players, seat))
        assert (await socket.connect())[0]
        assert json.loads(await socket.receive_from(timeout=10))["type"] == "sync"
        await socket.send_to(json.dumps({"type": "act", "action": action, "version": 0}))
        seen = []
        while not any(m.get("type") == "update" and m.get("version") == 1 for m in seen):
            seen.append(json.loads(await socket.receive_from(timeout=10)))
        await socket.disconnect()
        return seen

    seen = run_async(scenario())
    assert {"type": "accepted", "version": 1} in seen
    assert len(made) == 1 and made[0] is not None and made[0].version == 1
    assert Move.objects.get(game=started_game).source == Move.Source.SOCKET


@pytest.mark.parametrize("via", ["page", "api"])
def test_a_move_from_the_page_or_the_api_is_made_on_the_rows_the_request_read(started_game, players, via):
    """The page's and the API's move views read the game and its seats to find the player's seat: the move is
    made on those rows and written by the one guarded statement, with no lock."""
    seat, action = on_move(started_game)
    user = seat_user(started_game, players, seat)
    with CaptureQueriesContext(connection) as queries:
        if via == "page":
            response = client_for(user).post(f"/games/{started_game.pk}/act/",
                                             {"action": json.dumps(action), "version": "0"},
                                             HTTP_HX_REQUEST="true", HTTP_X_TABLE_LIVE="1")
            assert response.status_code == 204
        else:
            token = ApiToken.issue(user, "held")[1]
            response = Client().post(f"/api/v1/games/{started_game.pk}/actions", {"action": action, "version": 0},
                                     content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {token}")
            assert response.status_code == 200 and response.json()["version"] == 1
    assert not locks(queries)
    assert [q["sql"] for q in queries.captured_queries if q["sql"].startswith("WITH g AS (UPDATE")]
    move = Move.objects.get(game=started_game)
    assert (move.seq, move.seat, move.action, move.actor_id) == (1, seat, action, user.pk)
