"""Game state construction and small queries (Setup section).

The state is plain JSON data: lists and dicts with string keys only.
Deeds are keyed by ``str(space_index)``; ``owners[k]`` is a seat or ``None``
(the Bank).  Buildings per zone are a level 0-5 (1-4 chacras, 5 = estancia).
"""

from __future__ import annotations

from games.core import dice
from games.core.refusals import _, refuse
from games.core.rng import draw

from . import board
from .schema import PHASE_ROLL, Options, State, Turn

DEFAULT_OPTIONS = {
    "start_money": 35000,
    "claim_rents": False,
    "max_turns": None,
    "jail_roll_attempts": 1,  # Police Station: one roll for doubles, then the fine
    "comisaria_space_jails": True,
}


def normalise_options(options: dict | None) -> Options:
    """Merge options with defaults; ``turn_limit`` is an alias of ``max_turns``.

    ``auto_collect`` (the old option, inverted) is still accepted for tables created before
    ``claim_rents``.

    Setup: the start money is 35,000 and "each player may be given a larger
    amount" (Shortening the Game), so ``start_money`` may only raise it.
    """
    opts = dict(DEFAULT_OPTIONS)
    options = dict(options or {})
    if "turn_limit" in options and "max_turns" not in options:
        options["max_turns"] = options.pop("turn_limit")
    options.pop("turn_limit", None)
    if "auto_collect" in options:  # the old name, inverted: tables created before claim_rents
        legacy = options.pop("auto_collect")
        options.setdefault("claim_rents", not legacy)
    for key, value in options.items():
        if key not in opts:
            refuse(_("Unknown option %(option)s."), "setup", option=key)
        opts[key] = value
    if not isinstance(opts["start_money"], int) or opts["start_money"] < 35000:
        refuse(_("The start money may only be raised above 35,000."), "shortening-the-game")
    if opts["max_turns"] is not None and (not isinstance(opts["max_turns"], int) or opts["max_turns"] < 1):
        refuse(_("The turn limit must be a positive whole number."), "shortening-the-game")
    if not isinstance(opts["jail_roll_attempts"], int) or opts["jail_roll_attempts"] < 1:
        refuse(_("The number of attempts to leave jail must be positive."), "police-station")
    if not isinstance(opts["claim_rents"], bool):
        refuse(_("The claim option is on or off."), "the-game")
    opts["comisaria_space_jails"] = bool(opts["comisaria_space_jails"])
    return opts  # every key checked above


def claim_mode(state: State) -> bool:
    """The faithful mode (The Game; Prizes and Taxes): rents and prizes wait for their owner to claim them.

    Option ``claim_rents`` (default off: they are collected automatically). States of tables created
    before the option existed carry ``auto_collect`` instead, with the opposite meaning.
    """
    opts = state["options"]
    if "claim_rents" in opts:
        return bool(opts["claim_rents"])
    return not opts.get("auto_collect", True)


def roll_off(state: State, seats: list[int]) -> tuple[int, list[dict]]:
    """Setup: "whoever rolls the highest number begins"; ties roll again."""
    return dice.roll_off(state, seats)


def new_game(num_players: int, seed: str, options: dict | None = None) -> dict:
    """A fresh game: 35,000 each, decks shuffled, first player by dice (Setup)."""
    if not isinstance(num_players, int) or not 2 <= num_players <= 6:
        refuse(_("Estanciero is played by 2 to 6 players."), "setup")
    opts = normalise_options(options)
    state: State = {
        "game": "estanciero",
        "seed": seed,
        "rng_counter": 0,
        "options": opts,
        "num_players": num_players,
        "players": [
            {
                "seat": i,
                "money": opts["start_money"],
                "position": board.START,
                "in_jail": False,
                "jail_attempts": 0,
                "jail_cards": [],
                "rest_turns": 0,
                "bankrupt": False,
                "bankrupt_order": None,
            }
            for i in range(num_players)
        ],
        "owners": {str(i): None for i in board.deed_spaces()},
        "buildings": {str(i): 0 for i in board.deed_spaces() if board.is_zone(i)},
        "mortgaged": {},
        "mortgage_grace": [],
        "bank": {"balance": 0, "chacras": 32, "estancias": 12},
        "decks": {},
        "turn": None,  # type: ignore[typeddict-item]  # the roll-off below chooses the first player
        "claims": [],
        "debts": [],
        "auction": None,
        "auction_queue": [],
        "proposals": [],
        "last_card": None,
        "last_dice": None,
        "turns_played": 0,
        "next_id": 1,
        "bankrupt_count": 0,
        "over": False,
        "result": None,
    }
    cards = board.card_data()
    for deck in ("destino", "suerte"):
        ids = [c["id"] for c in cards[deck]]
        draw(state, lambda rng, ids=ids: rng.shuffle(ids))
        state["decks"][deck] = ids
    first, rounds = roll_off(state, list(range(num_players)))
    state["rolloff"] = {"rounds": rounds, "first": first}
    state["turn"] = new_turn(first)
    return state


def new_turn(seat: int) -> Turn:
    return {"seat": seat, "phase": PHASE_ROLL, "doubles": 0, "dice": None, "again": False}


def next_id(state: State) -> int:
    n = state["next_id"]
    state["next_id"] = n + 1
    return n


def player(state: State, seat: int) -> dict:
    return state["players"][seat]


def active_seats(state: State) -> list[int]:
    return [p["seat"] for p in state["players"] if not p["bankrupt"]]


def owner(state: State, index: int) -> int | None:
    return state["owners"][str(index)]


def deeds_of(state: State, seat: int) -> list[int]:
    return [int(k) for k, v in state["owners"].items() if v == seat]


def level(state: State, index: int) -> int:
    return state["buildings"].get(str(index), 0)


def is_mortgaged(state: State, index: int) -> bool:
    return str(index) in state["mortgaged"]


def province_has_buildings(state: State, index: int) -> bool:
    """True when any field of the deed's province carries chacras/estancias."""
    if not board.is_zone(index):
        return False
    return any(level(state, m) for m in board.province_members(index))
