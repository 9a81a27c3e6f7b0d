"""The Argentilandia ruleset object (games.core.rulesets.Ruleset protocol)."""

from __future__ import annotations

import random

from games.core.refusals import _, refuse

from . import actions, bot, special, timeout
from . import board as B
from . import state as S
from .legal_actions import legal as _legal
from .schema import State
from .victory import outcome as _outcome
from .view import view as _view

# The revision of these rules (``games.core.rulesets.Ruleset.rules_revision``): bumped whenever a rule change would
# make a log written under the previous revision replay differently. 1: everything before issue 42 (rules fidelity
# round three); 2: since it.
RULES_REVISION = 2


class ArgentilandiaRuleset:
    name = "argentilandia"
    rules_revision = RULES_REVISION
    min_players = 3
    max_players = 5

    def new_game(self, num_players: int, seed: str, options: dict | None = None) -> dict:
        if not isinstance(num_players, int) or not self.min_players <= num_players <= self.max_players:
            refuse(_("Argentilandia is for 3 to 5 players."), "components")
        return S.new_game(num_players, seed, options)

    # The engine's own functions, not wrappers calling them: both are asked before every move.
    to_move = staticmethod(actions.to_move)
    legal_actions = staticmethod(_legal)

    def apply(self, state: State, seat: int, action: dict) -> tuple[dict, list[dict]]:
        """The next state and the events; ``state`` is never changed (the new state may share the parts the
        action did not change with it: states are values, see games.core.copying)."""
        new, events = actions.COPY.run(actions.checked_handler(state, seat, action), state, seat, action)
        special.refresh(new)
        return new, events

    def turn_key(self, state: State) -> tuple[str, int]:
        """The turn the clocks charge: each pick of the draft and of the Preliminary Round, then each numbered
        turn (Round Summary), within which come the roll, discards, contests, offers and their answers."""
        ph = state["phase"]
        if ph == S.PHASE_DRAFT:
            return ph, state["draft"]["index"]
        if ph == S.PHASE_PRELIM_BUY:
            return ph, state["prelim"]["index"]
        return "turn", state["turn"]

    def view(self, state: State, seat: int | None) -> dict:
        return _view(state, seat)

    def outcome(self, state: State) -> dict | None:
        return _outcome(state)

    def timeout_action(self, state: State, seat: int) -> dict:
        return timeout.timeout_action(state, seat)

    def bot_action(self, state: State, seat: int, rng: random.Random) -> dict:
        return bot.choose(state, seat, rng)

    def static_board(self) -> dict:
        """The board data for drawing the map (not part of the protocol)."""
        return B.board_data()


RULESET = ArgentilandiaRuleset()
