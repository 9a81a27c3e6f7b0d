"""After-commit notification of a game change to every socket watching it.

The message carries only the game id and version; each connection then
renders its own view (seat or spectator) from the database, so no secret ever
travels in a shared message.
"""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)


def group_name(game_id: int) -> str:
    return f"game.{game_id}"


def publish(game_id: int, version: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group_name(game_id), {"type": "game.changed", "version": version})
    except Exception:  # a lost broadcast is repaired by the client's resync; the move is committed
        log.exception("broadcast of game %s v%s failed", game_id, version)
