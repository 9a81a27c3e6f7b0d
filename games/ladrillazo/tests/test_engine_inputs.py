"""Moves validate the types of their inputs: a wrong type is refused with a rule slug, never a
TypeError or KeyError (every section that has a move)."""

from __future__ import annotations

import pytest

from games.core.sections import SECTIONS
from games.ladrillazo.engine import RULESET as R
from games.ladrillazo.engine.ruleset import HANDLERS
from tests.support.engines import refused

from .helpers import game, to_hand, to_plot

BAD_VALUES = [{"id": 1}, [1], "3", 2.0, True, None, -1, 10**9]
FIELDS = {
    "lower": ("card", "pay", "target"),
    "back": ("card", "target"),
    "withdraw": ("card",),
    "act": ("card", "power", "target"),
    "hide": ("card", "amount"),
    "unhide": ("card", "amount"),
    "evade": ("card", "amount"),
    "end_turn": ("discard",),
    "propose": ("to", "give", "ask"),
    "accept": ("id",),
    "reject": ("id",),
    "cancel": ("id",),
}


@pytest.fixture(scope="module")
def position():
    s = game()
    s["players"][0]["loose"] = 3
    s["dispenser"] -= 3
    good = {
        "hand": to_hand(s, 0, "concejal_urbanismo"),
        "mam": to_hand(s, 0, "filtracion"),
        "pay": to_plot(s, 0, "pensionistas"),
        "proj": to_plot(s, 0, "adosados"),
        "land": to_plot(s, 0, "solar_urbanizable"),
        "theirs": to_plot(s, 1, "cunado", envelopes=1),
    }
    s["dispenser"] -= 1
    return s, good


def valid(kind: str, g: dict) -> dict:
    return {
        "lower": {"type": "lower", "card": g["mam"], "target": g["theirs"]},
        "back": {"type": "back", "card": g["land"], "target": g["proj"]},
        "withdraw": {"type": "withdraw", "card": g["land"]},
        "act": {"type": "act", "card": g["proj"], "power": 0},
        "hide": {"type": "hide", "card": g["land"], "amount": 1},
        "unhide": {"type": "unhide", "card": g["land"], "amount": 1},
        "evade": {"type": "evade", "card": g["land"], "amount": 1},
        "end_turn": {"type": "end_turn", "discard": []},
        "propose": {"type": "propose", "to": 1, "give": {"envelopes": 1}, "ask": {"plot": [g["theirs"]]}},
        "accept": {"type": "accept", "id": 1},
        "reject": {"type": "reject", "id": 1},
        "cancel": {"type": "cancel", "id": 1},
    }[kind]


def test_every_handler_is_covered():
    assert set(FIELDS) == set(HANDLERS)


@pytest.mark.parametrize("kind", sorted(FIELDS))
def test_inputs_wrong_types_are_refused_never_crash(position, kind):
    """Ids must be ints, amounts positive ints, lists of ids lists: a dict where an id is
    expected is refused (IllegalAction with a real section), the state unchanged."""
    s, g = position
    for field in FIELDS[kind]:
        for bad in BAD_VALUES:
            action = {**valid(kind, g), field: bad}
            if kind == "end_turn" and bad is None:
                continue  # no discard list means discarding nothing
            if kind == "lower" and field in ("pay",) and bad is None:
                continue
            if kind == "act" and field == "target" and bad is None:
                continue  # earning needs no target
            if kind == "propose" and field in ("give", "ask") and bad is None:
                continue  # an empty side
            exc = refused(R, s, 0 if kind not in ("accept", "reject") else 1, action)
            assert exc.rule in SECTIONS["ladrillazo"]


@pytest.mark.parametrize("bad", [{"hand": {"a": 1}}, {"plot": [[1]]}, {"envelopes": "2"}, {"envelopes": -1},
                                 {"plot": [1, 1]}, {"cash": 1}, "cards"])
def test_inputs_proposal_sides_are_checked(position, bad):
    """Talks: each side lists hand cards, plot cards (distinct ids) and a whole number of envelopes."""
    s, g = position
    refused(R, s, 0, {"type": "propose", "to": 1, "give": bad}, rule="talks")
