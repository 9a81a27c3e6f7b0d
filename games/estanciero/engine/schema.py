"""The shape of an Estanciero game state, written down in one place.

The state is plain JSON data (lists and dicts with string keys); ``state.new_game`` builds it. These
TypedDicts document it. Engine code, tests, presenters and templates use the ``PHASE_*`` constants
(the turn's ``turn["phase"]``) instead of string literals.

Turn phases (The Game; Doubles; Police Station; Rest; Chance or Fate):

- ``PHASE_ROLL``: the player on turn must roll (or first pay the fine, use a jail card, announce rest).
- ``PHASE_BUY``: the pawn reached a deed the Bank owns: ``buy`` or ``decline``.
- ``PHASE_CARD_CHOICE``: a Destino card offers "pay or draw a Suerte card".
- ``PHASE_END``: the player may end the turn (and build, trade, mortgage before).
- ``PHASE_MOVING``: transient, while a move is carried out (never seen between actions).

Besides the turn, three queues may take priority (``to_move``): a running ``auction`` (its bidders), the
oldest ``debts`` entry (its debtor), and what waits for an answer: open ``claims`` (claim mode only:
their owners) and open ``proposals`` (their recipients).
"""

from __future__ import annotations

from typing import Final, Literal, TypedDict

PHASE_ROLL = "roll"
PHASE_BUY = "buy"
PHASE_CARD_CHOICE = "card_choice"
PHASE_END = "end"
PHASE_MOVING = "moving"

PHASES = (PHASE_ROLL, PHASE_BUY, PHASE_CARD_CHOICE, PHASE_END, PHASE_MOVING)
BUILD_PHASES = (PHASE_ROLL, PHASE_BUY, PHASE_END, PHASE_CARD_CHOICE)

CLAIM_RENT: Final = "rent"
CLAIM_PRIZE: Final = "prize"

END_LAST_PLAYER = "last_player"
END_ALL_PROPERTIES = "all_properties"
END_TURN_LIMIT = "turn_limit"


class Options(TypedDict):
    start_money: int
    claim_rents: bool  # the faithful mode: rents and prizes are claimed (default False: automatic)
    max_turns: int | None
    jail_roll_attempts: int
    comisaria_space_jails: bool


class Player(TypedDict):
    seat: int
    money: int
    position: int  # 0..41, 0 = Salida
    in_jail: bool
    jail_attempts: int
    jail_cards: list[str]  # keepable "leave the Police Station" card ids
    rest_turns: int
    bankrupt: bool
    bankrupt_order: int | None


class Turn(TypedDict, total=False):
    seat: int
    phase: str  # one of PHASES
    doubles: int
    dice: list[int] | None
    again: bool  # doubles: roll again
    offer: int  # PHASE_BUY: the deed offered by the Bank
    choice: dict  # PHASE_CARD_CHOICE: {"card", "amount", "deck"}
    proposals_made: dict[str, int]  # seat -> proposals made this turn (anti-spam)
    auctions_started: dict[str, int]  # seat -> voluntary auctions started this turn


class Claim(TypedDict, total=False):
    id: int
    kind: Literal["rent", "prize"]
    seat: int  # the owner who may claim it (in to_move until they claim or let it go)
    payer: int | None  # rent: the player who landed; prize: None (the Bank)
    space: int  # rent: the deed landed on
    amount: int
    source: str  # prize: "space:<index>" or "card:<id>"


class ProposalSide(TypedDict):
    deeds: list[int]
    cash: int
    jail_cards: list[str]


# An open proposal. "from" proposes, "to" answers (and is in to_move until it does); "give" is what
# "from" hands over, "ask" what it wants in return.
Proposal = TypedDict("Proposal", {"id": int, "from": int, "to": int, "give": ProposalSide, "ask": ProposalSide})


class Debt(TypedDict):
    id: int
    debtor: int
    creditor: int | None  # None = the Bank
    amount: int
    reason: str


class Auction(TypedDict):
    space: int
    seller: int | None
    return_if_unsold: bool
    reason: str
    high_bid: int
    high_bidder: int | None
    bidders: list[int]


class Bank(TypedDict):
    balance: int  # the Bank's ledger: starts at 0, falls when the Bank pays out
    chacras: int  # stock of 32
    estancias: int  # stock of 12


class State(TypedDict, total=False):
    game: Literal["estanciero"]
    seed: str
    rng_counter: int
    options: Options
    num_players: int
    players: list[Player]
    owners: dict[str, int | None]  # str(space) -> seat or None (the Bank), every title deed
    buildings: dict[str, int]  # str(zone) -> 0-4 chacras, 5 = estancia
    mortgaged: dict[str, dict]  # str(space) -> {"lift_extra": int}
    mortgage_grace: list[int]
    bank: Bank
    decks: dict[str, list[str]]  # "destino"/"suerte" -> card ids, top first
    turn: Turn
    claims: list[Claim]
    debts: list[Debt]
    auction: Auction | None
    auction_queue: list[dict]
    proposals: list[Proposal]
    last_card: dict | None
    last_dice: list[int] | None
    turns_played: int
    next_id: int
    bankrupt_count: int
    over: bool
    result: dict | None  # {"ranking", "winner", "reason", "net_worth"} once over
    rolloff: dict
