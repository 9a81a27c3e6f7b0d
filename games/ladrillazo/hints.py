"""Ladrillazo's "What can I do now?": for each move type, one line on what it does and why it may be worth it, in
the rulebook's words, with the slug of the section it comes from (``Declaration.move_hints``).

Each line is true per the rulebook and the engine (``docs/rules/ladrillazo.md`` records where the site decided
what the rulebook leaves open: loose envelopes until hidden, the tax haven's own EVADE stamp only as a table
option, the envelopes on a traded card going back to the dispenser). The words follow the buttons
(``text.label_action``) and the Rules page. Outside the engine: it imports Django's translation, the engine never
imports this module.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

MOVE_HINTS: dict[str, tuple[Any, str]] = {
    # Turn and lower; The Cards (mamandurrias: a cost in envelopes paid to the dispenser)
    "lower": (_("Lower a hand card to your plot, where it works: land and citizens are free, "
                "mamandurrias cost envelopes, others need plot cards turned."), "turn"),
    "back": (_("Put a land or citizen behind a card with a free slot of its type: the card goes up a level, but "
               "the backer can't be used or hold envelopes."), "level-and-support"),
    # Level and support (decision 9: a padlock's backing stays for the game)
    "withdraw": (_("Take a land or citizen back from behind its card: it is free to use again and the card loses "
                   "that level. A padlock forbids it."), "level-and-support"),
    "act": (_("Use a card's action, turning it: a project earns its level in envelopes; other cards draw, or "
              "expose, paralyse or take a rival's card."), "powers-and-actions"),
    # Money (decision 11: earned envelopes are loose until hidden or evaded)
    "hide": (_("Hide loose envelopes on an ESCONDE card of your plot, up to its stamp: any left loose go back "
               "to the dispenser when the turn ends."), "money"),
    "unhide": (_("Take envelopes back off a card to evade them, pay for a mamandurria or move them to another "
                 "card; hide again what you keep."), "money"),
    # Money (decision 13: paradise has no limit; nothing leaves it)
    "evade": (_("Send loose envelopes to your tax haven with a card's EVADE stamp (an action: it turns): paradise "
                "has no limit and nothing takes them out."), "money"),
    "end_turn": (_("End your turn: loose envelopes go back to the dispenser (not in the game's last turn); discard "
                   "unwanted hand cards, draw as many plus one."), "end-of-turn"),
    # Talks (decisions 21-23)
    "propose": (_("Offer another player a deal: cards and envelopes for their plot cards or envelopes. Sell, buy "
                  "or bribe: talks are free."), "talks"),
    "accept": (_("Accept this deal: cards keep their place and state, and the envelopes on a card that changes "
                 "hands go back to the dispenser."), "talks"),
    "reject": (_("Turn this deal down: nothing changes hands, and you may still make an offer of your own."),
               "talks"),
    # Decision 26b: the player on turn cannot end it under an open proposal
    "cancel": (_("Withdraw your proposal before it is answered: on your turn you cannot end it while the proposal "
                 "waits."), "talks"),
}
