"""Dice, movement and landing (The Game; Doubles; Police Station; Rest).

The turn player's ``turn["phase"]`` is one of ``roll`` (must roll, or
handle jail / announce rest), ``buy`` (landed on a deed the Bank owns),
``card_choice`` (Destino "pay 200 or draw Suerte"), ``end`` (may end the
turn).  ``turn["again"]`` is set after doubles.
"""

from __future__ import annotations

from games.core.rng import draw

from . import board
from .money import charge, transfer
from .mortgage import end_grace
from .rent import add_prize_claim, add_rent_claim, lapse_claims
from .schema import PHASE_BUY, PHASE_CARD_CHOICE, PHASE_END, PHASE_MOVING, PHASE_ROLL, State
from .state import owner, player


def roll_dice(state: State, events: list, seat: int) -> list[int]:
    """Roll two dice: pending claims lapse and mortgage grace ends; the last card drawn leaves the table."""
    dice = draw(state, lambda rng: [rng.die(), rng.die()])
    state["last_dice"] = dice
    state["last_card"] = None
    state["turn"]["dice"] = dice
    lapse_claims(state, events)
    end_grace(state)
    events.append({"type": "rolled", "seat": seat, "dice": dice})
    return dice


def move(state: State, events: list, seat: int, target: int, forward: bool = True, salary: bool = True) -> None:
    """Move the pawn; passing or landing on Salida forward pays 5,000 (board text)."""
    p = player(state, seat)
    frm = p["position"]
    steps = (target - frm) % board.NUM_SPACES if forward else 0
    if forward and steps == 0:
        steps = board.NUM_SPACES
    passed = forward and frm + steps >= board.NUM_SPACES
    p["position"] = target
    if p["rest_turns"] and target != board.REST:
        p["rest_turns"] = 0
    events.append({"type": "moved", "seat": seat, "from": frm, "to": target, "passed_start": passed})
    if passed and salary:
        transfer(state, events, None, seat, board.space(board.START)["amount"], "salida")


def send_to_jail(state: State, events: list, seat: int, reason: str) -> None:
    """Police Station: the pawn goes straight there (no Salida); doubles chain ends."""
    p = player(state, seat)
    frm = p["position"]
    p["position"] = board.JAIL
    p["in_jail"] = True
    p["jail_attempts"] = 0
    p["rest_turns"] = 0
    events.append({"type": "jailed", "seat": seat, "from": frm, "reason": reason})
    turn = state["turn"]
    if turn["seat"] == seat:
        turn["again"] = False
        turn["phase"] = PHASE_END


def land(state: State, events: list, seat: int) -> None:
    """Carry out what the space reached indicates."""
    from .cards import draw_card

    index = player(state, seat)["position"]
    sp = board.space(index)
    kind = sp["type"]
    if kind in board.DEED_TYPES:
        own = owner(state, index)
        if own is None:
            state["turn"]["phase"] = PHASE_BUY
            state["turn"]["offer"] = index
        else:
            add_rent_claim(state, events, seat, index)
    elif kind == "tax":
        charge(state, events, seat, None, sp["amount"], "tax")
    elif kind == "prize":
        add_prize_claim(state, events, seat, sp["amount"], f"space:{index}")
    elif kind in ("destino", "suerte"):
        draw_card(state, events, seat, kind)
    elif kind == "jail":
        if state["options"]["comisaria_space_jails"]:
            send_to_jail(state, events, seat, "comisaria_space")
    elif kind == "go_to_jail":
        send_to_jail(state, events, seat, "marche_preso")
    elif kind == "rest":
        player(state, seat)["rest_turns"] = board.constants()["descanso_max_turns"]


def finish_move(state: State) -> None:
    """After landing: roll again after doubles, else the turn may end."""
    turn = state["turn"]
    if turn["phase"] in (PHASE_BUY, PHASE_CARD_CHOICE):
        return
    if player(state, turn["seat"])["in_jail"]:
        turn["again"] = False
    turn["phase"] = PHASE_ROLL if turn["again"] else PHASE_END


def advance(state: State, events: list, seat: int, dice: list[int]) -> None:
    """Move by the dice total, land, and settle the phase."""
    state["turn"]["phase"] = PHASE_MOVING
    p = player(state, seat)
    move(state, events, seat, (p["position"] + dice[0] + dice[1]) % board.NUM_SPACES)
    land(state, events, seat)
    finish_move(state)


def normal_roll(state: State, events: list, seat: int) -> None:
    """Doubles: play again; a third double in a row goes to the Police Station."""
    dice = roll_dice(state, events, seat)
    turn = state["turn"]
    doubles = dice[0] == dice[1]
    if doubles:
        turn["doubles"] += 1
        if turn["doubles"] >= board.constants()["doubles_limit_before_jail"]:
            send_to_jail(state, events, seat, "three_doubles")
            return
    turn["again"] = doubles
    advance(state, events, seat, dice)


def rest_roll(state: State, events: list, seat: int) -> None:
    """Rest (Descanso): announced before rolling; doubles break the rest."""
    p = player(state, seat)
    dice = roll_dice(state, events, seat)
    if dice[0] == dice[1]:
        p["rest_turns"] = 0
        events.append({"type": "rest_broken", "seat": seat})
        state["turn"]["doubles"] += 1
        state["turn"]["again"] = True
        advance(state, events, seat, dice)
        return
    p["rest_turns"] -= 1
    events.append({"type": "rested", "seat": seat, "turns_left": p["rest_turns"]})
    state["turn"]["again"] = False
    state["turn"]["phase"] = PHASE_END
