"""``{% public_part %}`` (games/templatetags/tablero.py): parts of a board that every viewer sees alike are
rendered once per revision and language and shared by every viewer's push. What each viewer gets must be
exactly what a render of its own would give, whoever rendered the part first."""

import random
import re

import pytest
from django.template import Context, Template, TemplateSyntaxError
from django.template.loader import render_to_string
from django.utils import translation

from games.core.rulesets import get
from games.models import Game, Move
from games.play import bots
from games.play.actions import do_move
from games.present.presenters import Viewer, table_context
from games.templatetags.tablero import forget_public_parts
from games.tests.conftest import bot_move, make_users, open_table

pytestmark = pytest.mark.django_db


def _page(game, viewer: Viewer, memo: dict | None) -> str:
    """The table as ``viewer`` sees it: with ``memo`` (kept per revision, as a push keeps it) sharing the log
    and the public parts between viewers; without, rendered alone."""
    with translation.override(viewer.language):
        context = {**table_context(game, list(game.seats.order_by("index")), viewer,
                                   moves=list(game.moves.order_by("seq")), shared=memo), "csrf_token": "T"}
        if memo is None:
            context["public_revision"] = None
        # A kept part names its element by a digest of its content (``data-part``) only in a live render.
        return re.sub(r' data-part="[0-9a-f]+"', "", render_to_string("games/_table.html", context))


