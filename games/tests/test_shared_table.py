"""The table every viewer of a revision shares (``games.live.snapshots.page_view``, ``table_message``): rendered
once per revision and language with a slot for each part that depends on who looks (``{% own %}``), each viewer
sent its own parts beside it, which the page puts in the slots (``static/js/table.js``; in Chromium:
``test_browser_game.py``, through ``tests.fixtures.browsers.assert_shows_a_fresh_table``)."""

from __future__ import annotations

import json
import random

import pytest
from django.template import loader
from django.template.loader import render_to_string
from django.utils import translation

from games.live import snapshots
from games.models import Game, Seat
from games.present.presenters import Viewer, table_context, told_in
from games.templatetags.tablero import forget_public_parts
from games.tests.conftest import bot_move, make_users, open_table

pytestmark = pytest.mark.django_db


def _alone(snap: snapshots.Snapshot, viewer: Viewer) -> str:
    """The table rendered for ``viewer`` alone, as its page's first load renders it."""
    with translation.override(viewer.language):
        context = table_context(snap.game, snap.seats, viewer, moves=snap.moves)
        context["csrf_token"] = "NOTPROVIDED"
        return render_to_string("games/_table.html", context)


def _viewers(seats: int) -> list[Viewer]:
    viewers = [Viewer(seat=None, language="es"), Viewer(seat=None, signed_in=True, language="en")]
    return viewers + [Viewer(seat=s, signed_in=True, is_creator=s == 0, language=lang)
                      for s in range(seats) for lang in ("es", "en")]


@pytest.mark.parametrize(("ruleset", "seats"), [("estanciero", 2), ("estanciero", 4), ("argentilandia", 3),
                                                ("argentilandia", 4)])
def test_the_shared_table_with_a_viewers_own_parts_is_the_table_rendered_for_that_viewer(ruleset, seats):
    """Move after move of a game (Estanciero's buying, auctions, debts, deals; Argentilandia's placing, trading,
    buying and contests: a bot's choices), for the spectators and every seat in both languages: the shared render
    with the viewer's own parts put in its slots, and its seat in the board's mark, is the table rendered for that
    viewer alone, character for character. A viewer's own parts are its seat's marks, the moves card with "What
    can I do now?", and the board's: Estanciero's panels (the offer's words, a debt, the bid and deal forms),
    Argentilandia's trade panel, hand, cost card and the current player's "you". A seat told a
    secret within the log (an event only it sees) is rendered alone, and its table is checked as the others'."""
    names = [f"sh{ruleset[0]}{seats}{i}" for i in range(seats)]
    users = make_users(*names)
    game = open_table(ruleset, users, start=True)
    rng = random.Random(f"shared-{ruleset}-{seats}")
    forget_public_parts()
    checked = panels = shared = 0
    for _ in range(60):
        snap = snapshots.read(game.pk)
        told = told_in(snap.moves)
        for viewer in _viewers(seats):
            view = snapshots.page_view(snap, viewer)
            assert (view == ("shared", viewer.language)) == (viewer.seat not in told)
            message = snapshots.table_message(snap, viewer)
            assert ('<template data-own="' in json.loads(message)["html"]) == (view != viewer)
            shown = snapshots.page_html(message)
            assert shown == _alone(snap, viewer)
            checked += 1
            shared += view != viewer
            panels += 'class="es-panel ' in shown or 'class="al-card al-hand"' in shown
        if not bot_move(game.pk, users, rng):
            break
    assert checked >= 60 * len(_viewers(seats)) and panels > 0 and shared > checked // 2


def test_each_revision_is_rendered_once_per_language_for_all_its_viewers(monkeypatch):
    """Four seats and two spectators in one language cost one render of the table (and each its own parts); a
    second language, one more."""
    users = make_users("once0", "once1", "once2", "once3")
    game = open_table("estanciero", users, start=True)
    bot_move(game.pk, users, random.Random(1))
    snap = snapshots.read(game.pk)
    rendered = []
    real = loader.render_to_string

    def counted(name, *args, **kwargs):
        rendered.append(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(snapshots, "render_to_string", counted)
    for viewer in _viewers(4):
        if viewer.language == "es":
            snapshots.table_message(snap, viewer)
    assert rendered == ["games/_table.html"]
    own = [key for key in snap.renders if key[0] == "own"]
    assert len(own) == 1 + 4  # the spectator's and each seat's own parts
    for viewer in _viewers(4):
        snapshots.table_message(snap, viewer)
    assert rendered == ["games/_table.html"] * 2


def test_a_table_is_rendered_for_its_viewer_alone_where_parts_outside_the_slots_depend_on_who_looks():
    """A table gathering players (the lobby card: join, start, invite), a finished one (rematch), a teaching
    table (the coach), a seat a bot plays for its person (take it back), and the rulesets whose boards do not
    mark their own parts (``Declaration.shared_table``) are each rendered for their viewer."""
    users = make_users("al0", "al1")
    seat = Viewer(seat=0, signed_in=True, is_creator=True, language="es")
    lobby = open_table("estanciero", users)
    assert snapshots.page_view(snapshots.read(lobby.pk), seat) == seat
    game = open_table("estanciero", users, start=True)
    snap = snapshots.read(game.pk)
    assert snapshots.page_view(snap, seat) == ("shared", "es")
    Seat.objects.filter(game=game, index=0).update(is_bot=True)  # its person keeps it: taken over
    snap = snapshots.read(game.pk)
    assert snapshots.page_view(snap, seat) == seat
    assert snapshots.page_view(snap, Viewer(seat=1, signed_in=True, language="es")) == ("shared", "es")
    Game.objects.filter(pk=game.pk).update(teaching=True)
    assert snapshots.page_view(snapshots.read(game.pk), Viewer(seat=1, signed_in=True)) != ("shared", "es")
    Game.objects.filter(pk=game.pk).update(teaching=False, status=Game.Status.FINISHED)
    assert snapshots.page_view(snapshots.read(game.pk), Viewer(seat=None)) == Viewer(seat=None)
    message = snapshots.table_message(snapshots.read(game.pk), seat)
    assert "own" not in json.loads(message)
    other = open_table("ladrillazo", make_users("ladrillazo0", "ladrillazo1", "ladrillazo2"), start=True)
    assert snapshots.page_view(snapshots.read(other.pk), Viewer(seat=None)) == Viewer(seat=None)
