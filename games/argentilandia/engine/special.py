"""Special Provinces: "Players who monopolize the provinces of Santiago del Estero, Córdoba, San Luis or
Santa Fe receive from the Banker, once per turn, either a Corrupt Official or a Stockbroker", from the
turn after the monopoly, alternating between the two.

Decision 15 (issue 13.3): once per turn **per player**, however many special monopolies they hold; the
alternation is the player's ("on their next turn they will receive a Corrupt Official, or vice versa").
"The Banker hands over the card the player chooses": a player who ends the turn without choosing (a
timeout, a bot, a forgotten claim) still receives it, the alternating one (``grant_unclaimed``)."""

from __future__ import annotations

from typing import Literal

from games.core.refusals import _, refuse

from . import board as B
from .schema import State
from .state import blocked_id, is_blocked, known

KINDS = ("official", "stockbroker")


def refresh(state: State) -> None:
    """Track who monopolises each special province and since which turn. A change replaces
    ``state["special"]`` rather than editing it: after ``apply`` it may be shared with the previous state."""
    sp = state["special"]
    mps = state["mps"]
    new = None
    for p in B.SPECIAL_PROVINCES:
        # sole_holder, written out: this runs after every move, and nearly always changes nothing
        slots = mps[p]
        holder = slots[0]
        if holder is None or slots.count(holder) != len(slots):
            if sp and sp.get(p) is not None:
                new = new if new is not None else dict(sp)
                del new[p]
            continue
        entry = sp.get(p)
        if entry is None or entry["seat"] != holder:
            new = new if new is not None else dict(sp)
            new[p] = {"seat": holder, "since": state["turn"]}
    if new is not None:
        state["special"] = new


def last_kind(state: State, seat: int) -> str | None:
    """The kind of the last card the player received from a special province (None: none yet)."""
    last = state.get("special_last")
    return last[seat] if last else None


def _bank_key(kind: str) -> Literal["bank_officials", "bank_stockbrokers"]:
    return "bank_officials" if kind == "official" else "bank_stockbrokers"


def claimed_this_turn(state: State) -> bool:
    """Only the player on turn receives the card, so any grant this turn was theirs."""
    return bool(state["flags"]["special_claimed"])


def granting(state: State, seat: int) -> list[str]:
    """The player's special monopolies that grant this turn: held since an earlier turn, not blocked."""
    turn = state["turn"]
    blocked = blocked_id(state, "province")
    out = []
    for p, e in state["special"].items():  # (the legal list asks on most turns: a plain loop is cheapest)
        if e["seat"] == seat and e["since"] < turn and p != blocked:
            out.append(p)
    return out


def due_kind(state: State, seat: int) -> str | None:
    """The card the player may receive now: the other kind than last time; None when the bank has none
    of it (the card is lost, "it does not accumulate")."""
    last = last_kind(state, seat)
    for k in KINDS:
        if k != last and state[_bank_key(k)] > 0:
            return k
    return None


def claimable(state: State, seat: int) -> list[tuple[str, str]]:
    if not state["special"] or claimed_this_turn(state):
        return []
    provinces = granting(state, seat)
    if not provinces:  # the usual case: the special monopolies are other players'
        return []
    last = last_kind(state, seat)
    kinds = [k for k in KINDS if k != last and state[_bank_key(k)] > 0]
    return [(p, k) for p in provinces for k in kinds]


def _grant(state: State, seat: int, province: str, kind: str) -> None:
    state[_bank_key(kind)] -= 1
    state["officials" if kind == "official" else "stockbrokers"][seat] += 1
    last = state.get("special_last") or [None] * state["num_players"]
    last[seat] = kind
    state["special_last"] = last
    state["flags"]["special_claimed"].append(province)


def claim(state: State, events: list[dict], seat: int, action: dict) -> None:
    p, kind = action.get("province"), action.get("kind")
    if not known(p, B.SPECIAL_PROVINCES):
        refuse(_("Only Santiago del Estero, Córdoba, San Luis and Santa Fe grant cards."), "special-provinces")
    e = state["special"].get(p)
    if e is None or e["seat"] != seat:
        refuse(_("You need the monopoly of %(province)s."), "special-provinces", province=p)
    if e["since"] >= state["turn"]:
        refuse(_("The card is granted from the turn after the monopoly was achieved."), "special-provinces")
    if claimed_this_turn(state):
        refuse(_("Special provinces grant one card per turn to a player, however many of them you monopolise."),
               "special-provinces")
    if is_blocked(state, "province", p):
        refuse(_("The Union Organizer blocks %(province)s."), "playing-the-game", province=p)
    if not known(kind, KINDS):
        refuse(_("Choose a Corrupt Official or a Stockbroker."), "special-provinces")
    if kind == last_kind(state, seat):
        refuse(_("You must alternate: not the same card on consecutive turns."), "special-provinces")
    if state[_bank_key(kind)] <= 0:
        refuse(_("The bank has none left; this turn's card is lost."), "special-provinces")
    _grant(state, seat, p, kind)
    events.append({"type": "special_granted", "seat": seat, "province": p, "kind": kind})


def grant_unclaimed(state: State, seat: int) -> list[dict]:
    """The turn ends without a choice: the Banker still hands over the alternating card (``auto``)."""
    if claimed_this_turn(state):
        return []
    provinces = granting(state, seat)
    kind = due_kind(state, seat)
    if not provinces or kind is None:
        return []
    _grant(state, seat, provinces[0], kind)
    return [{"type": "special_granted", "seat": seat, "province": provinces[0], "kind": kind, "auto": True}]
