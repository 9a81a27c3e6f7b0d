"""The Argentilandia ruleset object (games.core.rulesets.Ruleset protocol)."""

from __future__ import annotations

import random

from . import actions, bot, legal_actions, special
from . import board as B
from . import state as S
from .errors import _, refuse
from .legal_actions import legal as _legal
from .victory import outcome as _outcome
from .view import view as _view


class ArgentilandiaRuleset:
    name = "argentilandia"
    min_players = 3
    max_players = 5

    def new_game(self, num_players: int, seed: str, options: dict | None = None) -> dict:
        if not isinstance(num_players, int) or not self.min_players <= num_players <= self.max_players:
            refuse(_("Argentilandia is for 3 to 5 players."), "components")
        return S.new_game(num_players, seed, options)

    # The engine's own functions, not wrappers calling them: both are asked before every move.
    to_move = staticmethod(actions.to_move)
    legal_actions = staticmethod(_legal)

    def apply(self, state: dict, seat: int, action: dict) -> tuple[dict, list[dict]]:
        """The next state and the events; ``state`` is never changed (the new state may share the parts the
        action did not change with it: states are values, see clone.py)."""
        handler, new = actions.prepared(state, seat, action)
        events = handler(new, seat, action)
        special.refresh(new)
        return new, events

    def turn_key(self, state: dict) -> tuple[str, int]:
        """The turn the clocks charge: each pick of the draft and of the Preliminary Round, then each numbered
        turn (Round Summary), within which come the roll, discards, contests, offers and their answers."""
        ph = state["phase"]
        if ph == S.PHASE_DRAFT:
            return ph, state["draft"]["index"]
        if ph == S.PHASE_PRELIM_BUY:
            return ph, state["prelim"]["index"]
        return "turn", state["turn"]

    def view(self, state: dict, seat: int | None) -> dict:
        return _view(state, seat)

    def outcome(self, state: dict) -> dict | None:
        return _outcome(state)

    def timeout_action(self, state: dict, seat: int) -> dict:
        """The server's move for a seat whose clock ran out: roll, discard at random, pass, refuse."""
        ph = state["phase"]
        if ph in (S.PHASE_CONTEST, S.PHASE_ROLLOFF):
            return {"type": "contest_roll"}
        if ph == S.PHASE_DISCARD:
            return {"type": "discard", "random": True}
        legal = legal_actions.legal(state, seat)
        for a in legal:  # an offer addressed to the seat: its clock ran out, so it is refused
            if a["type"] == "refuse_offer":
                return a
        if seat == state["current"]:
            if ph == S.PHASE_PRE_ROLL:
                return {"type": "roll"}
            if ph == S.PHASE_PRELIM_BUY:
                return {"type": "pass"}
            if ph == S.PHASE_MAIN:
                return {"type": "end_turn"}
            if ph == S.PHASE_UNION:
                clear = [a for a in legal if a["target"]["kind"] == "province" and seat not in state["mps"][a["target"]["id"]]]
                return (clear or legal)[0]
            if legal:
                return legal[0]
        refuse(_("There is nothing for you to do now."), "round-summary")

    def bot_action(self, state: dict, seat: int, rng: random.Random) -> dict:
        return bot.choose(state, seat, rng)

    def static_board(self) -> dict:
        """The board data for drawing the map (not part of the protocol)."""
        return B.board_data()


RULESET = ArgentilandiaRuleset()
