"""Fixtures and helpers for the games' tests (other test packages import them from here too)."""

import asyncio
import json
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation

from accounts.models import ApiToken, User
from games.models import Game
from games.tables import lifecycle as tables


def make_users(*names: str) -> list:
    """Users called ``names``, each with the password ``pw-<name>-123``."""
    return [User.objects.create_user(n, password=f"pw-{n}-123") for n in names]


def open_table(ruleset: str, users: list, seats: int | None = None, *, time_control: str = "correspondence",
               start: bool = False) -> Game:
    """A table of ``ruleset`` created by ``users[0]`` for ``seats`` (all of ``users`` when not given), the
    others seated in order; started by its creator when ``start`` (the started game is read again)."""
    game = tables.do_create_table(users[0], ruleset, seats or len(users), time_control=time_control)
    for user in users[1:]:
        tables.do_join(game.pk, user)
    if not start:
        return game
    tables.do_start(game.pk, users[0])
    return Game.objects.get(pk=game.pk)


def client_for(user=None, lang: str = "en") -> Client:
    """A test client reading the site in ``lang``, signed in as ``user`` (anonymous when None)."""
    c = Client(HTTP_ACCEPT_LANGUAGE=lang)
    if user is not None:
        c.force_login(user)
    return c


def api_payloads(game: Game, users: list):
    """(seat, the JSON API's whole game) for each seat's player through their API token, then (None, what an
    anonymous client gets)."""
    url = f"/api/v1/games/{game.pk}?since=0"
    for seat, user in enumerate(users):
        yield seat, Client(HTTP_AUTHORIZATION=f"Bearer {ApiToken.issue(user, 't')[1]}").get(url).json()
    yield None, Client().get(url).json()


def render_board(rs, text, template: str, state: dict, you: int | None, lang: str, names: list[str],
                 **legal_extra) -> str:
    """A ruleset's board ``template`` for ``state`` as the table page fills it (game 1 at version 7, players
    named from ``names``), seen by seat ``you`` (None: a spectator, with no moves) in ``lang``; each legal move
    labelled by ``text.label_action`` and carrying ``legal_extra``."""
    with translation.override(lang):
        view = rs.view(state, you)
        acts = rs.legal_actions(state, you) if you is not None else []
        ctx = {
            "game": SimpleNamespace(pk=1, version=7, status="active"),
            "seats": [SimpleNamespace(index=i, display_name=n) for i, n in enumerate(names[: state["num_players"]])],
            "names": names[: state["num_players"]],
            "payload": {"view": view, "legal_actions": acts},
            "view": view,
            "you": you,
            "legal": [{"label": text.label_action(a, view), "json": json.dumps(a), "type": a["type"], **legal_extra}
                      for a in acts],
            "to_move": rs.to_move(state),
            "log": [],
        }
        return render_to_string(template, ctx)


async def first_socket_message(server: str, game: Game, token: str | None, fmt: str = "json") -> dict:
    """The first message the game's websocket (``fmt``: json or html) sends a new connection, signed in by
    ``token`` (anonymous when None)."""
    import websockets

    url = server.replace("http", "ws") + f"/ws/games/{game.pk}/?format={fmt}" + (f"&token={token}" if token else "")
    async with websockets.connect(url, origin=server, open_timeout=10) as ws:
        return json.loads(await asyncio.wait_for(ws.recv(), 10))


@pytest.fixture
def players(db):
    return make_users("ana", "beto", "caro")


@pytest.fixture
def started_game(players):
    """A 3-player Estanciero between people, started."""
    return open_table("estanciero", players, start=True)


def seat_user(game, players, seat):
    return next(p for p in players if game.seats.get(index=seat).user_id == p.pk)


def first_legal_move(game, players) -> int:
    """The first legal move of the seat on move, made by its player through the move path; the new version."""
    from games.core.rulesets import get
    from games.play.actions import do_move

    rs = get(game.ruleset)
    game.refresh_from_db()
    seat = rs.to_move(game.state)[0]
    return do_move(game.pk, seat=seat, action=rs.legal_actions(game.state, seat)[0], expected_version=game.version,
                   actor=seat_user(game, players, seat), source="api").version


@pytest.fixture
def mod(db):
    """A moderator: a user in the moderators' group (fresh from the database, so its permissions load)."""
    from moderation.users import ensure_moderator_group

    user = User.objects.create_user("moderadora", password="pw-moderadora-123")
    user.groups.add(ensure_moderator_group())
    return User.objects.get(pk=user.pk)


def bot_move(game_id: int, users, rng) -> bool:
    """One move chosen by a normal bot for the seat to move, made by that seat's person (``users`` in seat order,
    as ``open_table`` seats them) through the UI's path; False once the game is over."""
    from games.core.rulesets import get
    from games.play import bots
    from games.play.actions import do_move

    game = Game.objects.get(pk=game_id)
    if game.status != Game.Status.ACTIVE:
        return False
    rs = get(game.ruleset)
    seat = rs.to_move(game.state)[0]
    do_move(game.pk, seat=seat, action=bots.choose(rs, game.state, seat, "normal", rng),
            expected_version=game.version, actor=users[seat], source="ui")
    return True


def in_process_socket(game, query: str = "format=json", user=None):
    """A ``WebsocketCommunicator`` on the game's socket through the project's websocket stack (sessions, API
    token for ``user``, routing), run in the test's own process against the real channel layer."""
    from channels.testing import WebsocketCommunicator

    from config.routing import websocket_stack

    if user is not None:
        query += f"&token={ApiToken.issue(user, 'socket')[1]}"
    return WebsocketCommunicator(websocket_stack(), f"/ws/games/{game.pk}/?{query}", headers=[(b"origin", b"http://testserver")])
