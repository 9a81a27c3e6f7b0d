"""Dice race as the site presents it (words left untranslated: a test ruleset)."""

from games.core.declarations import Declaration, Option

from .sections import SECTIONS

DECLARATION = Declaration(
    name="dice_race",
    title="Dice race",
    tagline="Roll in turn; the first to reach the target wins.",
    minutes="5",
    origin="The test suite",
    sections=SECTIONS,
    rules_template="dice_race/rules_{lang}.html",
    options=(Option("target", "int", 20, "Points to reach", min=10, max=50, note="race to %(n)s"),
             Option("loud_dice", "bool", False, "Loud dice"),),
    form_note="A race of two.",
    primary_actions=frozenset({"roll"}),
    board_template="dice_race/board.html",
)
