"""The shape of an Argentilandia game state, written down in one place.

The state is plain JSON data (lists indexed by seat, dicts keyed by string ids). These TypedDicts
document it; the engine builds it in ``state.new_game``. Engine code, tests, presenters and templates
use the ``PHASE_*`` constants (and ``PHASES``) instead of string literals.

Phases (Round Summary; Preliminary Round; Doubles):

- ``PHASE_DRAFT``: the preliminary round's snake draft of free MPs (``place_mp``).
- ``PHASE_PRELIM_BUY``: the preliminary purchase round (``buy_mp`` or ``pass``).
- ``PHASE_PRE_ROLL``: the player on turn rolls (or first plays a Corrupt Official / Stockbroker).
- ``PHASE_DISCARD``: after doubles, every player holding more than 7 cards discards half.
- ``PHASE_UNION``: after doubles, the compulsory Union Organizer move.
- ``PHASE_MAIN``: trades and purchases of the player on turn; others answer offers.
- ``PHASE_CONTEST``: a dice contest for a rival's MP or percentage (seller rolls, then buyer).
- ``PHASE_ROLLOFF``: a 1-die roll-off for a port whose owner lost their last MP there.
- ``PHASE_OVER``: the game has ended (``winner``, ``end_reason``).
"""

from __future__ import annotations

from typing import Literal, TypedDict

PHASE_DRAFT = "draft"
PHASE_PRELIM_BUY = "prelim_buy"
PHASE_PRE_ROLL = "pre_roll"
PHASE_DISCARD = "discard"
PHASE_UNION = "union_move"
PHASE_MAIN = "main"
PHASE_CONTEST = "contest"
PHASE_ROLLOFF = "rolloff"
PHASE_OVER = "over"

PHASES = (PHASE_DRAFT, PHASE_PRELIM_BUY, PHASE_PRE_ROLL, PHASE_DISCARD, PHASE_UNION, PHASE_MAIN,
          PHASE_CONTEST, PHASE_ROLLOFF, PHASE_OVER)
PRELIM_PHASES = (PHASE_DRAFT, PHASE_PRELIM_BUY)

END_VICTORY = "victory"
END_TURN_LIMIT = "turn_limit"

Material = str  # one of board.MATERIALS
Cards = dict  # {material: count}, every material present in hands and the bank


class UnionPosition(TypedDict):
    kind: Literal["province", "industry"]
    id: str


class IndustryState(TypedDict):
    slots: list[int | None]  # one per percentage: the seat holding it or None (free)
    owner: int | None  # the largest holder (None until the factory is bought)


# An open trade offer. "from" is the seat making it: the player on turn, or (a counter-offer) a
# player answering them. "to" holds the seats that have not answered yet; each is in to_move until
# it accepts, refuses or counters. "give" is what the maker hands over, "get" what it receives;
# "counter_to" (counter-offers only) is the id of the offer answered; "to_all" marks an offer to every
# other player (one that each of them refuses opens the Banker's 4:1 trade, decision 13); "countered" marks
# an offer somebody answered with a counter-offer (it no longer opens the Banker).
Offer = TypedDict("Offer", {"id": int, "from": int, "to": list, "give": dict, "get": dict, "counter_to": int,
                            "to_all": bool, "countered": bool}, total=False)


class Contest(TypedDict, total=False):
    kind: Literal["mp", "percentage"]
    buyer: int
    seller: int
    province: str  # kind "mp"
    slot: int  # kind "mp"
    industry: str  # kind "percentage"
    return_phase: str
    seller_roll: list[int] | None
    buyer_roll: list[int] | None


class Rolloff(TypedDict):
    port: str
    players: list[int]
    rolls: list[int | None]
    return_phase: str


class TurnFlags(TypedDict, total=False):
    union_official_used: bool  # a Corrupt Official moved the Union Organizer this turn
    special_claimed: list[str]  # the special province that granted the player on turn their card this turn
    offers_made: dict[str, int]  # str(seat) -> offers (and counters) made this turn (anti-spam)
    players_declined: bool  # each other player refused the turn player's offer to everyone (the bank opens)


class SpecialEntry(TypedDict):
    seat: int  # the monopolist of the special province
    since: int  # the turn the monopoly was achieved


class Draft(TypedDict):
    picks: list[int]
    index: int


class Prelim(TypedDict):
    order: list[int]  # the preliminary purchase round's order of seats
    index: int


class State(TypedDict, total=False):
    game: Literal["argentilandia"]
    seed: str
    rng_counter: int
    num_players: int
    three_player: bool
    vp_to_win: int
    factories_needed: int
    provinces_needed: int
    max_turns: int
    options: dict
    colors: list[str]
    phase: str  # one of PHASES
    turn: int
    current: int | None  # the player on turn (or picking in the draft)
    dice: list[int] | None
    in_play: list[str]  # provinces whose region carries the rolled sum
    mps: dict[str, list[int | None]]  # province -> owner per MP slot
    ports: dict[str, int | None]
    industries: dict[str, IndustryState]
    union: UnionPosition
    hands: list[Cards]
    bank: Cards
    officials: list[int]
    stockbrokers: list[int]
    bank_officials: int
    bank_stockbrokers: int
    total_officials: int
    total_stockbrokers: int
    flags: TurnFlags
    special: dict[str, SpecialEntry]
    special_last: list[str | None]  # per seat: the last special-province card received (they alternate)
    discards: list[int]  # cards each seat still owes after doubles
    contest: Contest | None
    rolloff: Rolloff | None
    offers: list[Offer]
    next_offer_id: int
    winner: int | None
    end_reason: str | None  # END_VICTORY or END_TURN_LIMIT once over
    setup_rolls: list
    first_player: int
    order: list[int]
    draft: Draft
    prelim: Prelim
