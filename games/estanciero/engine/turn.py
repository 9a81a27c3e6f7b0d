"""Actions of the player on turn (The Game; Police Station; Rest; Doubles).

Each handler checks that ``seat`` is on turn, that no auction or debt is
pending (they are resolved first) and that the phase allows the action.
"""

from __future__ import annotations

from games.core.refusals import _, refuse

from . import board, cards, jail
from .building import build
from .debt import pass_turn
from .endgame import finish, turn_limit_reached
from .money import transfer
from .movement import finish_move, normal_roll, rest_roll
from .schema import BUILD_PHASES, PHASE_BUY, PHASE_CARD_CHOICE, PHASE_END, PHASE_MOVING, PHASE_ROLL, State
from .state import player
from .trade import awaits_answer

PHASE_MSG = _("That is not possible at this point of the turn.")


def require_turn(state: State, seat: int, phases: tuple[str, ...], rule: str = "the-game") -> dict:
    turn = state["turn"]
    if turn["seat"] != seat:
        refuse(_("It is not your turn."), rule)
    if state["auction"] is not None:
        refuse(_("Wait for the auction to finish."), "auction")
    if state["debts"]:
        refuse(_("Debts must be settled before play goes on."), "shortage-of-money")
    if turn["phase"] not in phases:
        refuse(PHASE_MSG, rule)
    return turn


def do_roll(state: State, events: list, seat: int, action: dict) -> None:
    require_turn(state, seat, (PHASE_ROLL,))
    if player(state, seat)["in_jail"]:
        jail.jail_roll(state, events, seat)
    else:
        normal_roll(state, events, seat)


def can_rest(state: State, seat: int) -> bool:
    """Rest: "the right, if they wish, to remain for two turns, provided they do not roll doubles on the dice".
    The rest is taken at the start of one of the player's later turns, never in the roll that doubles owe
    ("A player who rolls doubles plays again": a pawn that reached Descanso with doubles moves on)."""
    p = player(state, seat)
    return p["position"] == board.REST and p["rest_turns"] > 0 and not p["in_jail"] \
        and state["turn"]["seat"] == seat and state["turn"]["doubles"] == 0


def do_rest(state: State, events: list, seat: int, action: dict) -> None:
    """Rest: the wish to stay is announced before rolling; the roll follows."""
    require_turn(state, seat, (PHASE_ROLL,), "rest")
    if not can_rest(state, seat):
        if state["turn"]["doubles"] and player(state, seat)["rest_turns"] and not player(state, seat)["in_jail"]:
            refuse(_("Your doubles owe a roll: a player who rolls doubles plays again, and may rest only on a "
                     "later turn."), "doubles")
        refuse(_("You may only rest after landing on the Rest space, for up to two turns."), "rest")
    events.append({"type": "rest_announced", "seat": seat})
    rest_roll(state, events, seat)


def do_pay_fine(state: State, events: list, seat: int, action: dict) -> None:
    require_turn(state, seat, (PHASE_ROLL,), "police-station")
    if not player(state, seat)["in_jail"]:
        refuse(_("You are not in the Police Station."), "police-station")
    jail.pay_fine(state, events, seat)


def do_use_card(state: State, events: list, seat: int, action: dict) -> None:
    require_turn(state, seat, (PHASE_ROLL,), "police-station")
    if not player(state, seat)["in_jail"]:
        refuse(_("You are not in the Police Station."), "police-station")
    card_id = action.get("card")
    if card_id is not None and not isinstance(card_id, str):
        refuse(_("You do not hold that card."), "police-station")
    jail.use_card(state, events, seat, card_id)


def do_buy(state: State, events: list, seat: int, action: dict) -> None:
    """Buy the deed landed on from the Bank at the price on the board."""
    turn = require_turn(state, seat, (PHASE_BUY,))
    index = turn["offer"]
    cost = board.price(index)
    if player(state, seat)["money"] < cost:
        refuse(_("You need %(cost)s to buy it."), "the-game", cost=cost)
    transfer(state, events, seat, None, cost, "purchase")
    state["owners"][str(index)] = seat
    events.append({"type": "bought", "seat": seat, "space": index, "price": cost})
    turn.pop("offer")
    turn["phase"] = PHASE_MOVING
    finish_move(state)


def do_decline(state: State, events: list, seat: int, action: dict) -> None:
    """Decline the purchase: the deed stays with the Bank (no auction)."""
    turn = require_turn(state, seat, (PHASE_BUY,))
    events.append({"type": "declined", "seat": seat, "space": turn.pop("offer")})
    turn["phase"] = PHASE_MOVING
    finish_move(state)


def do_card_choice(state: State, events: list, seat: int, action: dict) -> None:
    require_turn(state, seat, (PHASE_CARD_CHOICE,), "chance-or-fate")
    option = action.get("option")
    if option not in ("pay", "draw"):
        refuse(_("Choose to pay or to draw a card."), "chance-or-fate")
    cards.choose(state, events, seat, option)


def do_end_turn(state: State, events: list, seat: int, action: dict) -> None:
    """The turn ends; not under one's own open proposal, which waits for its answer (or is withdrawn)."""
    require_turn(state, seat, (PHASE_END,))
    if awaits_answer(state, seat):
        refuse(_("Your proposal awaits an answer: wait for it or withdraw it."), "sale-of-properties")
    events.append({"type": "turn_ended", "seat": seat})
    pass_turn(state, events)
    if turn_limit_reached(state):
        finish(state, events, "turn_limit")


def do_build(state: State, events: list, seat: int, action: dict) -> None:
    """Build on a complete province (Chacras; Estancias).  The player on turn builds in the build phases;
    the others build between turns, as at a real table (decision 18), but never during an auction or while
    a debt is pending, and on a shortage the Bank keeps its last units for the player on turn ("the player
    whose turn it is has priority"; see ``building.reserved``)."""
    if state["turn"]["seat"] == seat:
        require_turn(state, seat, BUILD_PHASES, "shortage-of-buildings")
    else:
        require_between_turns(state)
    index = action.get("space")
    if not board.is_deed(index):
        refuse(_("Only fields (zones) can be built on, not railways or companies."), "chacras")
    build(state, events, seat, index, action.get("kind", "chacra"))


def require_between_turns(state: State) -> None:
    """A player not on turn may build only while nothing else is being settled."""
    if state["auction"] is not None:
        refuse(_("Wait for the auction to finish."), "auction")
    if state["debts"]:
        refuse(_("Debts must be settled before play goes on."), "shortage-of-money")
