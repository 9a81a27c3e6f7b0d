"""Estanciero in words: log lines for events and labels for action buttons.

Looked up by ``games.present.presenters`` (``describe_event`` / ``label_action``).
Space and card names come from the board data in the active language
(Spanish names are the originals).  Money reads like the printed game:
``$ 35.000``.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.core.checks import is_index
from games.present.formatting import money
from games.present.text_common import DICE_FAIRNESS, in_view, printed, view_get

from .engine import board

__all__ = ["describe_event", "label_action", "money", "space_name", "card_text", "seat_colour"]


def space_name(index: object) -> str:
    """The space's name in the active language (``?`` for an unknown index)."""
    if not is_index(index, board.NUM_SPACES):
        return "?"
    return printed(board.space(index))


def card_text(card_id: object) -> str:
    try:
        card = board.card(card_id)
    except (KeyError, TypeError):
        return str(card_id)
    return printed(card, "text")


def deck_name(deck: object) -> str:
    return _("Chance") if deck == "suerte" else _("Fate")


def seat_colour(seat: object) -> str:
    """The colour of a seat's pawn (labels have the view but not the names)."""
    colours = [_("Red"), _("Blue"), _("Green"), _("Yellow"), _("Purple"), _("Orange")]
    if is_index(seat, len(colours)):
        return colours[seat]
    return "?"


def _who(seat: object, names: list[str]) -> str:
    if seat is None:
        return _("the Bank")
    if is_index(seat, len(names)):
        return names[seat]
    return seat_colour(seat)


def _Who(seat: object, names: list[str]) -> str:  # noqa: N802 - capitalised form
    text = _who(seat, names)
    return text[:1].upper() + text[1:] if seat is None else text


def _side(side: object) -> str:
    """One side of a proposal: ``Salta Zona Norte, $ 3.000 and a jail card``."""
    if not isinstance(side, dict):
        return _("nothing")
    parts = [space_name(d) for d in side.get("deeds") or []]
    if side.get("cash"):
        parts.append(money(side["cash"]))
    cards = len(side.get("jail_cards") or [])
    if cards == 1:
        parts.append(_("a card to leave the Police Station"))
    elif cards > 1:
        parts.append(_("%(n)s cards to leave the Police Station") % {"n": cards})
    return ", ".join(parts) if parts else _("nothing")


MONEY_REASONS = {
    "salida": lambda: _("passing Start"),
    "tax": lambda: _("tax"),
    "purchase": lambda: _("purchase"),
    "rent": lambda: _("rent"),
    "prize": lambda: _("prize"),
    "card": lambda: _("card"),
    "jail_fine": lambda: _("Police Station fine"),
    "building": lambda: _("building"),
    "building_sale": lambda: _("buildings sold to the Bank"),
    "mortgage": lambda: _("mortgage"),
    "mortgage_lift": lambda: _("mortgage lifted"),
    "mortgage_interest": lambda: _("mortgage interest"),
    "sale": lambda: _("sale between players"),
    "auction": lambda: _("auction"),
    "bankruptcy": lambda: _("bankruptcy"),
}


def _reason(reason: object) -> str:
    fn = MONEY_REASONS.get(reason)  # type: ignore[arg-type]
    return fn() if fn else str(reason)


def _prize_source(source: object) -> str:
    if isinstance(source, str) and source.startswith("space:"):
        try:
            return space_name(int(source[6:]))
        except ValueError:
            return source
    if isinstance(source, str) and source.startswith("card:"):
        return deck_name(board.deck_of(source[5:]))
    return str(source)


def _building(kind: object) -> str:
    return _("an estancia") if kind == "estancia" else _("a chacra")


