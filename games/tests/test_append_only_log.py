"""The move log and the table audit are append-only for everyone, a superuser in the Django admin included
(docs/SECURITY.md, "Append-only records"): deleting move 1 of a game made its dice verification fail."""

import pytest
from django.db import connection, transaction
from django.test import Client

from accounts.models import User
from games.models import AuditEntry, Game, Move
from games.present.verify import verify_game
from games.tests.conftest import bot_move, open_table

pytestmark = pytest.mark.django_db

postgresql_only = pytest.mark.skipif(connection.vendor != "postgresql", reason="the triggers are PostgreSQL's")


@pytest.fixture
def played(players):
    """A finished two-player Estanciero of ana and beto (a short one), verified."""
    import random

    game = open_table("estanciero", players[:2], start=False)
    Game.objects.filter(pk=game.pk).update(options={**game.options, "max_turns": 2})
    from games.tables import lifecycle as tables

    tables.do_start(game.pk, players[0])
    rng = random.Random(7)
    while bot_move(game.pk, players[:2], rng):
        pass
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED and verify_game(game).ok
    return game


@pytest.fixture
def admin_client(db):
    root = User.objects.create_superuser("root", "root@example.com", "pw-root-12345")
    c = Client()
    c.force_login(root)
    return c


def log_of(game) -> tuple:
    return (list(Move.objects.filter(game=game).order_by("seq").values_list("seq", "seat", "action")),
            list(AuditEntry.objects.filter(game=game).order_by("pk").values_list("pk", "kind", "data")))


def test_the_admin_refuses_a_superuser_to_delete_or_change_a_move_or_an_audit_entry(admin_client, played):
    before = log_of(played)
    first = Move.objects.get(game=played, seq=1)
    entry = AuditEntry.objects.filter(game=played).first()
    for model, row in (("move", first), ("auditentry", entry)):
        base = f"/admin/games/{model}/"
        assert admin_client.get(f"{base}{row.pk}/delete/").status_code == 403
        assert admin_client.post(f"{base}{row.pk}/delete/", {"post": "yes"}).status_code == 403
        assert admin_client.post(f"{base}{row.pk}/change/", {"seq": "9", "kind": "x"}).status_code == 403
        shown = admin_client.get(f"{base}{row.pk}/change/")
        assert shown.status_code == 200 and 'name="_save"' not in shown.content.decode()  # read only
        listing = admin_client.get(base).content.decode()
        assert "delete_selected" not in listing
        admin_client.post(base, {"action": "delete_selected", "_selected_action": [row.pk], "post": "yes"})
    assert admin_client.post(f"/admin/games/game/{played.pk}/delete/", {"post": "yes"}).status_code == 403
    assert log_of(played) == before and Game.objects.filter(pk=played.pk).exists()
    assert verify_game(Game.objects.get(pk=played.pk)).ok


def test_the_models_refuse_updates_and_deletes(played):
    before = log_of(played)
    move = Move.objects.get(game=played, seq=1)
    entry = AuditEntry.objects.filter(game=played).first()
    for row in (move, entry):
        with pytest.raises(PermissionError):
            row.delete()
        with pytest.raises(PermissionError):
            row.save()
        with pytest.raises(PermissionError):
            type(row).objects.filter(pk=row.pk).delete()
        with pytest.raises(PermissionError):
            type(row).objects.filter(pk=row.pk).update(created_at=None)
    assert log_of(played) == before


@postgresql_only
def test_the_database_refuses_raw_updates_and_deletes_of_a_games_log(played):
    before = log_of(played)
    for sql in ("UPDATE games_move SET seat = 1 - seat", "UPDATE games_auditentry SET kind = 'x'",
                "DELETE FROM games_move WHERE seq = 1", "DELETE FROM games_auditentry"):
        # The DELETE check waits for the commit (it lets a whole game go): IMMEDIATE runs it now.
        with pytest.raises(Exception, match="append-only"), transaction.atomic(), connection.cursor() as cur:
            cur.execute(sql)
            cur.execute("SET CONSTRAINTS ALL IMMEDIATE")
    assert log_of(played) == before


@postgresql_only
def test_a_whole_game_still_goes_with_its_log(players):
    """What the lifecycle outside the site may do (a benchmark's own tables): delete a game, and with it its
    moves and audit, in one transaction."""
    game = open_table("estanciero", players[:2], start=True)
    with transaction.atomic(), connection.cursor() as cur:
        Game.objects.filter(pk=game.pk).delete()
        cur.execute("SET CONSTRAINTS ALL IMMEDIATE")
    assert not AuditEntry.objects.filter(game_id=game.pk).exists()
