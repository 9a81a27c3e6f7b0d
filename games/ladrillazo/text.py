"""Ladrillazo in words: log lines for events, labels for move buttons, refusal parameters.

Looked up by ``games.present.presenters`` (``describe_event`` / ``label_action`` / ``display_params``) and by
the table's JavaScript (``action_target``). Card names come from the card data in the active language
(Spanish names are the originals); players are named with the ``names`` the presenter passes.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext, ngettext_lazy

from games.core.checks import is_index
from games.present.text_common import in_view, printed, view_get

from .engine import cards

__all__ = ["describe_event", "label_action", "display_params", "action_target", "card_name", "type_name",
           "envelopes", "outcome_figures"]

CARD_ACTIONS = ("lower", "back", "withdraw", "act", "hide", "unhide", "evade")


def card_name(key: object) -> str:
    """A printed card's name in the active language (``?`` for an unknown key)."""
    try:
        d = cards.definition(key)  # type: ignore[arg-type]
    except (KeyError, TypeError):
        return "?"
    return printed(d)


TYPE_NAMES = {
    "land": gettext_noop("land"), "citizen": gettext_noop("citizen"), "politician": gettext_noop("politician"), "builder": gettext_noop("builder"),
    "project": gettext_noop("project"), "mamandurria": gettext_noop("mamandurria"), "paradise": gettext_noop("tax haven"),
}


def type_name(kind: object) -> str:
    """A card type in words (lower case, for sentences)."""
    name = TYPE_NAMES.get(kind) if isinstance(kind, str) else None
    return _(name) if name else "?"


def envelopes(n: object) -> str:
    """``3`` -> ``3 envelopes`` (``1 envelope``)."""
    if not isinstance(n, int) or isinstance(n, bool):
        return str(n)
    return ngettext("%(n)s envelope", "%(n)s envelopes", n) % {"n": n}


def _who(seat: object, names: list[str]) -> str:
    if is_index(seat, len(names)):
        return names[seat]
    return _("someone")


def _side(side: object) -> str:
    """One side of a proposal: ``Cuñado, Solar urbanizable and 2 envelopes``."""
    if not isinstance(side, dict):
        return _("nothing")
    keys = dict(side.get("keys") or {})
    keys.update({str(c.get("id")): c.get("key") for c in side.get("cards") or [] if isinstance(c, dict)})
    parts = [card_name(keys.get(str(c))) for c in (side.get("hand") or []) + (side.get("plot") or [])]
    hidden = side.get("hand_count") or 0
    if hidden and not side.get("hand"):
        parts.append(ngettext("%(n)s card from hand", "%(n)s cards from hand", hidden) % {"n": hidden})
    if side.get("envelopes"):
        parts.append(envelopes(side["envelopes"]))
    return ", ".join(parts) if parts else _("nothing")


def _names_of(keys: object) -> str:
    if not isinstance(keys, list):
        return ""
    return ", ".join(card_name(k) for k in keys)


