"""An id appears once in a table: the page morphs each update in by matching elements, ids first, and the forms
people type into carry ids so that an update matches each with its own (an offer once put its "to beto" into
the exchange form beside it). Two elements with one id would be matched with either."""

import collections
import re

import pytest

from games.live import snapshots
from games.present.presenters import Viewer
from tests.test_pages_read_in_one_language import tables_in_play  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db


def test_no_id_twice_in_any_view_of_the_three_tables(tables_in_play):  # noqa: F811
    _, games = tables_in_play
    for game in games:
        snapshots.clear()
        snap = snapshots.load(game.pk)
        for seat in (0, 1, None):
            viewer = Viewer(seat=seat, signed_in=seat is not None, is_creator=seat == 0, language="en")
            html = snapshots.page_html(snapshots.table_message(snap, viewer))
            ids = collections.Counter(re.findall(r'\sid="([^"]+)"', html))
            assert ids, "the table carries ids: the check below would show nothing"
            assert [i for i, n in ids.items() if n > 1] == [], (game.ruleset, seat)
