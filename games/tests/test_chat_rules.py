"""Table chat's rules over the page, the HTTP fallback and the API: who speaks where, who reads what (players never
read the spectators while the game runs), length and rate limits that refuse and write nothing, escaping, mutes,
hidden lines and restricted accounts."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.test import Client

from accounts import ratelimit
from accounts.models import ApiToken, Restriction, User
from games.chat import lines as chat
from games.models import ChatMessage, ChatMute, Game
from games.play.actions import MoveRejected
from games.tables import lifecycle as tables

pytestmark = pytest.mark.django_db

SPECTATOR_SECRET = "psst the dealer holds two aces"
PLAYER_LINE = "good luck everyone"


@pytest.fixture(autouse=True)
def _chat_rate(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "chat": "1000/10s"}


@pytest.fixture
def table():
    """A 2-player Estanciero in play (ana, beto), with sofi watching."""
    ana, beto, sofi = (User.objects.create_user(n, password=f"pw-{n}-123") for n in ("ana", "beto", "sofi"))
    game = tables.do_create_table(ana, "estanciero", 2, time_control="correspondence")
    tables.do_join(game.pk, beto)
    tables.do_start(game.pk, ana)
    return Game.objects.get(pk=game.pk), ana, beto, sofi


def client_for(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def refused(code: str, fn, *args) -> MoveRejected:
    before = ChatMessage.objects.count()
    with pytest.raises(MoveRejected) as info:
        fn(*args)
    assert info.value.code == code, info.value.text()
    assert ChatMessage.objects.count() == before
    return info.value


def seen_by(game, user) -> dict:
    """Everything a viewer can get about the game over HTTP, as text."""
    client = client_for(user)
    return {
        "page": client.get(f"/games/{game.pk}/").content.decode(),
        "fragment": client.get(f"/games/{game.pk}/table/").content.decode(),
        "panel": client.get(f"/games/{game.pk}/chat/panel/").content.decode(),
        "chat_api": client.get(f"/api/v1/games/{game.pk}/chat").content.decode(),
        "game_api": client.get(f"/api/v1/games/{game.pk}?since=0").content.decode(),
        "log": client.get(f"/games/{game.pk}/log.json").content.decode(),
    }


def test_players_speak_in_the_players_chat_and_spectators_in_theirs(table):
    game, ana, beto, sofi = table
    line = chat.do_chat(game.pk, ana, "players", PLAYER_LINE)
    assert (line.channel, line.seat, line.text) == ("players", 0, PLAYER_LINE)
    assert chat.do_chat(game.pk, sofi, "spectators", SPECTATOR_SECRET).seat is None

    refused("not_your_seat", chat.do_chat, game.pk, sofi, "players", "let me in")
    refused("not_your_seat", chat.do_chat, game.pk, beto, "spectators", "hello watchers")
    refused("not_your_seat", chat.do_chat, game.pk, AnonymousUser(), "spectators", "anonymous")
    refused("not_your_seat", chat.do_chat, game.pk, None, "spectators", "nobody")
    refused("bad_request", chat.do_chat, game.pk, ana, "everyone", "hi")
    refused("not_found", chat.do_chat, game.pk + 1000, ana, "players", "hi")
    assert list(ChatMessage.objects.values_list("text", flat=True)) == [PLAYER_LINE, SPECTATOR_SECRET]


def test_players_never_read_the_spectators_while_the_game_runs(table):
    game, ana, beto, sofi = table
    chat.do_chat(game.pk, ana, "players", PLAYER_LINE)
    chat.do_chat(game.pk, sofi, "spectators", SPECTATOR_SECRET)

    for player in (ana, beto):
        for where, text in seen_by(game, player).items():
            assert SPECTATOR_SECRET not in text, f"{player} got the spectators' line in {where}"
        assert PLAYER_LINE in seen_by(game, player)["page"]
        assert client_for(player).get(f"/api/v1/games/{game.pk}/chat").json()["channels"] == ["players"]
    # Signed-in spectators read both channels; anonymous viewers (maybe a player signed out) only the players'.
    views = seen_by(game, sofi)
    for where in ("page", "panel", "chat_api"):
        assert SPECTATOR_SECRET in views[where] and PLAYER_LINE in views[where], where
    views = seen_by(game, None)
    for where in ("page", "panel", "chat_api"):
        assert SPECTATOR_SECRET not in views[where] and PLAYER_LINE in views[where], where
    api = client_for(sofi).get(f"/api/v1/games/{game.pk}/chat").json()
    assert api["you_write_in"] == "spectators"
    assert [line["text"] for line in api["lines"]["spectators"]] == [SPECTATOR_SECRET]
    assert api["lines"]["spectators"][0]["author"] == "sofi" and "user" not in api["lines"]["spectators"][0]
    # Token clients are the same players.
    token = ApiToken.issue(ana, "t")[1]
    assert SPECTATOR_SECRET not in Client(HTTP_AUTHORIZATION=f"Bearer {token}").get(
        f"/api/v1/games/{game.pk}/chat").content.decode()


def test_after_the_game_everyone_reads_both_channels(table):
    game, ana, beto, sofi = table
    chat.do_chat(game.pk, sofi, "spectators", SPECTATOR_SECRET)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    views = seen_by(Game.objects.get(pk=game.pk), ana)
    assert SPECTATOR_SECRET in views["page"] and SPECTATOR_SECRET in views["chat_api"]
    # Each still writes in their own channel.
    refused("not_your_seat", chat.do_chat, game.pk, ana, "spectators", "gg watchers")
    assert chat.do_chat(game.pk, ana, "players", "gg").channel == "players"


def test_in_the_lobby_the_seated_are_players(table):
    _game, ana, beto, sofi = table
    lobby = tables.do_create_table(ana, "estanciero", 3)
    chat.do_chat(lobby.pk, sofi, "spectators", SPECTATOR_SECRET)
    assert SPECTATOR_SECRET not in seen_by(lobby, ana)["panel"]
    tables.do_join(lobby.pk, sofi)  # sofi sits down: from now on she is a player
    refused("not_your_seat", chat.do_chat, lobby.pk, sofi, "spectators", "still here")
    assert chat.do_chat(lobby.pk, sofi, "players", "hola").seat == 1
    assert SPECTATOR_SECRET not in seen_by(lobby, sofi)["panel"]


@pytest.mark.parametrize("text", ["", "   ", "\n\t\r", "\x07\x1b\u202e\u200b", None, 42, ["hi"]])
def test_empty_or_non_text_lines_are_refused(table, text):
    game, ana, _beto, _sofi = table
    refused("bad_request", chat.do_chat, game.pk, ana, "players", text)


def test_a_line_has_at_most_500_characters_after_cleaning(table):
    game, ana, _beto, _sofi = table
    exc = refused("bad_request", chat.do_chat, game.pk, ana, "players", "x" * 501)
    assert exc.params == {"max": 500, "n": 501}
    assert chat.do_chat(game.pk, ana, "players", "y" * 500).text == "y" * 500
    # Whitespace and control characters collapse before counting: 600 raw characters may make a short line.
    assert chat.do_chat(game.pk, ana, "players", "  hola \n\n\t " + " " * 590 + "che\u202e\x00  ").text == "hola che"
    # Emoji joined with zero-width joiners stay whole.
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
    assert chat.do_chat(game.pk, ana, "players", f"a {family}").text == f"a {family}"


def test_the_rate_limit_refuses_and_writes_nothing(table, settings):
    game, ana, beto, _sofi = table
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "chat": "3/3600s"}
    _limit, window = ratelimit.rate("chat")
    for user in (ana, beto):
        cache.delete(ratelimit._key("chat", f"u{user.pk}", window))
    refused("bad_request", chat.do_chat, game.pk, ana, "players", "   ")  # a refused line costs nothing
    for i in range(3):
        chat.do_chat(game.pk, ana, "players", f"line {i}")
    exc = refused("rate_limited", chat.do_chat, game.pk, ana, "players", "one too many")
    assert exc.http_status == 429
    assert chat.do_chat(game.pk, beto, "players", "beto has his own count").user_id == beto.pk
    assert ChatMessage.objects.filter(user=ana).count() == 3


def test_chat_text_is_escaped_everywhere_it_is_shown(table):
    game, ana, _beto, sofi = table
    evil = '<script>window.pwned=1</script><img src=x onerror="alert(1)">'
    chat.do_chat(game.pk, ana, "players", evil)
    for viewer in (ana, sofi, None):
        views = seen_by(game, viewer)
        for where in ("page", "panel"):
            assert "<script>window.pwned" not in views[where] and "<img src=x" not in views[where], where
            assert "&lt;script&gt;window.pwned=1&lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in \
                views[where], where
    # JSON carries the text as typed; whoever shows it escapes it (chat.js sets textContent).
    assert client_for(sofi).get(f"/api/v1/games/{game.pk}/chat").json()["lines"]["players"][0]["text"] == evil


def test_a_muted_person_disappears_for_whoever_muted_them_only(table):
    game, ana, beto, sofi = table
    chat.do_chat(game.pk, ana, "players", "ana talks a lot")
    assert chat.do_mute(sofi, "ana") == ["ana"]
    assert chat.do_mute(sofi, "ana") == ["ana"]  # idempotent
    assert ChatMute.objects.filter(user=sofi).count() == 1
    chat.do_chat(game.pk, ana, "players", "and more")
    for where in ("page", "panel", "chat_api"):
        assert "ana talks" not in seen_by(game, sofi)[where] and "and more" not in seen_by(game, sofi)[where]
        assert "ana talks" in seen_by(game, beto)[where] and "and more" in seen_by(game, beto)[where]
    assert "ana" in seen_by(game, sofi)["panel"]  # listed among the muted, with a way back
    assert chat.do_unmute(sofi, "ana") == []
    assert "and more" in seen_by(game, sofi)["panel"]


def test_mutes_refuse_nonsense(table):
    _game, ana, _beto, _sofi = table
    for name, code in (("ana", "bad_request"), ("nobody", "not_found"), ("", "not_found"), (None, "not_found")):
        with pytest.raises(MoveRejected) as info:
            chat.do_mute(ana, name)
        assert info.value.code == code
    with pytest.raises(MoveRejected) as info:
        chat.do_mute(AnonymousUser(), "beto")
    assert info.value.code == "not_your_seat"
    assert not ChatMute.objects.exists()


def test_hidden_lines_are_shown_to_nobody(table):
    game, ana, beto, sofi = table
    line = chat.do_chat(game.pk, ana, "players", "something rude")
    ChatMessage.objects.filter(pk=line.pk).update(hidden_at=line.created_at, hidden_by=beto)
    for viewer in (ana, beto, sofi, None):
        assert "something rude" not in seen_by(game, viewer)["panel"]
    assert chat.visible_lines(game, sofi) == {"players": [], "spectators": []}


def test_an_inactive_or_restricted_account_cannot_chat(table):
    game, ana, beto, _sofi = table
    User.objects.filter(pk=ana.pk).update(is_active=False)
    refused("not_your_seat", chat.do_chat, game.pk, User.objects.get(pk=ana.pk), "players", "hi")
    Restriction.objects.create(user=beto, kind="mute", reason="insults")
    exc = refused("not_your_seat", chat.do_chat, game.pk, beto, "players", "hi")
    assert "insults" in exc.text()


def test_the_form_fallback_posts_and_comes_back_to_the_open_chat(table):
    game, ana, _beto, sofi = table
    client = client_for(sofi)
    response = client.post(f"/games/{game.pk}/chat/", {"channel": "spectators", "text": "from a phone without JS"})
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/?chat=spectators#chat"
    assert ChatMessage.objects.get().text == "from a phone without JS"
    page = client.get(response["Location"]).content.decode()
    assert 'id="chat"' in page and "from a phone without JS" in page
    # A refusal comes back as a message on the table, nothing written.
    response = client.post(f"/games/{game.pk}/chat/", {"channel": "players", "text": "let me in"}, follow=True)
    assert "Solo quienes juegan escriben en el chat de jugadores" in response.content.decode()  # in the page's language
    assert ChatMessage.objects.count() == 1
    # chat.js's fallback asks for JSON.
    ok = client.post(f"/games/{game.pk}/chat/", {"channel": "spectators", "text": "json"}, HTTP_ACCEPT="application/json")
    assert ok.status_code == 201 and ok.json()["line"]["text"] == "json"
    bad = client.post(f"/games/{game.pk}/chat/", {"channel": "spectators", "text": "x" * 600},
                      HTTP_ACCEPT="application/json")
    assert bad.status_code == 400 and bad.json()["error"] == "bad_request"
    assert ChatMessage.objects.count() == 2
    # Anonymous posts go to the login page and write nothing.
    assert Client().post(f"/games/{game.pk}/chat/", {"channel": "spectators", "text": "hi"}).status_code == 302
    assert ChatMessage.objects.count() == 2
    # Mute and unmute by form.
    assert client.post(f"/games/{game.pk}/chat/mute/", {"user": "ana"}).status_code == 302
    assert ChatMute.objects.filter(user=sofi, muted=ana).exists()
    assert client.post(f"/games/{game.pk}/chat/mute/", {"user": "ana", "undo": "1"},
                       HTTP_ACCEPT="application/json").json() == {"names": []}
    assert client.post(f"/games/{game.pk}/chat/mute/", {"user": "sofi"}, HTTP_ACCEPT="application/json").status_code == 400