def describe_event(event: dict, names: list[str]) -> str | None:
    """One log line for an engine event, or None for an unknown event."""
    if not isinstance(event, dict):
        return None
    t = event.get("type")
    p = {"player": _who(event.get("seat"), names), "card": card_name(event.get("card_key")),
         "target": card_name(event.get("target_key")), "owner": _who(event.get("owner"), names),
         "n": event.get("amount", event.get("count", 0))}
    if t == "turn":
        p["number"] = event.get("number")
        return _("Turn %(number)s: %(player)s plays") % p
    if t == "straightened":
        kept = event.get("kept_turned") or []
        if kept:
            return ngettext("%(player)s's plot straightens, but %(n)s frozen card stays turned",
                            "%(player)s's plot straightens, but %(n)s frozen cards stay turned", len(kept)) % {
                **p, "n": len(kept)}
        return _("%(player)s's plot straightens") % p
    if t == "lowered":
        pay = event.get("pay_keys") or []
        if event.get("cost"):
            p["cost"] = envelopes(event["cost"])
            return _("%(player)s lowers %(card)s, paying %(cost)s to the dispenser") % p
        if pay:
            p["pay"] = _names_of(pay)
            return _("%(player)s lowers %(card)s, turning %(pay)s") % p
        return _("%(player)s lowers %(card)s") % p
    if t == "backed":
        p["level"] = event.get("level")
        return _("%(player)s backs %(target)s with %(card)s (level %(level)s)") % p
    if t == "withdrawn":
        p["level"] = event.get("level")
        return _("%(player)s withdraws %(card)s from behind %(target)s (level %(level)s)") % p
    if t == "acted":
        return _("%(player)s turns %(card)s to use its action") % p
    if t == "earned":
        p["amount"] = envelopes(event.get("amount"))
        p["left"] = event.get("dispenser")
        if event.get("card_key"):
            return _("%(player)s earns %(amount)s with %(card)s (%(left)s left in the dispenser)") % p
        return _("%(player)s earns %(amount)s (%(left)s left in the dispenser)") % p
    if t == "hidden":
        p["amount"] = envelopes(event.get("amount"))
        return _("%(player)s hides %(amount)s on %(card)s") % p
    if t == "unhidden":
        p["amount"] = envelopes(event.get("amount"))
        return _("%(player)s takes %(amount)s back from %(card)s") % p
    if t == "evaded":
        p["amount"] = envelopes(event.get("amount"))
        if event.get("card_key"):
            return _("%(player)s evades %(amount)s to paradise with %(card)s") % p
        return _("%(player)s evades %(amount)s to paradise") % p
    if t == "inspected":
        p["amount"] = envelopes(event.get("amount"))
        return _("%(player)s exposes %(target)s of %(owner)s: %(amount)s back to the dispenser") % p
    if t == "frozen":
        return _("%(player)s paralyses %(target)s of %(owner)s: it stays turned next turn") % p
    if t == "stolen":
        return _("%(player)s takes %(target)s from the plot of %(owner)s") % p
    if t == "drew":
        keys = event.get("cards_keys")
        if keys:
            p["cards"] = _names_of(keys)
            return _("%(player)s draws %(cards)s") % p
        return ngettext("%(player)s draws %(n)s card", "%(player)s draws %(n)s cards", p["n"]) % p
    if t == "discarded":
        keys = event.get("cards_keys")
        if keys:
            p["cards"] = _names_of(keys)
            return _("%(player)s discards %(cards)s face down") % p
        if not p["n"]:
            return _("%(player)s discards nothing") % p
        return ngettext("%(player)s discards %(n)s card face down", "%(player)s discards %(n)s cards face down",
                        p["n"]) % p
    if t == "mamandurrias_discarded":
        p["cards"] = _names_of(event.get("cards_keys"))
        return _("The mamandurrias of %(player)s go to the discard pile: %(cards)s") % p
    if t == "reshuffled":
        return _("The deck ran out: the discard pile is shuffled into a new deck")
    if t == "returned":
        p["amount"] = envelopes(event.get("amount"))
        return _("%(player)s could not hide %(amount)s: back to the dispenser") % p
    if t == "turn_ended":
        return _("%(player)s ends the turn") % p
    if t == "proposal":
        p.update(player=_who(event.get("from"), names), to=_who(event.get("to"), names),
                 give=_side(event.get("give")), ask=_side(event.get("ask")))
        return _("%(player)s offers %(to)s %(give)s for %(ask)s") % p
    if t == "proposal_accepted":
        p.update(player=_who(event.get("to"), names), frm=_who(event.get("from"), names),
                 give=_side(event.get("give")), ask=_side(event.get("ask")))
        line = _("%(player)s accepts the deal from %(frm)s: %(give)s for %(ask)s") % p
        if is_index(event.get("returned"), 10**6) and event["returned"]:
            # Talks: the envelopes saved on a card that changes player go back to the tube, not to its new owner.
            line += " " + ngettext("(%(n)s envelope saved on a traded card goes back to the dispenser)",
                                   "(%(n)s envelopes saved on traded cards go back to the dispenser)",
                                   event["returned"]) % {"n": event["returned"]}
        return line
    if t == "proposal_rejected":
        p.update(player=_who(event.get("to"), names), frm=_who(event.get("from"), names))
        return _("%(player)s rejects the proposal from %(frm)s") % p
    if t == "proposal_cancelled":
        p.update(player=_who(event.get("from"), names), to=_who(event.get("to"), names))
        return _("%(player)s withdraws the proposal to %(to)s") % p
    if t == "proposals_expired":
        return _("Open proposals lapse at the end of the turn")
    if t == "game_over":
        p["player"] = _who(event.get("winner"), names)
        totals = event.get("totals") or {}
        p["total"] = envelopes(totals.get(str(event.get("winner"))))
        if event.get("reason") == "turn_limit":
            return _("Game over at the turn limit: %(player)s wins with %(total)s") % p
        return _("The dispenser is empty. Game over: %(player)s wins with %(total)s") % p
    return None


