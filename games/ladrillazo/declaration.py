"""Ladrillazo as the site presents and runs it (``games.core.declarations``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.core.declarations import Declaration, Option
from games.core.story import Measure

from . import hints, lessons, story
from .sections import SECTIONS

DECLARATION = Declaration(
    name="ladrillazo",
    title="Ladrillazo",
    tagline=_("A satirical card game of Spain's property bubble: land, politicians and tax havens."),
    minutes="60–90",
    origin=_("Spain"),
    sections=SECTIONS,
    rules_template="ladrillazo/rules_{lang}.html",
    options=(
        Option("handful", "int", 20, _("Envelopes each player puts in the dispenser"), min=5, max=50,
               note=_("%(n)s envelopes each")),
        Option("first_player", "choice", "creator", _("Who starts"),
               choices=(("creator", _("The table's creator (the oldest player, in the rulebook)")),
                        ("random", _("Drawn at random"))),
               note=_("first player drawn")),
        Option("paradise_evade", "bool", False,
               _("Reconstruction: each tax haven card evades 1 envelope a turn of its own (the rulebook gives it no "
                 "EVADE stamp)"),
               note=_("tax havens evade 1")),
    ),
    # Answering an offer stays in sight beside the generic moves.
    primary_actions=frozenset({"end_turn", "discard", "accept", "reject"}),
    openers=frozenset({"propose"}),
    board_template="ladrillazo/board.html",
    scripts=("js/ladrillazo.js",),
    banner="linear-gradient(135deg, #c0392b, #8e2b20 60%, #f2c14e)",
    # Where each player's envelopes lie (Money), in the board's words; no dice, so no ``dice_rolled``.
    story=(
        Measure("hidden", _("Hidden on plot cards"), story.hidden),
        Measure("paradise", _("Evaded to paradise"), story.in_paradise),
        Measure("in-hand", _("In hand, not yet hidden"), story.in_hand),
    ),
    # End of the game: "the player with the most envelopes wins in total".
    standing=Measure("envelopes", _("Envelopes in all"), story.envelopes),
    # "What can I do now?": a line per move type and the rulebook section it comes from.
    move_hints=hints.MOVE_HINTS,
    # The guided first game: a short dispenser, a seed whose game teaches every lesson.
    guided_table={"seats": 2, "options": {"handful": 5}, "seed": "learn:ladrillazo:3"},
    lessons=lessons.LESSONS,
)
