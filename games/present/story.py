"""A finished game's story in pictures: a chart per measure its ruleset declares, and how its dice fell.

The game is replayed (``games.present.replay``) and each measure read at up to ``POINTS`` moves evenly spread
(``games.core.story``); the charts are SVG drawn here by pygal, in the site's seat colours, sized to read on a
phone, with no script. A game that is over changes no more, so each chart is drawn once per process and language
and kept (``KEPT`` of them). Only a game that is over has a story: a live one's would show what its players
cannot see (a hand's size, envelopes hidden).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

import pygal
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, override
from pygal.etree import etree
from pygal.style import Style

from games.core import rulesets
from games.core.story import (
    Measure,
    Moment,
    Series,
    chi_square,
    dice_sums,
    expected_sums,
    key_moments,
    read_series,
    sample_steps,
)
from games.models import Game
from games.play.actions import MoveRejected
from games.present.formatting import money
from games.present.replay import check_replayable, replay_for

WIDTH, HEIGHT = 420, 300  # a chart's drawing units: its words' sizes are in these
POINTS = 120  # a chart's points at most: more than a phone's width in pixels shows apart
KEPT = 256  # charts kept per process
DICE = "dice"  # the dice chart's key, beside the measures'

# The seats' colours of the site (static/css/site.css, .seat-N), so a line is its player's dot's colour.
SEAT_COLOURS = ("#d93b3b", "#2f6fd6", "#2e9e4f", "#f2c14e", "#8e44ad", "#e67e22")
_STYLE = Style(
    background="transparent", plot_background="#ffffff", foreground="#1d2621", foreground_strong="#1d2621",
    foreground_subtle="#e2ddd0", opacity="1", opacity_hover="1", stroke_opacity="1", stroke_opacity_hover="1",
    stroke_width="3", stroke_width_hover="4", colors=SEAT_COLOURS,
    font_family='system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
    label_font_size=15, major_label_font_size=15, legend_font_size=16, title_font_size=18, value_font_size=14,
)
_DICE_STYLE = Style(**{**_STYLE.to_dict(), "colors": ("#155740", "#c99a25")})


@dataclass(frozen=True)
class Chart:
    """One picture of the story: its key (in its address), its words, and how the dice fell (dice only)."""

    key: str
    title: str
    fair_note: str = ""


def check_story(game: Game) -> None:
    """Only a game that is over, replayable under today's rules, has a story (``check_replayable``)."""
    check_replayable(game)
    if not rulesets.declaration(game.ruleset).story and rulesets.declaration(game.ruleset).dice_rolled is None:
        raise MoveRejected("not_found", gettext_noop("This game has no charts."))


def _measure(game: Game, key: str) -> Measure:
    for measure in rulesets.declaration(game.ruleset).story:
        if measure.key == key:
            return measure
    raise MoveRejected("not_found", gettext_noop("This game has no chart by that name."))


def series_of(game: Game, measures: list[Measure]) -> list[Series]:
    """The measures over the replayed game, read at up to ``POINTS`` moves (the deal and the end included)."""
    return read_series(measures, replay_for(game).walk(set(sample_steps(game.version, POINTS))), game.num_seats)


_moments: OrderedDict[tuple, list[Moment]] = OrderedDict()


def moments_of(game: Game) -> list[Moment]:
    """The moves that changed the game's standings most (``key_moments`` of its ruleset's ``standing``), read
    after every move; empty for a ruleset without a standing. Kept per process, as the charts are."""
    measure = rulesets.declaration(game.ruleset).standing
    if measure is None or measure.of is None:
        return []
    key = (game.pk, game.seed_commitment, game.version)
    with _lock:
        if key in _moments:
            return _moments[key]
    found = key_moments([(step, measure.of(state)) for step, state, _events in replay_for(game).walk() if state is not None])
    with _lock:
        _moments[key] = found
        while len(_moments) > KEPT:
            _moments.popitem(last=False)
    return found


def dice_counts(game: Game) -> dict[int, int]:
    """How many times each sum of two dice came up in the game (its ruleset's ``dice_rolled``)."""
    found = rulesets.declaration(game.ruleset).dice_rolled
    replay = replay_for(game)
    rolls = []
    for logged in replay.moves:
        for event in logged.events:
            pair = found(event) if found else None
            if pair is not None:
                rolls.append(pair)
    return dice_sums(rolls)


def dice_note(counts: dict[int, int]) -> str:
    """One sentence on how the dice fell against fair dice (Pearson's chi-squared over the eleven sums)."""
    rolls = sum(counts.values())
    if rolls < 30:
        return _("%(n)s rolls: too few to tell anything about the dice.") % {"n": rolls}
    statistic = chi_square(counts)
    if statistic <= 23.2:  # 10 degrees of freedom: fair dice stay under it in 99 games of 100
        return _("%(n)s rolls, as fair dice fall (chi-squared %(x)s over 10 degrees of freedom; fair dice "
                 "exceed 23.2 once in a hundred games).") % {"n": rolls, "x": f"{statistic:.1f}"}
    return _("%(n)s rolls, further from the average than fair dice fall in 99 games of 100 (chi-squared %(x)s "
             "over 10 degrees of freedom). Luck does that once in a hundred games; the seed shows these were the "
             "dice it drew.") % {"n": rolls, "x": f"{statistic:.1f}"}


