"""The Ladrillazo ruleset: the ``games.core.rulesets.Ruleset`` contract, dispatching through ``HANDLERS``."""

from __future__ import annotations

from games.core.checks import is_index
from games.core.copying import StateCopy
from games.core.dispatch import Handler, handler_for
from games.core.refusals import _, refuse

from . import acting, backing, bot, legal, lowering, money, talks, timeout, turn
from . import view as view_module
from .annotate import annotate
from .schema import PHASE_OVER, State
from .setup import MAX_PLAYERS, MIN_PLAYERS, new_game

HANDLERS: dict[str, Handler[State]] = {
    "lower": lowering.do_lower,
    "back": backing.do_back,
    "withdraw": backing.do_withdraw,
    "act": acting.do_act,
    "hide": money.do_hide,
    "unhide": money.do_unhide,
    "evade": money.do_evade,
    "end_turn": turn.do_end_turn,
    "propose": talks.do_propose,
    "accept": talks.do_accept,
    "reject": talks.do_reject,
    "cancel": talks.do_cancel,
}

# The copy-on-apply rule (games.core.copying): no handler declares what it touches, so every move copies the
# whole state (one marshal round trip).
COPY: StateCopy[State] = StateCopy()


# The revision of these rules (``games.core.rulesets.Ruleset.rules_revision``): bumped whenever a rule change would
# make a log written under the previous revision replay differently. 1: everything before issue 42 (rules fidelity
# round three); 2: since it.
RULES_REVISION = 2


class LadrillazoRuleset:
    name = "ladrillazo"
    rules_revision = RULES_REVISION
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def new_game(self, num_players: int, seed: str, options: dict | None = None) -> dict:
        return new_game(num_players, seed, options)

    def to_move(self, state: State) -> list[int]:
        """The player on turn and every player an open proposal is addressed to (Talks); while the
        player on turn waits for an answer to a proposal of theirs, only the answer is waited for."""
        if state["phase"] == PHASE_OVER:
            return []
        return talks.waited_for(state)

    def turn_key(self, state: State) -> tuple[int, int]:
        """The turn the clocks charge (Turn and lower): its number and its player; backing,
        withdrawing, proposals and their answers all happen within it."""
        return state["turn"]["number"], state["turn"]["seat"]

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        return legal.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: dict) -> tuple[dict, list[dict]]:
        """Apply ``action`` by ``seat`` to a copy of ``state``; the input is never changed."""
        if state["phase"] == PHASE_OVER:
            refuse(_("The game is over."), "end-of-game")
        if not is_index(seat, state["num_players"]):
            refuse(_("There is no such player."), "starting-to-play")
        new, events = COPY.run(handler_for(HANDLERS, action, "turn"), state, seat, action)
        annotate(new, events)
        return new, events

    def view(self, state: State, seat: int | None) -> dict:
        return view_module.view(state, seat, self.to_move(state))

    def outcome(self, state: State) -> dict | None:
        return dict(state["result"]) if state["phase"] == PHASE_OVER else None

    def timeout_action(self, state: State, seat: int) -> dict:
        return timeout.timeout_action(state, seat)

    def bot_action(self, state: State, seat: int, rng) -> dict:
        return bot.bot_action(state, seat, rng)

    def bot_optional_action(self, state: State, seat: int, rng=None) -> dict | None:
        """A bot's answer to a proposal addressed to it, when it is not on turn (or None)."""
        return bot.optional_action(state, seat)


RULESET = LadrillazoRuleset()
