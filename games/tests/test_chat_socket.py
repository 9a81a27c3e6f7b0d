"""Table chat over the game's websocket, through Daphne and the Redis channel layer: lines reach only those who may
read them (players never get a spectators' line while the game runs), refusals are answered and write nothing,
mutes follow the person to every socket, and the game's end opens the spectators' channel to the players."""

import asyncio
import contextlib
import json

import pytest
import websockets

from accounts.models import ApiToken
from games.core.validation import InvalidInput, check_socket_message
from games.models import ChatMessage, Game
from games.tests.conftest import make_users, open_table
from tests.support import run_async

pytestmark = pytest.mark.django_db(transaction=True)

SECRET = "the spectators whisper: beto bluffs"


@pytest.fixture
def table():
    ana, beto, sofi = make_users("ana", "beto", "sofi")
    return open_table("estanciero", [ana, beto], start=True), {u.username: u for u in (ana, beto, sofi)}


def urls(base: str, game: Game, users: dict) -> dict:
    ws = base.replace("http", "ws") + f"/ws/games/{game.pk}/?format=json&chat=1"
    out = {name: f"{ws}&token={ApiToken.issue(user, 'ws')[1]}" for name, user in users.items()}
    out["anon"] = ws
    return out


async def recv_until(ws, predicate, timeout: float = 10) -> tuple[dict, list[dict]]:
    """Messages until one matches ``predicate``: (that one, all received before it)."""
    seen = []
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        if predicate(message):
            return message, seen
        seen.append(message)


def chat_line(text: str):
    return lambda m: m.get("type") == "chat" and m.get("text") == text


async def ready(ws) -> None:
    """Past the connect messages (the table, then who watches)."""
    await recv_until(ws, lambda m: m.get("type") == "spectators")


@contextlib.asynccontextmanager
async def connected(origin: str, url: dict, *names: str):
    """A socket for each of ``names`` (keys of ``url``, see ``urls``), each past its connect messages; all
    closed on the way out."""
    async with contextlib.AsyncExitStack() as stack:
        sockets = [await stack.enter_async_context(websockets.connect(url[name], origin=origin)) for name in names]
        for ws in sockets:
            await ready(ws)
        yield sockets


def test_players_chat_and_never_get_the_spectators_channel(daphne_server, table):
    game, users = table
    url = urls(daphne_server, game, users)

    async def scenario():
        async with connected(daphne_server, url, "ana", "beto", "sofi", "anon") as (ana, beto, sofi, anon):
            await sofi.send(json.dumps({"type": "chat", "channel": "spectators", "text": SECRET, "ref": "s1"}))
            ok, _ = await recv_until(sofi, lambda m: m.get("type") == "chat_ok")
            own, _ = await recv_until(sofi, chat_line(SECRET))
            # A player's line after it: whatever reaches a socket arrives in order, so a player who had been sent
            # the spectators' line would have it before this one.
            await ana.send(json.dumps({"type": "chat", "channel": "players", "text": "suerte, beto", "ref": "a1"}))
            results = {}
            for name, ws in (("ana", ana), ("beto", beto), ("sofi", sofi), ("anon", anon)):
                results[name] = await recv_until(ws, chat_line("suerte, beto"))
            return ok, own, results

    ok, own, results = run_async(scenario())
    assert ok["ref"] == "s1" and ok["id"] == ChatMessage.objects.get(text=SECRET).pk
    assert own["channel"] == "spectators" and own["author"] == "sofi" and own["seat"] is None
    # Anonymous is how a player who signed out watches: no spectators' line for it either while the game runs.
    for name in ("ana", "beto", "anon"):
        line, before = results[name]
        assert line["author"] == "ana" and line["seat"] == 0 and line["channel"] == "players"
        assert SECRET not in json.dumps(before), f"{name} got the spectators' line"
    assert set(results["sofi"][0]) == {"type", "id", "channel", "author", "seat", "text", "at"}  # no user ids


