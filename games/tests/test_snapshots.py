"""What a process keeps of the games its sockets watch (games/live/snapshots.py): the newest revisions only, each
with its renders, so that the garbage collector's full passes stay short; and the JSON message a seat gets."""

import gc
import json
import subprocess
import sys
import weakref

import pytest
from django.conf import settings

from games.core.rulesets import get
from games.live import snapshots
from games.models import Game, Move
from games.play.actions import do_move
from games.present.presenters import Viewer, game_payload
from games.tests.conftest import make_users, open_table

pytestmark = pytest.mark.django_db


def _move(game: Game, users: list, sent: list, capture) -> tuple[Game, snapshots.Snapshot]:
    """One legal move, its layer message offered to this process as a socket's would be."""
    rs = get(game.ruleset)
    seat = rs.to_move(game.state)[0]
    with capture(execute=True):
        do_move(game.pk, seat=seat, action=rs.legal_actions(game.state, seat)[0], expected_version=game.version,
                actor=users[seat], source=Move.Source.UI)
    message = sent[-1]
    snap = snapshots.offer(game.pk, message["seal"], message["rev"], message["snapshot"])
    assert snap is not None
    return Game.objects.get(pk=game.pk), snap


@pytest.fixture
def table(monkeypatch):
    users = make_users("ka", "kb")
    game = open_table("estanciero", users, start=True)
    sent = []
    monkeypatch.setattr("games.play.broadcast.group_send", lambda group, message, then=None: sent.append(message))
    snapshots.clear()
    snapshots.load(game.pk)  # the revision the sockets connected at
    return game, users, sent


def test_a_process_keeps_the_newest_two_revisions_of_a_game(table, django_capture_on_commit_callbacks):
    """Each move's revision replaces the oldest kept one: at most REVISIONS_KEPT (the newest, and the one before
    for a socket whose message named it) however long the game runs."""
    game, users, sent = table
    revs = [game.rev]
    for _ in range(6):
        game, snap = _move(game, users, sent, django_capture_on_commit_callbacks)
        revs.append(snap.game.rev)
        assert snapshots.kept(game.pk, game.seed_commitment) == revs[-snapshots.REVISIONS_KEPT:]
    assert snapshots.REVISIONS_KEPT == 2
    assert snapshots.newest(game.pk, game.seed_commitment) is snap


def test_the_revision_before_is_served_without_a_query_and_an_older_one_is_read_again(
        table, django_capture_on_commit_callbacks, django_assert_num_queries):
    """A socket behind by one revision renders the kept one; one behind by more gets the game's current
    revision from the database (its message was overtaken: the newer revision is what it should show)."""
    game, users, sent = table
    snaps = []
    for _ in range(3):
        game, snap = _move(game, users, sent, django_capture_on_commit_callbacks)
        snaps.append(snap)
    seal = game.seed_commitment
    with django_assert_num_queries(0):
        assert snapshots.load(game.pk, snaps[-2].game.rev, seal) is snaps[-2]
    with django_assert_num_queries(3):  # the game, its seats, its moves
        again = snapshots.load(game.pk, snaps[0].game.rev, seal)
    assert again.game.rev == snaps[-1].game.rev and again is not snaps[0]
    assert snapshots.kept(game.pk, seal)[-1] == snaps[-1].game.rev


def test_renders_are_kept_with_their_revision_and_dropped_with_it(table, django_capture_on_commit_callbacks):
    """A view rendered for one revision is rendered once for all its sockets, and goes when the revision goes:
    nothing of a dropped revision stays reachable from the process's caches."""
    game, users, sent = table
    game, first = _move(game, users, sent, django_capture_on_commit_callbacks)
    snapshots.json_message(first, 0, "sync", None)
    body = first.renders[("json", 0)]
    snapshots.json_message(first, 0, "update", first.game.version - 1)  # the seat's second socket
    assert first.renders == {("json", 0): body} and first.renders[("json", 0)] is body  # not rendered again
    gone = weakref.ref(first)
    rev = first.game.rev
    del first
    for _ in range(snapshots.REVISIONS_KEPT):
        game, _snap = _move(game, users, sent, django_capture_on_commit_callbacks)
    assert rev not in snapshots.kept(game.pk, game.seed_commitment)
    gc.collect()
    assert gone() is None


