"""``{% kept_part %}`` and the pushes that name them (games/templatetags/tablero.py, games/live/snapshots.py): a push
to a page that shows the previous revision sends the board's unchanged elements as placeholders. Filled from
that page, it must give exactly the table a whole render gives."""

import random
import re

import pytest

from games.live import snapshots
from games.present.presenters import Viewer
from games.templatetags.tablero import forget_public_parts
from games.tests.conftest import bot_move, make_users, open_table

pytestmark = pytest.mark.django_db

PLACEHOLDER = re.compile(r'<([a-z]+) data-keep="([0-9a-f]+)"(?: data-run="(\d+)" data-last="([0-9a-f]+)")?></\1>')


def _html(message: str) -> str:
    return snapshots.page_html(message)


def _element(shown: str, at: int, parts: dict) -> tuple[str, str]:
    """The kept element that starts at ``at`` on the page: its digest and HTML (a log line, ``data-line``, or
    a board's part, ``data-part``)."""
    if shown.startswith('<li data-line="', at):
        return shown[at + 15:at + 31], shown[at:shown.index("</li>", at) + 5]
    digest = shown[shown.index(' data-part="', at) + 12:][:16]
    assert shown.startswith(parts[digest][0], at), "a run names elements that do not stand together on the page"
    return digest, parts[digest][0]


def _filled(pushed: str, shown: str, parts: dict) -> str:
    """The push as the page fills it (static/js/table.js): each placeholder becomes the element of that digest
    the page shows, and a run's placeholder that element and the ones after it on the page, as many as it says,
    the white space between them, the last of them the one it names."""
    def fill(match):
        first, count, last = match.group(2), int(match.group(3) or 1), match.group(4)
        at = shown.find(parts[first][0]) if first in parts else shown.find(f'<li data-line="{first}"')
        assert at >= 0, "a placeholder names an element the page does not show"
        run = []
        while len(run) < 2 * count - 1:
            digest, element = _element(shown, at, parts)
            run.append(element)
            at += len(element)
            if len(run) < 2 * count - 1:
                gap = len(shown[at:]) - len(shown[at:].lstrip(" \n"))
                run.append(shown[at:at + gap])
                at += gap
        assert last is None or digest == last
        return "".join(run)
    return PLACEHOLDER.sub(fill, pushed)


@pytest.mark.parametrize("ruleset, runs", [("estanciero", False), ("estanciero", True), ("argentilandia", True),
                                           ("ladrillazo", True)])
def test_a_push_filled_from_the_page_before_is_the_whole_table(ruleset, runs):
    """Move after move, for two seats and a spectator in both languages: the push against the previous
    revision, its placeholders filled from that revision's page, equals the whole table; and most of the board
    and the log travel as placeholders, with runs (``keep=2``) as a few placeholders for many elements."""
    users = make_users("kp0", "kp1", "kp2", "kp3")
    game = open_table(ruleset, users, start=True)
    rng = random.Random("kept-parts")
    viewers = [Viewer(seat=0, signed_in=True, is_creator=True, language=lang) for lang in ("es", "en")]
    viewers += [Viewer(seat=2, signed_in=True, language="es"), Viewer(seat=None, language="en")]
    forget_public_parts()
    before = snapshots.read(game.pk)
    shown = {viewer: _html(snapshots.table_message(before, viewer)) for viewer in viewers}
    kept = total = holes = 0
    for _ in range(40):
        if not bot_move(game.pk, users, rng):
            break
        now = snapshots.read(game.pk)
        for viewer in viewers:
            pushed = _html(snapshots.table_message(now, viewer, base=before, runs=runs))
            whole = _html(snapshots.table_message(now, viewer))
            parts = before.renders[("parts", snapshots.page_view(before, viewer))]
            assert _filled(pushed, shown[viewer], parts) == whole
            found = PLACEHOLDER.findall(pushed)
            holes += len(found)
            kept += sum(int(run or 1) for _tag, _first, run, _last in found)
            total += whole.count("data-part=") + (whole.count("data-line=") if runs else 0)
            shown[viewer] = whole
        before = now
    assert kept > total * 0.8
    assert (holes < kept / 2) if runs else (holes == kept)


def test_a_kept_part_is_one_element_named_by_its_content():
    """The same content gets the same digest in any render (any process), a different content another."""
    from django.template import Context, Template

    forget_public_parts()
    template = Template('{% load tablero %}{% kept_part "cell" n %}<g class="c">{{ n }}</g>{% end_kept_part %}')
    parts: dict = {}
    one = template.render(Context({"n": 1, "public_revision": (1, "s", 5), "kept_parts": parts}))
    forget_public_parts()
    again = template.render(Context({"n": 1, "public_revision": (2, "t", 9)}))
    two = template.render(Context({"n": 2, "public_revision": (1, "s", 5)}))
    digest = re.search(r'data-part="([0-9a-f]+)"', one).group(1)
    assert one == again == f'<g class="c" data-part="{digest}">1</g>'
    assert parts == {digest: (one, "g")}
    assert digest not in two
    assert template.render(Context({"n": 1})) == '<g class="c">1</g>'  # a replay, a test: plain content
