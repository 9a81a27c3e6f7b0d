"""Estanciero's guided first game: what it teaches, in the order a newcomer meets it (``games.core.lessons``).

Buying, rent (claimed by the owner, or lost: the rule Monopoly players trip over), building chacras, a mortgage, the
Police Station and a deal, then the end of a shortened game. Jail is not steered: the guided seed's dice send the
learner there. Outside the engine: it imports Django's translation.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.core.lessons import Lesson

LESSONS = (
    Lesson("buy", _("Buy a zone"), "the-bank", moves=frozenset({"buy"})),
    Lesson("rent", _("Claim a rent"), "zones", moves=frozenset({"claim_rent"}), events=frozenset({"rent_claimed"})),
    Lesson("build", _("Build a chacra"), "chacras", moves=frozenset({"build"})),
    Lesson("mortgage", _("Mortgage a deed"), "mortgage", moves=frozenset({"mortgage"})),
    Lesson("jail", _("The Police Station"), "police-station",
           moves=frozenset({"pay_fine", "use_jail_card"}), events=frozenset({"jailed"}), own_events=True,
           steer=False),
    Lesson("deal", _("Make a deal"), "sale-of-properties",
           moves=frozenset({"propose", "accept_proposal", "reject_proposal"}), steer=False),
    Lesson("end", _("The end: the richest wins"), "shortening-the-game", events=frozenset({"game_over"}),
           steer=False),
)
