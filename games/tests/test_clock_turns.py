"""The clock charges the turn, not each action (games/play/clock.py, docs/FRAMEWORK.md "Clocks"): moves that undo each
other cannot hold a turn for ever. Time is driven through the clock's "now" (``django.utils.timezone.now``, which
the move path reads once per move), never slept; each game is played through the one move path."""

from __future__ import annotations

import os
import random
from datetime import datetime, timedelta
from types import SimpleNamespace

import pytest
from django.utils import timezone

from games.core.rulesets import get
from games.models import Game, Move, Seat, commitment_of
from games.play import clock
from games.play.actions import do_deadline, do_move
from games.tables import lifecycle as tables
from games.tests.conftest import make_users

pytestmark = pytest.mark.django_db

BLITZ_MOVE, BLITZ_RESERVE = tables.TIME_CONTROLS["blitz"]


class Now:
    """The clock's "now", moved by the test."""

    def __init__(self) -> None:
        self.at = datetime(2026, 12, 6, 20, 0, tzinfo=timezone.get_current_timezone())

    def __call__(self) -> datetime:
        return self.at

    def wait(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)


@pytest.fixture
def now(monkeypatch) -> Now:
    clock_now = Now()
    monkeypatch.setattr(timezone, "now", clock_now)
    return clock_now


SEED = os.environ.get("CLOCK_TURNS_SEED", "clock-turns")


def blitz_game(ruleset: str, count: int) -> tuple[Game, list]:
    """A blitz table of ``count`` people, started from a fixed seed, so that a run replays (``CLOCK_TURNS_SEED``
    sweeps others: the tests hold for any deal)."""
    users = make_users(*[f"p{i}" for i in range(count)])
    game = tables.do_create_table(users[0], ruleset, count, time_control="blitz")
    Game.objects.filter(pk=game.pk).update(seed=SEED, seed_commitment=commitment_of(SEED))
    for user in users[1:]:
        tables.do_join(game.pk, user)
    tables.do_start(game.pk, users[0])
    return Game.objects.get(pk=game.pk), users


def move(game_id: int, seat: int, action: dict) -> Game:
    """``seat``'s player makes ``action`` (accepted, or the test fails with the refusal)."""
    game = Game.objects.get(pk=game_id)
    user = Seat.objects.get(game=game, index=seat).user
    do_move(game_id, seat=seat, action=action, expected_version=game.version, actor=user, source="api")
    return Game.objects.get(pk=game_id)


def play_until_alone_with(game: Game, wanted: str, limit: int = 400, fits=lambda state, seat, action: True
                           ) -> tuple[Game, int]:
    """Play the engine's own choices (no time passes) until one seat alone is required and may make a
    ``wanted`` move that ``fits``; returns the game and that seat."""
    rs = get(game.ruleset)
    for step in range(limit):
        required = rs.to_move(game.state)
        if len(required) == 1 and any(a["type"] == wanted and fits(game.state, required[0], a)
                                      for a in rs.legal_actions(game.state, required[0])):
            return game, required[0]
        seat = required[0]
        game = move(game.pk, seat, rs.bot_action(game.state, seat, random.Random(step)))
    raise AssertionError(f"no {wanted} move within {limit} moves")


def seat_row(game: Game, index: int) -> Seat:
    return Seat.objects.get(game=game, index=index)


SAME_SEAT_PAIRS = {
    # ruleset: (the move, its undoing written from the move)
    "ladrillazo": ("back", lambda a: {"type": "withdraw", "card": a["card"]}),
    "estanciero": ("mortgage", lambda a: {"type": "lift_mortgage", "space": a["space"]}),
}


@pytest.mark.parametrize("ruleset", sorted(SAME_SEAT_PAIRS))
def test_moves_that_undo_each_other_spend_one_turn_budget_until_the_player_times_out(now, ruleset):
    """Ladrillazo (Level and support: backing a card, then withdrawing the backing) and Estanciero (Mortgages:
    mortgaging a deed, then lifting the mortgage): moves of the same turn by the player on turn. In blitz they
    have 20 s plus the 2 min reserve for all of them; the deadline never moves, and then the clock plays their
    timeout (ending the turn), with the reserve spent."""
    undo_type, undoing = SAME_SEAT_PAIRS[ruleset]
    rs = get(ruleset)

    def undoable(state: dict, seat: int, action: dict) -> bool:
        """The move can be undone at once (Ladrillazo: a card with a padlock keeps its backing)."""
        return undoing(action) in rs.legal_actions(rs.apply(state, seat, action)[0], seat)

    game, seat = play_until_alone_with(blitz_game(ruleset, 2)[0], undo_type, fits=undoable)
    turn = rs.turn_key(game.state)
    do = next(a for a in rs.legal_actions(game.state, seat) if a["type"] == undo_type and undoable(game.state, seat, a))
    now.wait(1)  # the clock started when the turn did, before this test's first move
    row = seat_row(game, seat)
    deadline = row.deadline
    assert deadline == row.clock_started + timedelta(seconds=BLITZ_MOVE + BLITZ_RESERVE)

    made = 0
    while now() + timedelta(seconds=4) < deadline:
        now.wait(4)
        game = move(game.pk, seat, do if made % 2 == 0 else undoing(do))
        made += 1
        assert rs.to_move(game.state) == [seat] and rs.turn_key(game.state) == turn
        assert seat_row(game, seat).deadline == deadline, f"move {made} gave the turn more time"
    assert made >= 30

    now.wait(5)  # past the deadline: the clock plays the timeout
    assert do_deadline(game.pk, seat, game.version) is not None
    game = Game.objects.get(pk=game.pk)
    timeout = Move.objects.get(game=game, seq=game.version)
    assert timeout.source == Move.Source.TIMEOUT and timeout.seat == seat
    assert {"type": "timed_out", "seat": seat, "count": 1, "limit": game.max_timeouts} in timeout.events
    row = seat_row(game, seat)
    assert row.reserve_left == 0 and row.timeouts == 1
    if rs.turn_key(game.state) == turn:
        # The timeout's move left the turn open (Estanciero: a roll that lands on a deed for sale): the seat has
        # one allowance and no reserve left, so each further timeout comes 20 s apart until a bot takes the seat.
        assert rs.to_move(game.state) == [seat] and row.deadline == now() + timedelta(seconds=BLITZ_MOVE)
        return
    # The timeout ended the turn: the other player's turn starts with a whole allowance.
    assert rs.to_move(game.state) == [1 - seat]
    other = seat_row(game, 1 - seat)
    assert other.turn_left is None and other.deadline == now() + timedelta(seconds=BLITZ_MOVE + other.reserve_left)


