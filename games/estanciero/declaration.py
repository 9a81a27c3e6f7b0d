"""Estanciero as the site presents and runs it (``games.core.declarations``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.core.declarations import Declaration, Option
from games.core.story import Measure
from games.present.formatting import money

from . import hints, lessons, story
from .sections import SECTIONS
from .text import space_name

DECLARATION = Declaration(
    name="estanciero",
    title="Estanciero",
    tagline=_("The Argentine classic: buy zones, build chacras and estancias, and collect your rents."),
    minutes="60–180",
    origin=_("Argentina, 1937"),
    sections=SECTIONS,
    rules_template="estanciero/rules_{lang}.html",
    options=(
        Option("start_money", "int", 35000, _("Starting money (35,000 in the rulebook; it may only be raised)"),
               min=35000, max=200000, step=5000,
               note=_("start money %(amount)s"), note_param="amount", note_value=money),
        Option("claim_rents", "bool", False,
               _("The rulebook's rents: owners claim rents and prizes before the next roll, or lose them"),
               value_notes=((False, _("rents collected automatically")), (True, _("rents must be claimed")))),
        Option("jail_roll_attempts", "int", 1,
               _("Rolls for doubles to leave the Comisaría before the fine (1 in the rulebook)"), min=1, max=3,
               note=_("%(n)s rolls to leave the Comisaría")),
    ),
    # Rated and league tables play the rulebook's rents (The Game: "If the owner does not claim the rent ... before
    # the dice are rolled again, they lose the right to collect it"); casual tables collect them automatically.
    rated_options={"claim_rents": True},
    primary_actions=frozenset({"roll", "end_turn", "buy", "decline", "pay_fine", "use_jail_card", "pass", "claim_rent",
                               "claim_prize", "declare_bankruptcy", "accept_proposal", "reject_proposal", "rest",
                               "choose_card_option"}),
    openers=frozenset({"propose"}),
    # The Game: a rent not claimed "before the dice are rolled again" is lost, so a bot owner claims at once.
    lapsing_moves=frozenset({"claim_rent", "claim_prize"}),
    board_template="estanciero/board.html",
    shared_table=True,
    scripts=("js/estanciero.js",),
    banner="linear-gradient(135deg, #155740, #0f3d2e 60%, #c99a25)",
    story=(
        NET_WORTH := Measure("net-worth", _("Net worth"), of=story.net_worth, money=True),
        Measure("cash", _("Cash"), of=story.cash, money=True),
        Measure("rent-paid", _("Rent paid"), tally=story.rent_paid, money=True),
        Measure("rent-received", _("Rent received"), tally=story.rent_received, money=True),
    ),
    standing=NET_WORTH,  # Shortening the Game: the ranking by net worth
    dice_rolled=story.dice_rolled,
    opening=story.opening,
    opening_words=lambda key: space_name(int(key)),
    # "What can I do now?": a line per move type and the rulebook section it comes from.
    move_hints=hints.MOVE_HINTS,
    # The guided first game: twelve rounds, a seed whose game teaches every lesson (jail included).
    guided_table={"seats": 2, "options": {"max_turns": 12}, "seed": "learn:estanciero:144"},
    lessons=lessons.LESSONS,
)
