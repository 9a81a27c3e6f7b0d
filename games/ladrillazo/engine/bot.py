"""A sensible bot (the time-out move is timeout.py's).

On its turn the bot answers proposals, lowers every land and citizen, lowers the best card it can
pay for (projects first, then the politician or builder its plot has fewer icons of; paying with
cards without an EVADE stamp when they suffice), backs its projects with spare land and citizens
(those with the smallest ESCONDE/EVADE stamps, and not past what its plot can keep), runs its
projects (but does not empty the dispenser to end a game it would lose) and useful actions (hostile
ones against the leader), spends on mamandurrias money it could not keep (never in the last turn),
evades as much as its EVADE cards allow (taking hidden money back to evade more), hides the rest
where there is room, makes one offer a turn (a spare hand card for the politician or builder its
plot lacks, else envelopes for a land or citizen it lacks; to the poorest rival first), and ends
the turn discarding the cards it cannot use, to draw more. It accepts a proposal when what it gets
is worth at least what it gives. While a proposal of its own is open the bot is not waited for
(Talks: the recipient is); it never ends its turn under it, and withdraws it if it is ever asked to
move on. Measured in docs/rules/ladrillazo.md, "Bots and balance".
"""

from __future__ import annotations

from games.core.refusals import _, refuse

from . import cards, legal, lowering, money, plot, powers, scoring, talks
from .schema import (
    FREE_TYPES,
    KIND_DRAW,
    KIND_EARN,
    KIND_EVADE,
    PHASE_OVER,
    TARGETED_KINDS,
    TYPE_MAMANDURRIA,
    TYPE_PROJECT,
    WHEN_LOWER,
    State,
)

TYPE_VALUE = {"land": 1, "citizen": 1, "politician": 2, "builder": 2, "project": 3, "mamandurria": 1}
LOWER_PRIORITY = (TYPE_PROJECT, "builder", "politician")  # the cards lowered by paying with plot cards
KEEP_FREE = 2  # spare land/citizens of a type kept unbacked, to pay for new cards
HAND_KEEP = 8
LAST_TURN_GUARD = 15  # turns per player after which a losing bot empties the dispenser all the same
PROJECTS_KEPT = 2  # projects kept in hand while they cannot be lowered
PAYER_TYPES = ("politician", "builder")  # every project needs both (The Cards)
PAYERS_WANTED = 3  # politician (and builder) icons in plot and hand a bot digs for


def card_value(state: State, cid: int, level: int | None = None) -> int:
    """What a card is worth to a bot, in envelopes."""
    d = cards.of(state, cid)
    lv = d["level"] if level is None else level
    return TYPE_VALUE[d["type"]] * max(1, lv) + (d["hide"] + d["evade"]) // 2


def side_value(state: State, giver: int, side: dict, giving: bool) -> int:
    """What ``side`` is worth to the bot: envelopes saved on a plot card that changes player return to the
    dispenser (Talks), so they are lost when the bot gives the card (``giving``) and never come with one."""
    value = side["envelopes"]
    for cid in side["hand"]:
        value += card_value(state, cid)
    for cid in side["plot"]:
        e = plot.entry(state, giver, cid)
        value += card_value(state, cid, plot.level(state, e) if e else None) + (e["envelopes"] if e and giving else 0)
    return value


def good_deal(state: State, seat: int, prop: dict) -> bool:
    """Accept when what comes in is worth at least what goes out."""
    return side_value(state, prop["from"], prop["give"], False) >= side_value(state, seat, prop["ask"], True)


def optional_action(state: State, seat: int) -> dict | None:
    """Answer the first proposal addressed to ``seat`` (accept a good, possible deal)."""
    if state["phase"] == PHASE_OVER:
        return None
    for prop in state["proposals"]:
        if prop["to"] == seat:
            accept = {"type": "accept", "id": prop["id"]}
            if good_deal(state, seat, prop) and accept in legal.talk_actions(state, seat):
                return accept
            return {"type": "reject", "id": prop["id"]}
    return None


def _leader(state: State, seat: int) -> int | None:
    others = [s for s in range(state["num_players"]) if s != seat]
    return max(others, key=lambda s: (scoring.total(state, s), -s)) if others else None


