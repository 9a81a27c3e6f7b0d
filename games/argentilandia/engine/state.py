"""Game state creation and small helpers (Setup, Components).

The state is plain JSON data: lists indexed by seat, dicts keyed by ids (never ints).
"""

from __future__ import annotations

from collections.abc import Container
from operator import countOf
from typing import TypeGuard

from games.core import dice
from games.core.refusals import _, refuse

from . import board as B
from .schema import (  # noqa: F401  (re-exported: the phases live in schema.py)
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

DRAFT_ROUNDS = 7


def empty_hand() -> dict:
    return {m: 0 for m in B.MATERIALS}


def setup_rolls(state: State, n: int) -> tuple[int, list[dict]]:
    """Setup: each player rolls the dice; the highest begins, ties roll again among themselves."""
    return dice.roll_off(state, list(range(n)))


OPTIONS = ("max_turns", "free_bank")


def normalize_options(options: dict | None) -> dict:
    """The table options the engine knows, checked at creation: ``max_turns`` (a whole number, 0 = no
    limit; decision 17) and ``free_bank`` (true: the Banker's 4:1 trade is open to everyone, always;
    decision 13). Anything else is refused, so a table never starts with a setting nobody plays by."""
    options = dict(options or {})
    for key in options:
        if key not in OPTIONS:
            refuse(_("Unknown option %(option)s."), "setup", option=str(key))
    turns = options.get("max_turns")
    if turns is not None and (not is_int(turns) or turns < 0):
        refuse(_("The turn limit must be a whole number (0 for none)."), "setup")
    if not isinstance(options.get("free_bank", False), bool):
        refuse(_("The free bank option is on or off."), "playing-the-game")
    return options


def new_game(num_players: int, seed: str, options: dict | None = None) -> dict:
    """Setup (and Variant: 3 Players): Union Organizer on Tucumán's Wood, one Corrupt Official
    each (none with 3 players), 12/12 officials and stockbrokers (8/8 with 3 players)."""
    options = normalize_options(options)
    three = num_players == 3
    cfg = B.BOARD["three_player"] if three else B.BOARD
    n_off = cfg["corrupt_officials"]
    n_sb = cfg["stockbrokers"]
    dealt = 0 if three else 1
    state: State = {
        "game": "argentilandia",
        "seed": seed,
        "rng_counter": 0,
        "num_players": num_players,
        "three_player": three,
        "vp_to_win": cfg["vp_to_win"],
        "factories_needed": cfg["factories_needed"],
        "provinces_needed": B.BOARD["three_player"]["provinces_needed"] if three else B.BOARD["provinces_needed"],
        "max_turns": options.get("max_turns") or 0,
        "options": options,
        "colors": B.BOARD["colors"][:num_players],
        "phase": PHASE_DRAFT,
        "turn": 0,
        "current": None,
        "dice": None,
        "in_play": [],
        "mps": {p: [None] * len(B.PROVINCES[p]["mps"]) for p in B.PROVINCE_IDS},
        "ports": {p: None for p in B.PORT_IDS},
        "industries": {i: {"slots": [None] * B.INDUSTRIES[i]["percentages"], "owner": None} for i in B.INDUSTRY_IDS},
        "union": dict(B.UNION_START),  # type: ignore[typeddict-item]  # board data: {"kind", "id"}
        "hands": [empty_hand() for _ in range(num_players)],
        "bank": {m: B.CARDS_PER_MATERIAL for m in B.MATERIALS},
        "officials": [dealt] * num_players,
        "stockbrokers": [0] * num_players,
        "bank_officials": n_off - dealt * num_players,
        "bank_stockbrokers": n_sb,
        "total_officials": n_off,
        "total_stockbrokers": n_sb,
        "flags": {"union_official_used": False, "special_claimed": []},
        "special": {},
        "special_last": [None] * num_players,
        "discards": [0] * num_players,
        "contest": None,
        "rolloff": None,
        "offers": [],
        "next_offer_id": 1,
        "winner": None,
        "end_reason": None,
    }
    first, log = setup_rolls(state, num_players)
    order = [(first + k) % num_players for k in range(num_players)]
    picks: list[int] = []
    for r in range(DRAFT_ROUNDS):
        picks.extend(order if r % 2 == 0 else list(reversed(order)))
    state["setup_rolls"] = log
    state["first_player"] = first
    state["order"] = order
    state["draft"] = {"picks": picks, "index": 0}
    state["prelim"] = {"order": list(order), "index": 0}
    state["current"] = picks[0]
    return state


# ---- small helpers -------------------------------------------------------


def hand_size(state: State, seat: int) -> int:
    return sum(state["hands"][seat].values())


def has_cards(state: State, seat: int, cards: dict) -> bool:
    hand = state["hands"][seat]
    for m, c in cards.items():
        if hand.get(m, 0) < c:
            return False
    return True


def pay_bank(state: State, seat: int, cards: dict) -> None:
    """Move ``cards`` from the seat's hand to the bank (caller has checked)."""
    hand = state["hands"][seat]
    bank = state["bank"]
    for m, c in cards.items():
        hand[m] -= c
        bank[m] += c


def take_bank(state: State, seat: int, material: str, count: int = 1) -> None:
    state["bank"][material] -= count
    state["hands"][seat][material] += count


def tokens_used(state: State, seat: int) -> int:
    """Tokens on the board: MPs, ports and industry percentages (Components: 35 per colour)."""
    used = countOf(state["ports"].values(), seat)
    for slots in state["mps"].values():  # (plain loops: cheaper here than map chains over 32 short lists)
        used += slots.count(seat)
    for info in state["industries"].values():
        used += info["slots"].count(seat)
    return used


def tokens_left(state: State, seat: int) -> int:
    return B.TOKENS_PER_COLOR - tokens_used(state, seat)


def sole_holder(slots: list) -> int | None:
    """The seat holding every slot of a province or an industry (a monopoly), else None."""
    first = slots[0]
    return first if first is not None and slots.count(first) == len(slots) else None


def mps_in(state: State, seat: int, province: str) -> int:
    return state["mps"][province].count(seat)


def is_blocked(state: State, kind: str, ident: str) -> bool:
    """Union Organizer: the province or industry under it is blocked."""
    u = state["union"]
    return u is not None and u["kind"] == kind and u["id"] == ident


def blocked_id(state: State, kind: str) -> str | None:
    """The province or industry (``kind``) the Union Organizer blocks, if it stands on one."""
    u = state["union"]
    return u["id"] if u is not None and u["kind"] == kind else None


def known(ident: object, table: Container[str]) -> TypeGuard[str]:
    """``ident`` names an entry of ``table`` (a board dict or list of ids): a string, never a dict,
    list, number or bool from a malformed action."""
    return isinstance(ident, str) and ident in table


def is_int(value: object) -> TypeGuard[int]:
    """A whole number from an action (a bool is not a number)."""
    return type(value) is int or (isinstance(value, int) and not isinstance(value, bool))


_MATERIAL_SET = frozenset(B.MATERIALS)


def normalize_cards(cards) -> dict:
    """Validate a {material: count} dict from an action; returns a clean copy or raises ValueError."""
    if not isinstance(cards, dict) or not cards:
        raise ValueError("cards")
    out: dict = {}
    for m, c in cards.items():
        # known(m, B.MATERIALS) and is_int(c), written out: every offer and counter passes here twice
        if not (isinstance(m, str) and m in _MATERIAL_SET) or (type(c) is not int and not is_int(c)) or c < 0:
            raise ValueError("cards")
        if c:
            out[m] = c
    if not out:
        raise ValueError("cards")
    return out
