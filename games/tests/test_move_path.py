"""The one move path: seat, version, legality, one transaction, concurrency."""

import random
import threading

import pytest

from games.core.rulesets import get
from games.models import Game, Move
from games.play import snapshot_wire
from games.play.actions import MoveRejected, do_move
from games.present.verify import canonical, replay, verify_game
from games.tables import lifecycle as tables
from games.tests.conftest import seat_user
from tests.fixtures.database import submitted_at_once

pytestmark = pytest.mark.django_db(transaction=True)


def first_move(game):
    rs = get(game.ruleset)
    seat = rs.to_move(game.state)[0]
    return seat, rs.legal_actions(game.state, seat)[0]


@pytest.mark.embedded
def test_a_legal_move_is_written_with_its_events(started_game, players):
    seat, action = first_move(started_game)
    result = do_move(started_game.pk, seat=seat, action=action, expected_version=0,
                     actor=seat_user(started_game, players, seat), source="ui")
    game = Game.objects.get(pk=started_game.pk)
    assert result.version == game.version == 1
    move = Move.objects.get(game=game)
    assert (move.seq, move.seat, move.action) == (1, seat, action)
    assert move.events == result.events and result.events


def test_a_stale_version_is_refused_and_changes_nothing(started_game, players):
    seat, action = first_move(started_game)
    user = seat_user(started_game, players, seat)
    do_move(started_game.pk, seat=seat, action=action, expected_version=0, actor=user, source="ui")
    before = Game.objects.get(pk=started_game.pk)
    with pytest.raises(MoveRejected) as exc:
        do_move(started_game.pk, seat=seat, action=action, expected_version=0, actor=user, source="ui")
    assert exc.value.code == "stale" and exc.value.version == 1
    after = Game.objects.get(pk=started_game.pk)
    assert (after.version, after.state) == (before.version, before.state)
    assert Move.objects.filter(game=after).count() == 1


def test_someone_elses_seat_is_refused(started_game, players):
    seat, action = first_move(started_game)
    intruder = next(p for p in players if p != seat_user(started_game, players, seat))
    with pytest.raises(MoveRejected) as exc:
        do_move(started_game.pk, seat=seat, action=action, expected_version=0, actor=intruder, source="ui")
    assert exc.value.code == "not_your_seat"
    assert Game.objects.get(pk=started_game.pk).version == 0


def test_an_illegal_action_is_refused_with_its_rule(started_game, players):
    seat, _action = first_move(started_game)
    with pytest.raises(MoveRejected) as exc:
        do_move(started_game.pk, seat=seat, action={"type": "buy"}, expected_version=0,
                actor=seat_user(started_game, players, seat), source="ui")
    assert exc.value.code == "illegal" and exc.value.rule
    assert Game.objects.get(pk=started_game.pk).version == 0 and not Move.objects.exists()


def test_a_malformed_action_is_refused(started_game, players):
    seat, _ = first_move(started_game)
    for bad in (None, "roll", {"no": "type"}, {"type": 3}):
        with pytest.raises(MoveRejected) as exc:
            do_move(started_game.pk, seat=seat, action=bad, expected_version=0,
                    actor=seat_user(started_game, players, seat), source="api")
        assert exc.value.code in ("bad_request", "illegal")
    assert Game.objects.get(pk=started_game.pk).version == 0


@pytest.mark.embedded
def test_the_lock_reads_the_game_and_its_seats_with_their_players_in_two_queries(started_game, players,
                                                                                django_assert_num_queries):
    """The move path's lock (``actions._lock``): the game's row and its seats' rows, each seat with its player's
    name, in two queries however many seats there are (on PostgreSQL sent together, in one round trip), every
    column as the ORM would read it; a game that does not exist is refused."""
    from django.db import transaction

    from games.play.actions import _lock

    with transaction.atomic(), django_assert_num_queries(2):
        game, seats = _lock(started_game.pk)
        names = [s.display_name for s in seats]
        ids = [s.user.pk for s in seats]
    assert (game.pk, game.version, game.state) == (started_game.pk, started_game.version, started_game.state)

    def columns(obj) -> dict:  # every column as the ORM reads it (JSON decoded, times aware)
        return {f.attname: f.value_from_object(obj) for f in type(obj)._meta.concrete_fields}

    assert columns(game) == columns(Game.objects.get(pk=started_game.pk))
    assert [columns(s) for s in seats] == [columns(s) for s in started_game.seats.order_by("index")]
    assert [s.index for s in seats] == list(range(len(players)))
    assert names == [s.display_name for s in started_game.seats.order_by("index")]
    assert ids == [s.user_id for s in started_game.seats.order_by("index")]
    with transaction.atomic(), pytest.raises(MoveRejected) as refused:
        _lock(started_game.pk + 1000)
    assert refused.value.code == "not_found"


def test_concurrent_submissions_for_one_version_apply_exactly_once(started_game, players):
    seat, action = first_move(started_game)
    user = seat_user(started_game, players, seat)
    outcomes = submitted_at_once(8, lambda: do_move(started_game.pk, seat=seat, action=action, expected_version=0,
                                                    actor=user, source="api"))
    assert outcomes.count("applied") == 1
    assert outcomes.count("stale") == 7
    assert Move.objects.filter(game=started_game).count() == 1
    assert Game.objects.get(pk=started_game.pk).version == 1