def describe_event(event: dict, names: list[str]) -> str | None:
    """One log line for an engine event, or None for an unknown event."""
    if not isinstance(event, dict):
        return None
    t = event.get("type")
    seat = event.get("seat")
    p = {"player": _who(seat, names)}
    if "space" in event:
        p["space"] = space_name(event["space"])
    for key in ("amount", "price", "cost", "credit"):
        if key in event:
            p[key] = money(event[key])

    if t == "rolled":
        a, b = (list(event.get("dice") or []) + ["?", "?"])[:2]
        p.update(a=a, b=b)
        if a == b:
            return _("%(player)s rolled %(a)s and %(b)s: doubles!") % p
        return _("%(player)s rolled %(a)s and %(b)s") % p
    if t == "moved":
        p["space"] = space_name(event.get("to"))
        if event.get("passed_start"):
            return _("%(player)s passed Start and moved to %(space)s") % p
        return _("%(player)s moved to %(space)s") % p
    if t == "jailed":
        reasons = {
            "three_doubles": _("%(player)s rolled doubles three times and goes to the Police Station"),
            "marche_preso": _("%(player)s landed on Go to Jail and goes to the Police Station"),
            "card": _("%(player)s was sent to the Police Station by a card"),
            "comisaria_space": _("%(player)s landed on the Police Station and is locked up"),
        }
        return reasons.get(event.get("reason"), _("%(player)s goes to the Police Station")) % p
    if t == "released":
        hows = {
            "fine": _("%(player)s paid the fine and left the Police Station"),
            "card": _("%(player)s left the Police Station with a card"),
            "doubles": _("%(player)s rolled doubles and left the Police Station"),
            "attempts": _("%(player)s did not roll doubles, paid the fine and left the Police Station"),
        }
        return hows.get(event.get("how"), _("%(player)s left the Police Station")) % p
    if t == "jail_stay":
        p["n"] = event.get("attempts")
        return _("%(player)s stays in the Police Station (attempt %(n)s)") % p
    if t == "jail_card_used":
        return _("%(player)s used the card to leave the Police Station") % p
    if t == "rest_announced":
        return _("%(player)s stays on Rest") % p
    if t == "rested":
        p["n"] = event.get("turns_left")
        return _("%(player)s rests on Rest (rest turns left: %(n)s)") % p
    if t == "rest_broken":
        return _("%(player)s rolled doubles and must leave Rest") % p
    if t == "bought":
        return _("%(player)s bought %(space)s for %(price)s") % p
    if t == "declined":
        return _("%(player)s did not buy %(space)s") % p
    if t == "card":
        p.update(deck=deck_name(event.get("deck")), text=card_text(event.get("card")))
        return _("%(player)s drew %(deck)s: “%(text)s”") % p
    if t == "card_choice":
        if event.get("option") == "pay":
            return _("%(player)s chose to pay the fine") % p
        return _("%(player)s chose to draw a Chance card") % p
    if t == "built":
        p["what"] = _building(event.get("kind"))
        return _("%(player)s built %(what)s on %(space)s for %(cost)s") % p
    if t == "building_sold":
        p["what"] = _building(event.get("kind"))
        return _("%(player)s sold %(what)s on %(space)s to the Bank for %(amount)s") % p
    if t == "mortgaged":
        return _("%(player)s mortgaged %(space)s and received %(amount)s") % p
    if t == "mortgage_lifted":
        return _("%(player)s lifted the mortgage on %(space)s for %(amount)s") % p
    if t == "rent_claimed":
        p["payer"] = _who(event.get("payer"), names)
        return _("%(player)s collected %(amount)s rent from %(payer)s for %(space)s") % p
    if t == "prize_claimed":
        p["source"] = _prize_source(event.get("source"))
        return _("%(player)s collected a prize of %(amount)s (%(source)s)") % p
    if t == "claims_lapsed":
        n = event.get("count", 0)
        if n == 1:
            return _("The dice were rolled: one unclaimed rent or prize was lost")
        return _("The dice were rolled: %(n)s unclaimed rents or prizes were lost") % {"n": n}
    if t == "claim_lapsed":
        p["player"] = _who(event.get("owner"), names)
        why = event.get("why")
        if event.get("kind") == "rent":
            p["payer"] = _who(event.get("payer"), names)
            if why == "bankrupt":
                return _("%(player)s lost the rent of %(amount)s from %(payer)s for %(space)s: a bankruptcy") % p
            if why == "roll":
                return _("The dice were rolled: %(player)s lost the unclaimed rent of %(amount)s from %(payer)s "
                         "for %(space)s") % p
            return _("%(player)s let the rent of %(amount)s from %(payer)s for %(space)s go unclaimed") % p
        p["source"] = _prize_source(event.get("source"))
        if why == "bankrupt":
            return _("%(player)s lost a prize of %(amount)s (%(source)s): a bankruptcy") % p
        if why == "roll":
            return _("The dice were rolled: %(player)s lost an unclaimed prize of %(amount)s (%(source)s)") % p
        return _("%(player)s let a prize of %(amount)s (%(source)s) go unclaimed") % p
    if t == "money":
        frm, to = event.get("from"), event.get("to")
        p.update(payer=_Who(frm, names), payee=_who(to, names), reason=_reason(event.get("reason")))
        return _("%(payer)s paid %(amount)s to %(payee)s (%(reason)s)") % p
    if t == "debt":
        p.update(debtor=_who(event.get("debtor"), names), creditor=_who(event.get("creditor"), names),
                 reason=_reason(event.get("reason")))
        return _("%(debtor)s owes %(amount)s to %(creditor)s (%(reason)s) and must raise the money") % p
    if t == "debt_paid":
        p.update(debtor=_who(event.get("debtor"), names), creditor=_who(event.get("creditor"), names))
        return _("%(debtor)s settled the debt with %(creditor)s") % p
    if t == "handed_over":
        if event.get("to") is None:
            return _("%(player)s handed %(space)s over to the Bank, which auctions it") % p
        p["to"] = _who(event.get("to"), names)
        return _("%(player)s handed %(space)s over to %(to)s, worth %(credit)s of the debt") % p
    if t == "bankrupt":
        p["creditor"] = _who(event.get("creditor"), names)
        return _("%(player)s went bankrupt and leaves the game; the assets go to %(creditor)s") % p
    if t == "proposal":
        p.update(player=_who(event.get("from"), names), to=_who(event.get("to"), names),
                 give=_side(event.get("give")), ask=_side(event.get("ask")))
        return _("%(player)s offers %(to)s %(give)s in exchange for %(ask)s") % p
    if t == "proposal_accepted":
        p.update(player=_who(event.get("to"), names), frm=_who(event.get("from"), names),
                 give=_side(event.get("give")), ask=_side(event.get("ask")))
        return _("%(player)s accepted the deal from %(frm)s: %(give)s for %(ask)s") % p
    if t == "proposal_rejected":
        p.update(player=_who(event.get("to"), names), frm=_who(event.get("from"), names))
        if "give" in event:
            p.update(give=_side(event.get("give")), ask=_side(event.get("ask")))
            return _("%(player)s rejected the proposal from %(frm)s: %(give)s for %(ask)s") % p
        return _("%(player)s rejected the proposal from %(frm)s") % p
    if t == "proposal_cancelled":
        p.update(player=_who(event.get("from"), names), to=_who(event.get("to"), names))
        if "give" in event:
            p.update(give=_side(event.get("give")), ask=_side(event.get("ask")))
            return _("%(player)s withdrew the proposal to %(to)s: %(give)s for %(ask)s") % p
        return _("%(player)s withdrew the proposal to %(to)s") % p
    if t == "proposal_expired":
        p.update(player=_who(event.get("from"), names), to=_who(event.get("to"), names),
                 give=_side(event.get("give")), ask=_side(event.get("ask")))
        return _("The proposal from %(player)s to %(to)s (%(give)s for %(ask)s) lapsed: a bankruptcy") % p
    if t == "proposals_expired":
        return _("Open proposals expired at the end of the turn")
    if t == "auction_started":
        seller = event.get("seller")
        if seller is None:
            return _("The Bank auctions %(space)s") % p
        p["seller"] = _who(seller, names)
        return _("%(seller)s auctions %(space)s") % p
    if t == "bid":
        return _("%(player)s bids %(amount)s for %(space)s") % p
    if t == "auction_pass":
        return _("%(player)s leaves the auction for %(space)s") % p
    if t == "auction_won":
        return _("%(player)s won the auction for %(space)s with %(amount)s") % p
    if t == "auction_unsold":
        if event.get("returned"):
            p["seller"] = _who(event.get("seller"), names)
            return _("Nobody bid for %(space)s: it goes back to %(seller)s") % p
        return _("Nobody bid for %(space)s: it stays with the Bank") % p
    if t == "turn":
        return _("It is %(player)s's turn") % p
    if t == "turn_ended":
        return _("%(player)s ended the turn") % p
    if t == "game_over":
        p["player"] = _who(event.get("winner"), names)
        reasons = {
            "last_player": _("Game over: %(player)s is the last player standing"),
            "all_properties": _("Game over: %(player)s owns every title deed"),
            "turn_limit": _("Game over at the turn limit: %(player)s is the richest"),
        }
        return reasons.get(event.get("reason"), _("Game over: %(player)s wins")) % p
    return None


