"""Websocket authentication by personal API token (``?token=...``), beside the session; and the end of a socket's
right to speak for its user: a ban, a suspension or a revoked token closes the user's open sockets at once, in
every Daphne process (``close_sockets_after_commit``)."""

from __future__ import annotations

import logging
import time
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from django.db import transaction
from django.utils import timezone

log = logging.getLogger(__name__)

# The close code a socket gets when its user or token may no longer use it (4000-4999: the application's own).
REVOKED = 4403


@database_sync_to_async
def user_for_token(key: str) -> tuple:
    """(the token's user, the token's id), or (None, None) for an unknown token or an inactive (banned) user."""
    from accounts.models import ApiToken

    token = ApiToken.objects.select_related("user").filter(key_hash=ApiToken.hash_key(key)).first()
    if token is None or not token.user.is_active:
        return None, None
    ApiToken.objects.filter(pk=token.pk).update(last_used=timezone.now())
    return token.user, token.pk


class TokenAuthMiddleware:
    """A ``?token=`` signs the socket in as the token's user; ``scope["api_token_id"]`` names the token, so that
    revoking it closes the sockets it opened and no others."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        query = parse_qs(scope.get("query_string", b"").decode())
        if "token" in query:
            user, token_id = await user_for_token(query["token"][0])
            if user is not None:
                scope = dict(scope, user=user, api_token_id=token_id)
        return await self.app(scope, receive, send)


def revocation(token_id: int | None = None) -> dict:
    """The layer message that closes a user's sockets (``GameConsumer.account_revoked``): all of them, or only
    those signed in with the token ``token_id``."""
    return {"type": "account.revoked", "token": token_id}


def close_sockets_after_commit(user_id: int, token_id: int | None = None) -> None:
    """Once the transaction commits, close every open game socket of the user (only those of ``token_id`` when
    given), in every Daphne process: the message goes to the user's own group on the channel layer
    (``games.chat.lines.user_group``), which each of their game sockets joins. A socket that joins just after it checks
    for itself (``still_allowed``); one whose message is lost still makes no move (the move path refuses a
    sanctioned user the seat a bot took from them, ``games.play.actions``)."""
    from games.chat.lines import user_group
    from games.play.broadcast import group_send

    def send() -> None:
        try:
            group_send(user_group(user_id), revocation(token_id))
        except Exception:  # the move path still refuses them; the sockets close at their next reconnection
            log.exception("could not close the sockets of user %s", user_id)

    transaction.on_commit(send)


class Recheck:
    """When a socket last found its user and token still allowed (``still_allowed``): asked again on a move once
    ``settings.SOCKET_ACCOUNT_RECHECK_SECONDS`` have passed, so that a socket whose close message the channel
    layer lost stops moving within that time, at the cost of one query per socket that often, not per move."""

    def __init__(self) -> None:
        self.at = time.monotonic()

    def allowed(self, scope) -> bool:
        from django.conf import settings

        now = time.monotonic()
        if now - self.at < settings.SOCKET_ACCOUNT_RECHECK_SECONDS:
            return True
        if not still_allowed(scope):
            return False
        self.at = now
        return True


def still_allowed(scope) -> bool:
    """Whether the socket's user (and its token, if it signed in with one) may still use it: asked once, after the
    socket has joined its user's group, so that a ban or a revocation committed between the sign-in and the join
    (whose message the socket could not hear) closes it all the same. An anonymous socket is always allowed."""
    from accounts.models import ApiToken, User

    user = scope.get("user")
    if user is None or not user.is_authenticated:
        return True
    token_id = scope.get("api_token_id")
    if token_id is not None:
        return ApiToken.objects.filter(pk=token_id, user_id=user.pk, user__is_active=True).exists()
    return User.objects.filter(pk=user.pk, is_active=True).exists()