_kept: OrderedDict[tuple, str] = OrderedDict()
_lock = threading.Lock()


def chart_svg(game: Game, key: str, language: str, names: list[str]) -> str:
    """The chart ``key`` of a finished game's story as SVG in ``language``, a line per player (``names``, in seat
    order), drawn once per process and kept."""
    check_story(game)
    cache_key = (game.pk, game.seed_commitment, game.version, key, language)
    with _lock:
        found = _kept.get(cache_key)
        if found is not None:
            _kept.move_to_end(cache_key)
            return found
    with override(language):
        svg = _dice_chart(game) if key == DICE and rulesets.declaration(game.ruleset).dice_rolled else \
            _line_chart(game, _measure(game, key), names)
    with _lock:
        _kept[cache_key] = svg
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return svg


def _config(lines: int, formatter, **extra) -> dict:
    """A chart 420 by 300, drawn at a phone's width (about 340 pixels), keeps its words at 12 pixels or more; the
    legend in two columns (three past four players), with room below it (pygal's own leaves the last row out)."""
    return {"style": _STYLE, "js": [], "explicit_size": False, "width": WIDTH, "height": HEIGHT,
            "disable_xml_declaration": True, "legend_at_bottom": True, "legend_at_bottom_columns": 2 if lines <= 4 else 3,
            "margin_bottom": 30, "truncate_legend": 22, "truncate_label": -1, "print_values": False,
            "value_formatter": formatter, "formatter": formatter, **extra}


def _line_chart(game: Game, measure: Measure, names: list[str]) -> str:
    (series,) = series_of(game, [measure])
    chart = pygal.Line(**_config(len(series.values), _money if measure.money else _plain, show_dots=False,
                                 x_title=_("Move"), show_minor_x_labels=False, x_labels_major_count=6,
                                 show_minor_y_labels=False, y_labels_major_count=5, **_whole_ticks(series)))
    chart.title = str(measure.title)
    chart.x_labels = [str(step) for step in series.steps]
    for seat, values in enumerate(series.values):
        chart.add(names[seat] if seat < len(names) else str(seat + 1), list(values))
    return _svg(chart)


def _dice_chart(game: Game) -> str:
    counts = dice_counts(game)
    expected = expected_sums(sum(counts.values()))
    chart = pygal.Bar(**_config(2, _plain, style=_DICE_STYLE, x_title=_("Sum of the two dice"),
                                show_minor_y_labels=False, y_labels_major_count=5))
    chart.title = _("How the dice fell")
    chart.x_labels = [str(s) for s in counts]
    chart.add(_("Rolled"), list(counts.values()))
    chart.add(_("Fair dice"), [round(expected[s], 1) for s in counts])
    return _svg(chart)


def _whole_ticks(series: Series) -> dict:
    """Counts of a few (victory points, envelopes) get a mark at each whole number, not at 0.5."""
    values = [v for line in series.values for v in line]
    if values and all(float(v).is_integer() for v in values) and 0 <= min(values) and max(values) <= 12:
        return {"y_labels": list(range(0, int(max(values)) + 1 if max(values) else 2))}
    return {}


def _svg(chart) -> str:
    """The chart's SVG without pygal's script (its configuration for interactive tooltips, which an image never
    runs and the site's Content-Security-Policy would refuse inline)."""
    tree = chart.render_tree()
    for parent in tree.iter():
        for child in [c for c in parent if isinstance(c.tag, str) and c.tag.endswith("script")]:
            parent.remove(child)
    return etree.tostring(tree, encoding="unicode")


def _plain(value: float) -> str:
    return f"{value:g}"


def _money(value: float) -> str:
    return money(int(value)) if value == int(value) else money(value)


def story_links(game: Game, language: str, notes: bool = False) -> list[dict]:
    """The charts of a finished game's story as the pages show them: words, address (in ``language``) and, with
    ``notes``, the sentence on its dice (which replays the game). Empty for a game with no story to show."""
    from django.urls import reverse

    try:
        check_story(game)
    except MoveRejected:
        return []
    declaration = rulesets.declaration(game.ruleset)
    with override(language):
        charts = [Chart(m.key, str(m.title)) for m in declaration.story]
        if declaration.dice_rolled is not None:
            charts.append(Chart(DICE, _("How the dice fell"), dice_note(dice_counts(game)) if notes else ""))
    return [{"key": c.key, "title": c.title, "note": c.fair_note,
             "url": f"{reverse('games:story', args=[game.pk, c.key])}?lang={language}"} for c in charts]