@pytest.mark.parametrize("seat", [0, 1, None])
def test_a_seats_json_message_is_its_payload_with_the_moves_it_missed(table, seat,
                                                                      django_capture_on_commit_callbacks):
    """The message is the seat's game payload (encoded once per revision) plus, for an update, the moves after
    the version the socket had: decoded, exactly what encoding the whole at once gives."""
    game, users, sent = table
    for _ in range(3):
        game, snap = _move(game, users, sent, django_capture_on_commit_callbacks)
    since = snap.game.version - 2
    update = json.loads(snapshots.json_message(snap, seat, "update", since))
    assert update == {"type": "update", **game_payload(snap.game, snap.seats, seat, since=since, moves=snap.moves)}
    assert len(update["moves"]) == 2
    sync = json.loads(snapshots.json_message(snap, seat, "sync", None))
    assert sync == {"type": "sync", **game_payload(snap.game, snap.seats, seat)}
    assert "moves" not in sync
    assert list(update)[0] == "type"  # clients read the kind first; the order is the one json.dumps gave


def test_html_renders_share_the_revision_too(table, django_capture_on_commit_callbacks):
    game, users, sent = table
    game, snap = _move(game, users, sent, django_capture_on_commit_callbacks)
    viewer = Viewer(seat=1, signed_in=True, language="en")
    page = snapshots.table_message(snap, viewer)
    made = dict(snap.renders)
    assert snapshots.table_message(snap, viewer) == page and snap.renders == made
    assert json.loads(page)["rev"] == snap.game.rev and ("html", snapshots.page_view(snap, viewer)) in snap.renders


def test_the_asgi_application_freezes_what_starting_made():
    """Daphne's process moves everything made while importing the application out of the cyclic collector's
    full passes (config/asgi.py): over 50,000 objects, which each full pass would otherwise walk again."""
    code = "import gc, config.asgi; print(gc.get_freeze_count())"
    out = subprocess.run([sys.executable, "-c", code], cwd=settings.BASE_DIR, capture_output=True, text=True,
                         timeout=120, check=True)
    assert int(out.stdout.strip()) > 50_000


def test_a_revision_dropped_from_the_process_leaves_with_its_game(table, django_capture_on_commit_callbacks):
    """A move stays in the log of the revisions after its own; it holds its game by id only, so the game (and its
    state) of a revision the process dropped is freed at once, not kept by the moves of the log until they leave
    it (about 50 states a game, which every pass of the cyclic collector walked)."""
    game, users, sent = table
    games = []
    for _ in range(snapshots.REVISIONS_KEPT + 2):
        game, snap = _move(game, users, sent, django_capture_on_commit_callbacks)
        assert "game" not in snap.moves[-1]._state.fields_cache and snap.moves[-1].game_id == game.pk
        games.append(weakref.ref(snap.game))
    assert len(snap.moves) == snapshots.REVISIONS_KEPT + 2
    gc.collect()
    assert [ref() is None for ref in games] == [True, True, False, False]  # only the kept revisions' games live


