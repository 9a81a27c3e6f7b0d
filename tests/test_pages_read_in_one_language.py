"""Every page, and every push a socket sends, reads in its reader's language: not one sentence of the other.

Seen by hand in two browsers: a person reading in English got the move log in Spanish with every push (the log
was described in the language the socket's thread last spoke), while the rest of the table was English. The
sentences of each catalogue (``locale/``) that the other language never uses are looked for in what a reader of
the other language gets: the pages a player walks through, the three tables in the middle of a game (as a
player and as a spectator), and the pushes of the table's and the lobby's sockets, rendered on a thread that
speaks the other language."""

from __future__ import annotations

import html
import json
import re
from functools import cache
from pathlib import Path

import polib
import pytest
from django.utils import translation

from games.live import snapshots
from games.present.presenters import Viewer
from games.tests.conftest import client_for, make_users, open_table
from games.tests.test_move_path import play_randomly
from lobby.listing import lobby_message

pytestmark = pytest.mark.django_db

LOCALE = Path(__file__).resolve().parent.parent / "locale"
OTHER = {"en": "es", "es": "en"}
# What a placeholder, a tag or a template variable stands for: a sentence is looked for piece by piece.
BREAKS = re.compile(r"%\([^)]*\)[sdf]|%[sdf]|\{\{[^}]*\}\}|\{[a-z_]*\}|<[^>]+>|\n")
TRIM = " .,:;·—–-()¡!¿?\"'«»…"


def _pieces(text: str) -> list[str]:
    return [p.strip(TRIM) for p in BREAKS.split(html.unescape(text))]


@cache
def _texts(lang: str) -> list[str]:
    """Every sentence the catalogue has for ``lang``: the source (English) or its Spanish translation."""
    po = polib.pofile(str(LOCALE / "es" / "LC_MESSAGES" / "django.po"))
    out = []
    for entry in po:
        if lang == "en":
            out += [entry.msgid, entry.msgid_plural]
        else:
            out += [entry.msgstr, *entry.msgstr_plural.values()]
    return [t for t in out if t]


@cache
def distinctive(lang: str) -> tuple[str, ...]:
    """Pieces of ``lang``'s sentences of three words or more that appear in no sentence of the other language
    (so "Estanciero", a name, or a phrase both share is never counted)."""
    other = "\n".join(_texts(OTHER[lang]))
    pieces = {p for t in _texts(lang) for p in _pieces(t) if len(p.split()) >= 3 and len(p) >= 12}
    return tuple(sorted(p for p in pieces if p not in other))


def visible_text(page: str) -> str:
    """What a reader sees of an HTML page or fragment: no scripts or styles, tags taken out, entities read. A phrase
    marked as another language (``<i lang="es">Agente de Bolsa</i>``: a game's original name) is left out: it is
    meant to be read so."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S | re.I)
    page = re.sub(r"<(i|span|em|q)\b[^>]*\blang=\"[a-z-]+\"[^>]*>.*?</\1>", " ", page, flags=re.S | re.I)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def foreign(text: str, lang: str) -> list[str]:
    """The sentences of the other language found in ``text``, which a reader of ``lang`` got."""
    return [p for p in distinctive(OTHER[lang]) if p in text]


def test_the_catalogues_give_enough_sentences_to_look_for():
    """The check below means something only with many sentences of each language to look for."""
    assert len(distinctive("es")) > 300 and len(distinctive("en")) > 300
    assert "Esperando a los demás jugadores" in distinctive("es")
    assert "Waiting for the other players" in distinctive("en")


@pytest.fixture
def tables_in_play(db):
    users = make_users("ana", "beto", "caro")
    # Random legal moves through the move path, so that the log, the board and the moves have something.
    games = [play_randomly(open_table("estanciero", users, start=True), users, 40, 1),
             play_randomly(open_table("argentilandia", users, start=True), users, 60, 2),
             play_randomly(open_table("ladrillazo", users[:2], start=True), users, 30, 3)]
    return users, games


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_pages_a_player_walks_through_read_in_one_language(tables_in_play, lang):
    users, games = tables_in_play
    pages = ["/", "/play/", "/rules/", "/leagues/", "/leaderboards/", "/my-games/", "/settings/", "/u/ana/"]
    for game in games:
        pages += [f"/games/{game.pk}/", f"/games/{game.pk}/table/", f"/rules/{game.ruleset}/"]
    readers = {"ana": client_for(users[0], lang), "a spectator": client_for(None, lang)}
    found = {}
    for who, client in readers.items():
        for url in pages:
            response = client.get(url)
            if response.status_code != 200 or not response["Content-Type"].startswith("text/html"):
                continue
            wrong = foreign(visible_text(response.content.decode()), lang)
            if wrong:
                found[(who, url)] = wrong
    assert not found, f"a reader of {lang} got sentences of the other language: {found}"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_pushes_read_in_their_readers_language_on_a_thread_that_speaks_the_other(tables_in_play, lang):
    _, games = tables_in_play
    found = {}
    with translation.override(OTHER[lang]):  # the thread a socket's push is rendered on speaks the other language
        for game in games:
            snapshots.clear()
            snap = snapshots.load(game.pk)
            for seat in (0, 1, None):
                viewer = Viewer(seat=seat, signed_in=seat is not None, is_creator=seat == 0, language=lang)
                text = visible_text(snapshots.page_html(snapshots.table_message(snap, viewer)))
                if wrong := foreign(text, lang):
                    found[(game.ruleset, seat)] = wrong
        _, lobby = lobby_message(lang)
        if wrong := foreign(visible_text(json.loads(lobby)["html"]), lang):
            found["lobby"] = wrong
    assert not found, f"a reader of {lang} got sentences of the other language: {found}"
