"""Who may see a private table. One rule for every door: the table page and its fragment, the replay, the dice
verification, the move log, the API, the chat (page, fragment, socket, API) and the table's socket.

A private table is seen by:

- the people seated at it (a seat a bot plays for them after timeouts is still theirs);
- whoever opened its invite link in this browser session (``remember_invite``; the link is the secret part,
  ``Game.invite_code``, 128 random bits), until they sign out (signing out ends the session);
- moderators.

Everyone else is told there is no such game (404, a socket closed with 4404): a refusal that said "private"
would confirm that the id exists. Lists (profiles, histories, the lobby) show a private game only to the same
people; the lobby lists none.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.db.models import Q, QuerySet
from django.http import Http404

from games.models import Game, Seat

# The session key holding the ids of the private tables whose invite link this session opened.
INVITES_KEY = "invited_games"
INVITES_KEPT = 50  # a session remembers this many invitations at most (the newest)


def _moderator(user) -> bool:
    from accounts.restrictions import is_moderator

    return is_moderator(user)


def _signed_in(user) -> bool:
    return user is not None and user.is_authenticated


def invited(session: Mapping | None, game_id: int) -> bool:
    """Did this session open the table's invite link?"""
    return session is not None and game_id in (session.get(INVITES_KEY) or ())


def remember_invite(session, game: Game) -> None:
    """The session opened a valid invite link of ``game``: it may look at the table, even before a seat is free."""
    if not game.private:
        return
    kept = [g for g in (session.get(INVITES_KEY) or ()) if g != game.pk]
    session[INVITES_KEY] = [*kept, game.pk][-INVITES_KEPT:]


def may_see(game: Game, user, *, seats: Iterable[Seat] | None = None, session: Mapping | None = None) -> bool:
    """A public table is everyone's; a private one its seated people's, its invitees' (this session) and the
    moderators'. ``seats`` saves a query when the caller has them."""
    if not game.private:
        return True
    if invited(session, game.pk):
        return True
    if not _signed_in(user):
        return False
    if seats is None:
        seated = Seat.objects.filter(game=game, user=user).exists()
    else:
        seated = any(s.user_id == user.pk for s in seats)
    return seated or _moderator(user)


def check_may_see(game: Game, user, *, seats: Iterable[Seat] | None = None, session: Mapping | None = None) -> None:
    """``may_see`` or a 404, the answer for a game that does not exist."""
    if not may_see(game, user, seats=seats, session=session):
        raise Http404("No such game.")


def hidden_from(viewer, prefix: str = "") -> Q:
    """The rows a list must leave out for ``viewer``: private games they hold no seat in (none for a moderator).
    ``prefix`` reaches the game from another model (``"game__"``)."""
    if _moderator(viewer):
        return Q(pk__in=[])
    hidden = Q(**{f"{prefix}private": True})
    if _signed_in(viewer):
        hidden &= ~Q(**{f"{prefix}pk__in": Seat.objects.filter(user=viewer).values("game_id")})
    return hidden


def visible_to(games: QuerySet[Game], viewer) -> QuerySet[Game]:
    """``games`` without the private ones ``viewer`` may not see (lists: profiles, histories)."""
    return games.exclude(hidden_from(viewer))