def test_a_pushed_table_reads_in_its_viewers_language_whatever_the_thread_speaks(table, django_capture_on_commit_callbacks):
    """A socket's table is rendered on a database thread that speaks whatever language it last activated; every
    word of it must be the viewer's, the log lines too. Seen by hand: a person reading in English got the move log
    in Spanish with every push, while the rest of the table was English."""
    from django.utils import translation

    from games.present.presenters import describe_event

    game, users, sent = table
    game, snap = _move(game, users, sent, django_capture_on_commit_callbacks)
    names = [s.display_name for s in snap.seats]
    event = Move.objects.get(game=game, seq=game.version).events[0]
    for viewer_language, thread_language in (("en", "es"), ("es", "en")):
        with translation.override(viewer_language):
            own = describe_event(game.ruleset, event, names)
        with translation.override(thread_language):
            other = describe_event(game.ruleset, event, names)
            assert own != other, "the event reads the same in both languages: the test would show nothing"
            html = snapshots.page_html(snapshots.table_message(snap, Viewer(seat=1, signed_in=True, is_creator=False,
                                                                            language=viewer_language)))
        assert own in html and other not in html, (viewer_language, own, other)


def test_a_game_is_forgotten_when_the_last_socket_of_the_process_leaves_it(transactional_db):
    """What a process keeps of a game (its revisions, their renders, its described log lines) goes when no socket
    of the process watches it any more: a finished game's renders do not wait for the count bound to push
    them out. A game another socket still watches keeps all of it."""
    from channels.auth import AuthMiddlewareStack
    from channels.routing import URLRouter
    from channels.testing import WebsocketCommunicator

    from config.routing import websocket_urlpatterns
    from games.present import presenters
    from tests.support import run_async

    users = make_users("fa", "fb")
    left, stays = (open_table("estanciero", users, start=True) for _ in range(2))
    for game in (left, stays):
        rs = get(game.ruleset)
        seat = rs.to_move(game.state)[0]
        do_move(game.pk, seat=seat, action=rs.legal_actions(game.state, seat)[0], expected_version=game.version,
                actor=users[seat], source=Move.Source.UI)
    snapshots.clear()
    app = AuthMiddlewareStack(URLRouter(websocket_urlpatterns))

    def described(game: Game) -> int:
        return sum(1 for key in presenters._described if key[0] == game.pk)

    async def scenario():
        sockets = [WebsocketCommunicator(app, f"/ws/games/{game.pk}/?format={form}", headers=[(b"origin", b"http://testserver")])
                   for game, form in ((left, "html&keep=2"), (left, "json"), (stays, "html&keep=2"))]
        for socket in sockets:
            connected, _ = await socket.connect()
            assert connected
            assert json.loads(await socket.receive_from(timeout=10))["type"] in ("table", "sync")
        watching = snapshots.watched()
        held = [snapshots.kept(g.pk, g.seed_commitment) for g in (left, stays)], [described(g) for g in (left, stays)]
        await sockets[0].disconnect()
        after_one = snapshots.kept(left.pk, left.seed_commitment), described(left)
        await sockets[1].disconnect()
        after_all = (snapshots.kept(left.pk, left.seed_commitment), described(left), snapshots.watched(),
                     snapshots.kept(stays.pk, stays.seed_commitment), described(stays))
        await sockets[2].disconnect()
        return watching, held, after_one, after_all

    watching, (kept, lines), after_one, after_all = run_async(scenario())
    assert watching == {left.pk: 2, stays.pk: 1}
    assert all(kept) and all(lines), "each socket's first push loaded its game and described its log"
    assert after_one == (kept[0], lines[0]), "one socket still watches: nothing forgotten"
    gone, gone_lines, watching_then, stays_kept, stays_lines = after_all
    assert (gone, gone_lines) == ([], 0)
    assert watching_then == {stays.pk: 1}
    assert (stays_kept, stays_lines) == (kept[1], lines[1])
    assert snapshots.watched() == {}


