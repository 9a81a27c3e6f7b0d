"""Websocket consumers shared by every ruleset."""

import json

from channels.generic.websocket import AsyncWebsocketConsumer


class PingConsumer(AsyncWebsocketConsumer):
    """Echoes through the channel layer: proves Daphne, auth and Redis work.

    A message ``{"ping": x}`` is sent to a per-connection group on the layer
    and comes back as ``{"pong": x, "user": name}``.
    """

    async def connect(self):
        self.group = f"ping.{self.channel_name.replace('!', '_')}"[:90]
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        try:
            payload = json.loads(text_data or "")
            value = payload["ping"]
        except (ValueError, KeyError, TypeError):
            await self.send(json.dumps({"error": "expected {\"ping\": ...}"}))
            return
        await self.channel_layer.group_send(self.group, {"type": "pong", "value": value})

    async def pong(self, event):
        user = self.scope.get("user")
        name = user.username if user is not None and user.is_authenticated else None
        await self.send(json.dumps({"pong": event["value"], "user": name}))
