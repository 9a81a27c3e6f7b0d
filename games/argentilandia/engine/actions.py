"""Who moves, and action dispatch phase by phase (Round Summary); the legal actions are in legal_actions.py.

Dispatch and the copy on apply follow ``games.core.dispatch`` and ``games.core.copying``; ``TOUCHES`` declares
what the frequent handlers change, so that ``COPY`` copies only that (a move is a few microseconds)."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from games.core.answers import waiting_for
from games.core.copying import StateCopy
from games.core.dispatch import Action, Event, Handler, action_type, handler_for
from games.core.refusals import _, refuse

from . import contest, purchase, special, trade, turn
from .clone import PARTS
from .schema import (
    PHASE_CONTEST,
    PHASE_DISCARD,
    PHASE_DRAFT,
    PHASE_MAIN,
    PHASE_OVER,
    PHASE_PRE_ROLL,
    PHASE_PRELIM_BUY,
    PHASE_ROLLOFF,
    PHASE_UNION,
    State,
)


def to_move(state: State) -> list[int]:
    """Seats whose action is required now: the discarders, the contest roller; in the main phase every
    seat an open offer waits for (their clock is the visible timer), then the player on turn unless
    their own offer still waits for answers; else the player on turn."""
    ph = state["phase"]
    if ph == PHASE_MAIN:  # most moves: asked first (none of the phases below is the main one)
        cur = state["current"]
        if not state["offers"]:  # most moves: nobody is asked anything
            return [cur]
        return waiting_for(trade.recipients(state), cur, trade.awaits_answer(state, cur))
    if ph == PHASE_OVER:
        return []
    if ph == PHASE_DISCARD:
        return [s for s, c in enumerate(state["discards"]) if c > 0]
    if ph in (PHASE_CONTEST, PHASE_ROLLOFF):
        r = contest.roller(state)
        return [] if r is None else [r]
    return [state["current"]]


def _end_turn(state: State, events: list[Event], seat: int, action: Action) -> None:
    events += turn.end_turn(state, seat)


def _roll(state: State, events: list[Event], seat: int, action: Action) -> None:
    events += turn.roll(state, seat)


def _contest_roll(state: State, events: list[Event], seat: int, action: Action) -> None:
    events += contest.roll(state, seat)


def _buy_official(state: State, events: list[Event], seat: int, action: Action) -> None:
    events += purchase.buy_card(state, seat, "official")


def _buy_stockbroker(state: State, events: list[Event], seat: int, action: Action) -> None:
    events += purchase.buy_card(state, seat, "stockbroker")


def _buy_rival_mp(state: State, events: list[Event], seat: int, action: Action) -> None:
    events += contest.start(state, seat, "mp", action)


def _buy_rival_percentage(state: State, events: list[Event], seat: int, action: Action) -> None:
    events += contest.start(state, seat, "percentage", action)


# Answers to an offer: any addressed player may make them in the main phase, on turn or not.
RESPONSES: dict[str, Handler[State]] = {
    "accept_offer": trade.accept_offer,
    "refuse_offer": trade.refuse_offer,
    "counter_offer": trade.counter_offer,
}

# The player on turn's actions after the roll (Round Summary 5-9).
MAIN: dict[str, Handler[State]] = {
    "end_turn": _end_turn,
    "buy_mp": purchase.buy_free_mp,
    "buy_port": purchase.buy_port,
    "buy_factory": purchase.buy_factory,
    "buy_percentage": purchase.buy_percentage,
    "buy_official": _buy_official,
    "buy_stockbroker": _buy_stockbroker,
    "bank_trade": trade.bank_trade,
    "port_trade": trade.port_trade,
    "intl_trade": trade.intl_trade,
    "offer_trade": trade.make_offer,
    "cancel_offer": trade.cancel_offer,
    "buy_rival_mp": _buy_rival_mp,
    "buy_rival_percentage": _buy_rival_percentage,
    "move_union": turn.move_union,
    "claim_special": special.claim,
    "accept_offer": trade.accept_offer,
    "refuse_offer": trade.refuse_offer,
}


class PhaseRules(NamedTuple):
    """What a phase allows: its handlers, whether only the player on turn acts, and the refusal
    (message, rule slug) for any other action type."""

    handlers: dict[str, Handler[State]]
    turn_only: bool
    message: str
    rule: str


# The dispatch table: phase -> the action types it accepts and their handlers.
HANDLERS: dict[str, PhaseRules] = {
    PHASE_DRAFT: PhaseRules({"place_mp": turn.draft_place}, True,
                            _("Choose a free MP for the preliminary round."), "preliminary-round"),
    PHASE_PRELIM_BUY: PhaseRules({"buy_mp": turn.prelim_buy, "pass": turn.prelim_buy}, True,
                                 _("In this phase you may only buy 1 MP or pass: no trades, ports or officials."),
                                 "preliminary-round"),
    PHASE_PRE_ROLL: PhaseRules({"roll": _roll, "move_union": turn.move_union, "buy_rival_percentage": _buy_rival_percentage},
                               True, _("Roll the dice first (only a Corrupt Official or a Stockbroker may be played before)."),
                               "round-summary"),
    PHASE_DISCARD: PhaseRules({"discard": turn.discard}, False, _("Discards after doubles come first."), "doubling"),
    PHASE_UNION: PhaseRules({"move_union": turn.move_union}, True,
                            _("After doubles you must move the Union Organizer."), "doubling"),
    PHASE_CONTEST: PhaseRules({"contest_roll": _contest_roll}, False,
                              _("The contest must be rolled first."), "buying-another-players-mp"),
    PHASE_ROLLOFF: PhaseRules({"contest_roll": _contest_roll}, False,
                              _("The contest must be rolled first."), "buying-another-players-mp"),
    PHASE_MAIN: PhaseRules(MAIN, True, _("Unknown or unavailable action %(type)s."), "round-summary"),
}


def checked_handler(state: State, seat: int, action: Action) -> Handler[State]:
    """The handler that will run ``action`` (nothing changed): every action is an object with a string
    type, from a real seat, while the game runs, of a type the phase allows that seat; else a refusal
    citing the rule. (One function, not one per check: it runs on every move.)"""
    if not isinstance(action, dict) or not isinstance(t := action.get("type"), str):
        action_type(action, "round-summary")  # refuses it (the check is written out here: it runs on every move)
    if type(seat) is not int and (not isinstance(seat, int) or isinstance(seat, bool)):
        refuse(_("There is no such seat."), "round-summary")
    if not 0 <= seat < state["num_players"]:
        refuse(_("There is no such seat."), "round-summary")
    ph = state["phase"]
    if ph == PHASE_MAIN:  # most moves: the checks below, in one step for this phase
        handler = MAIN.get(t) if seat == state["current"] else RESPONSES.get(t)
        if handler is not None:
            return handler
    elif ph == PHASE_OVER:
        refuse(_("The game is over."), "victory")
    rules = HANDLERS[ph]
    if rules.turn_only and seat != state["current"]:
        refuse(_("It is not your turn."), "round-summary")
    return handler_for(rules.handlers, action, rules.rule, rules.message)


# The state parts (schema keys) each handler may change in place, directly or through what it calls;
# ``apply`` copies only those and shares the rest with its input. A handler missing here gets a full copy,
# so list one only after reading everything it calls (they are the frequent ones of a game).
TOUCHES: dict[Handler[State], tuple[str, ...]] = {
    trade.make_offer: (),  # the offers and flags are replaced, not changed in place (trade.py)
    trade.counter_offer: (),
    trade.refuse_offer: (),
    trade.cancel_offer: (),
    trade.accept_offer: ("hands",),
    trade.bank_trade: ("hands", "bank"),
    trade.port_trade: ("hands", "bank"),
    trade.intl_trade: ("hands", "bank"),
    purchase.buy_free_mp: ("hands", "bank", "mps"),
    purchase.buy_port: ("hands", "bank", "ports"),
    purchase.buy_factory: ("hands", "bank", "industries"),
    purchase.buy_percentage: ("hands", "bank", "industries"),
    _buy_official: ("hands", "bank", "officials"),
    _buy_stockbroker: ("hands", "bank", "stockbrokers"),
    _buy_rival_mp: ("officials",),
    _buy_rival_percentage: ("stockbrokers",),
    turn.move_union: ("flags", "officials", "hands"),
    turn.discard: ("hands", "bank", "discards"),
    special.claim: ("flags", "officials", "stockbrokers", "special_last"),
    _roll: ("hands", "bank"),
    _end_turn: ("flags", "officials", "stockbrokers", "special_last"),
    _contest_roll: ("contest", "rolloff", "mps", "industries", "ports", "officials", "stockbrokers"),
    turn.draft_place: ("mps", "bank", "hands", "draft"),
    turn.prelim_buy: ("hands", "bank", "mps", "prelim"),  # then begin_turn replaces the flags and offers
}


def _contest_roll_touches(state: State) -> tuple[str, ...]:
    """What a contest roll writes depends on which roll it is: the seller's only records the dice; the
    buyer's settles an MP (its province's ports may change hands) or a percentage (the industry's owner
    may change), or gives the staked card back to the seller; a port roll-off records the die and may
    settle the port. Narrower than TOUCHES[_contest_roll], which covers them all."""
    if state["phase"] == PHASE_ROLLOFF:
        return ("rolloff", "ports")
    c = state["contest"]
    if c["seller_roll"] is None:
        return ("contest",)
    if c["kind"] == "mp":
        return ("contest", "mps", "ports", "officials")
    return ("contest", "industries", "stockbrokers")


# Handlers whose writes depend on the state: a function of the state gives the parts they may change.
TOUCHES_NOW: dict[Handler[State], Callable[[State], tuple[str, ...]]] = {
    _contest_roll: _contest_roll_touches,
}


# The copy-on-apply rule (games.core.copying), with the state's part shapes (clone.py) and the declarations above.
COPY: StateCopy[State] = StateCopy(PARTS, TOUCHES, TOUCHES_NOW)
