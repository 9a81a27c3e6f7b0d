"""A private table is seen only by its seated people, whoever opened its invite link, and moderators, at every door
(``games.tables.privacy``): the page and its fragment, the replay, the dice verification, the move log, the API, the chat
(panel, post, API) and the table's socket; and profiles list it only to them. Everyone else gets what a game that
does not exist gets. Also: while a game runs, the spectators' chat is read by signed-in spectators only, so a player
who signs out cannot read it (``games.chat.lines.readable``)."""

import pytest
from django.test import Client

from accounts.models import ApiToken, User
from games.chat import lines as chat
from games.models import ChatMessage, Game
from games.tables import lifecycle as tables
from games.tests.conftest import client_for, in_process_socket, make_users, open_table
from tests.support import run_async

pytestmark = pytest.mark.django_db

WHISPER = "alicia, bruno bluffs"


@pytest.fixture
def people(db):
    alicia, bruno, diego, carla = make_users("alicia", "bruno", "diego", "carla")
    return {"alicia": alicia, "bruno": bruno, "diego": diego, "carla": carla}


@pytest.fixture
def private_game(people):
    """A private Estanciero of alicia and bruno, started, with a line in the players' chat."""
    game = tables.do_create_table(people["alicia"], "estanciero", 2, time_control="live", private=True)
    tables.do_join(game.pk, people["bruno"], code=game.invite_code)
    tables.do_start(game.pk, people["alicia"])
    chat.do_chat(game.pk, people["alicia"], "players", WHISPER)
    return Game.objects.get(pk=game.pk)


def finish(game: Game) -> Game:
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    return Game.objects.get(pk=game.pk)


def page_urls(game_id: int) -> list[str]:
    return [f"/games/{game_id}/", f"/games/{game_id}/table/", f"/games/{game_id}/chat/panel/",
            f"/games/{game_id}/log.json", f"/games/{game_id}/verify/", f"/games/{game_id}/replay/",
            f"/games/{game_id}/replay/step/?at=0"]


def api(user: User | None) -> Client:
    if user is None:
        return Client()
    return Client(HTTP_AUTHORIZATION=f"Bearer {ApiToken.issue(user, 'test')[1]}")


def test_outsiders_get_not_found_at_every_page_and_its_people_get_in(people, private_game, mod):
    game = finish(private_game)  # over, so that the replay and the verification open to those allowed
    for who in (None, people["diego"]):
        c = client_for(who)
        for url in page_urls(game.pk):
            response = c.get(url)
            assert response.status_code == 404, (who, url)
            assert WHISPER not in response.content.decode()
    for who in (people["alicia"], people["bruno"], mod):
        c = client_for(who)
        for url in page_urls(game.pk):
            assert c.get(url).status_code == 200, (who, url)
    assert WHISPER in client_for(mod).get(f"/games/{game.pk}/").content.decode()


def test_an_outsiders_table_writes_are_not_found_and_change_nothing(people, private_game):
    game = finish(private_game)
    diego = client_for(people["diego"])
    for action in ("join", "leave", "start", "cancel", "reclaim", "rematch"):
        assert diego.post(f"/games/{game.pk}/{action}/").status_code == 404, action
    assert diego.post(f"/games/{game.pk}/chat/mute/", {"user": "alicia"}).status_code == 404
    assert not Game.objects.filter(rematch_of=game).exists()
    assert Game.objects.get(pk=game.pk).rev == game.rev


def test_the_api_answers_an_outsider_as_for_no_game(people, private_game):
    game = private_game
    missing = api(people["diego"]).get(f"/api/v1/games/{game.pk + 10_000}")
    for who in (None, people["diego"]):
        c = api(who)
        for url in (f"/api/v1/games/{game.pk}", f"/api/v1/games/{game.pk}/log", f"/api/v1/games/{game.pk}/chat",
                    f"/api/v1/games/{game.pk}/verify"):
            response = c.get(url)
            assert response.status_code == 404, (who, url)
            assert response.json() == missing.json()
    mine = api(people["bruno"]).get(f"/api/v1/games/{game.pk}/chat")
    assert mine.status_code == 200 and [line["text"] for line in mine.json()["lines"]["players"]] == [WHISPER]
    assert api(people["bruno"]).get(f"/api/v1/games/{game.pk}").status_code == 200


