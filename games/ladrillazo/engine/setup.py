"""A new game (Starting to play).

Each player gets a paradise card; the dispenser is filled with a handful of envelopes from each
player; the deck is shuffled and eight cards dealt to each; the first player is the table's creator
or drawn at random (the rulebook's oldest player, online).
"""

from __future__ import annotations

from games.core.refusals import _, refuse
from games.core.rng import draw as rng_draw

from . import cards
from .deck import shuffle
from .options import normalise_options
from .schema import FIRST_RANDOM, PHASE_PLAY, Player, State, Turn

HAND_SIZE = 8
MIN_PLAYERS = 2
MAX_PLAYERS = 6


def new_turn(seat: int, number: int) -> Turn:
    return {"seat": seat, "number": number, "dispenser_emptied": False, "proposals_made": {}}


def new_game(num_players: object, seed: str, options: object = None) -> State:
    """Starting to play: paradise cards, the dispenser, eight cards each, the first player."""
    if not isinstance(num_players, int) or isinstance(num_players, bool) or not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        refuse(_("Ladrillazo is played by 2 to 6 players."), "starting-to-play")
    opts = normalise_options(options)
    keys = cards.deck_keys()
    state: State = {
        "game": "ladrillazo",
        "seed": seed,
        "rng_counter": 0,
        "options": opts,
        "num_players": num_players,
        "phase": PHASE_PLAY,
        "cards": list(keys),
        "deck": list(range(len(keys))),
        "discard": [],
        "dispenser": opts["handful"] * num_players,
        "total_envelopes": opts["handful"] * num_players,
        "returned": 0,
        "players": [],
        "first": 0,
        "turn": new_turn(0, 1),
        "proposals": [],
        "next_id": 1,
        "result": None,
    }
    havens = cards.paradise_keys()
    rng_draw(state, lambda rng: rng.shuffle(havens))
    for seat in range(num_players):
        state["cards"].append(havens[seat])
        player: Player = {"seat": seat, "paradise_key": havens[seat], "paradise_id": len(keys) + seat,
                          "paradise_tapped": False, "paradise": 0, "loose": 0, "hand": [], "plot": [], "turns": 0}
        state["players"].append(player)
    shuffle(state, state["deck"])
    for _round in range(HAND_SIZE):
        for player in state["players"]:
            player["hand"].append(state["deck"].pop())
    if opts["first_player"] == FIRST_RANDOM:
        state["first"] = rng_draw(state, lambda rng: rng.randbelow(num_players))
    state["turn"] = new_turn(state["first"], 1)
    return state
