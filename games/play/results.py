"""The finishing order of a finished game: the one ranking its game-over card (``games.present.presenters``) shows and
the lobby records (``lobby.results.placings``).

Which seated users are bot accounts from the start (a league's bots, whose seats are never forfeits) is the
lobby's knowledge: it says so through ``register_bot_accounts`` when it starts (``lobby.apps``), so that the
games import nothing of the lobby.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from games.models import Game, Seat

_bot_accounts: Callable[[list[int]], Iterable[int]] = lambda user_ids: ()  # noqa: E731  (none until told)


def register_bot_accounts(finder: Callable[[list[int]], Iterable[int]]) -> None:
    """``finder(user_ids)``: those of the users that are bot accounts."""
    global _bot_accounts
    _bot_accounts = finder


def bot_account_ids(seats: list[Seat]) -> set[int]:
    """The seated users that are bot accounts (one query, by the registered finder)."""
    return set(_bot_accounts([s.user_id for s in seats if s.user_id]))


def finishing_order(game: Game, seats: list[Seat], bot_user_ids: set[int]) -> list[tuple[int, bool]]:
    """Every seat in finishing order, each with whether it is a forfeit: the rules' ranking, except that a seat
    a bot played to the end after its person's timeouts (or a ban) goes below every seat that was played out,
    whatever the bot achieved with it. Bot accounts' seats are bots from the start and are never forfeits."""
    ranking = [s for s in (game.outcome or {}).get("ranking") or [] if isinstance(s, int)]
    if not ranking:
        return []
    ranking += [s.index for s in seats if s.index not in ranking]
    forfeits = {s.index for s in seats if s.is_taken_over and s.user_id not in bot_user_ids}
    return [(i, False) for i in ranking if i not in forfeits] + [(i, True) for i in ranking if i in forfeits]