def play_randomly(game, players, moves: int, seed: int = 7) -> Game:
    rng = random.Random(seed)
    rs = get(game.ruleset)
    for _ in range(moves):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        seat = rs.to_move(game.state)[0]
        action = rng.choice(rs.legal_actions(game.state, seat))
        do_move(game.pk, seat=seat, action=action, expected_version=game.version,
                actor=seat_user(game, players, seat), source="api")
    game.refresh_from_db()
    return game


def test_replaying_the_log_from_the_seed_reproduces_the_snapshot(started_game, players):
    game = play_randomly(started_game, players, 150)
    assert game.version > 100
    log = list(Move.objects.filter(game=game).order_by("seq").values_list("seat", "action"))
    state = replay(game.ruleset, game.num_seats, game.seed, game.options, log)
    assert canonical(state) == canonical(game.state)


def test_a_finished_game_verifies_and_a_tampered_log_does_not(players):
    game = tables.do_create_table(players[0], "estanciero", 2, time_control="correspondence",
                                  options={"max_turns": 2})
    tables.do_join(game.pk, players[1])
    tables.do_start(game.pk, players[0])
    game = play_randomly(Game.objects.get(pk=game.pk), players, 500)
    assert game.status == Game.Status.FINISHED and game.outcome["ranking"]
    report = verify_game(game)
    assert report.ok, report.detail
    move = Move.objects.filter(game=game, action__type="roll").order_by("seq").last()
    tamper(move, {"type": "end_turn"})
    assert not verify_game(game).ok


def tamper(move: Move, action: dict) -> None:
    """Rewrite a logged move as only the database's owner could: the log refuses changes (``accounts.append_only``
    and, on PostgreSQL, a trigger this switches off for the statement)."""
    import json

    from django.db import connection, transaction

    postgresql = connection.vendor == "postgresql"
    with transaction.atomic(), connection.cursor() as cursor:
        if postgresql:
            cursor.execute("ALTER TABLE games_move DISABLE TRIGGER USER")
        cursor.execute("UPDATE games_move SET action = %s WHERE id = %s", [json.dumps(action), move.pk])
        if postgresql:
            cursor.execute("ALTER TABLE games_move ENABLE TRIGGER USER")


def test_seed_is_secret_until_the_end(started_game):
    from django.test import Client

    page = Client().get(f"/games/{started_game.pk}/").content.decode()
    assert started_game.seed_commitment[:12] in page
    assert started_game.seed not in page
    assert Client().get(f"/games/{started_game.pk}/verify/").status_code == 200


def test_a_socket_hears_of_a_move_only_after_it_commits(started_game, players):
    """Broadcast after commit: while the move's transaction is open, a socket in the game's group receives
    nothing (it would otherwise load a version the database does not have yet); once it commits, exactly
    one message with the new version and revision."""
    import asyncio

    from channels.layers import get_channel_layer
    from django.db import close_old_connections, transaction

    from games.play.broadcast import group_name
    from tests.support import run_async

    seat, action = first_move(started_game)
    moved, release = threading.Event(), threading.Event()

    def move_in_an_open_transaction():
        try:
            with transaction.atomic():
                do_move(started_game.pk, seat=seat, action=action, expected_version=0,
                        actor=seat_user(started_game, players, seat), source="ui")
                moved.set()
                release.wait(10)  # the transaction stays open until the socket side has looked
        finally:
            close_old_connections()

    async def scenario():
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add(group_name(started_game.pk), channel)

        # One receiver for the whole scenario, as a consumer has: cancelling a pending ``receive`` (a timeout)
        # is how a consumer leaves, and the pub/sub layer then unsubscribes its channel.
        heard: asyncio.Queue = asyncio.Queue()

        async def listen():
            while True:
                heard.put_nowait(await layer.receive(channel))

        listener = asyncio.ensure_future(listen())

        async def receive(timeout):
            try:
                return await asyncio.wait_for(heard.get(), timeout)
            except TimeoutError:
                return None

        mover = asyncio.get_running_loop().run_in_executor(None, move_in_an_open_transaction)
        await asyncio.get_running_loop().run_in_executor(None, moved.wait, 10)
        during = await receive(0.6)
        release.set()
        await mover
        after = await receive(5)
        again = await receive(0.3)
        listener.cancel()
        return during, after, again

    during, after, again = run_async(scenario())
    game = Game.objects.get(pk=started_game.pk)
    assert during is None  # still open: nothing was published
    carried = after.pop("snapshot")
    assert after == {"type": "game.changed", "version": 1, "rev": game.rev, "seal": game.seed_commitment}
    committed, _seats, moves = snapshot_wire.thaw(carried)  # the revision that committed, not an earlier one
    assert (committed.version, committed.rev, committed.state) == (game.version, game.rev, game.state)
    assert [m.seq for m in moves] == [1]
    assert again is None  # exactly once


def test_verify_game_command(players):
    from io import StringIO

    from django.core.management import CommandError, call_command

    game = tables.do_create_table(players[0], "estanciero", 2, time_control="correspondence",
                                  options={"max_turns": 1})
    tables.do_join(game.pk, players[1])
    tables.do_start(game.pk, players[0])
    with pytest.raises(CommandError, match="still secret"):
        call_command("verify_game", game.pk)
    game = play_randomly(Game.objects.get(pk=game.pk), players, 500)
    out = StringIO()
    call_command("verify_game", game.pk, stdout=out)
    assert "verified" in out.getvalue() and game.seed in out.getvalue()