def _key_in_view(view: object, cid: object) -> str | None:
    """The printed card of instance ``cid``, from what the viewer can see."""
    for p in view_get(view, "players", []) or []:
        if p.get("paradise_id") == cid:
            return p.get("paradise_key")
        for c in (p.get("plot") or []) + (p.get("hand") or []):
            if c.get("id") == cid:
                return c.get("key")
    return None


def _card(view: object, cid: object) -> str:
    return card_name(_key_in_view(view, cid))


def _target(view: object, cid: object, names: list[str] | None) -> str:
    """A target card's name, with whose plot it is in (and its place there) when another card in sight has the
    same name: three Solar urbanizable in three plots made three buttons that read alike."""
    key = _key_in_view(view, cid)
    plots = [[c for c in (p.get("plot") or []) if c.get("key") == key] for p in view_get(view, "players", []) or []]
    if key is None or sum(len(same) for same in plots) < 2:
        return card_name(key)
    for seat, same in enumerate(plots):
        ids = [c.get("id") for c in same]
        if cid in ids:
            p = {"card": card_name(key), "owner": _who(seat, names or []), "n": ids.index(cid) + 1}
            if len(ids) > 1:
                return _("%(card)s (%(owner)s, no. %(n)s)") % p
            return _("%(card)s (%(owner)s)") % p
    return card_name(key)


def label_action(action: dict, view: dict | None = None, names: list[str] | None = None) -> str | None:
    """A button label for a legal action, or None for an unknown action."""
    if not isinstance(action, dict):
        return None
    t = action.get("type")
    p = {"card": _card(view, action.get("card")), "target": _target(view, action.get("target"), names)}
    amount = action.get("amount")
    if t == "lower":
        pay = action.get("pay") or []
        key = _key_in_view(view, action.get("card"))
        d = cards.definition(key) if key else None
        if d and d["type"] == "mamandurria":
            p["cost"] = envelopes(d["cost"])
            if action.get("target") is not None:
                return _("Play %(card)s (%(cost)s) on %(target)s") % p
            return _("Play %(card)s (%(cost)s)") % p
        if pay:
            p["pay"] = ", ".join(_card(view, c) for c in pay)
            if action.get("target") is not None:
                return _("Lower %(card)s turning %(pay)s, aiming at %(target)s") % p
            return _("Lower %(card)s turning %(pay)s") % p
        return _("Lower %(card)s") % p
    if t == "back":
        return _("Back %(target)s with %(card)s") % p
    if t == "withdraw":
        return _("Withdraw %(card)s from behind its card") % p
    if t == "act":
        key = _key_in_view(view, action.get("card"))
        powers = cards.definition(key)["powers"] if key else []
        index = action.get("power", 0)
        power = powers[index] if isinstance(index, int) and 0 <= index < len(powers) else {}
        kind = power.get("kind")
        if kind == "earn":
            return _("Run %(card)s: earn envelopes") % p
        if kind == "draw":
            return _("Use %(card)s: draw") % p
        if kind == "inspect":
            return _("Use %(card)s to expose %(target)s") % p
        if kind == "freeze":
            return _("Use %(card)s to paralyse %(target)s") % p
        if kind == "steal":
            return _("Use %(card)s to take %(target)s") % p
        return _("Use %(card)s") % p
    if t == "hide":
        p["amount"] = envelopes(amount)
        return _("Hide %(amount)s on %(card)s") % p
    if t == "unhide":
        p["amount"] = envelopes(amount)
        return _("Take %(amount)s back from %(card)s") % p
    if t == "evade":
        p["amount"] = envelopes(amount)
        return _("Evade %(amount)s with %(card)s") % p
    if t == "end_turn":
        discard = action.get("discard") or []
        if discard:
            return ngettext("End the turn, discarding %(n)s card", "End the turn, discarding %(n)s cards",
                            len(discard)) % {"n": len(discard)}
        return _("End the turn (draw one card)")
    if t == "propose":
        give, ask = action.get("give") or {}, action.get("ask") or {}
        # Named as targets are: two offers for two Solar urbanizable in one plot must not read alike.
        wanted = ", ".join(_target(view, c, names) for c in ask.get("plot") or [])
        offered = [_target(view, c, names) for c in (give.get("hand") or []) + (give.get("plot") or [])]
        if give.get("envelopes"):
            offered.append(envelopes(give["envelopes"]))
        if wanted and ask.get("envelopes"):
            wanted += ", " + envelopes(ask["envelopes"])
        elif ask.get("envelopes"):
            wanted = envelopes(ask["envelopes"])
        q = {"give": ", ".join(offered) or _("nothing"), "ask": wanted or _("nothing")}
        to = action.get("to")
        if names and isinstance(to, int) and 0 <= to < len(names):
            q["to"] = names[to]
            return _("Offer %(give)s to %(to)s for %(ask)s") % q
        return _("Offer %(give)s for %(ask)s") % q
    if t in ("accept", "reject", "cancel"):
        prop = in_view(view, "proposals", action.get("id"))
        if prop is None:
            return {"accept": _("Accept the proposal"), "reject": _("Reject the proposal"),
                    "cancel": _("Withdraw the proposal")}[t]
        q = {"get": _side(prop.get("give") if t != "cancel" else prop.get("ask")),
             "give": _side(prop.get("ask") if t != "cancel" else prop.get("give"))}
        if t == "accept":
            return _("Accept: you get %(get)s, you give %(give)s") % q
        if t == "reject":
            return _("Reject: %(get)s for %(give)s") % q
        return _("Withdraw your offer of %(give)s for %(get)s") % q
    return None


