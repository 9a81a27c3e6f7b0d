"""A Ladrillazo game's story (``games.ladrillazo.story``): where each player's envelopes lie at every state of
random games played through the ruleset's registry interface. Pure: no database."""

from __future__ import annotations

import random
import re

import pytest

from games.core import rulesets
from games.core.story import read_series
from games.ladrillazo import story
from games.ladrillazo.declaration import DECLARATION

RS = rulesets.get("ladrillazo")
SEEDS = (1, 2)


def playout(seats: int, seed: int) -> list[dict]:
    """A random game's states, the deal first. Each move is a random legal action of a random seat among those the
    rules wait for. The smallest handful (Starting to play) keeps it short: with 20 turns each the dispenser runs
    dry (End of the game), with 6 the turn limit ends the game first."""
    rng = random.Random(seed)
    state = RS.new_game(seats, f"story-{seats}-{seed}", {"handful": 5, "max_turns": 20 if seed == 1 else 6})
    states = [state]
    while waiting := RS.to_move(state):
        seat = rng.choice(waiting)
        state, _ = RS.apply(state, seat, rng.choice(RS.legal_actions(state, seat)))
        states.append(state)
    return states


@pytest.fixture(scope="module")
def games() -> list[tuple[int, list[dict]]]:
    """Random games of every size the rules allow (2 to 6 players)."""
    return [(n, playout(n, seed)) for n in range(RS.min_players, RS.max_players + 1) for seed in SEEDS]


def test_every_measure_gives_one_whole_number_per_seat_at_every_state_money(games):
    """Money: the envelopes hidden, in paradise and in hand are read off every state, the deal's included, one
    whole number per seat in seat order; the story's reader takes them all."""
    for n, states in games:
        for state in states:
            for measure in DECLARATION.story:
                values = measure.of(state)
                assert len(values) == n, measure.key
                assert all(isinstance(v, int) and v >= 0 for v in values), (measure.key, values)
        series = read_series(DECLARATION.story, ((i, s, []) for i, s in enumerate(states)), n)
        assert [len(s.values) for s in series] == [n] * len(DECLARATION.story)
        assert all(v == 0 for m in DECLARATION.story for v in m.of(states[0]))  # Starting to play: all in the tube


def test_hidden_paradise_in_hand_and_the_dispenser_hold_every_envelope_starting_to_play_and_money(games):
    """Starting to play: each player puts a handful of envelopes in the dispenser (``total_envelopes``); Money:
    an envelope leaves it for a player's hand, and from there is hidden on a plot card, evaded to paradise or
    returned to the dispenser. So the three measures of every player plus the dispenser are always every
    envelope. ``returned`` is not part of the sum: it counts envelopes already back in the dispenser."""
    returned = 0
    for _, states in games:
        for state in states:
            held = sum(sum(m.of(state)) for m in DECLARATION.story)
            assert held + state["dispenser"] == state["total_envelopes"]
        returned += states[-1]["returned"]
    assert returned > 0  # envelopes did come back: adding ``returned`` would have counted them twice


def test_envelopes_in_hand_only_during_their_players_turn_end_of_turn(games):
    """End of turn: "the player returns all the money that he has not been able to hide", so only the player on
    turn holds envelopes in hand (and, on the game's last turn, keeps them: End of the game)."""
    seen = 0
    for _, states in games:
        for state in states:
            in_hand = story.in_hand(state)
            seen += sum(in_hand)
            if state["phase"] != "over":
                assert all(v == 0 for seat, v in enumerate(in_hand) if seat != state["turn"]["seat"])
    assert seen > 0


def test_paradise_never_shrinks_money(games):
    """Money: "Paradise has no limit and money evaded cannot leave"."""
    grew = False
    for _, states in games:
        for before, after in zip(states, states[1:]):
            old, new = story.in_paradise(before), story.in_paradise(after)
            assert all(b <= a for b, a in zip(old, new))
            grew = grew or old != new
    assert grew


def test_the_three_measures_add_up_to_the_final_totals_end_of_the_game(games):
    """End of the game: "the player with the most envelopes wins in total": hidden plus paradise plus, for the
    last turn's player (who need not hide), those in hand; the ranking's totals are the measures' sum."""
    reasons = set()
    kept_in_hand = False
    for n, states in games:
        outcome = RS.outcome(states[-1])
        assert outcome is not None
        reasons.add(outcome["reason"])
        totals = [sum(m.of(states[-1])[seat] for m in DECLARATION.story) for seat in range(n)]
        assert totals == [outcome["totals"][str(seat)] for seat in range(n)]
        assert story.in_paradise(states[-1]) == [outcome["paradise"][str(seat)] for seat in range(n)]
        kept_in_hand = kept_in_hand or any(story.in_hand(states[-1]))
    assert kept_in_hand  # a last turn's player kept unhidden envelopes, and they counted
    assert reasons == {"dispenser_empty", "turn_limit"}  # both ends of a game were read


def test_the_declaration_wires_the_story_and_no_dice():
    """The site draws one chart per declared measure; Ladrillazo has no dice (The Cards: cards and envelopes)."""
    assert [(m.key, m.of, m.money) for m in DECLARATION.story] == [
        ("hidden", story.hidden, False), ("paradise", story.in_paradise, False), ("in-hand", story.in_hand, False)]
    assert all(re.fullmatch(r"[a-z]+(-[a-z]+)*", m.key) for m in DECLARATION.story)
    assert DECLARATION.dice_rolled is None