@pytest.mark.parametrize("ruleset,players", [("estanciero", 4), ("argentilandia", 3), ("ladrillazo", 3)])
def test_every_viewer_gets_what_its_own_render_would_give(ruleset, players):
    """Move after move, in both languages: each seat and a spectator get, with the parts and the log shared, the
    page they would get rendered alone, whichever viewer rendered the shared parts first (a seat told a secret
    in the log, a hand dealt or a card drawn, keeps a log of its own), and with the parts kept across revisions
    (a board's space, a deed card, the deal form's choices) made at earlier revisions."""
    users = make_users(*[f"pp{ruleset[:3]}{i}" for i in range(players)])
    game = open_table(ruleset, users, start=True)
    rng = random.Random(f"public-{ruleset}")
    viewers = [*(Viewer(seat=s, signed_in=True, is_creator=s == 0) for s in range(players)), Viewer(seat=None)]
    compared = 0
    forget_public_parts()
    for n in range(1, 121):
        if not bot_move(game.pk, users, rng):
            break
        if n % 12:
            continue
        game = Game.objects.get(pk=game.pk)
        for language in ("es", "en"):
            forget_public_parts(fixed=False)  # the parts kept across revisions stay: they must still be right
            memo = {}
            order = viewers[n // 12 % len(viewers):] + viewers[:n // 12 % len(viewers)]  # a different first each time
            for viewer in order:
                viewer = Viewer(seat=viewer.seat, signed_in=viewer.signed_in, is_creator=viewer.is_creator,
                                language=language)
                shared, alone = _page(game, viewer, memo), _page(game, viewer, None)
                assert shared == alone, (n, language, viewer)
                compared += 1
    assert compared >= 8 * (players + 1)


def test_a_public_part_is_rendered_once_per_revision_and_language():
    """The first render of a revision is kept for the next viewer; a new revision or another language renders
    again; without a revision in the context (a replay) nothing is kept."""
    forget_public_parts()
    template = Template('{% load i18n tablero %}{% public_part "t" %}{{ n }}{% translate "Bank" %}{% end_public_part %}')
    with translation.override("en"):
        assert template.render(Context({"n": 1, "public_revision": (1, "s", 5)})) == "1Bank"
        assert template.render(Context({"n": 2, "public_revision": (1, "s", 5)})) == "1Bank"  # kept
        assert template.render(Context({"n": 3, "public_revision": (1, "s", 6)})) == "3Bank"
        assert template.render(Context({"n": 4, "public_revision": None})) == "4Bank"
        assert template.render(Context({"n": 5})) == "5Bank"
    with translation.override("es"):
        assert template.render(Context({"n": 6, "public_revision": (1, "s", 5)})) == "6Banco"


def test_a_public_part_needs_a_quoted_name():
    for source in ('{% public_part %}x{% end_public_part %}', '{% public_part t %}x{% end_public_part %}',
                   '{% public_part "t %}x{% end_public_part %}'):
        with pytest.raises(TemplateSyntaxError):
            Template("{% load tablero %}" + source)


def test_a_public_part_in_a_loop_is_kept_per_named_variable():
    """``{% public_part "plot" p %}``: one part per value of ``p`` (each player's plot), not one for all."""
    forget_public_parts()
    template = Template('{% load tablero %}{% for p in ps %}{% public_part "t" p %}<{{ p }}{{ n }}>{% end_public_part %}'
                        '{% endfor %}')
    assert template.render(Context({"ps": [1, 2], "n": "a", "public_revision": (1, "s", 5)})) == "<1a><2a>"
    assert template.render(Context({"ps": [2, 3], "n": "b", "public_revision": (1, "s", 5)})) == "<2a><3b>"


def test_a_fixed_part_is_kept_across_revisions_per_named_values_and_language():
    """``{% fixed_part "card" c %}``: rendered once per value of ``c`` and language, whatever the revision (a
    card's printed face); plain content without a live table's ``public_revision``."""
    forget_public_parts()
    template = Template('{% load i18n tablero %}{% fixed_part "card" c %}{{ c }}{{ n }}{% translate "Bank" %}'
                        '{% end_fixed_part %}')
    with translation.override("en"):
        assert template.render(Context({"c": 1, "n": "a", "public_revision": (1, "s", 5)})) == "1aBank"
        assert template.render(Context({"c": 1, "n": "b", "public_revision": (2, "t", 9)})) == "1aBank"  # kept
        assert template.render(Context({"c": 2, "n": "b", "public_revision": (2, "t", 9)})) == "2bBank"
        assert template.render(Context({"c": 1, "n": "c"})) == "1cBank"
    with translation.override("es"):
        assert template.render(Context({"c": 1, "n": "d", "public_revision": (1, "s", 5)})) == "1dBanco"


def test_a_part_keyed_by_a_dict_tells_its_order_apart():
    """A part that loops over a dict (a hand of cards) shows the dict's order, so two equal dicts in another order
    are two keys: the key tells apart more than the part shows, never less."""
    forget_public_parts()
    template = Template('{% load tablero %}{% fixed_part "hand" h %}{% for m, c in h.items %}{{ m }}{{ c }} '
                        '{% endfor %}{% end_fixed_part %}')
    live = {"public_revision": (1, "s", 5)}
    assert template.render(Context({"h": {"oil": 1, "wool": 2}, **live})) == "oil1 wool2 "
    assert template.render(Context({"h": {"wool": 2, "oil": 1}, **live})) == "wool2 oil1 "
    assert template.render(Context({"h": {"oil": 1, "wool": 2}, **live})) == "oil1 wool2 "


def test_seats_told_no_secret_share_the_spectators_log_and_others_keep_their_own():
    """A push renders the log once for every viewer who sees the same events: Estanciero has no secrets, so its
    four seats share the spectator's; in Ladrillazo a seat that drew a card was told which, so its log is its own
    (and differs from the spectator's), while the seats told nothing share the spectator's."""
    from games.present.presenters import _log, log_shared_with, names_of

    for ruleset, players in (("estanciero", 4), ("ladrillazo", 3)):
        users = make_users(*[f"ls{ruleset[:3]}{i}" for i in range(players)])
        game = open_table(ruleset, users, start=True)
        rs, rng = get(ruleset), random.Random(f"log-{ruleset}")
        for n in range(40):  # until a seat was told a secret (the deck is the game's own shuffle)
            game = Game.objects.get(pk=game.pk)
            moves = list(game.moves.order_by("seq"))
            if n >= 6 and (ruleset == "estanciero" or any(log_shared_with(moves, s) is not None
                                                          for s in range(players))):
                break
            seat = rs.to_move(game.state)[0]
            do_move(game.pk, seat=seat, action=bots.choose(rs, game.state, seat, "normal", rng),
                    expected_version=game.version, actor=users[seat], source=Move.Source.UI)
        seats = list(game.seats.order_by("index"))
        names = names_of(seats)
        spectators = [line["html"] for line in _log(game, seats, None, names, moves)]
        owners = [log_shared_with(moves, s) for s in range(players)]
        assert log_shared_with(moves, None) is None
        for seat, owner in enumerate(owners):
            assert owner in (None, seat)
            own = [line["html"] for line in _log(game, seats, seat, names, moves)]
            assert (own == spectators) == (owner is None), (ruleset, seat)
        assert owners == [None] * players if ruleset == "estanciero" else any(o is not None for o in owners)


def test_estanciero_spaces_deeds_and_deal_form_kept_across_revisions_follow_each_change():
    """The board's spaces, the players' deed cards and the deal form's choices are kept across revisions, per
    the state they show: a deed changing hands, a chacra built, a mortgage taken and lifted, a jail card
    received each reach every viewer's page as a fresh render would show them (Estanciero rulebook: title deeds,
    buildings, mortgages)."""
    users = make_users("ppsp0", "ppsp1", "ppsp2")
    game = open_table("estanciero", users, start=True)
    viewers = [Viewer(seat=0, signed_in=True, is_creator=True), Viewer(seat=1, signed_in=True), Viewer(seat=None)]
    changes = [
        lambda s: s["owners"].update({"1": 0, "2": 0, "3": 0, "8": 1}),
        lambda s: s["buildings"].update({"1": 2, "2": 1}),
        lambda s: s["mortgaged"].update({"8": {"lift_extra": 0}}),
        lambda s: s["mortgaged"].update({"8": {"lift_extra": 50}}),
        lambda s: s["mortgaged"].pop("8"),
        lambda s: s["owners"].update({"3": 2}),
        lambda s: s["players"][1]["jail_cards"].append("S16"),
        lambda s: s["buildings"].update({"1": 5}),
    ]
    forget_public_parts()
    for step, change in enumerate(changes, start=1):
        game = Game.objects.get(pk=game.pk)
        state = game.state
        change(state)
        Game.objects.filter(pk=game.pk).update(state=state, rev=game.rev + 1)
        game = Game.objects.get(pk=game.pk)
        for language in ("es", "en"):
            forget_public_parts(fixed=False)
            memo = {}
            for viewer in viewers:
                viewer = Viewer(seat=viewer.seat, signed_in=viewer.signed_in, is_creator=viewer.is_creator,
                                language=language)
                shared, alone = _page(game, viewer, memo), _page(game, viewer, None)
                assert shared == alone, (step, language, viewer)
    # The last state is drawn: an estancia on space 1, space 3 tinted as seat 2's.
    assert 'class="es-estancia"' in alone and "es-fill-2" in alone


def test_kept_parts_are_bounded_by_their_size_as_well_as_their_count():
    """A store of rendered parts drops the least recently used part when it holds too many parts or too
    much HTML (Argentilandia's map, 67 kB a state, once filled a process by 25 MB a minute)."""
    from games.templatetags.tablero import _Kept, _Part

    store = _Kept(entries=3, chars=100)
    for name in "abc":
        store.keep((name,), _Part("x" * 40, {}))
    assert list(store) == [("b",), ("c",)] and store.held == 80  # a third would make 120 characters
    store.move_to_end(("b",))  # used again: now "c" is the oldest
    store.keep(("d",), _Part("y" * 10, {}))
    assert list(store) == [("c",), ("b",), ("d",)] and store.held == 90
    store.keep(("e",), "a value, not HTML")  # counted as an entry only
    assert list(store) == [("b",), ("d",), ("e",)] and store.held == 50
    store.keep(("b",), _Part("z" * 5, {}))  # a part made again replaces its old size
    assert store.held == 15
    store.clear()
    assert not store and store.held == 0