def action_target(action: object, view: object = None) -> str | None:
    """The element an action concerns on the table (``card:<id>``), for clicking; None otherwise.
    (``games.present.presenters.action_target`` passes the viewer's view too.)"""
    if isinstance(action, dict) and action.get("type") in CARD_ACTIONS:
        cid = action.get("card")
        if isinstance(cid, int) and not isinstance(cid, bool):
            return f"card:{cid}"
    return None


def display_params(params: dict) -> dict:
    """A refusal's parameters as the player reads them: card keys as names, types in words."""
    shown = dict(params)
    for key in ("card", "target"):
        if isinstance(shown.get(key), str):
            shown[key] = card_name(shown[key])
    if "type" in shown and shown["type"] in ("land", "citizen", "politician", "builder", "project"):
        shown["type"] = type_name(shown["type"])
    return shown


def outcome_figures(outcome: dict, seat: int) -> list[tuple[str, str]]:
    """What the game-over card shows beside a player's place: envelopes in all, and in paradise."""
    total = (outcome.get("totals") or {}).get(str(seat))
    paradise = (outcome.get("paradise") or {}).get(str(seat))
    figures = []
    if total is not None:
        figures.append((_("envelopes"), str(total)))
    if paradise is not None:
        figures.append((_("in paradise"), str(paradise)))
    return figures


# Chance in this game is the shuffled deck (no dice): the fairness check says so.
FAIRNESS = {
    "link": gettext_lazy("Check that the shuffle was fair"),
    "title": gettext_lazy("Was the shuffle fair?"),
    "verdict": gettext_lazy("The shuffle was fair: nothing was changed during the game."),
    "sealed": gettext_lazy("shuffle sealed"),
    "check": gettext_lazy("check the shuffle"),
}
# Made on the board itself (presenters._legal_buttons): a proposal is answered or withdrawn beside it in the
# open proposals, and proposed with the deal form; the moves beside the board do not repeat them.
BOARD_MADE = {"accept", "reject", "cancel", "propose"}


def turn_seat(view: dict | None) -> int | None:
    """Whose turn it is (presenters: "Your move" is that seat's heading while it waits on another's answer)."""
    return ((view or {}).get("turn") or {}).get("seat")


