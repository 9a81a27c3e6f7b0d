"""Estanciero's "What can I do now?": for each move type, one line on what it does and why it may be worth it, in
the rulebook's words, with the slug of the section it comes from (``Declaration.move_hints``).

Each line is true per the rulebook and the engine (``docs/rules/estanciero.md`` records where the site decided
what the rulebook leaves open: a declined deed is not auctioned, a mortgage pays 90% of its value, the jail card may
be traded). The words follow the buttons (``text.label_action``) and the Rules page. Outside the engine: it
imports Django's translation, the engine never imports this module.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

MOVE_HINTS: dict[str, tuple[Any, str]] = {
    # The Game; Doubles on the Dice; Police Station (decision 12: one roll for doubles frees without the fine)
    "roll": (_("Roll and move that many spaces. Doubles play again, but a third in a row sends you to "
               "the Police Station; in there, doubles free you."), "the-game"),
    # Rest (decision 14: announced and rolled in one move; doubles end the rest)
    "rest": (_("Stay on Rest this turn (two turns at most), away from rivals' rents; the dice are still rolled, and "
               "doubles end the rest."), "rest"),
    "pay_fine": (_("Pay the 1,000 fine to leave the Police Station and roll as usual. Rolling doubles instead frees "
                   "you without paying the fine."), "police-station"),
    "use_jail_card": (_("Leave the Police Station free with the Chance or Fate card you kept, saving the 1,000 "
                        "fine. You could also sell that card to another player."), "police-station"),
    # The Game: "It is advisable to make as many acquisitions as possible."
    "buy": (_("Buy this deed from the Bank at its board price: whoever lands on it pays you rent, and a whole "
              "province lets you build chacras."), "the-game"),
    # Decision 5: a declined deed stays with the Bank, no auction
    "decline": (_("Keep your money: the deed stays with the Bank, not auctioned, and whoever lands on it next may "
                  "buy it."), "the-game"),
    "choose_card_option": (_("Your Fate card lets you choose: pay the fine now, or draw a Chance card instead, "
                             "which may pay you or cost you more."), "chance-or-fate"),
    "end_turn": (_("End your turn and pass the dice on. Build, mortgage or trade first if you mean to: you may "
                   "also build between turns."), "the-game"),
    # Chacras; Estancias (decisions 17-19: evenness, an estancia at any level paying the missing chacras)
    "build": (_("Build on a field of a province you own whole and unmortgaged: each chacra raises its rent, up to "
                "4 built evenly, then an estancia."), "chacras"),
    # The Game (claim mode): "before the dice are rolled again"
    "claim_rent": (_("Collect the rent a player owes you for landing on your property: claim it before the dice "
                     "are rolled again or it is lost."), "the-game"),
    "claim_prize": (_("Collect the prize the Bank owes you: claim it before the dice are rolled again, or you lose "
                      "the right to it."), "prizes-and-taxes"),
    "waive_claim": (_("Give up this rent or prize for good: nobody pays it. Left unclaimed, it is lost anyway at "
                      "the next roll of the dice."), "the-game"),
    "sell_building": (_("Sell a chacra or estancia back to the Bank for half its price: quick cash when you are "
                        "short, but that field's rent falls."), "sale-of-properties"),
    # The Bank: 10% interest in advance (decision 22: the player receives 90%, lifting costs the full value)
    "mortgage": (_("Mortgage this deed for cash now: the Bank lends its mortgage value less 10 percent interest, "
                   "but the deed earns no rent until you lift it."), "mortgage"),
    # Mortgage (decision 23: a deed received mortgaged costs another 10% unless lifted before the next roll)
    "lift_mortgage": (_("Repay the mortgage value to the Bank so the deed earns rent again; one you received "
                        "mortgaged costs 10 percent more unless lifted at once."), "mortgage"),
    # Sale of Properties (decision 25: deeds, cash and jail cards; no loans, no deeds of built provinces)
    "propose": (_("Offer another player a deal of deeds, cash and jail cards: buying the field that completes a "
                  "province lets you build there."), "sale-of-properties"),
    "accept_proposal": (_("Accept this deal: the deeds, cash and cards change hands at once. Check first whether "
                          "it completes a province for them."), "sale-of-properties"),
    "reject_proposal": (_("Turn this deal down: nothing changes hands, and they may offer you other terms."),
                        "sale-of-properties"),
    "cancel_proposal": (_("Withdraw your proposal before it is answered: you cannot end your turn while it waits, "
                          "and you may then offer other terms."), "sale-of-properties"),
    # Auction (decisions 29-30: a voluntary auction's unsold deed comes back)
    "auction": (_("Auction this deed through the banker to raise cash for rents: the highest bidder pays you, and "
                  "if nobody bids it stays yours."), "auction"),
    "bid": (_("Bid more than the highest bid so far (a mortgaged deed also costs 10 percent interest to the "
              "Bank): the last bidder left takes it."), "auction"),
    "pass": (_("Leave this auction for good: you will not bid on this deed again."), "auction"),
    # Shortage of Money (decision 27)
    "hand_over": (_("Hand this deed to your creditor against your debt: a player takes it at its price (any surplus "
                    "is lost); the Bank auctions it for you."), "shortage-of-money"),
    # Shortage of Money (decision 28: only when selling and mortgaging cannot pay)
    "declare_bankruptcy": (_("Declare bankruptcy when selling and mortgaging cannot pay your debt: you leave the "
                             "game, and your creditor takes what you have."), "shortage-of-money"),
}
