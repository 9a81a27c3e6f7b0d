"""The Estanciero ruleset: the ``games.core.rulesets.Ruleset`` contract."""

from __future__ import annotations

from games.core.answers import waiting_for
from games.core.checks import is_index
from games.core.copying import StateCopy, copy_whole
from games.core.dispatch import Action, Event, Handler, handler_for
from games.core.refusals import _, refuse

from . import actions, auction, board, bot, debt, mortgage, rent, timeout, trade, turn
from .building import sell_building
from .endgame import check_end
from .money import settle_debts
from .schema import State
from .state import new_game, player


def _space(action: Action) -> int:
    index = action.get("space")
    if not board.is_deed(index):
        refuse(_("Choose a title deed."), "the-board")
    return index


def h_claim_rent(state: State, events: list[Event], seat: int, action: Action) -> None:
    rent.claim(state, events, seat, action.get("claim"), "rent")


def h_claim_prize(state: State, events: list[Event], seat: int, action: Action) -> None:
    rent.claim(state, events, seat, action.get("claim"), "prize")


def h_waive_claim(state: State, events: list[Event], seat: int, action: Action) -> None:
    rent.waive(state, events, seat, action.get("claim"))


def h_sell_building(state: State, events: list[Event], seat: int, action: Action) -> None:
    sell_building(state, events, seat, _space(action))


def h_mortgage(state: State, events: list[Event], seat: int, action: Action) -> None:
    mortgage.mortgage(state, events, seat, _space(action))


def h_lift(state: State, events: list[Event], seat: int, action: Action) -> None:
    mortgage.lift(state, events, seat, _space(action))


def h_propose(state: State, events: list[Event], seat: int, action: Action) -> None:
    trade.propose(state, events, seat, action)


def h_accept(state: State, events: list[Event], seat: int, action: Action) -> None:
    trade.accept(state, events, seat, action.get("id"))


def h_reject(state: State, events: list[Event], seat: int, action: Action) -> None:
    trade.reject(state, events, seat, action.get("id"))


def h_cancel(state: State, events: list[Event], seat: int, action: Action) -> None:
    trade.cancel(state, events, seat, action.get("id"))


def h_auction(state: State, events: list[Event], seat: int, action: Action) -> None:
    auction.start_voluntary(state, events, seat, action.get("space"))


def h_bid(state: State, events: list[Event], seat: int, action: Action) -> None:
    auction.bid(state, events, seat, action.get("amount"))


def h_pass(state: State, events: list[Event], seat: int, action: Action) -> None:
    auction.pass_(state, events, seat)


def h_hand_over(state: State, events: list[Event], seat: int, action: Action) -> None:
    debt.hand_over(state, events, seat, action.get("space"))


def h_bankrupt(state: State, events: list[Event], seat: int, action: Action) -> None:
    d = debt.require_debtor(state, seat)
    if not debt.may_go_bankrupt(state, seat, bool(actions.liquidation_actions(state, seat))):
        refuse(_("You can still raise %(amount)s by selling buildings and mortgaging."), "shortage-of-money",
               amount=d["amount"])
    debt.bankrupt(state, events, seat)


HANDLERS: dict[str, Handler[State]] = {
    "roll": turn.do_roll,
    "rest": turn.do_rest,
    "pay_fine": turn.do_pay_fine,
    "use_jail_card": turn.do_use_card,
    "buy": turn.do_buy,
    "decline": turn.do_decline,
    "choose_card_option": turn.do_card_choice,
    "end_turn": turn.do_end_turn,
    "build": turn.do_build,
    "claim_rent": h_claim_rent,
    "claim_prize": h_claim_prize,
    "waive_claim": h_waive_claim,
    "sell_building": h_sell_building,
    "mortgage": h_mortgage,
    "lift_mortgage": h_lift,
    "propose": h_propose,
    "accept_proposal": h_accept,
    "reject_proposal": h_reject,
    "cancel_proposal": h_cancel,
    "auction": h_auction,
    "bid": h_bid,
    "pass": h_pass,
    "hand_over": h_hand_over,
    "declare_bankruptcy": h_bankrupt,
}

