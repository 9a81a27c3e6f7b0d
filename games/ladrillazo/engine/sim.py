"""Random legal play, for the property test and the benchmark.

``random_step`` picks a seat and one of its legal moves at random (with random amounts, random
discards and now and then a random proposal, legal or not: a refused one is skipped), so random
games exercise every rule; ``play_random_game`` plays one to the end.
"""

from __future__ import annotations

import random

from games.core.rulesets import IllegalAction

from . import legal
from .ruleset import RULESET
from .schema import PHASE_OVER, State


def random_proposal(state: State, rng: random.Random) -> tuple[int, dict]:
    """A random proposal from the player on turn, or to them (it may be illegal)."""
    n = state["num_players"]
    me = state["turn"]["seat"]
    other = rng.choice([s for s in range(n) if s != me])
    frm, to = (me, other) if rng.random() < 0.7 else (other, me)
    give: dict = {"envelopes": rng.randint(0, 2)}
    ask: dict = {"envelopes": rng.randint(0, 2)}
    hand = state["players"][frm]["hand"]
    if hand and rng.random() < 0.4:
        give["hand"] = [rng.choice(hand)]
    mine = state["players"][frm]["plot"]
    if mine and rng.random() < 0.3:
        give["plot"] = [rng.choice(mine)["id"]]
    theirs = state["players"][to]["plot"]
    if theirs and rng.random() < 0.5:
        ask["plot"] = [rng.choice(theirs)["id"]]
    return frm, {"type": "propose", "to": to, "give": give, "ask": ask}


def _vary(state: State, seat: int, action: dict, rng: random.Random) -> dict:
    if action["type"] in ("hide", "unhide", "evade") and action["amount"] > 1:
        return {**action, "amount": rng.randint(1, action["amount"])}
    if action["type"] == "end_turn":
        hand = state["players"][seat]["hand"]
        k = rng.choice((0, 0, 1, 2))
        return {"type": "end_turn", "discard": rng.sample(hand, min(k, len(hand)))}
    return action


def random_step(state: State, rng: random.Random) -> tuple[int, dict] | None:
    """One random legal (seat, action), or None when the game is over."""
    if state["phase"] == PHASE_OVER:
        return None
    for prop in state["proposals"]:
        if rng.random() < 0.5:
            acts = legal.talk_actions(state, prop["to"])
            answers = [a for a in acts if a.get("id") == prop["id"]]
            return prop["to"], rng.choice(answers)
    if rng.random() < 0.04:
        seat, action = random_proposal(state, rng)
        try:
            RULESET.apply(state, seat, action)
        except IllegalAction:
            pass
        else:
            return seat, action
    seat = state["turn"]["seat"]
    acts = legal.legal_actions(state, seat)
    others = [a for a in acts if a["type"] != "end_turn"]
    ends = [a for a in acts if a["type"] == "end_turn"]  # none while a proposal of the player's is open
    if ends and (not others or rng.random() < 0.12):
        action = ends[0]
    else:
        action = rng.choice(others)
    return seat, _vary(state, seat, action, rng)


def play_random_game(n: int, seed: str, rng: random.Random, options: dict | None = None, check=None,
                     max_steps: int = 100000) -> tuple[dict, int]:
    """Play a random game to its end; ``check(old, new, seat, action, events)`` after each move."""
    state = RULESET.new_game(n, seed, options)
    steps = 0
    while steps < max_steps:
        step = random_step(state, rng)
        if step is None:
            break
        seat, action = step
        new, events = RULESET.apply(state, seat, action)
        if check is not None:
            check(state, new, seat, action, events)
        state = new
        steps += 1
    return state, steps
