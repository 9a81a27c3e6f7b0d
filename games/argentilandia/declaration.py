"""Argentilandia as the site presents and runs it (``games.core.declarations``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.core.declarations import Declaration, Option
from games.core.story import Measure

from . import hints, lessons, story
from .sections import SECTIONS
from .text import province

DECLARATION = Declaration(
    name="argentilandia",
    title="Argentilandia",
    tagline=_("Trade raw materials, monopolise provinces and build industries on a map of Argentina."),
    minutes="90–150",
    origin=_("Argentina, 2011"),
    sections=SECTIONS,
    rules_template="argentilandia/rules_{lang}.html",
    options=(
        Option("free_bank", "bool", False, _("Open bank: trade 4 identical cards for 1 with the Banker at any time (the "
                                             "rulebook allows it only to players who cannot trade otherwise)")),
    ),
    form_note=_("With 3 players the rulebook's 3-player variant applies: fewer officials and stockbrokers, and its own "
                "winning conditions."),
    seat_notes={3: _("3-player variant")},
    primary_actions=frozenset({"roll", "end_turn", "contest_roll", "pass", "accept_offer", "refuse_offer", "discard"}),
    openers=frozenset({"offer_trade", "counter_offer", "intl_trade"}),
    board_template="argentilandia/board.html",
    # The board marks what depends on who looks ({% own %}: the current player's "you", the trade panel, the hand, the
    # cost card); the players' list marks the viewer's row by the root's data-you, and a province's hint tells each
    # seat its count from data-hint-seat.
    shared_table=True,
    scripts=("js/argentilandia.js",),
    banner="linear-gradient(135deg, #74acdf, #3f7fb8 60%, #f2c14e)",
    story=(
        VICTORY_POINTS := Measure("vp", _("Victory points"), story.victory_points),
        Measure("production-cards", _("Production cards in hand"), story.production_cards),
    ),
    standing=VICTORY_POINTS,
    dice_rolled=story.dice_rolled,
    opening=story.opening,
    opening_words=lambda key: " + ".join(province(p) for p in key.split("+")),
    # "What can I do now?": a line per move type and the rulebook section it comes from.
    move_hints=hints.MOVE_HINTS,
    # The guided first game: the fewest players, fifteen turns, a seed whose game teaches every lesson.
    guided_table={"seats": 3, "options": {"max_turns": 15}, "seed": "learn:argentilandia:20"},
    lessons=lessons.LESSONS,
)