# The copy-on-apply rule (games.core.copying): no handler declares what it touches, so every move copies the
# whole state (a few kilobytes: one marshal round trip).
COPY: StateCopy[State] = StateCopy()


# The revision of these rules (``games.core.rulesets.Ruleset.rules_revision``): bumped whenever a rule change would
# make a log written under the previous revision replay differently. 1: everything before issue 42 (rules fidelity
# round three); 2: since it.
RULES_REVISION = 2


class EstancieroRuleset:
    name = "estanciero"
    rules_revision = RULES_REVISION
    min_players = 2
    max_players = 6

    def new_game(self, num_players: int, seed: str, options: dict | None = None) -> dict:
        return new_game(num_players, seed, options)

    def to_move(self, state: State) -> list[int]:
        """Who must act now: the bidders of a running auction; else the recipients of open proposals, then
        the debtor or the player on turn, unless that seat waits for the answer to its own proposal.

        An open rent or prize (claim mode) puts nobody on move and holds up nothing: its owner claims it
        unasked before the next roll or loses it (The Game; Helping Players: nothing reminds anyone)."""
        if state["over"]:
            return []
        if state["auction"] is not None:
            return auction.to_move(state)
        answering = sorted(trade.recipients(state))
        seat = state["debts"][0]["debtor"] if state["debts"] else state["turn"]["seat"]
        return waiting_for(answering, seat, trade.awaits_answer(state, seat))

    def turn_key(self, state: State) -> tuple[int, int]:
        """The turn the clocks charge: the player on turn, and each roll again after doubles (Doubles on the Dice)
        as a turn of its own. Proposals, claims, debts and auctions happen within it."""
        return state["turn"]["seat"], state["turn"]["doubles"]

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        return actions.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: dict) -> tuple[dict, list[dict]]:
        if state["over"]:
            refuse(_("The game is over."), "objective")
        if not is_index(seat, state["num_players"]):
            refuse(_("There is no such seat."), "setup")
        if player(state, seat)["bankrupt"]:
            refuse(_("You have left the game."), "shortage-of-money")
        new, events = COPY.run(handler_for(HANDLERS, action, "the-game"), state, seat, action)
        settle_debts(new, events)
        auction.start_next(new, events)
        check_end(new, events)
        return new, events

    def view(self, state: State, seat: int | None) -> dict:
        """Everything public, minus the seed, the rng counter and the deck
        order (sizes only).  Pending claims are shown only to their claimant
        (who saw the rent happen): nobody else learns that one is open, and
        nothing reminds anyone (Helping Players)."""
        out = {k: v for k, v in state.items() if k not in ("seed", "rng_counter", "decks", "claims")}
        out = copy_whole(out)
        out["deck_sizes"] = {k: len(v) for k, v in state["decks"].items()}
        out["my_claims"] = [dict(c) for c in state["claims"] if seat is not None and c["seat"] == seat]
        out["viewer"] = seat
        out["to_move"] = self.to_move(state)
        return out

    def outcome(self, state: State) -> dict | None:
        return dict(state["result"]) if state["over"] else None

    def timeout_action(self, state: State, seat: int) -> dict:
        return timeout.timeout_action(state, seat)

    bot_levels = bot.LEVELS  # levels ``bot_action`` plays besides the framework's "easy"

    def bot_action(self, state: State, seat: int, rng, level: str = "normal") -> dict:
        return bot.bot_action(state, seat, rng, level)

    def bot_optional_action(self, state: State, seat: int, rng=None) -> dict | None:
        """A claim the bot should make now even when not on move (or None): a bot owner claims its rents and
        prizes as soon as it can, unasked (nothing waits for them)."""
        return bot.optional_action(state, seat)


RULESET = EstancieroRuleset()
