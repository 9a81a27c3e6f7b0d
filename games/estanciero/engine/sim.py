"""Random play for tests and benchmarks (not used by the server).

``random_step`` picks a seat that must move and one of its legal actions,
favouring the actions that move the game on (roll, buy/decline, bid/pass,
end turn, debt actions) so random games end; now and then a seat not on
move takes an optional action (a claim, an answer to a proposal...).
"""

from __future__ import annotations

import random

from .ruleset import RULESET
from .schema import State

MAIN = frozenset({"roll", "rest", "pay_fine", "use_jail_card", "buy", "decline", "choose_card_option", "end_turn",
                  "bid", "pass", "hand_over", "declare_bankruptcy", "claim_rent", "claim_prize", "waive_claim"})


PREFERRED = ("buy", "build", "accept_proposal")


def random_action(state: State, seat: int, rng: random.Random, side_prob: float = 0.15) -> dict | None:
    acts = RULESET.legal_actions(state, seat)
    if not acts:
        return None
    for kind in PREFERRED:
        found = [a for a in acts if a["type"] == kind]
        if found and rng.random() < 0.6:
            return rng.choice(found)
    main = [a for a in acts if a["type"] in MAIN]
    side = [a for a in acts if a["type"] not in MAIN]
    if side and (not main or rng.random() < side_prob):
        return rng.choice(side)
    return rng.choice(main)


def random_step(state: State, rng: random.Random, bots: frozenset = frozenset()) -> tuple[int, dict] | None:
    """(seat, action) for one move, or None when the game is over.

    Seats in ``bots`` play ``bot_action`` (and take their claims and answer
    proposals first, even when not on move); the others play at random.
    """
    movers = RULESET.to_move(state)
    if not movers:
        return None
    for seat in sorted(bots):
        optional = RULESET.bot_optional_action(state, seat)
        if optional is not None:
            return seat, optional
    if rng.random() < 0.1:
        seat = rng.randrange(state["num_players"])
        if seat not in bots:
            action = random_action(state, seat, rng, side_prob=0.5)
            if action is not None:
                return seat, action
    seat = rng.choice(movers)
    if seat in bots:
        return seat, RULESET.bot_action(state, seat, rng)
    action = random_action(state, seat, rng)
    if action is None:
        raise AssertionError("a seat on move has no legal action")
    return seat, action


def play_random_game(num_players: int, seed: str, rng: random.Random, options: dict | None = None,
                     max_actions: int = 100000, check=None, bots: frozenset = frozenset()) -> tuple[dict, list, int]:
    """Play one random game; ``check(before, seat, action, after, events)`` runs after each move."""
    state = RULESET.new_game(num_players, seed, options)
    log = []
    for _ in range(max_actions):
        step = random_step(state, rng, bots)
        if step is None:
            break
        seat, action = step
        new, events = RULESET.apply(state, seat, action)
        if check is not None:
            check(state, seat, action, new, events)
        log.append((seat, action))
        state = new
    return state, log, len(log)
