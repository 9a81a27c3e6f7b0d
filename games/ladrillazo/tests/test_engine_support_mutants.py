"""Level and support: the gaps that mutation testing of ``engine/backing.py`` found on 2 December 2026
(docs/TESTING.md, "Mutation testing"): a card already backing one card backing a second, the cards a
refusal names, and the events the game log reads."""

from __future__ import annotations

from games.ladrillazo.engine import RULESET as R
from games.ladrillazo.engine import plot
from tests.support.engines import refused

from .helpers import act, entry, game, to_plot


def test_level_and_support_a_card_that_backs_one_card_cannot_back_a_second():
    """Level and support: "While one card supports another, it cannot be used independently": a land
    already tucked behind one project cannot also back another; the refusal names both cards."""
    s = game()
    first = to_plot(s, 0, "adosados")  # level 1, one land slot
    second = to_plot(s, 0, "adosados")
    land = to_plot(s, 0, "solar_urbanizable")
    s, _ = act(s, 0, {"type": "back", "card": land, "target": first})
    exc = refused(R, s, 0, {"type": "back", "card": land, "target": second}, rule="level-and-support")
    assert exc.params == {"card": "solar_urbanizable", "target": "adosados"}
    assert plot.level(s, entry(s, 0, second)) == 1 and entry(s, 0, second)["backers"] == []


def test_level_and_support_withdrawing_a_card_that_backs_nothing_is_refused_naming_it():
    """Level and support: only a backing card can be taken from behind another; the refusal names it."""
    s = game()
    land = to_plot(s, 0, "solar_urbanizable")
    exc = refused(R, s, 0, {"type": "withdraw", "card": land}, rule="level-and-support")
    assert exc.params == {"card": "solar_urbanizable"}


def test_level_and_support_backing_and_withdrawing_are_announced_with_the_cards_and_the_level():
    """Level and support: the game log (games/ladrillazo/text.py) tells the table who backed which card
    with which, and who took it back, with the level it leaves; the events carry those facts."""
    s = game()
    project = to_plot(s, 0, "adosados")
    land = to_plot(s, 0, "solar_urbanizable")
    s, ev = act(s, 0, {"type": "back", "card": land, "target": project})
    assert ev == [{"type": "backed", "seat": 0, "card": land, "target": project, "level": 2,
                   "card_key": "solar_urbanizable", "target_key": "adosados"}]
    s, ev = act(s, 0, {"type": "withdraw", "card": land})
    assert ev == [{"type": "withdrawn", "seat": 0, "card": land, "target": project, "level": 1,
                   "card_key": "solar_urbanizable", "target_key": "adosados"}]
