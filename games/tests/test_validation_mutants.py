"""The schema check every move passes (``games/core/validation.py``, ``normalise``): gaps that the mutation run
of 2 December 2026 found (docs/TESTING.md, "Mutation testing"). A refusal names the field and, for a number,
the range it must lie in; bounds are inclusive; a spec without bounds takes what JSON readers read exactly."""

from __future__ import annotations

import pytest

from games.core.validation import (
    M_BAD_TEXT,
    M_CHOICE,
    M_RANGE,
    M_TOO_LONG,
    M_TOO_MANY,
    M_WRONG_TYPE,
    MAX_INT,
    MAX_ITEMS,
    MAX_STRING,
    InvalidInput,
    integer,
    normalise,
    string,
)


def refusal(value, spec: dict, field: str = "offer.cash") -> InvalidInput:
    with pytest.raises(InvalidInput) as caught:
        normalise(value, spec, field)
    return caught.value


def test_a_number_must_lie_in_its_range_bounds_included_and_the_refusal_says_which():
    spec = integer(min=0, max=10)
    assert normalise(0, spec, "n") == 0 and normalise(10, spec, "n") == 10
    for wrong in (-1, 11):
        e = refusal(wrong, spec)
        assert (e.message, e.params) == (M_RANGE, {"field": "offer.cash", "min": 0, "max": 10})


def test_a_number_without_bounds_is_any_integer_json_readers_read_exactly():
    spec = {"type": "int"}
    assert normalise(MAX_INT, spec, "n") == MAX_INT and normalise(-MAX_INT, spec, "n") == -MAX_INT
    for wrong in (MAX_INT + 1, -MAX_INT - 1):
        e = refusal(wrong, spec)
        assert (e.message, e.params) == (M_RANGE, {"field": "offer.cash", "min": -MAX_INT, "max": MAX_INT})


def test_a_text_may_be_as_long_as_its_limit_and_no_longer():
    assert normalise("abcde", string(max_length=5), "s") == "abcde"
    e = refusal("abcdef", string(max_length=5))
    assert (e.message, e.params) == (M_TOO_LONG, {"field": "offer.cash"})
    assert normalise("x" * MAX_STRING, {"type": "str"}, "s") == "x" * MAX_STRING
    assert refusal("x" * (MAX_STRING + 1), {"type": "str"}).message == M_TOO_LONG


def test_a_text_outside_its_choices_or_with_bad_characters_is_refused_by_name():
    e = refusal("gold", string(choices={"oil", "fish"}))
    assert (e.message, e.params) == (M_CHOICE, {"field": "offer.cash"})
    e = refusal("a\x00b", string())
    assert (e.message, e.params) == (M_BAD_TEXT, {})


@pytest.mark.parametrize("spec,wrong", [
    (integer(), "1"), (integer(), True), (integer(), 1.5), ({"type": "bool"}, 1), (string(), 5),
    ({"type": "list", "items": integer()}, {}), ({"type": "object", "fields": {}}, []),
    ({"type": "map", "keys": string(), "values": integer()}, []), (integer(), None), (string(), None),
])
def test_a_value_of_the_wrong_kind_is_refused_naming_the_field_and_the_kind(spec, wrong):
    e = refusal(wrong, spec)
    assert (e.message, e.params) == (M_WRONG_TYPE[spec["type"]], {"field": "offer.cash"})


def test_a_list_or_a_map_of_too_many_items_is_refused_by_name():
    for spec, value in (({"type": "list", "items": integer()}, [1] * (MAX_ITEMS + 1)),
                        ({"type": "map", "keys": string(), "values": integer()},
                         {str(i): i for i in range(MAX_ITEMS + 1)})):
        e = refusal(value, spec)
        assert (e.message, e.params) == (M_TOO_MANY, {"field": "offer.cash"})
    items = normalise([1] * MAX_ITEMS, {"type": "list", "items": integer()}, "l")
    assert items == [1] * MAX_ITEMS
