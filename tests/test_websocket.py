"""The websocket endpoint, through a real Daphne and the Redis channel layer."""

import asyncio
import json

import pytest
import websockets
import websockets.exceptions
from django.test import Client

from accounts.models import User
from tests.support import run_async

pytestmark = [pytest.mark.embedded, pytest.mark.django_db(transaction=True)]


def ws_url(base: str, path: str) -> str:
    return base.replace("http://", "ws://") + path


async def exchange(url: str, origin: str, cookie: str | None, message: str) -> dict:
    headers = {"Cookie": cookie} if cookie else {}
    async with websockets.connect(url, origin=origin, additional_headers=headers, open_timeout=10) as ws:
        await ws.send(message)
        return json.loads(await asyncio.wait_for(ws.recv(), 10))


def test_anonymous_ping_pong_through_the_channel_layer(daphne_server):
    reply = run_async(exchange(ws_url(daphne_server, "/ws/ping/"), daphne_server, None, json.dumps({"ping": 7})))
    assert reply == {"pong": 7, "user": None}


def test_session_authenticates_the_socket(daphne_server):
    User.objects.create_user("sockuser", password="pw-socket-123")
    client = Client()
    assert client.login(username="sockuser", password="pw-socket-123")
    cookie = f"sessionid={client.cookies['sessionid'].value}"
    reply = run_async(exchange(ws_url(daphne_server, "/ws/ping/"), daphne_server, cookie, json.dumps({"ping": "x"})))
    assert reply == {"pong": "x", "user": "sockuser"}


def test_malformed_message_gets_an_error_and_the_socket_keeps_serving(daphne_server):
    async def scenario():
        async with websockets.connect(ws_url(daphne_server, "/ws/ping/"), origin=daphne_server) as ws:
            await ws.send("not json")
            err = json.loads(await asyncio.wait_for(ws.recv(), 10))
            await ws.send(json.dumps({"ping": 1}))
            ok = json.loads(await asyncio.wait_for(ws.recv(), 10))
            return err, ok

    err, ok = run_async(scenario())
    assert "error" in err
    assert ok["pong"] == 1


def test_foreign_origin_is_refused(daphne_server):
    with pytest.raises(websockets.exceptions.InvalidStatus):
        run_async(exchange(ws_url(daphne_server, "/ws/ping/"), "http://evil.example.com", None, "{}"))
