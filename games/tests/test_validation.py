"""Every move is checked against its ruleset's action schema before the engine sees it, and only the
normalised copy is applied and stored (games/core/validation.py, games/<ruleset>/engine/action_schema.py)."""

from __future__ import annotations

import importlib
import json
import os
import random

import pytest

from games.core.rulesets import IllegalAction, get, names, package
from games.core.validation import (
    MAX_ACTION_BYTES,
    InvalidInput,
    check_action,
    json_depth,
    parse_json,
    schemas_for,
    validate_action,
)
from games.models import Game, Move
from games.play.actions import MoveRejected, do_move
from games.tests.conftest import seat_user

GAMES = int(os.environ.get("VALIDATION_GAMES", 4))


def _handler_types(ruleset: str) -> set[str]:
    """Every action type the engine dispatches (read from its own tables)."""
    if ruleset == "argentilandia":
        mod = importlib.import_module("games.argentilandia.engine.actions")
        found = set(mod.RESPONSES) | set(mod.MAIN)
        for rules in mod.HANDLERS.values():
            found |= set(rules.handlers)
        return found
    return set(importlib.import_module(f"{package(ruleset)}.engine.ruleset").HANDLERS)


@pytest.mark.parametrize("ruleset", names())
def test_every_engine_action_type_has_a_schema_and_no_schema_is_stale(ruleset):
    assert set(schemas_for(ruleset)) == _handler_types(ruleset)


@pytest.mark.parametrize("ruleset", names())
def test_every_legal_bot_and_timeout_action_passes_unchanged(ruleset):
    """Random playouts: each legal action (the open-ended examples included), each bot move and each
    timeout move validates, and its normalised copy equals it (so stored logs and replays are unchanged)."""
    rs = get(ruleset)
    checked = 0
    for g in range(GAMES):
        rng = random.Random(g)
        state = rs.new_game(rng.randint(rs.min_players, rs.max_players), f"validation-{g}", None)
        for _ in range(600):
            to_move = rs.to_move(state)
            if not to_move:
                break
            seat = rng.choice(to_move)
            candidates = rs.legal_actions(state, seat) + [rs.bot_action(state, seat, rng),
                                                          rs.timeout_action(state, seat)]
            for action in candidates:
                assert check_action(ruleset, action) == action, action
                checked += 1
            action = rs.bot_action(state, seat, rng) if rng.random() < 0.6 else rng.choice(candidates)
            try:
                state, _ = rs.apply(state, seat, action)
            except IllegalAction:
                state, _ = rs.apply(state, seat, rs.bot_action(state, seat, rng))
    assert checked > 100


HOSTILE = [
    ({"type": "roll", "pad": "x" * 900_000}, "too large"),
    ({"type": "roll", "x": "\u0000"}, "NUL"),
    ({"type": "roll", "pad": 1}, "Unknown field"),
    ({"type": "no_such_move"}, "Unknown action type"),
    ({"type": "x" * 5000}, "Unknown action type"),
    ({"type": "bid", "amount": float("nan")}, "NaN"),
    ({"type": "bid", "amount": float("inf")}, "NaN"),
    ({"type": "bid", "amount": 1.5}, "whole number"),
    ({"type": "bid", "amount": True}, "whole number"),
    ({"type": "bid", "amount": "100"}, "whole number"),
    ({"type": "bid", "amount": -5}, "between"),
    ({"type": "bid", "amount": 10**30}, "too large"),
    ({"type": "bid"}, "needs the field"),
    ({"type": "mortgage", "space": {"wood": 1}}, "whole number"),
    ({"type": "mortgage", "space": [1]}, "whole number"),
    ({"type": "use_jail_card", "card": "\ud800"}, "unpaired surrogates"),
    ({"type": "use_jail_card", "card": "D0\u00002"}, "NUL"),
    ({"type": "use_jail_card", "card": "x" * 300}, "too long"),
    ({"type": "choose_card_option", "option": "steal"}, "does not know"),
    ({"type": "propose", "to": 1, "give": {"deeds": list(range(500))}}, "too many"),
    ({"type": "propose", "to": 1, "give": {"deeds": [1], "loan": 5}}, "Unknown field"),
    ({"type": "propose", "to": 1, "give": [[[[[[[[[[]]]]]]]]]]}, "nested too deeply"),
    ({"type": "propose", "to": 1, "give": {"\u0000": 1}}, "NUL"),
    ("roll", "JSON object with a type"),
    (None, "JSON object with a type"),
    ({"type": 3}, "JSON object with a type"),
]


