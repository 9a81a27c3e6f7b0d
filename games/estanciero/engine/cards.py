"""Chance or Fate (Suerte o Destino).

The top card is taken, carried out and put face down at the bottom of its
pile; the keepable jail card stays with the player until used or sold.
"""

from __future__ import annotations

from games.core.refusals import _, refuse

from . import board
from .building import count_buildings
from .money import charge
from .movement import finish_move, land, move, send_to_jail
from .rent import pay_prize
from .schema import PHASE_CARD_CHOICE, PHASE_MOVING, State
from .state import active_seats, player


def draw_card(state: State, events: list, seat: int, deck: str) -> None:
    pile = state["decks"][deck]
    card_id = pile.pop(0)
    card = board.card(card_id)
    effect = card["effect"]
    if effect["kind"] == "get_out_of_jail_free":
        player(state, seat)["jail_cards"].append(card_id)
    else:
        pile.append(card_id)
    state["last_card"] = {"deck": deck, "seat": seat, "card": card_id, "turn": state["turns_played"]}
    events.append({"type": "card", "deck": deck, "seat": seat, "card": card_id})
    resolve(state, events, seat, card_id, effect)


def resolve(state: State, events: list, seat: int, card_id: str, effect: dict) -> None:
    kind = effect["kind"]
    p = player(state, seat)
    if kind == "collect":
        # "carry out what it says": a card's payout is made at once in every mode, like Salida (decision 7)
        pay_prize(state, events, seat, effect["amount"], "card:" + card_id)
    elif kind == "pay":
        charge(state, events, seat, None, effect["amount"], "card")
    elif kind == "go_to_jail":
        send_to_jail(state, events, seat, "card")
    elif kind == "collect_from_each_player":
        for other in active_seats(state):
            if other != seat:
                charge(state, events, other, seat, effect["amount"], "card")
    elif kind == "pay_per_building":
        chacras, estancias = count_buildings(state, seat)
        charge(state, events, seat, None, chacras * effect["per_chacra"] + estancias * effect["per_estancia"], "card")
    elif kind == "move_to":
        forward = effect.get("direction", "forward") == "forward"
        salary = forward and effect.get("collect_salida", True)
        move(state, events, seat, effect["target_index"], forward=forward, salary=salary)
        land(state, events, seat)
    elif kind == "move_relative":
        target = (p["position"] + effect["steps"]) % board.NUM_SPACES
        move(state, events, seat, target, forward=effect["steps"] > 0)
        land(state, events, seat)
    elif kind == "pay_or_draw":
        state["turn"]["phase"] = PHASE_CARD_CHOICE
        state["turn"]["choice"] = {"card": card_id, "amount": effect["amount"], "deck": effect["alternative_deck"]}


def choose(state: State, events: list, seat: int, option: str) -> None:
    """Destino "pay 200 or draw a Suerte card": the player chooses."""
    choice = state["turn"].pop("choice")
    state["turn"]["phase"] = PHASE_MOVING
    if option == "pay":
        if player(state, seat)["money"] < choice["amount"]:
            state["turn"]["choice"] = choice
            state["turn"]["phase"] = PHASE_CARD_CHOICE
            refuse(_("You need %(cost)s to pay."), "chance-or-fate", cost=choice["amount"])
        charge(state, events, seat, None, choice["amount"], "card")
        events.append({"type": "card_choice", "seat": seat, "option": "pay"})
    else:
        events.append({"type": "card_choice", "seat": seat, "option": "draw"})
        draw_card(state, events, seat, choice["deck"])
    finish_move(state)