def test_refusals_are_answered_and_write_nothing(daphne_server, table):
    game, users = table
    url = urls(daphne_server, game, users)
    bad = [
        ("ana", {"type": "chat", "channel": "players", "text": "x" * 600, "ref": "long"}, "bad_request"),
        ("ana", {"type": "chat", "channel": "players", "text": " \n\t ", "ref": "empty"}, "bad_request"),
        ("ana", {"type": "chat", "channel": "players", "text": "x" * 3000}, "bad_request"),
        ("ana", {"type": "chat", "channel": "players"}, "bad_request"),
        ("ana", {"type": "chat", "channel": "players", "text": 7}, "bad_request"),
        ("ana", {"type": "chat", "channel": "players", "text": "hi", "user_id": 1}, "bad_request"),
        ("ana", {"type": "chat", "channel": "everyone", "text": "hi"}, "bad_request"),
        ("ana", {"type": "chat", "channel": "spectators", "text": "hi"}, "not_your_seat"),
        ("sofi", {"type": "chat", "channel": "players", "text": "let me in"}, "not_your_seat"),
        ("anon", {"type": "chat", "channel": "spectators", "text": "anonymous"}, "not_your_seat"),
        ("anon", {"type": "mute", "user": "ana"}, "not_your_seat"),
        ("sofi", {"type": "mute", "user": "sofi"}, "bad_request"),
        ("sofi", {"type": "mute", "user": "nobody"}, "not_found"),
        ("sofi", {"type": "unmute"}, "bad_request"),
    ]

    async def scenario():
        answers = []
        sockets = {}
        try:
            for name in ("ana", "sofi", "anon"):
                sockets[name] = await websockets.connect(url[name], origin=daphne_server)
                await ready(sockets[name])
            for name, message, _code in bad:
                await sockets[name].send(json.dumps(message))
                answer, _ = await recv_until(sockets[name], lambda m: m.get("type") == "error")
                answers.append(answer)
            # The socket still serves.
            await sockets["ana"].send(json.dumps({"type": "chat", "channel": "players", "text": "still here"}))
            await recv_until(sockets["ana"], lambda m: m.get("type") == "chat_ok")
        finally:
            for ws in sockets.values():
                await ws.close()
        return answers

    answers = run_async(scenario())
    for (name, message, code), answer in zip(bad, answers):
        assert answer["error"] == code and answer["for"] == message["type"], (name, message, answer)
        assert answer["message"]
    assert answers[0]["ref"] == "long" and "500" in answers[0]["message"] and "600" in answers[0]["message"]
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["still here"]


def test_a_mute_follows_the_person_to_every_socket(daphne_server, table):
    game, users = table
    url = urls(daphne_server, game, users)

    async def scenario():
        async with connected(daphne_server, url, "ana", "beto", "sofi", "sofi") as (ana, beto, sofi, sofi_tab):
            await sofi.send(json.dumps({"type": "mute", "user": "ana"}))
            mutes = [(await recv_until(ws, lambda m: m.get("type") == "mutes"))[0] for ws in (sofi, sofi_tab)]
            await ana.send(json.dumps({"type": "chat", "channel": "players", "text": "ana rambles"}))
            await recv_until(ana, lambda m: m.get("type") == "chat_ok")
            await beto.send(json.dumps({"type": "chat", "channel": "players", "text": "beto answers"}))
            muted = [await recv_until(ws, chat_line("beto answers")) for ws in (sofi, sofi_tab)]
            await sofi_tab.send(json.dumps({"type": "unmute", "user": "ana"}))
            unmutes = [(await recv_until(ws, lambda m: m.get("type") == "mutes"))[0] for ws in (sofi, sofi_tab)]
            await ana.send(json.dumps({"type": "chat", "channel": "players", "text": "ana again"}))
            back = await recv_until(sofi, chat_line("ana again"))
            return mutes, muted, unmutes, back

    mutes, muted, unmutes, back = run_async(scenario())
    assert [m["names"] for m in mutes] == [["ana"], ["ana"]]
    for _line, before in muted:
        assert "ana rambles" not in json.dumps(before)
    assert [m["names"] for m in unmutes] == [[], []]
    assert back[0]["author"] == "ana"