def _free_count(state: State, seat: int, kind: str) -> int:
    return sum(1 for e in state["players"][seat]["plot"]
               if e["backing"] is None and not e["backers"] and cards.of(state, e["id"])["type"] == kind)


def _target_score(state: State, power: dict, target: int, leader: int | None) -> tuple:
    owner = plot.owner_of(state, target)
    e = plot.entry(state, owner, target)
    gain = e["envelopes"] if power["kind"] == "inspect" else card_value(state, target, plot.level(state, e))
    return (owner == leader, gain, -target)


def _best_targeted(state: State, seat: int, acts: list[dict], power_of) -> dict | None:
    leader = _leader(state, seat)
    best, best_score = None, None
    for a in acts:
        power = power_of(a)
        if power is None or power["kind"] not in TARGETED_KINDS or "target" not in a:
            continue
        score = _target_score(state, power, a["target"], leader)
        if power["kind"] == "inspect" and score[1] == 0:
            continue
        if power["kind"] == "freeze":
            e = plot.entry(state, plot.owner_of(state, a["target"]), a["target"])
            if cards.of(state, a["target"])["type"] != TYPE_PROJECT or e["frozen"]:
                continue
        if best_score is None or score > best_score:
            best, best_score = a, score
    return best


def _lowering(state: State, seat: int, acts: list[dict]) -> dict | None:
    """Land and citizens first (they cost nothing); then a project; then the politician or builder whose type the
    plot has fewer icons of (every project needs both: The Cards), the higher level first."""
    lowers = [a for a in acts if a["type"] == "lower"]
    free = [a for a in lowers if cards.of(state, a["card"])["type"] in FREE_TYPES]
    if free:
        return free[0]
    paid = [a for a in lowers if cards.of(state, a["card"])["type"] in LOWER_PRIORITY]
    if not paid:
        return None
    have = _plot_levels(state, seat)

    def rank(a: dict) -> tuple:
        d = cards.of(state, a["card"])
        return (d["type"] == TYPE_PROJECT, -have.get(d["type"], 0), d["level"], -len(a["pay"]), -a["card"])

    return _spare_evaders(state, seat, max(paid, key=rank))


def _spare_evaders(state: State, seat: int, action: dict) -> dict:
    """Pay with cards without an EVADE stamp when they suffice: a card turned to pay cannot evade this turn
    (Turn and lower; Money)."""
    pools = {t: [(lv, cid) for lv, cid in pool if not cards.of(state, cid)["evade"]]
             for t, pool in lowering.payment_pools(state, seat).items()}
    pay = lowering.find_payment(state, seat, action["card"], pools)
    return action if pay is None else {**action, "pay": pay}


def _stamps(state: State, cid: int) -> int:
    d = cards.of(state, cid)
    return d["hide"] + d["evade"]


def _backing(state: State, seat: int, acts: list[dict]) -> dict | None:
    """Back a project (or a card short of an action's level) with a spare land or citizen, keeping ``KEEP_FREE`` of
    each type free to pay; the backer with the smallest ESCONDE and EVADE stamps first, since a backing card can
    neither hold envelopes nor act (Level and support; Money)."""
    best, best_key = None, None
    for a in acts:
        if a["type"] != "back":
            continue
        target = plot.entry(state, seat, a["target"])
        td = cards.of(state, a["target"])
        kind = cards.of(state, a["card"])["type"]
        wants_level = td["type"] == TYPE_PROJECT or any(
            p.get("level", 0) > plot.level(state, target) for p in td["powers"] if p["when"] == "action")
        key = (_stamps(state, a["card"]), a["card"], a["target"])
        if td["type"] == TYPE_PROJECT and _keepable(state, seat) - _stamps(state, a["card"]) <= _income(state, seat):
            continue  # the plot could not keep the extra envelope: the backer is worth more as a hiding place
        if wants_level and _free_count(state, seat, kind) > KEEP_FREE and (best_key is None or key < best_key):
            best, best_key = a, key
    return best


