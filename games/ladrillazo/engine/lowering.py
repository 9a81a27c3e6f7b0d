"""Lowering a card from hand to the plot (Turn and lower; The Cards).

Land and citizens go down freely. Any other card needs its requirements (the left column) met by
untapped plot cards whose levels together add up to them; those cards are turned. Mamandurrias have
no requirements but cost envelopes paid to the dispenser, act once and are discarded at the end of
the turn.
"""

from __future__ import annotations

from games.core.refusals import _, refuse

from . import cards, inputs, money, plot, powers
from .schema import FREE_TYPES, TARGETED_KINDS, TYPE_MAMANDURRIA, WHEN_LOWER, PlotCard, State
from .turn_guard import require_turn

RULE = "turn"


def payment_levels(state: State, entries: list[PlotCard]) -> dict[str, int]:
    """The level icons a set of plot cards adds up to, by type."""
    sums: dict[str, int] = {}
    for e in entries:
        t = cards.of(state, e["id"])["type"]
        sums[t] = sums.get(t, 0) + plot.level(state, e)
    return sums


def check_payment(state: State, seat: int, card_id: int, pay: list[int]) -> list[PlotCard]:
    """Turn and lower: the tapped cards must be untapped cards of one's plot, not backing others,
    whose level icons meet every requirement; none may be tapped in vain (each is needed)."""
    need = cards.of(state, card_id)["requires"]
    if not need:
        if pay:
            refuse(_("This card has no requirements: nothing needs to be tapped."), RULE)
        return []
    entries = []
    for cid in pay:
        e = plot.own_entry(state, seat, cid, RULE)
        if e["backing"] is not None:
            refuse(_("A card that backs another cannot be used on its own."), "level-and-support", card=plot.key(state, cid))
        if e["tapped"]:
            refuse(_("Each plot card is used once per turn: %(card)s is already turned."), RULE, card=plot.key(state, cid))
        if cards.of(state, cid)["type"] not in need:
            refuse(_("%(card)s adds none of the level icons required."), RULE, card=plot.key(state, cid))
        entries.append(e)
    sums = payment_levels(state, entries)
    for t, n in need.items():
        if sums.get(t, 0) < n:
            refuse(_("The tapped cards add %(have)s %(type)s icons; %(need)s are required."), RULE,
                   have=sums.get(t, 0), type=t, need=n)
    for e in entries:
        t = cards.of(state, e["id"])["type"]
        if sums[t] - plot.level(state, e) >= need[t]:
            refuse(_("%(card)s is not needed to meet the requirements: tap only what you need."), RULE, card=plot.key(state, e["id"]))
    return entries


def payment_pools(state: State, seat: int) -> dict[str, list[tuple[int, int]]]:
    """The usable plot cards of ``seat`` that show level icons, as (level, id) by type."""
    pools: dict[str, list[tuple[int, int]]] = {}
    for e in state["players"][seat]["plot"]:
        if plot.usable(e):
            lv = plot.level(state, e)
            if lv > 0:
                pools.setdefault(cards.of(state, e["id"])["type"], []).append((lv, e["id"]))
    return pools


def find_payment(state: State, seat: int, card_id: int, pools: dict | None = None) -> list[int] | None:
    """A minimal set of usable plot cards meeting ``card_id``'s requirements, or None.

    Per type: the smallest single card that suffices, else the highest levels until met, then any
    card that became unnecessary is dropped (so ``check_payment`` accepts it).
    """
    need = cards.of(state, card_id)["requires"]
    if pools is None:
        pools = payment_pools(state, seat)
    chosen: list[int] = []
    for t, n in need.items():
        pool = list(pools.get(t, ()))
        single = sorted(p for p in pool if p[0] >= n)
        if single:
            chosen.append(single[0][1])
            continue
        pool.sort(reverse=True)
        picked, total = [], 0
        for lv, cid in pool:
            if total >= n:
                break
            picked.append((lv, cid))
            total += lv
        if total < n:
            return None
        for item in sorted(picked):
            if total - item[0] >= n:
                picked.remove(item)
                total -= item[0]
        chosen.extend(cid for _lv, cid in picked)
    return chosen


def do_lower(state: State, events: list, seat: int, action: dict) -> None:
    """Turn and lower: move a card from hand to plot, paying its requirements or its cost, then run
    its powers that work "once when lowered" (Powers and actions)."""
    require_turn(state, seat)
    cid = inputs.card_id(action.get("card"), RULE)
    p = state["players"][seat]
    if cid not in p["hand"]:
        refuse(_("That card is not in your hand."), RULE)
    pay = inputs.id_list(action.get("pay"), RULE)
    d = cards.of(state, cid)
    on_lower = [pw for pw in d["powers"] if pw["when"] == WHEN_LOWER]
    if action.get("target") is not None and not any(pw["kind"] in TARGETED_KINDS for pw in on_lower):
        refuse(_("This card takes no target."), "powers-and-actions")
    targets = [powers.check_target(state, seat, pw, action) for pw in on_lower]
    entry = plot.new_entry(cid)
    cost = 0
    if d["type"] == TYPE_MAMANDURRIA:
        if pay:
            refuse(_("A mamandurria has no requirements: it costs envelopes."), "the-cards")
        cost = plot.mamandurria_cost(state, seat, cid)
        if cost > p["loose"]:
            refuse(_("This mamandurria costs %(cost)s envelopes and you have %(loose)s in hand."), "the-cards",
                   cost=cost, loose=p["loose"])
        p["loose"] -= cost
        money.to_dispenser(state, cost)
        entry["tapped"] = True  # spent: it is discarded at the end of the turn
    elif d["type"] in FREE_TYPES:
        if pay:
            refuse(_("Land and citizens have no requirements: nothing needs to be tapped."), RULE)
    else:
        for e in check_payment(state, seat, cid, pay):
            e["tapped"] = True
    p["hand"].remove(cid)
    p["plot"].append(entry)
    events.append({"type": "lowered", "seat": seat, "card": cid, "pay": pay, "cost": cost})
    for power, target in zip(on_lower, targets):
        powers.run(state, events, seat, cid, power, plot.level(state, entry), target)
