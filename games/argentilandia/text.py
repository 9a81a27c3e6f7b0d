"""Human text for Argentilandia events and actions (used by games.present.presenters).

Raw materials and industries are translated (the Spanish names are the originals); provinces and
ports keep their proper names. Events redacted for a viewer (no card identity) read naturally.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext, ngettext_lazy

from games.present.text_common import DICE_FAIRNESS, in_view

from .engine import board as B

# The names, marked for translation and translated one at a time: a board names a material forty times a render,
# and translating the whole list to return one name was a fifth of an Argentilandia render.
MATERIAL_NAMES = {
    "oil": gettext_noop("Oil"), "fish": gettext_noop("Fish"), "sheep": gettext_noop("Sheep"), "metals": gettext_noop("Metals"), "soy": gettext_noop("Soy"),
    "cows": gettext_noop("Cows"), "grapes": gettext_noop("Grapes"), "tobacco": gettext_noop("Tobacco"), "wood": gettext_noop("Wood"),
}
INDUSTRY_NAMES = {
    "metal_refinery": gettext_noop("Metal Refinery"), "furniture_factory": gettext_noop("Furniture Factory"),
    "wool_factory": gettext_noop("Wool Factory"), "meatpacking_plant": gettext_noop("Meatpacking Plant"), "winery": gettext_noop("Winery"),
    "cigarette_factory": gettext_noop("Cigarette Factory"), "soybean_oil_mill": gettext_noop("Soybean Oil Mill"),
    "fish_cannery": gettext_noop("Fish Cannery"),
}
# A number of cards of one material, singular or plural by the number ("1 Cow", "3 Cows"; "1 Oveja", "3 Ovejas"):
# "%(n)s %(material)s" read "1 Cows".
MATERIAL_COUNTS = {
    "oil": ngettext_lazy("%(n)s Oil", "%(n)s Oil", "n"), "fish": ngettext_lazy("%(n)s Fish", "%(n)s Fish", "n"),
    "sheep": ngettext_lazy("%(n)s Sheep", "%(n)s Sheep", "n"), "metals": ngettext_lazy("%(n)s Metal", "%(n)s Metals", "n"),
    "soy": ngettext_lazy("%(n)s Soy", "%(n)s Soy", "n"), "cows": ngettext_lazy("%(n)s Cow", "%(n)s Cows", "n"),
    "grapes": ngettext_lazy("%(n)s Grape", "%(n)s Grapes", "n"),
    "tobacco": ngettext_lazy("%(n)s Tobacco", "%(n)s Tobacco", "n"), "wood": ngettext_lazy("%(n)s Wood", "%(n)s Wood", "n"),
}


def material(m) -> str:
    name = MATERIAL_NAMES.get(m) if isinstance(m, str) else None
    return _(name) if name else str(m)


def industry(i) -> str:
    name = INDUSTRY_NAMES.get(i) if isinstance(i, str) else None
    return _(name) if name else str(i)


def province(p) -> str:
    info = B.PROVINCES.get(p)
    return info["name"] if info else str(p)


def port(p) -> str:
    info = B.PORTS.get(p)
    return f"{info['name']} ({info['ratio']}x1)" if info else str(p)


def the_port(p) -> str:
    """A port named as a place to trade: "the port of Buenos Aires (3x1)" (its name alone is the city's)."""
    return _("the port of %(port)s") % {"port": port(p)}


def slot_material(p, slot) -> str:
    try:
        return material(B.PROVINCES[p]["mps"][slot])
    except (KeyError, IndexError, TypeError):
        return "?"


def target(t) -> str:
    if not isinstance(t, dict):
        return "?"
    return industry(t.get("id")) if t.get("kind") == "industry" else province(t.get("id"))


def count(m, n) -> str:
    """``n`` cards of material ``m``, the name agreeing with the number: "1 Cow", "3 Cows"."""
    phrase = MATERIAL_COUNTS.get(m) if isinstance(m, str) else None
    if phrase is None or not isinstance(n, int):
        return f"{n} {material(m)}"
    return phrase % {"n": n}


def cards(d) -> str:
    """{"oil": 2, "fish": 1} -> "2 Oil + 1 Fish" (in board order)."""
    if not isinstance(d, dict) or not d:
        return "—"
    parts = [count(m, d[m]) for m in B.MATERIALS if d.get(m)]
    return " + ".join(parts) or "—"


def seat_name(names: list[str], seat) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return _("player %(n)s") % {"n": (seat + 1) if isinstance(seat, int) else "?"}


def name_list(names: list[str], seats) -> str:
    return ", ".join(seat_name(names, s) for s in (seats or []))


def card_kind(kind) -> str:
    return _("a Corrupt Official") if kind in ("official", "mp") else _("a Stockbroker")


def describe_event(event: dict, names: list[str]) -> str | None:  # noqa: C901 - one branch per event type
    t = event.get("type")
    e = event
    n = lambda key: seat_name(names, e.get(key))  # noqa: E731
    if t == "rolled":
        dice = e.get("dice") or [0, 0]
        provs = ", ".join(province(p) for p in e.get("in_play", []))
        text = _("%(name)s rolled %(a)s + %(b)s = %(total)s: %(provinces)s produce.") % {
            "name": n("seat"), "a": dice[0], "b": dice[1], "total": e.get("total"), "provinces": provs or "—"}
        if dice[0] == dice[1]:
            text += " " + _("Doubles!")
        return text
    if t == "produced":
        return _("%(name)s receives %(cards)s.") % {"name": n("seat"), "cards": count(e.get("material"), e.get("count", 1))}
    if t == "production_unpaid":
        return _("The bank cannot pay the %(cards)s owed: nobody receives %(material)s.") % {
            "cards": count(e.get("material"), e.get("needed")), "material": material(e.get("material"))}
    if t == "discards_due":
        due = [f"{seat_name(names, s)} {c}" for s, c in enumerate(e.get("counts", [])) if c]
        return _("Doubles: hands over 7 cards lose half (%(list)s).") % {"list": ", ".join(due) or "—"}
    if t == "discarded":
        if e.get("cards"):
            return _("%(name)s discarded %(cards)s.") % {"name": n("seat"), "cards": cards(e["cards"])}
        return ngettext("%(name)s discarded %(count)s card.", "%(name)s discarded %(count)s cards.", e.get("count") or 0) % {
            "name": n("seat"), "count": e.get("count")}
    if t == "union_moved":
        return _("%(name)s moved the Union Organizer to %(target)s.") % {"name": n("seat"), "target": target(e.get("target"))}
    if t == "card_drawn":
        if e.get("material"):
            return _("%(name)s took a face-down card from %(victim)s: %(material)s.") % {
                "name": n("thief"), "victim": n("victim"), "material": material(e["material"])}
        return _("%(name)s took a face-down card from %(victim)s.") % {"name": n("thief"), "victim": n("victim")}
    if t == "official_played":
        return _("%(name)s played a Corrupt Official to move the Union Organizer.") % {"name": n("seat")}
    if t == "mp_placed":
        return _("%(name)s placed an MP on %(material)s in %(province)s.") % {
            "name": n("seat"), "material": material(e.get("material")), "province": province(e.get("province"))}
    if t == "mp_bought":
        return _("%(name)s bought the %(material)s MP in %(province)s for %(cards)s.") % {
            "name": n("seat"), "material": material(e.get("material")), "province": province(e.get("province")),
            "cards": cards(e.get("paid"))}
    if t == "port_bought":
        return _("%(name)s bought the port of %(port)s for %(cards)s.") % {
            "name": n("seat"), "port": port(e.get("port")), "cards": cards(e.get("paid"))}
    if t == "factory_bought":
        return _("%(name)s bought the %(industry)s for %(cards)s.") % {
            "name": n("seat"), "industry": industry(e.get("industry")), "cards": cards(e.get("paid"))}
    if t == "percentage_bought":
        return _("%(name)s bought a 25%% share of the %(industry)s.") % {"name": n("seat"), "industry": industry(e.get("industry"))}
    if t == "official_bought":
        return _("%(name)s bought a Corrupt Official.") % {"name": n("seat")}
    if t == "stockbroker_bought":
        return _("%(name)s bought a Stockbroker.") % {"name": n("seat")}
    if t == "industry_owner_changed":
        return _("%(name)s now controls the %(industry)s.") % {"name": n("owner"), "industry": industry(e.get("industry"))}
    if t == "special_granted":
        if e.get("auto"):
            return _("%(province)s grants %(name)s %(card)s (the alternating card: none was chosen).") % {
                "province": province(e.get("province")), "name": n("seat"), "card": card_kind(e.get("kind"))}
        return _("%(province)s grants %(name)s %(card)s.") % {
            "province": province(e.get("province")), "name": n("seat"), "card": card_kind(e.get("kind"))}
    if t == "contest_started":
        if e.get("kind") == "mp":
            return _("%(name)s plays a Corrupt Official to take %(seller)s's %(material)s MP in %(province)s: dice contest!") % {
                "name": n("buyer"), "seller": n("seller"), "material": slot_material(e.get("province"), e.get("slot")),
                "province": province(e.get("province"))}
        return _("%(name)s plays a Stockbroker to take a share of the %(industry)s from %(seller)s: dice contest!") % {
            "name": n("buyer"), "seller": n("seller"), "industry": industry(e.get("industry"))}
    if t == "contest_rolled":
        dice = e.get("dice") or [0, 0]
        msg = _("%(name)s (seller) rolled %(a)s + %(b)s = %(total)s.") if e.get("role") == "seller" else \
            _("%(name)s (buyer) rolled %(a)s + %(b)s = %(total)s.")
        return msg % {"name": n("seat"), "a": dice[0], "b": dice[1], "total": dice[0] + dice[1]}
    if t == "contest_won":
        if e.get("winner") == e.get("buyer"):
            # Named, not "it": the thing won is an MP (feminine in Spanish) or a share.
            won = _("%(name)s wins the contest and takes the MP from %(seller)s.") if e.get("kind") == "mp" else \
                _("%(name)s wins the contest and takes the share from %(seller)s.")
            return won % {"name": n("buyer"), "seller": n("seller")}
        kept = _("%(name)s wins the contest, keeps the MP and gets %(card)s from %(buyer)s.") if e.get("kind") == "mp" \
            else _("%(name)s wins the contest, keeps the share and gets %(card)s from %(buyer)s.")
        return kept % {"name": n("seller"), "buyer": n("buyer"), "card": card_kind(e.get("kind"))}
    if t == "port_transferred":
        if e.get("to") is None:
            return _("The port of %(port)s is free again.") % {"port": port(e.get("port"))}
        return _("The port of %(port)s passes to %(name)s.") % {"port": port(e.get("port")), "name": n("to")}
    if t == "rolloff_started":
        return _("Roll-off for the port of %(port)s between %(names)s.") % {
            "port": port(e.get("port")), "names": name_list(names, e.get("players"))}
    if t == "rolloff_rolled":
        return _("%(name)s rolled %(die)s for the port of %(port)s.") % {"name": n("seat"), "die": e.get("die"), "port": port(e.get("port"))}
    if t == "rolloff_tied":
        return _("Tie for the port of %(port)s: %(names)s roll again.") % {
            "port": port(e.get("port")), "names": name_list(names, e.get("players"))}
    if t == "trade_offered":
        to = e.get("to") or []
        whom = name_list(names, to) if len(to) == 1 else _("everyone")
        return _("%(name)s offers %(give)s for %(get)s to %(whom)s.") % {
            "name": n("from"), "give": cards(e.get("give")), "get": cards(e.get("get")), "whom": whom}
    if t == "trade_countered":
        return _("%(name)s counters %(whom)s: %(give)s for %(get)s.") % {
            "name": n("from"), "whom": name_list(names, e.get("to")), "give": cards(e.get("give")), "get": cards(e.get("get"))}
    if t == "trade_accepted":
        return _("%(name)s accepted %(maker)s's trade: %(give)s for %(get)s.") % {
            "name": n("by"), "maker": n("from"), "give": cards(e.get("give")), "get": cards(e.get("get"))}
    if t == "trade_refused":
        if e.get("give"):
            return _("%(name)s refused %(maker)s's offer: %(give)s for %(get)s.") % {
                "name": n("by"), "maker": n("from"), "give": cards(e.get("give")), "get": cards(e.get("get"))}
        return _("%(name)s refused the offer.") % {"name": n("by")}
    if t == "offer_withdrawn":
        if e.get("give"):
            return _("%(name)s withdrew the offer: %(give)s for %(get)s.") % {
                "name": n("by"), "give": cards(e.get("give")), "get": cards(e.get("get"))}
        return _("%(name)s withdrew the offer.") % {"name": n("by")}
    if t == "offer_expired":
        return _("%(maker)s's offer (%(give)s for %(get)s) lapsed unanswered by %(whom)s: the turn ended.") % {
            "maker": n("from"), "give": cards(e.get("give")), "get": cards(e.get("get")),
            "whom": name_list(names, e.get("to")) or "—"}
    if t == "bank_trade":
        return _("%(name)s traded %(give)s with the bank for %(get)s.") % {
            "name": n("seat"), "give": count(e.get("give"), e.get("count", 4)), "get": count(e.get("get"), 1)}
    if t == "port_trade":
        return _("%(name)s traded %(give)s at the port of %(port)s for %(get)s.") % {
            "name": n("seat"), "give": count(e.get("give"), e.get("count")), "port": port(e.get("port")),
            "get": count(e.get("get"), 1)}
    if t == "intl_trade":
        return _("%(name)s traded %(give)s abroad through %(province)s for %(get)s.") % {
            "name": n("seat"), "give": count(e.get("give"), e.get("count", 2)), "province": province(e.get("province")),
            "get": count(e.get("get"), 1)}
    if t == "phase":
        if e.get("phase") == "prelim_buy":
            return _("Preliminary round: each player may now buy 1 MP.")
        return _("New phase: %(phase)s.") % {"phase": e.get("phase")}
    if t == "turn_started":
        return _("Turn %(turn)s: %(name)s plays.") % {"turn": e.get("turn"), "name": n("seat")}
    if t == "turn_ended":
        return _("%(name)s ended the turn.") % {"name": n("seat")}
    if t == "game_over":
        if e.get("winner") is not None:
            vp = e.get("vp") or []
            w = e["winner"]
            return _("Game over: %(name)s wins with %(vp)s VP!") % {"name": n("winner"), "vp": vp[w] if w < len(vp) else "?"}
        return _("Game over: the turn limit was reached.")
    return None


def label_action(action: dict, view: dict | None, names: list[str] | None = None) -> str | None:  # noqa: C901
    """A button label for a legal action (one branch per action type), players named by ``names``."""
    names = names or []
    t = action.get("type")
    a = action
    if t == "place_mp":
        return _("Place an MP: %(material)s in %(province)s") % {
            "material": slot_material(a.get("province"), a.get("slot")), "province": province(a.get("province"))}
    if t == "buy_mp":
        return _("Buy the %(material)s MP in %(province)s") % {
            "material": slot_material(a.get("province"), a.get("slot")), "province": province(a.get("province"))}
    if t == "pass":
        return _("Pass (buy nothing)")
    if t == "roll":
        return _("Roll the dice")
    if t == "move_union":
        return _("Move the Union Organizer to %(target)s") % {"target": target(a.get("target"))}
    if t == "discard":
        if a.get("random"):
            return _("Discard at random")
        return _("Discard %(cards)s") % {"cards": cards(a.get("cards"))}
    if t == "contest_roll":
        if view and view.get("phase") == "rolloff":
            return _("Roll the die for the port")
        return _("Roll the dice for the contest")
    if t == "buy_port":
        return _("Buy the port of %(port)s") % {"port": port(a.get("port"))}
    if t == "buy_factory":
        return _("Buy the %(industry)s with %(cards)s") % {
            "industry": industry(a.get("industry")), "cards": cards({"oil": 1, a.get("with"): 3})}
    if t == "buy_percentage":
        return _("Buy 25%% of the %(industry)s") % {"industry": industry(a.get("industry"))}
    if t == "buy_official":
        return _("Buy a Corrupt Official")
    if t == "buy_stockbroker":
        return _("Buy a Stockbroker")
    if t == "bank_trade":
        return _("Bank: %(give)s for %(get)s") % {"give": count(a.get("give"), 4), "get": count(a.get("get"), 1)}
    if t == "port_trade":
        info = B.PORTS.get(a.get("port"), {})
        return _("Port of %(port)s: %(give)s for %(get)s") % {
            "port": info.get("name", a.get("port")), "give": count(a.get("give"), info.get("ratio")),
            "get": count(a.get("get"), 1)}
    if t == "intl_trade":
        return _("Abroad through %(province)s: %(give)s for %(get)s") % {
            "province": province(a.get("province")), "give": count(a.get("give"), 2), "get": count(a.get("get"), 1)}
    if t == "offer_trade":
        to = a.get("to")
        if to is None:
            return _("Offer %(give)s for %(get)s to everyone") % {"give": cards(a.get("give")), "get": cards(a.get("get"))}
        return _("Offer %(give)s for %(get)s to %(name)s") % {
            "give": cards(a.get("give")), "get": cards(a.get("get")), "name": seat_name(names, to)}
    if t == "counter_offer":
        return _("Counter-offer %(give)s for %(get)s") % {"give": cards(a.get("give")), "get": cards(a.get("get"))}
    if t in ("accept_offer", "refuse_offer"):
        o = in_view(view, "offers", a.get("offer_id"))
        if o is None:
            return _("Accept the offer") if t == "accept_offer" else _("Refuse the offer")
        terms = {"get": cards(o.get("give")), "give": cards(o.get("get"))}
        if t == "accept_offer":
            return _("Accept: receive %(get)s, give %(give)s") % terms
        return _("Refuse: receive %(get)s, give %(give)s") % terms
    if t == "cancel_offer":
        return _("Withdraw your offer")
    if t == "buy_rival_mp":
        return _("Corrupt Official: contest the %(material)s MP in %(province)s") % {
            "material": slot_material(a.get("province"), a.get("slot")), "province": province(a.get("province"))}
    if t == "buy_rival_percentage":
        return _("Stockbroker: contest a share of the %(industry)s from %(name)s") % {
            "industry": industry(a.get("industry")), "name": seat_name(names, a.get("seller"))}
    if t == "claim_special":
        if a.get("kind") == "official":
            return _("Claim a Corrupt Official from %(province)s") % {"province": province(a.get("province"))}
        return _("Claim a Stockbroker from %(province)s") % {"province": province(a.get("province"))}
    if t == "end_turn":
        return _("End the turn")
    return None


def display_params(params: dict) -> dict:
    """A refusal's parameters with ids turned into names the player reads."""
    shown = dict(params)
    for key, fn in (("province", province), ("industry", industry), ("port", port), ("material", material)):
        if key in shown:
            shown[key] = fn(shown[key])
    return shown


def action_target(action: dict, view: dict | None = None) -> str | None:
    """The map element a legal action is made on, or None: an MP slot (``mp:<province>:<slot>``), a port,
    an industry, a province; the Union Organizer's moves name what it moves to (``union:<kind>:<id>``)."""
    t = action.get("type")
    if t in ("place_mp", "buy_mp", "buy_rival_mp"):
        return f"mp:{action.get('province')}:{action.get('slot')}"
    if t == "buy_port":
        return f"port:{action.get('port')}"
    if t in ("buy_factory", "buy_percentage", "buy_rival_percentage"):
        return f"industry:{action.get('industry')}"
    if t == "claim_special":
        return f"province:{action.get('province')}"
    if t == "move_union":
        target = action.get("target") or {}
        if isinstance(target, dict):
            return f"union:{target.get('kind')}:{target.get('id')}"
    return None


def outcome_figures(outcome: dict, seat: int) -> list[tuple[str, str]]:
    """What the game-over card shows beside a player's place: victory points."""
    vp = outcome.get("vp") or []
    return [(_("VP"), str(vp[seat]))] if 0 <= seat < len(vp) else []


# Moves a click on the map makes at once (free, and the only move for that place): placing in the opening round.
DIRECT_ACTIONS = {"place_mp"}

# Chance in this game is dice: the fairness check says so.
FAIRNESS = DICE_FAIRNESS

# Made in the trade panel (presenters._legal_buttons): exchanges with the bank, a port or abroad with its
# exchange form (one form, where a button per port, material and card made dozens of buttons), offers and
# counter-offers with the offer form, answers beside the offer they answer. The moves beside the map do not
# repeat them.
BOARD_MADE = {"bank_trade", "port_trade", "intl_trade", "offer_trade", "counter_offer", "accept_offer",
              "refuse_offer", "cancel_offer"}


def shown_moves(view: dict, seat: int) -> dict[int, dict]:
    """Accept beside each offer to ``seat``, by offer id, whether or not the engine would take it now
    (presenters._shown_moves says which, and why not: the trade panel then shows the reason, not the button)."""
    return {o["id"]: {"type": "accept_offer", "offer_id": o["id"]}
            for o in view.get("offers") or [] if seat in o.get("to", [])}


def turn_seat(view: dict | None) -> int | None:
    """Whose turn it is (presenters: "Your move" is that seat's heading while it waits on another's answer)."""
    return (view or {}).get("current")


# ---- board hints ---------------------------------------------------------------------------------------------
# What a province, port or industry is and does, for its hint on the table (``data-hint``: shown on hover, long
# press or focus by static/js/table.js), in the words of the Rules page. Made inside the element's kept part, so
# only when what it shows changed (``templatetags.argentilandia_board``).


def holdings(owners: Sequence[int | None]) -> dict[int, int]:
    """How many of ``owners`` (an MP slot's or a percentage's owner each, None when free) each seat holds, by seat."""
    held: dict[int, int] = {}
    for seat in owners:
        if seat is not None:
            held[seat] = held.get(seat, 0) + 1
    return dict(sorted(held.items()))


def _held_line(held: dict[int, int], names: Sequence[str]) -> str:
    """Each holder with how many: "Ana (2), Beto (1)"."""
    return ", ".join(f"{seat_name(list(names), seat)} ({n})" for seat, n in held.items())


def province_hint(pid: str, owners: Sequence[int | None], names: Sequence[str], *, in_play: bool = False,
                  blocked: bool = False, monopolist: int | None = None, you: int | None = None) -> str:
    """A province's hint: its dice number, VP and MPs (Provinces and dice; Objective), what its MPs pay and what its
    monopoly gives (Production; Monopoly; Special Provinces; International Trade), who holds its MPs, whether the
    Union Organizer blocks it, and for a seated viewer ``you`` how many of its MPs they hold."""
    info = B.PROVINCES.get(pid)
    if info is None:
        return "?"
    total, number = len(info["mps"]), info["number"]
    words = [_("%(name)s: rolled on %(number)s, %(vp)s VP. MPs: %(materials)s.") % {
        "name": info["name"], "number": number, "vp": info["vp"],
        "materials": ", ".join(material(m) for m in info["mps"])}]
    words.append(ngettext("Its MP pays its owner 1 Production card when %(number)s is rolled; holding it is a monopoly: "
                    "its VP and double production.",
                    "Each MP pays its owner 1 Production card when %(number)s is rolled; holding all %(n)s is a "
                    "monopoly: its VP and double production.", total) % {"number": number, "n": total})
    if info.get("special"):
        words.append(_("Special province: its monopoly brings a Corrupt Official or a Stockbroker every turn, "
                       "alternating."))
    if info.get("border_no_sea_port"):
        words.append(_("Border province: its monopoly trades abroad as a 2 x 1 port."))
    held = holdings(owners)
    free = sum(1 for seat in owners if seat is None)
    if monopolist is not None:
        words.append(_("Monopoly of %(name)s.") % {"name": seat_name(list(names), monopolist)})
    elif not held:
        words.append(_("No MP held yet."))
    elif free:
        words.append(_("MPs held: %(holders)s; %(free)s free.") % {"holders": _held_line(held, names), "free": free})
    else:
        words.append(_("MPs held: %(holders)s.") % {"holders": _held_line(held, names)})
    if blocked:
        words.append(_("Blocked by the Union Organizer: no production, no purchases, no VP."))
    elif in_play:
        words.append(_("In play this turn."))
    if you is not None:
        words.append(province_holding(pid, owners, you))
    return " ".join(words)


def province_holding(pid: str, owners: Sequence[int | None], seat: int) -> str:
    """What a province's hint tells ``seat`` of its own: how many of the province's MPs it holds (Provinces and dice)."""
    total = len(B.PROVINCES[pid]["mps"]) if pid in B.PROVINCES else len(owners)
    return ngettext("You hold %(n)s of its %(total)s MP.", "You hold %(n)s of its %(total)s MPs.", total) % {
        "n": sum(1 for owner in owners if owner == seat), "total": total}


def port_hint(port_id: str, owner: int | None, names: Sequence[str], *, blocked: bool = False) -> str:
    """A port's hint: its ratio and what its owner trades there (Trading at ports), who owns it or what it costs."""
    info = B.PORTS.get(port_id)
    if info is None:
        return "?"
    place = {"port": info["name"], "ratio": info["ratio"], "province": province(info["province"])}
    words = [_("Port of %(port)s (%(ratio)s x 1), in %(province)s: its owner trades %(ratio)s identical cards "
               "for 1 of their choice, as often as they like on their turn, while holding an MP in %(province)s.")
             % place]
    if owner is not None:
        words.append(_("Owner: %(name)s.") % {"name": seat_name(list(names), owner)})
    else:
        words.append(_("For sale: 3 different cards, while %(province)s is in play, to a player with an MP there.")
                     % place)
    if blocked:
        words.append(_("Blocked by the Union Organizer: no trading here."))
    return " ".join(words)


def industry_hint(industry_id: str, shares: Sequence[int | None], owner: int | None, names: Sequence[str], *,
                  blocked: bool = False) -> str:
    """An industry's hint: its material and VP, that its owner doubles that material and a holder tied with the
    owner too (Industries and doubling, docs decision 1), what its VP need (Monopoly (industries)), what it costs
    (Buying Industries; Buying free industry percentages), who holds its shares."""
    info = B.INDUSTRIES.get(industry_id)
    if info is None:
        return "?"
    total = len(shares) or info.get("percentages", 4)
    made = {"name": industry(industry_id), "material": material(info["material"]), "vp": info["vp"], "n": total}
    words = [_("%(name)s: %(material)s, %(vp)s VP. Its owner (most shares) doubles %(material)s production; a "
               "holder tied with the owner doubles too. Its VP need all %(n)s shares and an MP of %(material)s.")
             % made]
    held = holdings(shares)
    free = sum(1 for seat in shares if seat is None)
    if owner is None:
        words.append(_("For sale: 1 Oil + 3 identical cards of another kind, with its first share."))
    elif held == {owner: total}:
        words.append(_("Monopoly of %(name)s.") % {"name": seat_name(list(names), owner)})
    else:
        words.append(_("Owner: %(name)s. Shares: %(holders)s.") % {
            "name": seat_name(list(names), owner), "holders": _held_line(held, names)})
        if free:
            words.append(ngettext("%(n)s share free: 1 Oil + 1 Soy + 1 Metals.",
                            "%(n)s shares free: 1 Oil + 1 Soy + 1 Metals each.", free) % {"n": free})
    if blocked:
        words.append(_("Blocked by the Union Organizer: no doubling, no purchases, no VP."))
    return " ".join(words)