def _card_action(state: State, seat: int, acts: list[dict]) -> dict | None:
    mine = [a for a in acts if a["type"] == "act"]

    def power_of(a):
        return cards.of(state, a["card"])["powers"][a.get("power", 0)]

    earns = [a for a in mine if power_of(a)["kind"] == KIND_EARN]
    if earns and state["dispenser"] > 0:
        if not _ending_loses(state, seat, _income(state, seat) - state["players"][seat]["loose"]):
            return earns[0]
        below = [a for a in earns if plot.level(state, plot.entry(state, seat, a["card"])) < state["dispenser"]]
        if below:
            return below[0]
    draws = [a for a in mine if power_of(a)["kind"] == KIND_DRAW]
    if draws and len(state["players"][seat]["hand"]) < 12:
        return draws[0]
    return _best_targeted(state, seat, mine, power_of)


def _ending_loses(state: State, seat: int, earning: int) -> bool:
    """End of the game: "a Ladrillazo game ends at the end of the turn in which all the envelopes of the dispenser
    have been used up" and "the player with the most envelopes wins". True when earning ``earning`` now would empty
    the dispenser and the bot would still not have more than every rival, one of whom ahead has a project to end the
    game with later: it then earns only what leaves an envelope in the dispenser, and plays on. Never for the last
    envelope (there is nothing to leave: whoever earns next ends the game) nor after ``LAST_TURN_GUARD`` turns per
    player, so the game still ends."""
    if state["turn"]["dispenser_emptied"] or earning < state["dispenser"] or state["dispenser"] < 2:
        return False
    if state["turn"]["number"] >= LAST_TURN_GUARD * state["num_players"]:
        return False
    mine = scoring.total(state, seat) + state["dispenser"]
    ahead = [s for s in range(state["num_players"]) if s != seat and scoring.total(state, s) >= mine]
    return any(_earners(state, s) for s in ahead)  # someone ahead who can end it: else nobody would


def _earners(state: State, seat: int) -> list[int]:
    """The cards of ``seat``'s plot with an earning action (its projects), not backing another."""
    return [e["id"] for e in state["players"][seat]["plot"] if e["backing"] is None
            and any(pw["kind"] == KIND_EARN and pw["when"] == "action" for pw in cards.of(state, e["id"])["powers"])]


def _keepable(state: State, seat: int) -> int:
    """Envelopes the bot could still hide or evade this turn."""
    p = state["players"][seat]
    room = sum(plot.room(state, e) for e in p["plot"])
    evade = sum(cards.of(state, e["id"])["evade"] for e in p["plot"] if plot.usable(e))
    if not p["paradise_tapped"]:
        evade += plot.paradise_evade(state)
    return room + evade


def _income(state: State, seat: int) -> int:
    """Envelopes the bot's projects still earn this turn plus its loose ones: what it must hide or evade."""
    p = state["players"][seat]
    earning = sum(plot.level(state, e) for e in p["plot"] if plot.usable(e)
                  and any(pw["kind"] == KIND_EARN and pw["when"] == "action" for pw in cards.of(state, e["id"])["powers"]))
    return p["loose"] + earning


def _mamandurria(state: State, seat: int, acts: list[dict]) -> dict | None:
    """Lower a mamandurria that earns more than it costs, or one paid with money the plot could not keep anyway
    (an evading one only when more than its cost would be lost). Never in the turn that empties the dispenser:
    its player keeps the loose envelopes (End of the game), so nothing would be lost and a cost only refills it."""
    p = state["players"][seat]
    if state["turn"]["dispenser_emptied"]:
        return None
    overflow = p["loose"] - _keepable(state, seat)
    for a in acts:
        if a["type"] != "lower" or cards.of(state, a["card"])["type"] != TYPE_MAMANDURRIA:
            continue
        cost = plot.mamandurria_cost(state, seat, a["card"])
        power = next(pw for pw in cards.of(state, a["card"])["powers"] if pw["when"] == WHEN_LOWER)
        if (power["kind"] == KIND_EARN and power.get("amount", 0) > cost and state["dispenser"] > 0
                and not _ending_loses(state, seat, power.get("amount", 0) - cost)):
            return a
        if power["kind"] == KIND_EVADE and overflow <= cost:
            continue
        if cost <= max(overflow, 0):
            if power["kind"] in TARGETED_KINDS and "target" not in a:
                continue
            return a
    return None


