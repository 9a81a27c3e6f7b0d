"""Argentilandia's "What can I do now?": for each move type, one line on what it does and why it may be worth it, in
the rulebook's words, with the slug of the section it comes from (``Declaration.move_hints``).

Each line is true per the rulebook and the engine (``docs/rules/argentilandia.md`` records where the site decided
what the rulebook leaves open: the Union Organizer moves only with a Corrupt Official or after doubles, contests
roll two dice each, the Banker's 4:1 opens once the others turned a trade down). The words follow the buttons
(``text.label_action``) and the Rules page. Outside the engine: it imports Django's translation, the engine never
imports this module.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

MOVE_HINTS: dict[str, tuple[Any, str]] = {
    "place_mp": (_("Take this free MP as one of your 7 starting MPS, at no cost (1 per province): it pays you a "
                   "Production card whenever its province is rolled."), "preliminary-round"),
    "pass": (_("Buy no MP in the preliminary round: keep your Production cards for your first turns instead of "
               "paying 3 for one more MP."), "preliminary-round"),
    "roll": (_("Roll the dice (compulsory): the total puts a region's provinces in play, and each MP there pays "
               "its owner a Production card."), "round-summary"),
    # Victory: "The player who reaches 16 Victory Points at the end of their turn will be the winner."
    "end_turn": (_("End your turn: victory counts only at the end of your own turn, so you win now if you have the "
                   "points; otherwise play passes to your left."), "victory"),
    # Playing the Game 4. Doubles a. (decision 6)
    "discard": (_("Doubles were rolled and you hold more than 7 Production cards: hand half of them (rounded "
                  "down) to the Banker; choose which to keep."), "playing-the-game"),
    # Playing the Game 8 (decisions 7-8)
    "move_union": (_("Move the Union Organizer (a Corrupt Official, or after doubles) to block a province or "
                     "industry: you take 1 card from each player there."), "playing-the-game"),
    # Decision 10: two dice each, the seller first; a port's roll-off, one die
    "contest_roll": (_("Roll for the contest: the seller rolls, then the buyer; the higher total wins and a tie "
                       "goes to the seller. A port's tie: one die each."), "buying-another-players-mp"),
    "buy_mp": (_("Buy this free MP for 3 different cards: it pays from the next time its province is rolled, and "
                 "holding every MP of a province is a monopoly."), "buying-a-free-mp"),
    "buy_port": (_("Buy this free port for 3 different cards: from now on you may trade 2 or 3 identical cards there "
                   "(2 x 1 or 3 x 1) for 1 of your choice."), "trading-at-ports"),
    "buy_factory": (_("Buy this industry for 1 Oil + 3 identical cards and take its first share: its owner doubles "
                      "production of its material."), "buying-industries"),
    # Monopoly (industries) (decision 3: its VP need every share and an MP of its material)
    "buy_percentage": (_("Buy a free share for 1 Oil + 1 Soy + 1 Metals: the most shares make you the owner; all "
                         "4, with an MP of its material, score its VP."), "buying-free-percentages"),
    "buy_official": (_("Buy a Corrupt Official for 1 Grapes + 1 Cows + 1 Sheep: play it, this turn if you like, to "
                       "move the Union Organizer or contest a rival's MP."), "playing-the-game"),
    "buy_stockbroker": (_("Buy a Stockbroker for 1 Wood + 1 Tobacco + 1 Fish: play it, this turn if you like, to "
                          "contest another player's industry share."), "buying-other-players-percentages"),
    "buy_rival_mp": (_("Contest a rival's MP with a Corrupt Official, in a full province where you own one: win "
                       "the roll to take it; lose, they keep your Official."), "buying-another-players-mp"),
    "buy_rival_percentage": (_("Play a Stockbroker to contest another player's industry share: win the roll and the "
                               "share is yours; lose, and they keep your Stockbroker."),
                             "buying-other-players-percentages"),
    # Special Provinces (decision 15: not chosen, the alternating card is still handed over)
    "claim_special": (_("Take this turn's free card for your special province monopoly: a Corrupt Official or a "
                        "Stockbroker, alternating from turn to turn."), "special-provinces"),
    # Playing the Game 5. Trade (decision 13)
    "bank_trade": (_("Trade 4 identical cards with the Banker for 1 card of your choice: the worst rate, a last "
                     "resort when no port or player will trade."), "playing-the-game"),
    "port_trade": (_("Trade at your port: 2 identical cards (2 x 1 port) or 3 (3 x 1) for 1 card of your choice, "
                     "as often as you like this turn."), "trading-at-ports"),
    "intl_trade": (_("Trade abroad through a border province you monopolize, as at a 2 x 1 port: 2 identical cards "
                     "for 1 card of your choice."), "international-trade"),
    "offer_trade": (_("Offer cards to one player or to everyone for cards of theirs: only the player on turn "
                      "trades, on any terms, and waits for the answers."), "playing-the-game"),
    "counter_offer": (_("Answer this offer with terms of your own: the player on turn may take your counter-offer "
                        "instead."), "playing-the-game"),
    "cancel_offer": (_("Withdraw your offer, to end your turn or offer other terms. A withdrawn offer does not open "
                       "the Banker's 4-to-1 trade."), "playing-the-game"),
    "accept_offer": (_("Accept this trade: the cards change hands at once. Check first what they could buy with "
                       "them."), "playing-the-game"),
    "refuse_offer": (_("Refuse this trade: nothing changes hands. When all refuse an offer made to everyone, the "
                       "Banker's 4-to-1 trade may open for its maker."), "playing-the-game"),
}