def test_an_outsider_cannot_write_in_its_chat(people, private_game):
    before = ChatMessage.objects.count()
    response = client_for(people["diego"]).post(f"/games/{private_game.pk}/chat/",
                                                {"channel": "spectators", "text": "hola"})
    assert response.status_code == 404
    with pytest.raises(tables.MoveRejected) as info:
        chat.do_chat(private_game.pk, people["diego"], "spectators", "hola")
    assert info.value.code == "not_found"
    assert ChatMessage.objects.count() == before


def test_whoever_opened_the_invite_link_may_look_even_when_the_table_is_full(people, private_game):
    carla = client_for(people["carla"])
    assert carla.get(f"/games/{private_game.pk}/").status_code == 404
    joined = carla.get(f"/games/{private_game.pk}/invite/{private_game.invite_code}/", follow=True)
    assert "This table has already started." in joined.content.decode()  # no seat, but the table shows
    assert carla.get(f"/games/{private_game.pk}/").status_code == 200
    assert carla.get(f"/games/{private_game.pk}/invite/not-the-code/").status_code == 404
    carla.logout()  # signing out ends the session, and the invitation with it
    carla.force_login(people["carla"])
    assert carla.get(f"/games/{private_game.pk}/").status_code == 404


@pytest.mark.django_db(transaction=True)
def test_the_socket_closes_on_an_outsider(people, private_game):
    async def first(user):
        ws = in_process_socket(private_game, "format=json", user=user)
        connected, code = await ws.connect(timeout=10)
        if connected:
            message = await ws.receive_json_from(timeout=10)
            await ws.disconnect()
            return message["type"]
        return code

    assert run_async(first(people["diego"])) == 4404
    assert run_async(first(None)) == 4404
    assert run_async(first(people["bruno"])) == "sync"


@pytest.mark.django_db(transaction=True)
def test_the_socket_of_a_session_that_opened_the_invite_link_connects(people, private_game):
    """The invitation lives in the session, which the socket reads from its cookie."""
    from channels.auth import AuthMiddlewareStack
    from channels.routing import URLRouter
    from channels.testing import WebsocketCommunicator

    from config.routing import websocket_urlpatterns

    carla = client_for(people["carla"])

    async def first():
        cookie = f"sessionid={carla.cookies['sessionid'].value}".encode()
        ws = WebsocketCommunicator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns)),
                                   f"/ws/games/{private_game.pk}/?format=json",
                                   headers=[(b"origin", b"http://testserver"), (b"cookie", cookie)])
        connected, code = await ws.connect(timeout=10)
        if not connected:
            return code
        message = await ws.receive_json_from(timeout=10)
        await ws.disconnect()
        return message["type"]

    assert run_async(first()) == 4404
    carla.get(f"/games/{private_game.pk}/invite/{private_game.invite_code}/")
    assert run_async(first()) == "sync"


def test_a_profile_lists_a_private_game_only_to_those_allowed(people, private_game, mod):
    """Its current games and its history alike."""
    from lobby.results import record_game
    from lobby.tests.conftest import finished_game

    public = open_table("estanciero", [people["alicia"], people["carla"]], start=True)
    played = finished_game([people["alicia"], people["bruno"]])
    Game.objects.filter(pk=played.pk).update(private=True)
    record_game(played.pk)

    def listed(who) -> set[int]:
        context = client_for(who).get("/u/alicia/").context
        return {g.pk for g in context["current"]} | {line["game"].pk for line in context["history"]}

    assert listed(None) == listed(people["diego"]) == {public.pk}
    for who in (people["alicia"], people["bruno"], mod):
        assert listed(who) == {public.pk, private_game.pk, played.pk}


def test_signed_out_nobody_reads_the_spectators_chat_while_the_game_runs(people):
    """A player who signs out is anonymous: anonymous viewers read only the players' channel until the end."""
    game = open_table("estanciero", [people["alicia"], people["bruno"]], start=True)
    chat.do_chat(game.pk, people["diego"], "spectators", WHISPER)
    assert WHISPER in client_for(people["carla"]).get(f"/games/{game.pk}/chat/panel/").content.decode()
    for url in (f"/games/{game.pk}/", f"/games/{game.pk}/chat/panel/"):
        assert WHISPER not in client_for(None).get(url).content.decode()
    assert list(Client().get(f"/api/v1/games/{game.pk}/chat").json()["lines"]) == ["players"]
    finish(game)
    assert WHISPER in client_for(None).get(f"/games/{game.pk}/chat/panel/").content.decode()