def _money(state: State, seat: int, acts: list[dict]) -> dict | None:
    p = state["players"][seat]
    evades = sorted((a for a in acts if a["type"] == "evade"), key=lambda a: -a["amount"])
    if evades:
        return evades[0]
    # Take hidden money back to evade more, when an EVADE stamp is unused.
    stamps = [cards.of(state, e["id"])["evade"] for e in p["plot"] if plot.usable(e) and cards.of(state, e["id"])["evade"]]
    if not p["paradise_tapped"] and plot.paradise_evade(state):
        stamps.append(plot.paradise_evade(state))
    want = max(stamps, default=0) - p["loose"]
    if want > 0:
        holders = sorted((e for e in p["plot"] if e["envelopes"]), key=lambda e: -e["envelopes"])
        if holders:
            return {"type": "unhide", "card": holders[0]["id"], "amount": min(want, holders[0]["envelopes"])}
    hides = sorted((a for a in acts if a["type"] == "hide"), key=lambda a: (-a["amount"], a["card"]))
    if hides:
        return hides[0]
    return None


def _payer_offer(state: State, seat: int) -> dict | None:
    """Talks: with a project in hand but no politician (or no builder) in its plot, the bot offers a rival a hand
    card it can spare (a mamandurria or a project other than its closest one), with envelopes when it has them, for
    a free politician (builder) of a plot that keeps another one; the offer is worth at least what it asks, as
    the bot itself would value it (``good_deal``)."""
    p = state["players"][seat]
    have = _plot_levels(state, seat)
    hand = [(cards.of(state, c), c) for c in p["hand"]]
    projects = sorted((c for d, c in hand if d["type"] == TYPE_PROJECT),
                      key=lambda c: (sum(max(0, n - have.get(t, 0)) for t, n in cards.of(state, c)["requires"].items()), c))
    # a type is lacking when the plot has none and no card of it in hand could ever be lowered without one
    lacking = [t for t in PAYER_TYPES if not have.get(t) and not any(d["type"] == t and not d["requires"].get(t)
                                                                       for d, _c in hand)]
    if not projects or not lacking:
        return None
    spare = sorted((c for d, c in hand if d["type"] == TYPE_MAMANDURRIA or c in projects[1:]),
                   key=lambda c: (card_value(state, c), c))
    envelopes = money.available(state, seat)
    for other in _rivals_by_need(state, seat):
        for e in other["plot"]:
            kind = cards.of(state, e["id"])["type"]
            if (kind not in lacking or e["backing"] is not None or plot.bound(state, e) or _free_count(state, other["seat"], kind) < 2):
                continue
            ask = {"plot": [e["id"]]}
            price = side_value(state, other["seat"], {"hand": [], "plot": [e["id"]], "envelopes": 0}, True)
            for cid in spare:
                give = {"hand": [cid], "plot": [], "envelopes": max(0, min(envelopes, price - card_value(state, cid)))}
                if side_value(state, seat, give, False) >= price:
                    return {"type": "propose", "to": other["seat"], "give": give, "ask": ask}
            if envelopes >= price:
                return {"type": "propose", "to": other["seat"], "give": {"envelopes": price}, "ask": ask}
    return None


def _rivals_by_need(state: State, seat: int) -> list[dict]:
    """The other players, the poorest first (a deal feeds the one who needs it most, never the leader first),
    ties in turn order after ``seat`` (no seat number is favoured)."""
    n = state["num_players"]
    others = [state["players"][(seat + k) % n] for k in range(1, n)]
    return sorted(others, key=lambda o: scoring.total(state, o["seat"]))


def _offer(state: State, seat: int) -> dict | None:
    """Once a turn: a card for a politician or builder the plot lacks (``_payer_offer``), else two envelopes for a
    free land or citizen the bot lacks for a card in hand."""
    if state["turn"]["proposals_made"].get(str(seat), 0):
        return None
    payer = _payer_offer(state, seat)
    if payer is not None:
        return payer
    if money.available(state, seat) < 2:
        return None
    p = state["players"][seat]
    lacking: set[str] = set()
    for cid in p["hand"]:
        need = cards.of(state, cid)["requires"]
        for t in FREE_TYPES:
            if need.get(t, 0) > sum(plot.level(state, e) for e in p["plot"]
                                    if e["backing"] is None and cards.of(state, e["id"])["type"] == t):
                lacking.add(t)
    for other in _rivals_by_need(state, seat):
        for e in other["plot"]:
            if e["backing"] is None and not e["backers"] and cards.of(state, e["id"])["type"] in lacking:
                return {"type": "propose", "to": other["seat"], "give": {"envelopes": 2}, "ask": {"plot": [e["id"]]}}
    return None


