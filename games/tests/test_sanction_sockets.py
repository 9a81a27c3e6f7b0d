"""A ban, a suspension or a revoked API token ends a user's open sockets at once, in every Daphne process, and no
move from them lands (docs/SECURITY.md, Moderation): the user on turn has sockets on two Daphne processes, by
token and by session; a moderator acts through the real moderation page; the sockets close with 4403 and the
move the user sends meanwhile is not in the move log. The other players' sockets stay and see the bot play on."""

import asyncio
import json
import sys

import pytest
import websockets
from django.test import Client
from django.utils import timezone

from accounts.models import ApiToken, User
from games.live.ws_auth import REVOKED
from games.models import Game, Move, Seat
from games.tests.conftest import open_table
from moderation.users import ensure_moderator_group
from tests.fixtures.servers import Proc, free_port, server_env, wait_http
from tests.support import run_async

pytestmark = [pytest.mark.embedded, pytest.mark.django_db(transaction=True)]


@pytest.fixture(scope="module")
def other_daphne(django_db_setup, django_db_blocker):
    """A second Daphne process on the same database and Redis (the channel layer joins the two), whose sockets
    check their user and token on every move (``SOCKET_ACCOUNT_RECHECK_SECONDS``: 30 by default)."""
    port = free_port()
    proc = Proc(f"daphne-sanctions-{port}", [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                                             "config.asgi:application"],
                {**server_env(), "SOCKET_ACCOUNT_RECHECK_SECONDS": "0"})
    base = f"http://127.0.0.1:{port}"
    wait_http(base + "/healthz", proc)
    yield base
    proc.stop()


@pytest.fixture
def table(db):
    """A correspondence Estanciero of ana, beto and caro, started; the player on turn (the one sanctioned), another
    player, and a moderator."""
    from games.core.rulesets import get

    players = [User.objects.create_user(n, password=f"pw-{n}-123") for n in ("ana", "beto", "caro")]
    game = open_table("estanciero", players, start=True)
    on_turn = get(game.ruleset).to_move(game.state)[0]
    target = Seat.objects.get(game=game, index=on_turn).user
    moderator = User.objects.create_user("moderadora", password="pw-moderadora-123")
    moderator.groups.add(ensure_moderator_group())
    return game, target, next(p for p in players if p != target), moderator


def ws_url(server: str, game: Game, token: str | None = None) -> str:
    return server.replace("http", "ws") + f"/ws/games/{game.pk}/?format=json" + (f"&token={token}" if token else "")


def session_headers(user) -> dict:
    c = Client()
    c.force_login(user)
    return {"Cookie": f"sessionid={c.cookies['sessionid'].value}"}


