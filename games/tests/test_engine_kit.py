"""The engine kit of games/core: one refusal, one dispatch, one copy-on-apply rule, one "who must answer" rule, and
the time-out move in the same place in every engine."""

from __future__ import annotations

import ast
import json
import typing
from pathlib import Path

import pytest

from games.core.answers import waiting_for
from games.core.copying import StateCopy, copy_json, copy_whole
from games.core.dispatch import M_NOT_ACTION, M_UNKNOWN, action_type, first_of, handler_for
from games.core.refusals import refuse
from games.core.rulesets import IllegalAction, get

RULESETS = ("estanciero", "argentilandia", "ladrillazo")
GAMES = Path(__file__).resolve().parent.parent


def test_refuse_raises_the_refusal_with_its_rule_and_parameters_and_hides_the_exception_it_replaces():
    assert typing.get_type_hints(refuse)["return"] is typing.NoReturn
    with pytest.raises(IllegalAction) as refused:
        try:
            int("x")
        except ValueError:
            refuse("You owe %(amount)s.", "the-bank", amount=300)
    assert (refused.value.message, refused.value.rule, refused.value.params) == ("You owe %(amount)s.", "the-bank",
                                                                                  {"amount": 300})
    assert refused.value.text() == "You owe 300." and refused.value.__suppress_context__


def roll(state, events, seat, action):
    events.append({"type": "rolled", "seat": seat})


HANDLERS = {"roll": roll}


@pytest.mark.parametrize("action", [None, "roll", [], {}, {"type": 3}, {"kind": "roll"}])
def test_an_action_without_a_string_type_is_refused_citing_the_rule_given(action):
    with pytest.raises(IllegalAction) as refused:
        handler_for(HANDLERS, action, "the-game")
    assert (refused.value.message, refused.value.rule) == (M_NOT_ACTION, "the-game")
    with pytest.raises(IllegalAction):
        action_type(action, "the-game")


def test_the_handler_of_a_known_type_is_found_and_an_unknown_type_is_refused_naming_it_when_the_message_does():
    assert handler_for(HANDLERS, {"type": "roll", "x": 1}, "turn") is roll
    assert action_type({"type": "roll"}, "turn") == "roll"
    with pytest.raises(IllegalAction) as refused:
        handler_for(HANDLERS, {"type": "fly"}, "turn")
    assert (refused.value.message, refused.value.rule, refused.value.params) == (M_UNKNOWN, "turn", {"type": "fly"})
    with pytest.raises(IllegalAction) as refused:
        handler_for(HANDLERS, {"type": "fly"}, "doubling", "Discards come first.")
    assert (refused.value.text(), refused.value.rule, refused.value.params) == ("Discards come first.", "doubling", {})


def test_first_of_gives_the_first_action_of_a_type_or_none():
    legal = [{"type": "bid", "amount": 1}, {"type": "pass"}, {"type": "bid", "amount": 2}]
    assert first_of(legal, "bid") is legal[0] and first_of(legal, "pass") is legal[1]
    assert first_of(legal, "roll") is None


STATE = {"seed": "s", "n": 3, "hands": [{"oil": 1}, {"oil": 2}], "log": [{"a": [1, {"b": None}]}], "dice": None}


def give_oil(state, events, seat, action):
    state["hands"][seat]["oil"] += 1
    events.append({"type": "got", "seat": seat})


def write_log(state, events, seat, action):
    state["log"][0]["a"].append(seat)
    refuse("No.", "setup")


def test_a_handler_that_declares_nothing_works_on_a_whole_copy_sharing_nothing():
    before = json.dumps(STATE)
    new, events = StateCopy().run(give_oil, STATE, 1, {"type": "give"})
    assert json.dumps(STATE) == before and events == [{"type": "got", "seat": 1}]
    assert new["hands"] == [{"oil": 1}, {"oil": 3}] and list(new) == list(STATE)
    assert new["hands"][0] is not STATE["hands"][0] and new["log"][0]["a"] is not STATE["log"][0]["a"]


def test_a_declared_handler_copies_the_parts_it_touches_with_their_shape_and_shares_the_others():
    shaped = []

    def hands(value):
        shaped.append(value)
        return [h.copy() for h in value]

    copy = StateCopy({"hands": hands}, touches={give_oil: ("hands",)})
    new, _ = copy.run(give_oil, STATE, 0, {})
    assert shaped == [STATE["hands"]] and STATE["hands"][0] == {"oil": 1} and new["hands"][0] == {"oil": 2}
    assert new["log"] is STATE["log"] and new is not STATE


def test_a_handler_whose_writes_depend_on_the_state_copies_what_its_function_names():
    copy = StateCopy(touches_now={write_log: lambda state: ("log",)}, touches={write_log: ("hands",)})
    with pytest.raises(IllegalAction):
        copy.run(write_log, STATE, 2, {})
    assert STATE["log"] == [{"a": [1, {"b": None}]}], "a refused move leaves its input as it was"
    assert copy.touching(STATE, ("log",))["hands"] is STATE["hands"]


def test_whole_copies_are_exact_and_keep_the_key_order():
    for copier in (copy_whole, copy_json, StateCopy({"hands": list.copy}).whole):
        copied = copier(STATE)
        assert copied == STATE and json.dumps(copied) == json.dumps(STATE)
        assert copied["log"][0]["a"][1] is not STATE["log"][0]["a"][1]


@pytest.mark.parametrize("answering, on_move, waits, expected", [
    ([], 2, False, [2]),
    ([1, 3], 2, False, [1, 3, 2]),
    ([1, 3], 3, False, [1, 3]),  # asked itself: answering is what it must do
    ([1, 3], 2, True, [1, 3]),  # waits for an answer of its own
    ([], 2, True, []),
])
def test_who_must_answer_is_every_seat_asked_then_the_seat_on_move_unless_it_waits(answering, on_move, waits, expected):
    assert waiting_for(answering, on_move, waits) == expected


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_engine_keeps_its_time_out_move_in_engine_timeout_py(ruleset):
    """The server's move for a seat whose clock ran out is ``engine/timeout.py``'s ``timeout_action``."""
    import importlib

    timeout = importlib.import_module(f"games.{ruleset}.engine.timeout")
    rs = get(ruleset)
    state = rs.new_game(rs.min_players + 1, "kit")
    seat = rs.to_move(state)[0]
    assert rs.timeout_action(state, seat) == timeout.timeout_action(state, seat)
    assert rs.timeout_action(state, seat) in rs.legal_actions(state, seat)


@pytest.mark.source
@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_engine_keeps_a_refuse_or_a_state_copier_of_its_own(ruleset):
    for path in sorted((GAMES / ruleset / "engine").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        defined = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
        forbidden = {"refuse", "copy_state", "clone", "deep_copy", "copy_json"}
        if path.name not in ("timeout.py", "ruleset.py"):  # the ruleset's method delegates to timeout.py
            forbidden.add("timeout_action")
        assert not defined & forbidden, (path.name, defined & forbidden)
        imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        assert not imported & {"pickle", "marshal", "copy"}, path.name