# ---- card hints ----------------------------------------------------------------------------------------------
# What a card is and does, for its hint on the table (``data-hint``: shown on hover, long press or focus by
# static/js/table.js), from its printed definition (the view's ``card``), in the words of the Rules page. Made
# inside the card's kept part, so only when the card or its state changed.

# A number of level icons of one type, the name agreeing with the number ("1 citizen", "2 citizens").
TYPE_COUNTS = {
    "land": ngettext_lazy("%(n)s land", "%(n)s land", "n"),
    "citizen": ngettext_lazy("%(n)s citizen", "%(n)s citizens", "n"),
    "politician": ngettext_lazy("%(n)s politician", "%(n)s politicians", "n"),
    "builder": ngettext_lazy("%(n)s builder", "%(n)s builders", "n"),
    "project": ngettext_lazy("%(n)s project", "%(n)s projects", "n"),
}


def type_count(kind: object, n: int) -> str:
    """``n`` level icons of type ``kind``: "2 citizens"."""
    phrase = TYPE_COUNTS.get(kind) if isinstance(kind, str) else None
    return phrase % {"n": n} if phrase is not None else f"{n} {type_name(kind)}"


def _and(parts: list[str]) -> str:
    """"a, b and c" ("a, b y c")."""
    if len(parts) < 2:
        return "".join(parts)
    return _("%(list)s and %(last)s") % {"list": ", ".join(parts[:-1]), "last": parts[-1]}


def _or(parts: list[str]) -> str:
    """"a, b or c" ("a, b o c")."""
    if len(parts) < 2:
        return "".join(parts)
    return _("%(list)s or %(last)s") % {"list": ", ".join(parts[:-1]), "last": parts[-1]}


def _power(power: dict) -> str:
    """One power in words (Powers and actions; Money): what it does when it works."""
    kind, n = power.get("kind"), power.get("amount")
    if kind == "earn":
        if n is None:
            return _("take from the dispenser as many envelopes as its level")
        return ngettext("take %(n)s envelope from the dispenser", "take %(n)s envelopes from the dispenser", n) % {"n": n}
    if kind == "draw":
        n = n or 1
        return ngettext("draw %(n)s card", "draw %(n)s cards", n) % {"n": n}
    if kind == "evade":
        return ngettext("send up to %(n)s loose envelope to your tax haven",
                        "send up to %(n)s loose envelopes to your tax haven", n or 1) % {"n": n or 1}
    if kind == "inspect":
        return ngettext("expose a rival's card: up to %(n)s of its envelopes go back to the dispenser",
                        "expose a rival's card: up to %(n)s of its envelopes go back to the dispenser",
                        n or 1) % {"n": n or 1}
    if kind == "freeze":
        return _("paralyse a rival's card: it stays turned through its owner's next turn")
    if kind == "steal":
        return _("take a rival's %(types)s card into your plot") % {
            "types": _or([type_name(t) for t in power.get("types") or []])}
    if kind == "shield":
        return _("rivals' powers cannot touch your plot")
    if kind == "discount":
        return ngettext("your mamandurrias cost %(n)s envelope less", "your mamandurrias cost %(n)s envelopes less",
                        n or 1) % {"n": n or 1}
    return "?"


def _powers(d: dict) -> list[str]:
    """Its powers, one sentence each: an action with the level it needs (its circles), one when lowered, one
    always in effect."""
    words = []
    for p in d.get("powers") or []:
        when = p.get("when")
        if when == "action":
            words.append(_("Action (needs level %(n)s): %(power)s.") % {"n": p.get("level", 1), "power": _power(p)})
        elif when == "lower":
            words.append(_("When lowered: %(power)s.") % {"power": _power(p)})
        else:
            words.append(_("Always: %(power)s.") % {"power": _power(p)})
    return words


def card_hint(d: dict, level: int | None = None, free: list | None = None) -> str:
    """A card's hint from its printed definition ``d`` (the view's ``card``): its name, type and level (``level``
    on the plot, with its backing), its requirements or cost (The Cards; Turn and lower), its backing slots (``free``
    on the plot: those still empty) and padlock (Level and support), its powers (Powers and actions) and its ESCONDE
    and EVADE stamps (Money)."""
    return " ".join(_card_words(d, level, free))


