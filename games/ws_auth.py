"""Websocket authentication by personal API token (``?token=...``), beside the session."""

from __future__ import annotations

from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from django.utils import timezone


@database_sync_to_async
def user_for_token(key: str):
    from accounts.models import ApiToken

    token = ApiToken.objects.select_related("user").filter(key_hash=ApiToken.hash_key(key)).first()
    if token is None or not token.user.is_active:
        return None
    ApiToken.objects.filter(pk=token.pk).update(last_used=timezone.now())
    return token.user


class TokenAuthMiddleware:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        query = parse_qs(scope.get("query_string", b"").decode())
        if "token" in query:
            user = await user_for_token(query["token"][0])
            if user is not None:
                scope = dict(scope, user=user)
        return await self.app(scope, receive, send)