def client_of(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


async def first(ws, kind: str) -> dict:
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if message["type"] == kind:
            return message


async def closed_code(ws) -> int:
    """Read until the server closes the socket; its close code."""
    try:
        while True:
            await asyncio.wait_for(ws.recv(), 10)
    except websockets.ConnectionClosed:
        return ws.close_code


def moves_by(user, game) -> int:
    return Move.objects.filter(game=game, actor=user).count()


def sanction_closes_and_refuses(daphne_server, other_daphne, table, act_on_page) -> tuple:
    """target holds a token socket on each process and a session socket on the second, other a socket; while they are
    open ``act_on_page`` sanctions target, and target sends their move on each socket at once. The close codes, what
    other's socket saw, and the moves target made after."""
    game, target, other, moderator = table
    token_1, token_2 = ApiToken.issue(target, "one")[1], ApiToken.issue(target, "two")[1]
    headers = session_headers(target)

    async def scenario():
        async with websockets.connect(ws_url(daphne_server, game, token_1), origin=daphne_server) as one, \
                websockets.connect(ws_url(other_daphne, game, token_2), origin=other_daphne) as two, \
                websockets.connect(ws_url(other_daphne, game), origin=other_daphne,
                                   additional_headers=headers) as three, \
                websockets.connect(ws_url(daphne_server, game, ApiToken.issue(other, "a")[1]),
                                   origin=daphne_server) as theirs:
            syncs = [await first(ws, "sync") for ws in (one, two, three)]
            await first(theirs, "sync")
            assert all(s["you"] in s["to_move"] and s["legal_actions"] for s in syncs)
            await asyncio.to_thread(act_on_page, moderator)
            for ws, sync in zip((one, two, three), syncs):
                try:  # the move the sanctioned user sends the moment after: it must not land
                    await ws.send(json.dumps({"type": "act", "action": sync["legal_actions"][0], "version": 0}))
                except websockets.ConnectionClosed:
                    pass
            codes = [await closed_code(ws) for ws in (one, two, three)]
            await theirs.send(json.dumps({"type": "hello", "version": 0}))
            seen = await first(theirs, "update")
            return codes, seen

    codes, seen = run_async(scenario())
    return codes, seen


def test_a_ban_closes_the_users_sockets_on_every_process_and_no_move_of_theirs_lands(daphne_server, other_daphne,
                                                                                       table):
    game, target, _other, _moderator = table
    banned_at = timezone.now()

    def ban(moderator):
        client_of(moderator).post(f"/moderation/users/{target.username}/act/", {"kind": "ban", "reason": "cheating"})

    codes, seen = sanction_closes_and_refuses(daphne_server, other_daphne, table, ban)
    assert codes == [REVOKED] * 3
    assert not Move.objects.filter(game=game, actor=target, created_at__gte=banned_at).exists()
    assert not User.objects.get(pk=target.pk).is_active and Seat.objects.get(game=game, user=target).is_bot
    assert seen["type"] == "update"  # the others' sockets stay open


def test_a_suspension_closes_the_users_sockets_and_no_move_of_theirs_lands(daphne_server, other_daphne, table):
    game, target, _other, _moderator = table
    suspended_at = timezone.now()

    def suspend(moderator):
        client_of(moderator).post(f"/moderation/users/{target.username}/act/",
                                  {"kind": "suspend", "reason": "abandons games"})

    codes, _seen = sanction_closes_and_refuses(daphne_server, other_daphne, table, suspend)
    assert codes == [REVOKED] * 3
    assert not Move.objects.filter(game=game, actor=target, created_at__gte=suspended_at).exists()
    assert Seat.objects.get(game=game, user=target).is_bot  # a bot plays the seat while the suspension lasts

    async def reconnect():  # still signed in (a suspension is no ban): a new socket's move is refused
        async with websockets.connect(ws_url(other_daphne, game), origin=other_daphne,
                                      additional_headers=session_headers(target)) as ws:
            sync = await first(ws, "sync")
            await ws.send(json.dumps({"type": "act", "action": {"type": "roll"}, "version": sync["version"]}))
            return await first(ws, "error")

    refused = run_async(reconnect())
    assert refused["error"] == "not_your_seat" and "abandons games" in refused["message"]  # the suspension says why
    assert not Move.objects.filter(game=game, actor=target, created_at__gte=suspended_at).exists()


def test_a_revoked_token_closes_only_its_own_sockets(daphne_server, other_daphne, table):
    game, target, _other, _moderator = table
    revoked, revoked_key = ApiToken.issue(target, "leaked")
    kept_key = ApiToken.issue(target, "mine")[1]

    async def scenario():
        async with websockets.connect(ws_url(daphne_server, game, revoked_key), origin=daphne_server) as one, \
                websockets.connect(ws_url(other_daphne, game, revoked_key), origin=other_daphne) as two, \
                websockets.connect(ws_url(other_daphne, game, kept_key), origin=other_daphne) as kept:
            syncs = [await first(ws, "sync") for ws in (one, two, kept)]
            assert all(s["you"] in s["to_move"] for s in syncs)
            await asyncio.to_thread(lambda: client_of(target).post(f"/settings/tokens/{revoked.pk}/revoke/"))
            codes = [await closed_code(ws) for ws in (one, two)]
            await kept.send(json.dumps({"type": "act", "action": syncs[2]["legal_actions"][0], "version": 0}))
            accepted = await first(kept, "accepted")
        async with websockets.connect(ws_url(daphne_server, game, revoked_key), origin=daphne_server) as again:
            sync = await first(again, "sync")
        return codes, accepted, sync

    codes, accepted, sync = run_async(scenario())
    assert codes == [REVOKED, REVOKED]
    assert accepted["version"] == 1 and moves_by(target, game) == 1  # the other token's socket plays on
    assert sync["you"] is None  # the revoked token signs nobody in
    assert not ApiToken.objects.filter(pk=revoked.pk).exists()


def test_a_socket_whose_close_message_was_lost_stops_at_its_next_move(other_daphne, table):
    """The backstop: the token goes with no message to its sockets (deleted below the ORM's signals, as if the
    layer had lost the message); the socket's next move finds it gone, is refused, and the socket closes."""
    game, target, _other, _moderator = table
    token, key = ApiToken.issue(target, "lost")

    async def scenario():
        async with websockets.connect(ws_url(other_daphne, game, key), origin=other_daphne) as ws:
            sync = await first(ws, "sync")
            # A message is handled only once the socket's connect is over, whose own check of the token (for a
            # revocation it could not hear) would otherwise race the deletion below.
            await ws.send(json.dumps({"type": "hello"}))
            await first(ws, "sync")
            await asyncio.to_thread(lambda: ApiToken.objects.filter(pk=token.pk)._raw_delete("default"))
            await ws.send(json.dumps({"type": "act", "action": sync["legal_actions"][0], "version": 0}))
            refused = await first(ws, "error")
            return refused, await closed_code(ws)

    refused, code = run_async(scenario())
    assert refused["error"] == "not_your_seat" and code == REVOKED
    assert not Move.objects.filter(game=game).exists()