def _card_words(d: dict, level: int | None = None, free: list | None = None) -> list[str]:
    """``card_hint``'s sentences, the card's name, type and level first."""
    if not isinstance(d, dict) or "type" not in d:
        return ["?"]
    kind = d["type"]
    shown = d.get("level", 0) if level is None else level
    if kind == "mamandurria":
        words = [_("%(name)s: mamandurria.") % {"name": printed(d)},
                 ngettext("Lowering it costs %(n)s envelope, paid into the dispenser; it is discarded at the end of "
                          "the turn.", "Lowering it costs %(n)s envelopes, paid into the dispenser; it is discarded "
                          "at the end of the turn.", d.get("cost", 0)) % {"n": d.get("cost", 0)}]
    else:
        words = [_("%(name)s: %(type)s, level %(level)s.") % {"name": printed(d), "type": type_name(kind),
                                                              "level": shown}]
        needs = [type_count(t, n) for t, n in (d.get("requires") or {}).items()]
        if needs:
            words.append(_("Requirements: to lower it, turn plot cards whose level icons add up to %(needs)s.") % {
                "needs": _and(needs)})
        else:
            words.append(_("No requirements: lower it at any time."))
    slots = (d.get("slots") or []) if free is None else free
    if slots:
        words.append(_("Land or citizens behind it raise its level: room for %(slots)s.") % {
            "slots": _and([type_count(t, slots.count(t)) for t in dict.fromkeys(slots)])})
    if d.get("slots") and d.get("padlock"):
        words.append(_("Padlock: a backing put behind it stays for the rest of the game, and the card then cannot "
                       "leave the plot."))
    words += _powers(d)
    if d.get("hide"):
        words.append(ngettext("ESCONDE %(n)s: hides up to %(n)s envelope on it.",
                              "ESCONDE %(n)s: hides up to %(n)s envelopes on it.", d["hide"]) % {"n": d["hide"]})
    if d.get("evade"):
        words.append(ngettext("EVADE %(n)s: an action that sends up to %(n)s envelope to your tax haven.",
                              "EVADE %(n)s: an action that sends up to %(n)s envelopes to your tax haven.",
                              d["evade"]) % {"n": d["evade"]})
    return words


def plot_card_hint(c: dict) -> str:
    """A plot card's hint: the card's (``card_hint``, at its level now), with after its name how many envelopes it
    holds of what it can hold (Money), and whether it is backing another card, turned (Turn and lower) or
    paralysed: what a player looks for first on a plot."""
    if not isinstance(c, dict):
        return "?"
    printed_words = _card_words(c.get("card") or {}, c.get("level"), list(c.get("slots_free") or []))
    words = printed_words[:1]
    if c.get("backing") is not None:
        words.append(_("Backing another card: it cannot be used on its own nor hold envelopes."))
    elif c.get("capacity") or c.get("envelopes"):
        words.append(_("Envelopes hidden on it: %(n)s of %(capacity)s.") % {"n": c.get("envelopes", 0),
                                                               "capacity": c.get("capacity", 0)})
    if c.get("frozen"):
        words.append(_("Paralysed: it stays turned through its owner's next turn."))
    elif c.get("tapped"):
        words.append(_("Turned: used this turn."))
    return " ".join(words + printed_words[1:])


def paradise_hint(d: dict, envelopes: object, tapped: bool = False) -> str:
    """A tax haven's hint (Money: Evading): where evaded money goes, with no limit and never to leave, how much is
    there, and the table option's EVADE stamp (a reconstruction: the rulebook gives the card none)."""
    if not isinstance(d, dict):
        return "?"
    words = [_("%(name)s: tax haven. Money evaded here has no limit and never leaves it.") % {"name": printed(d)}]
    if isinstance(envelopes, int):
        words.append(ngettext("%(n)s envelope in paradise.", "%(n)s envelopes in paradise.", envelopes) % {
            "n": envelopes})
    if d.get("evade"):
        words.append(ngettext("Table option EVADE %(n)s*: an action that sends up to %(n)s envelope here (not in the "
                              "rulebook).", "Table option EVADE %(n)s*: an action that sends up to %(n)s envelopes "
                              "here (not in the rulebook).", d["evade"]) % {"n": d["evade"]})
        if tapped:
            words.append(_("Turned: used this turn."))
    return " ".join(words)