def _plot_levels(state: State, seat: int) -> dict[str, int]:
    """The level icons of ``seat``'s free plot cards (not backing another), by type: what could pay next turn."""
    have: dict[str, int] = {}
    for e in state["players"][seat]["plot"]:
        if e["backing"] is None:
            t = cards.of(state, e["id"])["type"]
            have[t] = have.get(t, 0) + plot.level(state, e)
    return have


def _discards(state: State, seat: int) -> list[int]:
    """Cards the bot gives up at the end of the turn (End of turn: it "discards the cards in his hand that do not
    interest him ... and he will take the same number of cards from him that he has discarded and one more").

    Discarding costs nothing and draws one card more, so the bot digs for what its plot lacks: without a project
    in its plot (no income) it gives up its mamandurrias, which it cannot pay; it keeps the ``PROJECTS_KEPT``
    projects closest to being lowered (and any it could lower now) and of politicians and builders as many as its
    plot lacks icons of that type (``PAYERS_WANTED``), and gives up the rest of them; beyond a hand of eight it gives up the hardest to
    lower."""
    p = state["players"][seat]
    have = _plot_levels(state, seat)
    income = have.get(TYPE_PROJECT, 0) > 0

    def shortfall(cid: int) -> int:
        return sum(max(0, n - have.get(t, 0)) for t, n in cards.of(state, cid)["requires"].items())

    def rank(cid: int) -> tuple:
        d = cards.of(state, cid)
        return (shortfall(cid), -d["level"], -(d["hide"] + d["evade"]), cid)

    drop: set[int] = set()
    by_type: dict[str, list[int]] = {}
    for cid in p["hand"]:
        by_type.setdefault(cards.of(state, cid)["type"], []).append(cid)
    if not income:
        drop.update(by_type.get(TYPE_MAMANDURRIA, []))
    for kind in (TYPE_PROJECT, *PAYER_TYPES):
        kept = PROJECTS_KEPT if kind == TYPE_PROJECT else max(0, PAYERS_WANTED - have.get(kind, 0))
        drop.update(cid for cid in sorted(by_type.get(kind, []), key=rank)[kept:] if shortfall(cid) > 0)
    extra = len(p["hand"]) - len(drop) - HAND_KEEP
    if extra > 0:
        def worst(cid: int) -> tuple:
            d = cards.of(state, cid)
            return (d["cost"], cid) if d["type"] == TYPE_MAMANDURRIA else (shortfall(cid), cid)
        drop.update(sorted((c for c in p["hand"] if c not in drop), key=worst, reverse=True)[:extra])
    return sorted(drop)


def bot_action(state: State, seat: int, rng=None) -> dict:
    """The bot's move; on turn it always makes progress and finally ends the turn."""
    if state["phase"] == PHASE_OVER:
        refuse(_("The game is over."), "end-of-game")
    answer = optional_action(state, seat)
    if answer is not None:
        return answer
    if state["turn"]["seat"] != seat:
        refuse(_("It is not your turn."), "turn")
    acts = legal.legal_actions(state, seat)
    for step in (_lowering, _backing, _card_action, _mamandurria, _money):
        choice = step(state, seat, acts)
        if choice is not None:
            return choice
    offer = _offer(state, seat)
    if offer is not None:
        return offer
    mine = talks.own_open(state, seat)
    if mine:  # not waited for while its offer is open (Talks); if asked anyway, it withdraws the offer
        return {"type": "cancel", "id": mine[0]["id"]}
    return {"type": "end_turn", "discard": _discards(state, seat)}


__all__ = ["bot_action", "optional_action", "good_deal", "powers", "lowering"]
