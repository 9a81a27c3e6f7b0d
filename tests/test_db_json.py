"""JSON fields written with orjson (config/postgresql/base.py, ``DatabaseOperations.adapt_json_value``): what
PostgreSQL stores is what ``json.dumps`` would have had it store, for every shape the games write."""

import json

import pytest
from django.db import connection

from config.postgresql.base import _json_bytes
from games.models import Game

pytestmark = [pytest.mark.django_db, pytest.mark.skipif("connection.vendor != 'postgresql'")]

VALUES = [
    {"players": [{"cash": 25000, "name": "Tucumán", "deeds": [1, 3]}], "turn": {"seat": 0, "doubles": 0}},
    {1: "a seat's key as a number", "2": [None, True, False, 0.5, -3]},  # json.dumps writes the keys "1" and "2"
    {"big": 2**70, "cards": ("ladrillo", "€", "🏠")},  # beyond orjson's 64 bits: json.dumps writes it
    [],
    "",
]


@pytest.mark.parametrize("value", VALUES)
def test_a_json_value_is_stored_as_json_dumps_would_store_it(value):
    with connection.cursor() as cursor:
        cursor.execute("SELECT %s::jsonb = %s::jsonb, %s::jsonb::text",
                       [connection.ops.adapt_json_value(value, None), json.dumps(value), json.dumps(value)])
        same, text = cursor.fetchone()
    assert same, text
    assert json.loads(text) == json.loads(json.dumps(value))


def test_the_move_path_s_fields_are_written_with_orjson():
    """The fields the move path writes (a game's state, a move's events) go through ``_json_bytes``, and it is
    orjson's text where orjson takes the value."""
    adapted = connection.ops.adapt_json_value({"a": 1}, None)
    assert adapted.dumps is _json_bytes
    assert _json_bytes({"a": [1, "ñ"]}) == '{"a":[1,"ñ"]}'.encode()
    field = Game._meta.get_field("state")
    assert field.encoder is None  # a field with an encoder of its own keeps json.dumps with it


def test_a_game_s_state_reads_back_as_written(django_user_model):
    from games.tables import lifecycle as tables

    user = django_user_model.objects.create_user("json_writer", password="x")
    game = tables.do_create_table(user, "estanciero", 2)
    state = {"turn": {"seat": 1}, 3: ["Córdoba", 2**70], "deck": list(range(40))}
    Game.objects.filter(pk=game.pk).update(state=state)
    game.refresh_from_db()
    assert game.state == json.loads(json.dumps(state))
