"""The lobby socket through real Daphne and the Redis channel layer: table writes and game ends reach a
connected lobby without polling, presence comes and goes, a page behind catches up, junk gets an answer."""

import asyncio
import json
import re
from datetime import timedelta

import pytest
import websockets
from django.utils import timezone

from accounts.models import ApiToken, User
from games.models import Game, Seat
from games.play.actions import do_deadline
from games.tables import lifecycle as tables
from tests.support import run_async

pytestmark = pytest.mark.django_db(transaction=True)


async def next_lobby(ws, until=lambda html: True, timeout: float = 15) -> dict:
    """The next lobby push whose HTML satisfies ``until`` (earlier pushes are skipped)."""
    deadline = asyncio.get_running_loop().time() + timeout
    skipped = []  # said when nothing matching comes: what came instead
    while True:
        left = deadline - asyncio.get_running_loop().time()
        try:
            message = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, left)))
        except TimeoutError:
            raise AssertionError(f"no matching lobby push in {timeout}s; got instead: {skipped}") from None
        if message["type"] == "lobby" and until(message["html"]):
            return message
        skipped.append({k: v for k, v in message.items() if k != "html"})


def online_names(html: str) -> list[str]:
    block = html[html.index('class="lobby-online"'):html.index('class="lobby-open"')]
    return re.findall(r'<span class="dot" aria-hidden="true"></span>([^<]+)</li>', block)


def finish_by_bots(game_id: int) -> None:
    """Play a table to its end through the clock (people time out, bots move), as the Celery worker would."""
    for _ in range(500):
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.ACTIVE:
            return
        seat = Seat.objects.filter(game=game, deadline__isnull=False).order_by("index").first()
        Seat.objects.filter(pk=seat.pk).update(deadline=timezone.now() - timedelta(seconds=1))
        do_deadline(game_id, seat.index, game.version)


def test_table_writes_and_a_game_end_reach_a_connected_lobby(daphne_server):
    # Names no earlier test uses: presence outlives a test, and "bruno" still shown online by the
    # lobby would hide that he left the table.
    alicia, bruno = (User.objects.create_user(n, password=f"pw-{n}-123") for n in ("delfina", "ezequiel"))
    url = daphne_server.replace("http", "ws") + "/ws/lobby/"

    async def scenario():
        async with websockets.connect(url, origin=daphne_server) as ws:
            first = await next_lobby(ws)
            game = await asyncio.to_thread(tables.do_create_table, alicia, "estanciero", 3, time_control="blitz")
            created = await next_lobby(ws, lambda h: f'id="open-{game.pk}"' in h)
            await asyncio.to_thread(tables.do_join, game.pk, bruno)
            joined = await next_lobby(ws, lambda h: "ezequiel" in h)
            private = await asyncio.to_thread(tables.do_create_table, bruno, "ladrillazo", 2, private=True)
            await asyncio.to_thread(tables.do_kick, game.pk, alicia, 1)
            kicked = await next_lobby(ws, lambda h: "ezequiel" not in h)
            # A person sits at it: a bots-only table moves at once, and a Celery worker left running by an
            # earlier test could finish it before the lobby ever showed it in play.
            played = await asyncio.to_thread(tables.do_create_table, alicia, "ladrillazo", 3, bots=2,
                                             options={"max_turns": 1})
            playing = await next_lobby(ws, lambda h: f'id="playing-{played.pk}"' in h)
            await asyncio.to_thread(finish_by_bots, played.pk)
            ended = await next_lobby(ws, lambda h: f'id="playing-{played.pk}"' not in h)
            await asyncio.to_thread(tables.do_cancel, game.pk, alicia)
            cancelled = await next_lobby(ws, lambda h: f'id="open-{game.pk}"' not in h)
            return first, created, joined, private, kicked, playing, ended, cancelled

    first, created, joined, private, kicked, playing, ended, cancelled = run_async(scenario())
    assert created["rev"] > first["rev"] and joined["rev"] > created["rev"]
    assert 'data-tc="blitz"' in created["html"]
    for message in (joined, kicked, playing, ended, cancelled):
        assert f"#{private.pk}<" not in message["html"] and private.invite_code not in message["html"]
    assert Game.objects.get(ruleset="ladrillazo", private=False).status == Game.Status.FINISHED
    assert cancelled["rev"] > ended["rev"] > playing["rev"]


def test_presence_and_catching_up_after_a_lost_push(daphne_server):
    carla = User.objects.create_user("carla", password="pw-carla-123")
    token = ApiToken.issue(carla, "lobby")[1]
    url = daphne_server.replace("http", "ws") + "/ws/lobby/"

    async def scenario():
        async with websockets.connect(url, origin=daphne_server) as watcher:
            await next_lobby(watcher)
            async with websockets.connect(f"{url}?token={token}", origin=daphne_server) as person:
                await next_lobby(person)
                came = await next_lobby(watcher, lambda h: "carla" in online_names(h))
            left = await next_lobby(watcher, lambda h: "carla" not in online_names(h))
            # A page showing an older revision (a push it never got) asks and gets the current lists.
            await watcher.send(json.dumps({"type": "hello", "rev": max(0, left["rev"] - 1)}))
            again = await next_lobby(watcher)
            # Junk gets an answer and the socket stays open.
            answers = []
            for junk in ("{{{", json.dumps({"type": "hello", "rev": -3}), json.dumps({"type": "act"}),
                         json.dumps([1, 2]), "x" * 5000):
                await watcher.send(junk)
                answers.append(json.loads(await asyncio.wait_for(watcher.recv(), 10)))
            await watcher.send(json.dumps({"type": "hello", "rev": again["rev"]}))  # up to date: no answer needed
            game = await asyncio.to_thread(tables.do_create_table, carla, "estanciero", 2)
            still = await next_lobby(watcher, lambda h: f'id="open-{game.pk}"' in h)
            return came, left, again, answers, still

    came, left, again, answers, still = run_async(scenario())
    assert left["rev"] > came["rev"]
    assert again["rev"] == left["rev"]
    assert [a["type"] for a in answers] == ["error"] * 5
    assert all(a["error"] == "bad_request" for a in answers)
    assert still["rev"] > left["rev"]