def _level(view: dict | None, index: object) -> int:
    return (view_get(view, "buildings", {}) or {}).get(str(index), 0) or 0


def _build_cost(view: dict | None, index: int, kind: str) -> int:
    if kind != "estancia":
        return board.chacra_cost(index)
    return board.estancia_cash(index) + (4 - min(_level(view, index), 4)) * board.chacra_cost(index)


def _named(seat: object, names: list[str] | None) -> str:
    """A player by name (the seat's colour only when no names are known)."""
    if names and is_index(seat, len(names)):
        return names[seat]
    return seat_colour(seat)


def label_action(action: dict, view: dict | None, names: list[str] | None = None) -> str | None:
    """A button label for a legal action, or None for an unknown action."""
    if not isinstance(action, dict):
        return None
    t = action.get("type")
    index = action.get("space")
    p: dict = {"space": space_name(index)} if index is not None else {}
    turn = view_get(view, "turn") or {}
    me = view_get(view, "viewer")

    if t == "roll":
        players = view_get(view, "players") or []
        if isinstance(me, int) and 0 <= me < len(players) and players[me].get("in_jail"):
            return _("Roll for doubles to get out")
        return _("Roll the dice")
    if t == "rest":
        return _("Rest: stay on Rest this turn")
    if t == "pay_fine":
        return _("Pay the %(amount)s fine and go out") % {"amount": money(1000)}
    if t == "use_jail_card":
        return _("Use the card to leave the Police Station")
    if t == "buy":
        offer = turn.get("offer")
        if board.is_deed(offer):
            return _("Buy %(space)s for %(price)s") % {"space": space_name(offer), "price": money(board.price(offer))}
        return _("Buy")
    if t == "decline":
        offer = turn.get("offer")
        if board.is_deed(offer):
            return _("Don't buy %(space)s") % {"space": space_name(offer)}
        return _("Don't buy")
    if t == "choose_card_option":
        if action.get("option") == "pay":
            amount = (turn.get("choice") or {}).get("amount", 200)
            return _("Pay the %(amount)s fine") % {"amount": money(amount)}
        return _("Draw a Chance card")
    if t == "end_turn":
        return _("End the turn")
    if t == "build" and board.is_deed(index) and board.is_zone(index):
        kind = action.get("kind", "chacra")
        p["cost"] = money(_build_cost(view, index, kind))
        if kind == "estancia":
            return _("Build an estancia on %(space)s (%(cost)s)") % p
        return _("Build a chacra on %(space)s (%(cost)s)") % p
    if t == "sell_building" and board.is_deed(index) and board.is_zone(index):
        lv = _level(view, index)
        p["amount"] = money(board.estancia_cash(index) // 2 if lv == 5 else board.chacra_cost(index) // 2)
        if lv == 5:
            return _("Sell the estancia on %(space)s (+%(amount)s)") % p
        return _("Sell a chacra on %(space)s (+%(amount)s)") % p
    if t == "mortgage" and board.is_deed(index):
        value = board.mortgage_value(index)
        p["amount"] = money(value - value // 10)
        return _("Mortgage %(space)s (+%(amount)s)") % p
    if t == "lift_mortgage" and board.is_deed(index):
        entry = (view_get(view, "mortgaged", {}) or {}).get(str(index)) or {}
        p["cost"] = money(board.mortgage_value(index) + (entry.get("lift_extra") or 0))
        return _("Lift the mortgage on %(space)s (%(cost)s)") % p
    if t == "claim_rent":
        c = in_view(view, "my_claims", action.get("claim"))
        if c:
            return _("Collect the rent for %(space)s: %(amount)s") % {
                "space": space_name(c.get("space")), "amount": money(c.get("amount"))}
        return _("Collect the rent")
    if t == "claim_prize":
        c = in_view(view, "my_claims", action.get("claim"))
        if c:
            return _("Collect the prize: %(amount)s") % {"amount": money(c.get("amount"))}
        return _("Collect the prize")
    if t == "waive_claim":
        c = in_view(view, "my_claims", action.get("claim"))
        if c:
            return _("Let it go: %(amount)s") % {"amount": money(c.get("amount"))}
        return _("Let it go")
    if t == "propose":
        give, ask = action.get("give") or {}, action.get("ask") or {}
        p.update(to=_named(action.get("to"), names), give=_side(give), ask=_side(ask))
        if give.get("cash") and not give.get("deeds") and ask.get("deeds"):
            return _("Offer %(give)s to %(to)s for %(ask)s") % p
        if ask.get("cash") and not ask.get("deeds") and give.get("deeds"):
            return _("Offer %(give)s to %(to)s for %(ask)s") % p
        return _("Propose to %(to)s: %(give)s for %(ask)s") % p
    if t in ("accept_proposal", "reject_proposal", "cancel_proposal"):
        prop = in_view(view, "proposals", action.get("id"))
        if prop is None:
            return {"accept_proposal": _("Accept the proposal"), "reject_proposal": _("Reject the proposal"),
                    "cancel_proposal": _("Withdraw the proposal")}[t]
        q = {"frm": _named(prop.get("from"), names), "to": _named(prop.get("to"), names),
             "get": _side(prop.get("give")), "give": _side(prop.get("ask"))}
        if t == "accept_proposal":
            return _("Accept from %(frm)s: you get %(get)s, you give %(give)s") % q
        if t == "reject_proposal":
            return _("Reject the proposal from %(frm)s") % q
        return _("Withdraw your proposal to %(to)s") % q
    if t == "auction" and board.is_deed(index):
        return _("Auction %(space)s") % p
    if t == "bid":
        return _("Bid %(amount)s") % {"amount": money(action.get("amount"))}
    if t == "pass":
        return _("Leave the auction")
    if t == "hand_over" and board.is_deed(index):
        debts = view_get(view, "debts") or []
        if debts and debts[0].get("creditor") is None:
            return _("Hand %(space)s over to the Bank (auctioned)") % p
        return _("Hand %(space)s over to the creditor") % p
    if t == "declare_bankruptcy":
        return _("Declare bankruptcy")
    return None


def display_params(params: dict) -> dict:
    """A refusal's parameters with ids and sums written as the player reads them."""
    shown = dict(params)
    if "space" in shown:
        shown["space"] = space_name(shown["space"])
    for key in ("cost", "cash", "amount", "high"):
        if isinstance(shown.get(key), int):
            shown[key] = money(shown[key])
    return shown


# Moves made on a board space: the table highlights the space and a click there offers them.
_SPACE_ACTIONS = {"build", "sell_building", "mortgage", "lift_mortgage", "auction", "hand_over"}


def action_target(action: dict, view: dict | None = None) -> str | None:
    """The board element a legal action is made on (``space:<index>``), or None."""
    t = action.get("type")
    if t in _SPACE_ACTIONS and board.is_deed(action.get("space")):
        return f"space:{action['space']}"
    if t in ("buy", "decline"):
        offer = ((view_get(view, "turn") or {}).get("offer"))
        return f"space:{offer}" if board.is_deed(offer) else None
    return None


# An auction's bids fold into one log line instead of one line per raise.
FOLD_EVENTS = {"bid"}


def same_fold(previous: dict, event: dict) -> bool:
    return previous.get("space") == event.get("space")


def describe_fold(events: list[dict], names: list[str]) -> str:
    """``7 bids for Formosa: the last, $ 2.600 by Ana``."""
    last = events[-1]
    if len(events) == 1:
        return describe_event(last, names) or ""
    return _("%(n)s bids for %(space)s; the last, %(amount)s by %(player)s") % {
        "n": len(events), "space": space_name(last.get("space")), "amount": money(last.get("amount")),
        "player": _who(last.get("seat"), names)}


def outcome_figures(outcome: dict, seat: int) -> list[tuple[str, str]]:
    """What the game-over card shows beside a player's place: the net worth of a seat still in the game, else
    bankrupt. A result a moderator decided (``adjudicated``) has no worths, and says nothing of bankruptcy."""
    if "net_worth" not in outcome:
        return []
    worth = (outcome.get("net_worth") or {}).get(str(seat))
    return [(_("net worth"), money(worth))] if worth is not None else [(_("bankrupt"), "")]

# Chance in this game is dice: the fairness check says so.
FAIRNESS = DICE_FAIRNESS

# Made on the board itself (presenters._legal_buttons): a deal is proposed with the deal form, so the moves beside
# the board do not list the engine's example proposals (docs/API.md: examples of an open-ended move).
BOARD_MADE = {"propose"}


def turn_seat(view: dict | None) -> int | None:
    """Whose turn it is (presenters: "Your move" is that seat's heading while it waits on another's answer)."""
    return ((view or {}).get("turn") or {}).get("seat")


def _rent_line(sp: dict) -> str:
    """A deed's rents as printed on it (The Board; Railroads and Companies)."""
    if sp["type"] == "province":
        r = sp["rent"]
        return _("Rent: field %(f)s · 1 chacra %(c1)s · 2 %(c2)s · 3 %(c3)s · 4 %(c4)s · estancia %(e)s. A whole province "
                 "doubles the field's rent.") % {"f": money(r["campo"]), "c1": money(r["chacras_1"]),
                                                 "c2": money(r["chacras_2"]), "c3": money(r["chacras_3"]),
                                                 "c4": money(r["chacras_4"]), "e": money(r["estancia"])}
    if sp["type"] == "railway":
        r = sp["rent_by_owned"]
        return _("Rent by railways the owner holds: 1 %(r1)s · 2 %(r2)s · 3 %(r3)s · 4 %(r4)s.") % {
            f"r{n}": money(r[str(n)]) for n in range(1, 5)}
    r = sp["rent_dice_multiplier_by_owned"]
    return _("Rent: the dice times %(m1)s with 1 company, %(m2)s with 2, %(m3)s with 3.") % {
        f"m{n}": r[str(n)] for n in range(1, 4)}


def space_hint(index: object, state: tuple | None = None) -> str:
    """What a board space is and does, for its hint (``{{ 5|es_space_hint:spaces.5 }}``): a deed's price, rents,
    building cost and mortgage, and who owns it with what (``state``: ``es_spaces``' owner, buildings, mortgaged,
    owner's name); a tax or prize its amount; any other space its name."""
    if not is_index(index, board.NUM_SPACES):
        return "?"
    sp = board.space(index)
    words = [f"{index}. {space_name(index)}"]
    if "price" in sp:
        words.append(_("Price %(p)s.") % {"p": money(sp["price"])})
        words.append(_rent_line(sp))
        if sp["type"] == "province":
            words.append(_("Chacra %(c)s; mortgage %(m)s.") % {"c": money(sp["chacra_cost"]), "m": money(sp["mortgage_value"])})
        else:
            words.append(_("Mortgage %(m)s.") % {"m": money(sp["mortgage_value"])})
        owner, buildings, mortgaged, name = state or (None, None, False, None)
        if name is None:
            words.append(_("For sale."))
        else:
            owned = [_("Owner: %(name)s") % {"name": name}]
            if buildings == 5:
                owned.append(_("an estancia"))
            elif buildings:
                owned.append(ngettext("%(n)s chacra", "%(n)s chacras", buildings) % {"n": buildings})
            if mortgaged:
                owned.append(_("mortgaged"))
            words.append(", ".join(owned) + ".")
    elif sp["type"] in ("tax", "prize"):
        words.append((_("Pay %(a)s.") if sp["type"] == "tax" else _("Collect %(a)s.")) % {"a": money(sp["amount"])})
    return ". ".join(words[:1]) + (". " + " ".join(words[1:]) if len(words) > 1 else "")


def pawn_hint(seat: int, position: object, in_jail: bool, names: list[str] | tuple[str, ...]) -> str:
    """A player's token, for its hint: whose it is and where it stands ("The Game": a token moves by the dice), or that
    it is held at the Police Station ("Police Station")."""
    name = names[seat] if 0 <= seat < len(names) else "?"
    if in_jail:
        return _("%(name)s's token: held at the Police Station (doubles, the fine or a card lets it out).") % {
            "name": name}
    return _("%(name)s's token: on %(space)s (space %(n)s).") % {"name": name, "space": space_name(position),
                                                                  "n": position}