def test_the_games_kept_are_bounded_by_the_rendered_messages_they_hold(monkeypatch):
    """Over RENDERED_CHARS characters of rendered messages, the least recently used games go first (never the
    one used last), and what is counted is exactly what the kept revisions hold: a dropped revision or game
    takes its characters with it."""
    users = make_users("sa", "sb")
    games = [open_table("estanciero", users, start=True) for _ in range(3)]
    snapshots.clear()
    viewers = [Viewer(seat=s, signed_in=s is not None, language=lang) for s in (0, 1, None) for lang in ("es", "en")]

    def render(game: Game) -> int:
        snap = snapshots.load(game.pk)
        for v in viewers:
            snapshots.table_message(snap, v)
        return sum(len(text) for key, text in snap.renders.items() if key[0] in ("html", "own"))

    one = render(games[0])
    assert snapshots.held_chars() == one > 0
    monkeypatch.setattr(snapshots, "RENDERED_CHARS", int(one * 1.5))  # room for one game's messages, not two
    render(games[1])
    assert [snapshots.kept(g.pk, g.seed_commitment) != [] for g in games] == [False, True, False]
    render(games[2])
    assert [snapshots.kept(g.pk, g.seed_commitment) != [] for g in games] == [False, False, True]
    newest = snapshots.newest(games[2].pk, games[2].seed_commitment)
    messages = [v for k, v in newest.renders.items() if isinstance(k, tuple) and k[0] in ("html", "keep", "json", "own")]
    assert snapshots.held_chars() == newest.chars[0] == sum(len(m) for m in messages)
    monkeypatch.setattr(snapshots, "RENDERED_CHARS", 1)  # even alone over the bound: the last used stays
    snapshots.json_message(newest, 0, "sync", None)
    assert snapshots.kept(games[2].pk, games[2].seed_commitment) != []
    snapshots.clear()
    assert snapshots.held_chars() == 0


def test_a_dropped_revision_takes_its_rendered_characters_with_it(table, django_capture_on_commit_callbacks):
    game, users, sent = table
    for _ in range(4):
        game, snap = _move(game, users, sent, django_capture_on_commit_callbacks)
        snapshots.table_message(snap, Viewer(seat=None))
        kept = [snapshots.at(game.pk, game.seed_commitment, rev) for rev in snapshots.kept(game.pk, game.seed_commitment)]
        assert snapshots.held_chars() == sum(s.chars[0] for s in kept) > 0


def test_described_lines_are_indexed_by_game_through_the_count_bound(table, django_capture_on_commit_callbacks,
                                                                      monkeypatch):
    """The log's described lines stay bounded by count (the oldest go first), and the index a game is forgotten
    by (``presenters.forget_described``) names exactly the lines kept: none evicted, none missing."""
    from games.present import presenters

    game, users, sent = table
    monkeypatch.setattr(presenters, "_described", type(presenters._described)())
    monkeypatch.setattr(presenters, "_described_of", {})
    monkeypatch.setattr(presenters, "DESCRIBED_KEPT", 5)
    for _ in range(8):
        game, snap = _move(game, users, sent, django_capture_on_commit_callbacks)
        snapshots.table_message(snap, Viewer(seat=None))
        assert 0 < len(presenters._described) <= 5
        assert presenters._described_of == {game.pk: set(presenters._described)}
    presenters.forget_described(game.pk)
    assert not presenters._described and not presenters._described_of



def test_push_text_is_json_with_every_character_at_one_byte():
    """``_json`` (orjson) gives what ``json.dumps`` decodes to and keeps Spanish's accents as they are; a text
    with a character above U+00FF (curly quotes, an emoji) goes through ``json.dumps``, so that Python holds
    the text at one byte a character either way: one curly quote made a kept table twice its size."""
    from games.live.snapshots import _json

    for value in ({"name": "ñandú ¡sí!", "n": 3, 4: [1.5, None, True]},
                  {"html": "<p>“Año” ¡ñandú! 🎲</p>" + "x" * 1000}):
        text = _json(value)
        assert json.loads(text) == json.loads(json.dumps(value))
        assert max(map(ord, text)) <= 0xFF and sys.getsizeof(text) < len(text) + 100  # one byte a character
    assert "ñandú" in _json({"a": "ñandú"})
    assert _json({"a": "plain"}) == '{"a":"plain"}'