UNDO_PAIRS = {
    # ruleset: (players, the proposal's move type, how its withdrawal is written from the open proposal)
    "estanciero": (2, "propose", "proposals", lambda p: {"type": "cancel_proposal", "id": p["id"]}),
    "ladrillazo": (2, "propose", "proposals", lambda p: {"type": "cancel", "id": p["id"]}),
    "argentilandia": (3, "offer_trade", "offers", lambda p: {"type": "cancel_offer", "offer_id": p["id"]}),
}


@pytest.mark.parametrize("ruleset", sorted(UNDO_PAIRS))
def test_proposing_and_withdrawing_spends_the_proposer_and_the_answerers_budgets_of_the_turn(now, ruleset):
    """Estanciero (Trades between players), Ladrillazo (Talks), Argentilandia (Round Summary: trade): a proposal
    hands the clock to whoever must answer, and withdrawing it hands it back; neither gets the turn's allowance
    again. The proposer's thinking time adds up over the turn and then drains the reserve; each answerer spends
    one allowance of their own for the whole turn. When the turn passes, every seat gets a fresh allowance."""
    count, propose_type, open_key, withdrawal = UNDO_PAIRS[ruleset]
    game, _ = play_until_alone_with(blitz_game(ruleset, count)[0], propose_type)
    rs = get(ruleset)
    proposer = rs.to_move(game.state)[0]
    turn = rs.turn_key(game.state)
    thinking, answering, cycles = 9.0, 3.0, 0
    while True:
        proposal = next((a for a in rs.legal_actions(game.state, proposer) if a["type"] == propose_type), None)
        if proposal is None:  # each rulebook caps proposals per turn
            break
        now.wait(thinking)
        game = move(game.pk, proposer, proposal)
        answerers = rs.to_move(game.state)
        assert proposer not in answerers and answerers
        now.wait(answering)
        game = move(game.pk, proposer, withdrawal(game.state[open_key][-1]))
        cycles += 1
        assert rs.turn_key(game.state) == turn and rs.to_move(game.state) == [proposer]

        spent = thinking * cycles
        allowance_left, reserve_left = max(0.0, BLITZ_MOVE - spent), BLITZ_RESERVE - max(0.0, spent - BLITZ_MOVE)
        row = seat_row(game, proposer)
        assert row.deadline == now() + timedelta(seconds=allowance_left + reserve_left)
        assert (row.turn_left, row.reserve_left) == (allowance_left, reserve_left)
        for seat in answerers:
            assert seat_row(game, seat).turn_left == BLITZ_MOVE - answering * cycles
    assert cycles >= 2 and thinking * cycles > BLITZ_MOVE  # the reserve was reached

    # The turn passes (the engine's own ending of it): every seat starts the next turn with a full allowance.
    before = rs.turn_key(game.state)
    step = 0
    while rs.turn_key(game.state) == before:
        seat = rs.to_move(game.state)[0]
        game = move(game.pk, seat, rs.bot_action(game.state, seat, random.Random(step)))
        step += 1
    for seat in rs.to_move(game.state):
        row = seat_row(game, seat)
        assert row.turn_left is None
        assert row.deadline == now() + timedelta(seconds=BLITZ_MOVE + row.reserve_left)


def test_a_seat_whose_clock_starts_afresh_gets_the_whole_allowance_and_the_others_keep_theirs():
    """``clock.rearm_all`` within a turn: a seat in ``fresh`` (a timeout was just played for it, its person took
    it back, a moderator gave it to someone) is charged what it used and starts again with the whole allowance;
    another seat still required keeps its running clock and deadline; a seat no longer required stops."""
    game = SimpleNamespace(move_seconds=20, bot_delay_ms=1700)
    start = datetime(2026, 12, 6, 20, 0, tzinfo=timezone.get_current_timezone())

    def running(index: int, turn_left: float | None, reserve: float) -> SimpleNamespace:
        seat = SimpleNamespace(index=index, user_id=index + 1, is_bot=False, turn_left=turn_left,
                               reserve_left=reserve, clock_started=None, deadline=None)
        clock.arm(seat, game, start)
        return seat

    fresh, kept, stopped = running(0, 5.0, 30.0), running(1, None, 60.0), running(2, 12.0, 0.0)
    kept_deadline = kept.deadline
    later = start + timedelta(seconds=15)
    clock.rearm_all(game, [fresh, kept, stopped], {0, 1}, later, new_turn=False, fresh=(0,))
    assert (fresh.turn_left, fresh.reserve_left) == (None, 20.0)  # 5 s of allowance, then 10 s of reserve
    assert fresh.clock_started == later and fresh.deadline == later + timedelta(seconds=20 + 20)
    assert kept.deadline == kept_deadline and kept.clock_started == start and kept.turn_left is None
    assert (stopped.turn_left, stopped.reserve_left, stopped.deadline) == (0.0, 0.0, None)