def test_after_the_game_players_get_the_spectators_lines(daphne_server, table):
    game, users = table
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    url = urls(daphne_server, game, users)

    async def scenario():
        async with connected(daphne_server, url, "ana", "sofi") as (ana, sofi):
            await sofi.send(json.dumps({"type": "chat", "channel": "spectators", "text": "well played"}))
            return (await recv_until(ana, chat_line("well played")))[0]

    assert run_async(scenario())["channel"] == "spectators"


def test_a_page_that_checks_in_learns_whether_it_missed_lines(daphne_server, table):
    """Like the table's ``hello``: the page says the newest line it has; the server answers only when it is behind,
    with the newest line the page may read (never a spectators' line to a player during the game)."""
    from games.chat import lines as chat

    game, users = table
    first = chat.do_chat(game.pk, users["ana"], "players", "first")
    secret = chat.do_chat(game.pk, users["sofi"], "spectators", SECRET)
    url = urls(daphne_server, game, users)

    async def check_in(name, last):
        async with websockets.connect(url[name], origin=daphne_server) as ws:
            await ready(ws)
            await ws.send(json.dumps({"type": "chat_hello", "last": last}))
            await ws.send(json.dumps({"type": "hello", "version": 0}))  # answered after any chat_sync
            return await recv_until(ws, lambda m: m.get("type") in ("chat_sync", "sync", "update"))

    assert run_async(check_in("ana", None))[0] == {"type": "chat_sync", "last": first.pk}
    assert run_async(check_in("ana", first.pk))[0]["type"] == "update"  # up to date: nothing said
    assert run_async(check_in("sofi", first.pk))[0] == {"type": "chat_sync", "last": secret.pk}
    assert run_async(check_in("anon", secret.pk))[0]["type"] == "update"
    assert run_async(check_in("anon", first.pk))[0]["type"] == "update"  # signed out: no spectators' line


def test_a_json_client_that_did_not_ask_for_chat_keeps_its_stream(daphne_server, table):
    game, users = table
    url = urls(daphne_server, game, users)
    plain = url["ana"].replace("&chat=1", "")

    async def scenario():
        async with websockets.connect(plain, origin=daphne_server) as ana, \
                websockets.connect(url["sofi"], origin=daphne_server) as sofi:
            first = json.loads(await asyncio.wait_for(ana.recv(), 10))
            await ready(sofi)
            await sofi.send(json.dumps({"type": "chat", "channel": "spectators", "text": "hi all"}))
            await recv_until(sofi, lambda m: m.get("type") == "chat_ok")
            await ana.send(json.dumps({"type": "hello", "version": 0}))
            after_hello = json.loads(await asyncio.wait_for(ana.recv(), 10))
            await ana.send(json.dumps({"type": "chat", "channel": "players", "text": "but I can talk"}))
            answer = json.loads(await asyncio.wait_for(ana.recv(), 10))
            return first, after_hello, answer

    first, after_hello, answer = run_async(scenario())
    assert first["type"] == "sync" and after_hello["type"] == "update"  # nothing pushed in between
    assert answer["type"] == "chat_ok"


def test_the_socket_schema_refuses_unknown_fields_and_wrong_types():
    assert check_socket_message({"type": "chat", "channel": "players", "text": "hi"}) == \
        {"type": "chat", "channel": "players", "text": "hi"}
    assert check_socket_message({"type": "chat_hello", "last": None}) == {"type": "chat_hello", "last": None}
    for message in ({"type": "chat", "channel": "players", "text": "hi", "seat": 0},
                    {"type": "chat", "channel": "lobby", "text": "hi"},
                    {"type": "chat", "channel": "players", "text": ["hi"]},
                    {"type": "chat", "channel": "players", "text": "x" * 2001},
                    {"type": "mute", "user": 5},
                    {"type": "chat_hello", "last": -1},
                    {"type": "chat_hello", "last": "7"},
                    {"type": "chat_hello"},
                    {"type": "unmute", "user": "ana", "ref": "r" * 41}):
        with pytest.raises(InvalidInput):
            check_socket_message(message)
