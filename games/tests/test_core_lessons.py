"""A guided game's lessons and its coach (``games.core.lessons``), and each ruleset's guided seed: a learner who takes
the coach's every move meets every lesson the ruleset declares, in a game short enough for a first sitting."""

from __future__ import annotations

import pytest

from games.core.lessons import Lesson, progress, rehearse, steer
from games.core.rulesets import declaration, get

BUY = Lesson("buy", "Buy", "the-bank", moves=frozenset({"buy"}))
JAIL = Lesson("jail", "Jail", "police-station", events=frozenset({"jailed"}), own_events=True, steer=False)
RENT = Lesson("rent", "Rent", "zones", events=frozenset({"rent_claimed"}))
OFFICIAL = Lesson("official", "Official", "x", moves=frozenset({"buy_rival_mp"}), steps=frozenset({"buy_official"}))


def test_a_lesson_is_done_by_the_learners_move_or_by_an_event():
    history = [(1, {"type": "buy"}, []), (1, {"type": "roll"}, [{"type": "jailed", "seat": 1}]),
               (1, {"type": "roll"}, [{"type": "rent_claimed", "seat": 1}])]
    done = progress((BUY, JAIL, RENT), 0, history)
    # Another seat's purchase teaches the learner nothing; nor does another seat's jail (``own_events``); a rent
    # claimed by anyone is one the learner saw paid.
    assert done.done == {"rent"} and done.next == BUY and not done.complete
    history.append((0, {"type": "roll"}, [{"type": "jailed", "seat": 0}]))
    history.append((0, {"type": "buy", "space": 3}, []))
    assert progress((BUY, JAIL, RENT), 0, history).complete


def test_the_coach_steers_to_the_first_lesson_not_done_and_prefers_the_bots_choice():
    legal = [{"type": "roll"}, {"type": "buy", "space": 1}, {"type": "buy", "space": 2}]
    assert steer((BUY, RENT), frozenset(), legal) == {"type": "buy", "space": 1}
    assert steer((BUY, RENT), frozenset(), legal, preferred={"type": "buy", "space": 2}) == {"type": "buy", "space": 2}
    assert steer((BUY, RENT), frozenset({"buy"}), legal) is None  # nothing legal teaches the rent
    assert steer((JAIL,), frozenset(), [{"type": "roll"}]) is None  # the dice bring jail; the coach does not steer


def test_a_step_toward_a_lesson_is_steered_once():
    legal = [{"type": "buy_official"}, {"type": "end_turn"}]
    assert steer((OFFICIAL,), frozenset(), legal) == {"type": "buy_official"}
    assert steer((OFFICIAL,), frozenset(), legal, made=frozenset({"buy_official"})) is None
    assert steer((OFFICIAL,), frozenset(), legal + [{"type": "buy_rival_mp", "mp": "x"}],
                 made=frozenset({"buy_official"})) == {"type": "buy_rival_mp", "mp": "x"}


@pytest.mark.parametrize("ruleset", ["estanciero", "argentilandia", "ladrillazo"])
def test_the_guided_seed_teaches_every_lesson_in_a_short_game(ruleset):
    """Estanciero: buying, rent, chacras, mortgage, the Police Station, a deal and Shortening the Game's end;
    Argentilandia: the Preliminary Round's draft, the Round Summary's production, trade (Playing the Game 5), a port
    (Trading at ports), a Corrupt Official's contest (Buying another player's MP) and Victory; Ladrillazo: Turn and
    lower, Powers and actions, Level and support, Money (hiding, evading), Talks and End of the game. With the
    bots' choices the site makes at a guided table (``Game.chance_key``: the seed), the whole game takes at most
    40 of the learner's moves."""
    d = declaration(ruleset)
    table = d.guided_table
    run = rehearse(get(ruleset), d.lessons, table["seats"], table["seed"], table["options"], bot_key=table["seed"])
    assert run.over and run.progress.complete, sorted(run.progress.done)
    assert run.learner_moves <= 40
