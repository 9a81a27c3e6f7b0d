"""Estanciero's story (``games.estanciero.story``): net worth and cash over a game, the rents paid and received,
the dice rolled; random playouts of 2 to 6 players."""

from __future__ import annotations

import random

import pytest

from games.core.rulesets import get
from games.core.story import read_series
from games.estanciero import story
from games.estanciero.declaration import DECLARATION
from games.estanciero.engine.endgame import net_worth

RS = get("estanciero")


def playout(seats: int, seed: int, moves: int = 400):
    """(state, events) after each of up to ``moves`` moves chosen by the bots (they buy, so rents get paid), from
    the deal."""
    rng = random.Random(seed)
    state = RS.new_game(seats, f"story-{seed}", {"max_turns": 10})
    out = [(state, [])]
    for _ in range(moves):
        to_move = RS.to_move(state)
        if not to_move:
            break
        seat = to_move[0]
        state, events = RS.apply(state, seat, RS.bot_action(state, seat, rng))
        out.append((state, events))
    return out


@pytest.mark.parametrize("seats", range(RS.min_players, RS.max_players + 1))
def test_net_worth_is_the_shortened_games_ranking_figure_and_cash_the_money_in_hand(seats):
    """Shortening the Game: players are ranked by cash, deeds at price less mortgage, buildings at cost."""
    for state, _events in playout(seats, seats):
        assert story.net_worth(state) == [net_worth(state, s) for s in range(seats)]
        assert story.cash(state) == [p["money"] for p in state["players"]]
    final = state
    if final["result"]:
        for seat, figure in final["result"]["net_worth"].items():
            assert story.net_worth(final)[int(seat)] == figure


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_every_rent_paid_is_a_rent_received_and_the_totals_match_the_money_that_moved(seats):
    """The Board: a player who lands on an owned zone pays its rent to the owner."""
    moves = playout(seats, 10 + seats)
    paid = received = moved = 0
    for _state, events in moves:
        for event in events:
            paid += sum(a for _s, a in story.rent_paid(event))
            received += sum(a for _s, a in story.rent_received(event))
            if event["type"] == "money" and event["reason"] == "rent":
                moved += event["amount"]
                assert event["from"] != event["to"]
    assert paid == received == moved
    assert moved > 0, "no rent was paid in the sample game"
    series = read_series([m for m in DECLARATION.story if m.tally], [(n, s, e) for n, (s, e) in enumerate(moves)],
                         seats)
    assert [sum(v[-1] for v in s.values) for s in series] == [paid, received]


def test_the_dice_are_every_roll_of_two_dice_and_nothing_else():
    """The Game: a turn begins with a roll of two dice (Doubles on the Dice: doubles roll again)."""
    rolls = [story.dice_rolled(e) for _s, events in playout(4, 3) for e in events]
    found = [r for r in rolls if r is not None]
    assert found and all(len(r) == 2 and all(1 <= d <= 6 for d in r) for r in found)
    assert story.dice_rolled({"type": "money", "amount": 5}) is None
    assert DECLARATION.dice_rolled is story.dice_rolled
    assert [m.key for m in DECLARATION.story] == ["net-worth", "cash", "rent-paid", "rent-received"]


def test_the_opening_is_the_first_deed_each_player_bought():
    """The Board: a player landing on an unowned zone may buy it; the profile counts the first deed bought."""
    events = [e for _state, evs in playout(4, 5) for e in evs]
    for seat in range(4):
        first = next((e["space"] for e in events if e["type"] == "bought" and e["seat"] == seat), None)
        assert story.opening(events, seat) == (str(first) if first is not None else None)
    assert any(story.opening(events, seat) for seat in range(4))
    assert story.opening([{"type": "bought", "seat": 1, "space": 3, "price": 1200}], 0) is None