@pytest.mark.parametrize(("action", "says"), HOSTILE)
def test_hostile_estanciero_actions_are_refused_with_a_clear_message(action, says):
    with pytest.raises(InvalidInput) as exc:
        check_action("estanciero", action)
    assert says in exc.value.text()


@pytest.mark.parametrize(("ruleset", "action"), [
    ("argentilandia", {"type": "place_mp", "province": {"wood": 1}, "slot": 0}),
    ("argentilandia", {"type": "place_mp", "province": "atlantis", "slot": 0}),
    ("argentilandia", {"type": "offer_trade", "give": {"gold": 1}, "get": {"wood": 1}}),
    ("argentilandia", {"type": "discard", "cards": {"wood": float("inf")}}),
    ("argentilandia", {"type": "move_union", "target": {"kind": "province", "id": "x", "extra": 1}}),
    ("ladrillazo", {"type": "lower", "card": "3"}),
    ("ladrillazo", {"type": "end_turn", "discard": [{"id": 1}]}),
    ("ladrillazo", {"type": "propose", "to": 1, "give": {"envelopes": 2**60}}),
])
def test_hostile_actions_of_the_other_games_are_refused(ruleset, action):
    with pytest.raises(InvalidInput):
        check_action(ruleset, action)


def test_the_normalised_copy_holds_only_plain_declared_values():
    class Sneaky(int):
        pass

    out = validate_action({"type": "bid", "amount": Sneaky(500)}, schemas_for("estanciero"))
    assert out == {"type": "bid", "amount": 500} and type(out["amount"]) is int
    optional_missing = check_action("estanciero", {"type": "build", "space": 1})
    assert optional_missing == {"type": "build", "space": 1}  # no default filled in


def test_raw_json_is_parsed_without_recursion_nan_or_bad_text():
    deep = "[" * 5000 + "]" * 5000
    assert json_depth(deep) == 5000 and json_depth('"[[[["') == 0
    for text, says in [(deep, "nested too deeply"), ('{"a": NaN}', "NaN"), ('{"a": -Infinity}', "NaN"),
                       ('{"a": "\\u0000"}', "NUL"), ('{"a": "\\ud800"}', "surrogates"), ("x" * 20000, "too large"),
                       (b"\xff\xfe", "not valid JSON"), ("{", "not valid JSON"), ('{"a": 1e400}', "NaN")]:
        with pytest.raises(InvalidInput) as exc:
            parse_json(text, max_bytes=16384)
        assert says in exc.value.text(), text
    assert parse_json('{"type": "roll", "version": 3}', max_bytes=100) == {"type": "roll", "version": 3}


@pytest.mark.move_path
@pytest.mark.django_db(transaction=True)
def test_the_move_path_refuses_a_bad_action_and_stores_only_the_normalised_one(started_game, players):
    game = started_game
    rs = get(game.ruleset)
    seat = rs.to_move(game.state)[0]
    user = seat_user(game, players, seat)
    for bad in ({"type": "roll", "pad": "x" * 900_000}, {"type": "roll", "x": "\u0000"},
                {"type": "bid", "amount": float("nan")}, {"type": "use_jail_card", "card": "\ud800"},
                {"type": "mortgage", "space": {"wood": 1}}):
        with pytest.raises(MoveRejected) as exc:
            do_move(game.pk, seat=seat, action=bad, expected_version=0, actor=user, source="api")
        assert exc.value.code == "bad_request" and exc.value.http_status == 400
    after = Game.objects.get(pk=game.pk)
    assert (after.version, after.state) == (0, game.state) and not Move.objects.exists()

    class Sneaky(str):
        pass

    do_move(game.pk, seat=seat, action={"type": Sneaky("roll")}, expected_version=0, actor=user, source="api")
    stored = Move.objects.get(game=game).action
    assert stored == {"type": "roll"} and len(json.dumps(stored)) < MAX_ACTION_BYTES


def test_a_form_number_reads_as_a_whole_number_or_the_default():
    from games.core.validation import int_or

    assert [int_or(v, 7) for v in ("3", " 12 ", "", None, "tres", "2.5", True, 4)] == [3, 12, 7, 7, 7, 7, 7, 4]
