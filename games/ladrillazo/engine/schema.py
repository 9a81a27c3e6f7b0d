"""The shape of a Ladrillazo game state, written down in one place.

The state is plain JSON data (lists indexed by seat, card instances by integer id). These TypedDicts
document it; ``setup.new_game`` builds it. Engine code, tests, presenters and templates use the
``PHASE_*``, ``TYPE_*`` and ``WHEN_*`` constants instead of string literals.

Phases:

- ``PHASE_PLAY``: the player on turn straightens, lowers, backs, acts, hides and evades, and ends the
  turn; any player may make or answer proposals (Talks).
- ``PHASE_OVER``: the game has ended (``result``).

Envelopes are conserved: ``dispenser`` + every card's ``envelopes`` (hidden, ESCONDE) + every
player's ``paradise`` (evaded) + every player's ``loose`` (earned this turn, not yet hidden) is always
``total_envelopes``. Envelopes "returned" at the end of a turn go back into the dispenser and are also
counted in ``returned`` (a statistic). Cards are conserved too: deck + discard + hands + plots (the
paradise cards are not part of the deck).
"""

from __future__ import annotations

from typing import Final, Literal, TypedDict

PHASE_PLAY = "play"
PHASE_OVER = "over"
PHASES = (PHASE_PLAY, PHASE_OVER)

# Card types (The Cards). Paradise cards are dealt one per player, never part of the deck.
TYPE_LAND = "land"
TYPE_CITIZEN = "citizen"
TYPE_POLITICIAN = "politician"
TYPE_BUILDER = "builder"
TYPE_PROJECT = "project"
TYPE_MAMANDURRIA = "mamandurria"
TYPE_PARADISE = "paradise"
DECK_TYPES = (TYPE_LAND, TYPE_CITIZEN, TYPE_POLITICIAN, TYPE_BUILDER, TYPE_PROJECT, TYPE_MAMANDURRIA)
FREE_TYPES = (TYPE_LAND, TYPE_CITIZEN)  # no requirements; the only types that may back another card
ICON_TYPES = (TYPE_LAND, TYPE_CITIZEN, TYPE_POLITICIAN, TYPE_BUILDER, TYPE_PROJECT)

# When a power works (Powers and actions).
WHEN_PERMANENT = "permanent"
WHEN_LOWER = "lower"
WHEN_ACTION = "action"

# Power kinds (engine/powers.py implements each).
KIND_EARN = "earn"
KIND_DRAW = "draw"
KIND_EVADE = "evade"
KIND_INSPECT = "inspect"
KIND_FREEZE = "freeze"
KIND_STEAL = "steal"
KIND_SHIELD = "shield"
KIND_DISCOUNT = "discount"
TARGETED_KINDS = (KIND_INSPECT, KIND_FREEZE, KIND_STEAL)

# The paradise card's EVADE stamp under the table option ``paradise_evade`` (a reconstruction: the rulebook
# gives the paradise card no stamp, see docs/rules/ladrillazo.md); 0 without it.
PARADISE_EVADE: Final = 1

FIRST_CREATOR: Final = "creator"
FIRST_RANDOM: Final = "random"

END_DISPENSER = "dispenser_empty"
END_TURN_LIMIT = "turn_limit"

CardType = Literal["land", "citizen", "politician", "builder", "project", "mamandurria", "paradise"]


class Power(TypedDict, total=False):
    """One power of a card definition (data/cards.json)."""

    when: Literal["permanent", "lower", "action"]
    kind: str  # one of the KIND_* constants
    amount: int  # earn/draw/evade/inspect: how many; earn without amount = the card's level
    level: int  # actions: the circles, the level the card needs to run it
    types: list[str]  # steal: which card types may be taken


class CardDef(TypedDict, total=False):
    """A card as printed (data/cards.json): the same for every copy."""

    key: str
    type: CardType
    name: str
    name_en: str
    quote: str
    quote_en: str
    level: int  # filled level icons, of the card's own type
    slots: list[str]  # attenuated icons: the types that may back it, one level each
    padlock: bool  # backing binds for the rest of the game
    requires: dict[str, int]  # the left column: level icons by type
    hide: int  # ESCONDE stamp: envelopes it can hold
    evade: int  # EVADE stamp: envelopes one evade action moves to paradise
    cost: int  # mamandurrias: envelopes paid to the dispenser
    powers: list[Power]
    copies: int


class PlotCard(TypedDict):
    """A card lowered to a plot."""

    id: int  # the card instance (index into State.cards)
    tapped: bool  # turned 90 degrees: used this turn
    frozen: bool  # stays tapped at its owner's next straightening (freeze power)
    envelopes: int  # hidden on it (ESCONDE)
    backers: list[int]  # ids of the cards tucked behind it (each raises its level by one)
    backing: int | None  # the id of the card this one backs (then it cannot act on its own)


class Player(TypedDict):
    seat: int
    paradise_key: str  # the player's paradise card (data paradises)
    paradise_id: int  # its instance id (after the deck's ids)
    paradise_tapped: bool  # its EVADE action (table option ``paradise_evade``) used this turn
    paradise: int  # envelopes evaded: no limit, nothing leaves
    loose: int  # envelopes earned this turn and not hidden yet
    hand: list[int]
    plot: list[PlotCard]  # in lowering order
    turns: int  # turns played


class Side(TypedDict):
    """One side of a proposal (Talks)."""

    hand: list[int]  # cards from the giver's hand (give side only)
    plot: list[int]  # cards from the giver's plot
    envelopes: int


# An open proposal: "from" gives "give" and receives "ask" from "to".
Proposal = TypedDict("Proposal", {"id": int, "from": int, "to": int, "give": Side, "ask": Side})


class Turn(TypedDict):
    seat: int
    number: int  # turns played in the game, this one included
    dispenser_emptied: bool  # the dispenser reached 0 during this turn: the game ends with it
    proposals_made: dict[str, int]  # per seat (str), anti-spam


class Options(TypedDict):
    handful: int  # envelopes each player puts into the dispenser
    first_player: Literal["creator", "random"]
    max_turns: int | None  # turns per player (online option)
    paradise_evade: bool  # the paradise card has EVADE 1 (a reconstruction; the rulebook's card has none)


class Result(TypedDict):
    ranking: list[int]
    winner: int
    reason: str
    totals: dict[str, int]
    paradise: dict[str, int]


class State(TypedDict):
    game: Literal["ladrillazo"]
    seed: str
    rng_counter: int
    options: Options
    num_players: int
    phase: str
    cards: list[str]  # instance id -> card key (deck cards, then one paradise per player)
    deck: list[int]  # face down, top = last
    discard: list[int]  # face down
    dispenser: int
    total_envelopes: int
    returned: int
    players: list[Player]
    first: int
    turn: Turn
    proposals: list[Proposal]
    next_id: int
    result: Result | None
