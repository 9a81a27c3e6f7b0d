"""A move's layer message carries the new revision (games/play/snapshot_wire.py): what the sockets render from it
must be exactly what they would render from the database."""

import random

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.core.rulesets import get
from games.live import snapshots
from games.models import Game, Move, Seat
from games.play import bots, snapshot_wire
from games.play.actions import do_move
from games.present.presenters import Viewer, game_payload, table_context, visible_moves
from games.tests.conftest import make_users, open_table

pytestmark = pytest.mark.django_db

MOVES = 75  # past presenters.LOG_LENGTH (60): the carried log must drop its oldest move as the database's does
HTML_EVERY = 15  # the table's HTML costs a render per viewer: compared every this many moves, and at the end


def _columns(obj) -> dict:
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}


def _published(monkeypatch) -> list[dict]:
    sent = []
    monkeypatch.setattr("games.play.broadcast.group_send", lambda group, message, then=None: sent.append(message))
    return sent


def _same_rendering(carried: snapshots.Snapshot, stored: snapshots.Snapshot, html: bool) -> None:
    assert _columns(carried.game) == _columns(stored.game)
    assert [_columns(s) for s in carried.seats] == [_columns(s) for s in stored.seats]
    assert [s.display_name for s in carried.seats] == [s.display_name for s in stored.seats]
    assert [_columns(m) for m in carried.moves] == [_columns(m) for m in stored.moves]
    for seat in [*range(len(stored.seats)), None]:
        payloads = [game_payload(s.game, s.seats, seat, since=s.game.version - 1, moves=s.moves)
                    for s in (carried, stored)]  # a socket's update; its sync is the same without the moves
        assert payloads[0] == payloads[1]
        logs = [visible_moves(s.game, seat, since=0, moves=s.moves) for s in (carried, stored)]
        assert logs[0] == logs[1]
        if html:
            viewer = Viewer(seat=seat, signed_in=True, language="en")
            with translation.override("en"):
                pages = [render_to_string("games/_table.html", {**table_context(s.game, s.seats, viewer, moves=s.moves),
                                                                "csrf_token": "T"}) for s in (carried, stored)]
            assert pages[0] == pages[1]


@pytest.mark.parametrize("ruleset,players", [("estanciero", 4), ("argentilandia", 3), ("ladrillazo", 3)])
def test_the_carried_revision_renders_as_the_stored_one(ruleset, players, monkeypatch,
                                                        django_capture_on_commit_callbacks):
    """Every seat's JSON (view, legal moves, log) and every viewer's table HTML from the message's revision
    equal those from the database's, move after move, through the log's trimming."""
    users = make_users(*[f"w{ruleset[:3]}{i}" for i in range(players)])
    game = open_table(ruleset, users, start=True)
    rs, rng = get(ruleset), random.Random(f"wire-{ruleset}")
    sent = _published(monkeypatch)
    snapshots.clear()
    assert snapshots.load(game.pk) is not None  # the sockets' process holds the revision they connected at
    carried_count = 0
    for n in range(1, MOVES + 1):
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE:
            break
        seat = rs.to_move(game.state)[0]
        action = bots.choose(rs, game.state, seat, "normal", rng)
        with django_capture_on_commit_callbacks(execute=True):
            do_move(game.pk, seat=seat, action=action, expected_version=game.version, actor=users[seat],
                    source=Move.Source.UI)
        message = sent[-1]
        carried = snapshots.offer(game.pk, message["seal"], message["rev"], message["snapshot"])
        assert carried is not None, f"move {n}: the process held the revision before it"
        carried_count += 1
        _same_rendering(carried, snapshots.read(game.pk), html=n % HTML_EVERY == 0)
    assert carried_count >= 20
    assert len(carried.moves) == min(60, carried.game.version)
    _same_rendering(carried, snapshots.read(game.pk), html=True)
    assert snapshots.load(game.pk, carried.game.rev, carried.game.seed_commitment) is carried  # no query


def test_a_process_without_the_revision_before_reads_the_database(monkeypatch, django_capture_on_commit_callbacks):
    """The message's revision only extends one this process holds; otherwise ``offer`` declines and ``load``
    reads the database (a process that just started, a message overtaken by a later one)."""
    users = make_users("wa", "wb")
    game = open_table("estanciero", users, start=True)
    rs = get("estanciero")
    sent = _published(monkeypatch)
    snapshots.clear()
    seat = rs.to_move(game.state)[0]
    with django_capture_on_commit_callbacks(execute=True):
        do_move(game.pk, seat=seat, action=rs.legal_actions(game.state, seat)[0], expected_version=game.version,
                actor=users[seat], source=Move.Source.UI)
    message = sent[-1]
    assert snapshots.offer(game.pk, message["seal"], message["rev"], message["snapshot"]) is None
    loaded = snapshots.load(game.pk, message["rev"], message["seal"])
    assert loaded.game.version == 1 and [m.seq for m in loaded.moves] == [1]


def test_the_message_carries_no_account_secrets(monkeypatch, django_capture_on_commit_callbacks):
    """Of a seated user the message holds the id and the name: no password hash, no e-mail."""
    users = make_users("wc", "wd")
    for user in users:
        user.email = f"{user.username}@example.org"
        user.save()
    game = open_table("estanciero", users, start=True)
    rs = get("estanciero")
    sent = _published(monkeypatch)
    seat = rs.to_move(game.state)[0]
    with django_capture_on_commit_callbacks(execute=True):
        do_move(game.pk, seat=seat, action=rs.legal_actions(game.state, seat)[0], expected_version=game.version,
                actor=users[seat], source=Move.Source.UI)
    blob = sent[-1]["snapshot"]
    for user in users:
        user.refresh_from_db()
        assert user.password.encode() not in blob and user.email.encode() not in blob
    _game, seats, _moves = snapshot_wire.thaw(blob)
    assert [s.user.username for s in seats] == [u.username for u in users]
    assert all(isinstance(s, Seat) for s in seats)


def test_a_revision_that_cannot_be_packed_costs_the_sockets_a_query_not_the_move(monkeypatch, caplog,
                                                                                 django_capture_on_commit_callbacks):
    """Packing is an optimisation: if it fails the move still commits and the message goes without the
    revision (each process reads it back), and the failure is logged."""
    users = make_users("we", "wf")
    game = open_table("estanciero", users, start=True)
    rs = get("estanciero")
    sent = _published(monkeypatch)

    def broken(*args):
        raise TypeError("cannot pickle")

    monkeypatch.setattr(snapshot_wire, "freeze", broken)
    seat = rs.to_move(game.state)[0]
    with django_capture_on_commit_callbacks(execute=True):
        result = do_move(game.pk, seat=seat, action=rs.legal_actions(game.state, seat)[0],
                         expected_version=game.version, actor=users[seat], source=Move.Source.UI)
    assert result.version == 1 and Game.objects.get(pk=game.pk).version == 1
    assert sent[-1]["version"] == 1 and "snapshot" not in sent[-1]
    assert "could not be packed" in caplog.text

