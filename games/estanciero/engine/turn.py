"""Actions of the player on turn (The Game; Police Station; Rest; Doubles).

Each handler checks that ``seat`` is on turn, that no auction or debt is
pending (they are resolved first) and that the phase allows the action.
"""

from __future__ import annotations

from . import board, cards, jail
from .building import build
from .common import _, refuse
from .debt import pass_turn
from .endgame import finish, turn_limit_reached
from .money import transfer
from .movement import finish_move, normal_roll, rest_roll
from .state import player

PHASE_MSG = _("That is not possible at this point of the turn.")


def require_turn(state: dict, seat: int, phases: tuple[str, ...], rule: str = "the-game") -> dict:
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


def do_roll(state: dict, events: list, seat: int, action: dict) -> None:
    require_turn(state, seat, ("roll",))
    if player(state, seat)["in_jail"]:
        jail.jail_roll(state, events, seat)
    else:
        normal_roll(state, events, seat)


def can_rest(state: dict, seat: int) -> bool:
    p = player(state, seat)
    return p["position"] == board.REST and p["rest_turns"] > 0 and not p["in_jail"]


def do_rest(state: dict, events: list, seat: int, action: dict) -> None:
    """Rest: the wish to stay is announced before rolling; the roll follows."""
    require_turn(state, seat, ("roll",), "rest")
    if not can_rest(state, seat):
        refuse(_("You may only rest after landing on the Rest space, for up to two turns."), "rest")
    events.append({"type": "rest_announced", "seat": seat})
    rest_roll(state, events, seat)


def do_pay_fine(state: dict, events: list, seat: int, action: dict) -> None:
    require_turn(state, seat, ("roll",), "police-station")
    if not player(state, seat)["in_jail"]:
        refuse(_("You are not in the Police Station."), "police-station")
    jail.pay_fine(state, events, seat)


def do_use_card(state: dict, events: list, seat: int, action: dict) -> None:
    require_turn(state, seat, ("roll",), "police-station")
    if not player(state, seat)["in_jail"]:
        refuse(_("You are not in the Police Station."), "police-station")
    card_id = action.get("card")
    if card_id is not None and not isinstance(card_id, str):
        refuse(_("You do not hold that card."), "police-station")
    jail.use_card(state, events, seat, card_id)


def do_buy(state: dict, events: list, seat: int, action: dict) -> None:
    """Buy the deed landed on from the Bank at the price on the board."""
    turn = require_turn(state, seat, ("buy",))
    index = turn["offer"]
    cost = board.price(index)
    if player(state, seat)["money"] < cost:
        refuse(_("You need %(cost)s to buy it."), "the-game", cost=cost)
    transfer(state, events, seat, None, cost, "purchase")
    state["owners"][str(index)] = seat
    events.append({"type": "bought", "seat": seat, "space": index, "price": cost})
    turn.pop("offer")
    turn["phase"] = "moving"
    finish_move(state)


def do_decline(state: dict, events: list, seat: int, action: dict) -> None:
    """Decline the purchase: the deed stays with the Bank (no auction)."""
    turn = require_turn(state, seat, ("buy",))
    events.append({"type": "declined", "seat": seat, "space": turn.pop("offer")})
    turn["phase"] = "moving"
    finish_move(state)


def do_card_choice(state: dict, events: list, seat: int, action: dict) -> None:
    require_turn(state, seat, ("card_choice",), "chance-or-fate")
    option = action.get("option")
    if option not in ("pay", "draw"):
        refuse(_("Choose to pay or to draw a card."), "chance-or-fate")
    cards.choose(state, events, seat, option)


def do_end_turn(state: dict, events: list, seat: int, action: dict) -> None:
    require_turn(state, seat, ("end",))
    events.append({"type": "turn_ended", "seat": seat})
    pass_turn(state, events)
    if turn_limit_reached(state):
        finish(state, events, "turn_limit")


BUILD_PHASES = ("roll", "buy", "end", "card_choice")


def do_build(state: dict, events: list, seat: int, action: dict) -> None:
    """Decision: only the player on turn builds, which gives them the
    priority the rulebook grants on a shortage of chacras and estancias."""
    require_turn(state, seat, BUILD_PHASES, "shortage-of-buildings")
    index = action.get("space")
    if not board.is_deed(index):
        refuse(_("Only fields (zones) can be built on, not railways or companies."), "chacras")
    build(state, events, seat, index, action.get("kind", "chacra"))
