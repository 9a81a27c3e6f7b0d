"""Bot policies ("normal" and "strong"); the time-out move is timeout.py's.

Both levels claim every rent and prize at once, pay their way out of jail early, raise money by
auctioning or mortgaging loose deeds before selling buildings, and go bankrupt only when the rules allow
nothing else.  They trade both ways (Sale of Properties):

- answering: a deal that hands a rival a whole province is refused unless the bot gets at least as
  much: a province of its own about as strong (three quarters of the rival's full-estancia rents or
  more) at balanced prices, or cash: three times the price, and (unless it already holds a province as
  strong) at least a third of the province's full-estancia rents.  Other deals are accepted when what comes in is worth 10% more than what goes out, keeping a
  reserve;
- proposing: at most one proposal a turn, before rolling, to a player it has no open proposal with: a
  deed that completes one of its provinces, for a deed the other needs (a swap that completes a province
  on each side first), else cash, at the least cash a sensible player (the bot itself) would accept;
- resting (Rest): on Descanso it stays when the next roll would probably land on rivals' costly deeds;
- auctioning (Auction: "to have greater value available for paying rent"): when its cash would not
  cover the rents it may meet on the next roll, or in debt, it auctions a stray deed (one of a group it
  holds nothing else of, that would not complete a rival's group) through the banker, once a turn.

"strong" values things better: its cash reserve follows the rivals' rents instead of a fixed 2,000, it
builds where a unit adds most rent per peso (three chacras and estancias first), buys deeds that block a
rival's province, bids to block, stays in jail when the board is dangerous and rests more readily.
The bot uses no randomness: the same state gives the same move.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.checks import passes
from games.core.copying import copy_whole
from games.core.dispatch import first_of
from games.core.refusals import _, refuse

from . import actions, auction, board
from .debt import active_debt
from .rent import rent_due
from .schema import PHASE_BUY, PHASE_CARD_CHOICE, PHASE_END, PHASE_ROLL, State
from .state import active_seats, player
from .timeout import timeout_action

RESERVE = 2000
LEVELS = ("normal", "strong")
ROLLS = tuple((t, (6 - abs(t - 7)) / 36) for t in range(2, 13))


@dataclass(frozen=True)
class Style:
    """The knobs that tell the levels apart."""

    dynamic_reserve: bool  # reserve sized on the rivals' rents (else RESERVE)
    rest_above: int  # rest when the expected rent of the next roll exceeds this
    block: bool  # buy and bid to keep a rival from completing a province
    rent_per_peso: bool  # build where a unit adds most rent per peso (else the dearest field first)
    proposals_per_turn: int


STYLES = {
    "normal": Style(dynamic_reserve=False, rest_above=800, block=False, rent_per_peso=False, proposals_per_turn=1),
    "strong": Style(dynamic_reserve=True, rest_above=450, block=True, rent_per_peso=True, proposals_per_turn=1),
}


def style_of(level: str | None) -> Style:
    return STYLES.get(level or "normal", STYLES["normal"])


# --- Reading the board ----------------------------------------------------------------------------------

def owns_province(state: State, seat: int) -> bool:
    """``seat`` holds every field of some province."""
    return any(all(state["owners"][str(m)] == seat for m in prov["members"])
               for prov in board.board_data()["provinces"].values())


def province_strength(name: str) -> int:
    """What a whole province can earn: the sum of its fields' estancia rents."""
    return sum(board.space(m)["rent"]["estancia"] for m in board.board_data()["provinces"][name]["members"])


def _best_province(state: State, seat: int) -> int:
    """The strength of the strongest province ``seat`` holds whole (0 if none)."""
    return max((province_strength(name) for name, prov in board.board_data()["provinces"].items()
                if all(state["owners"][str(m)] == seat for m in prov["members"])), default=0)


def _completes(state: State, seat: int, index: int) -> bool:
    """Owning ``index`` would give ``seat`` the whole group (province, railways or companies)."""
    return all(state["owners"][str(m)] == seat for m in board.group_members(index) if m != index)


def _held_in_group(state: State, seat: int, index: int) -> int:
    return sum(1 for m in board.group_members(index) if m != index and state["owners"][str(m)] == seat)


def _worth_to(state: State, seat: int, index: int) -> int:
    """What a deed is worth to ``seat``: its price, doubled when it completes the group, half as much
    again when ``seat`` already holds part of the group."""
    value = board.price(index)
    if _completes(state, seat, index):
        return value * 2
    if _held_in_group(state, seat, index):
        return value * 3 // 2
    return value


def _rent_to_rival(state: State, seat: int, index: int, total: int) -> int:
    if not board.is_deed(index):
        return 0
    own = state["owners"][str(index)]
    if own is None or own == seat:
        return 0
    return rent_due(state, index, total)


def exposure(state: State, seat: int, start: int) -> float:
    """The rent ``seat`` expects to pay on the next roll from ``start`` (one throw, no doubles chain)."""
    return sum(p * _rent_to_rival(state, seat, (start + t) % board.NUM_SPACES, t) for t, p in ROLLS)


def worst_next_rent(state: State, seat: int) -> int:
    """The dearest rent the next roll could cost ``seat``."""
    start = player(state, seat)["position"]
    return max(_rent_to_rival(state, seat, (start + t) % board.NUM_SPACES, t) for t, _p in ROLLS)


def threat(state: State, seat: int) -> int:
    """The dearest rent any rival could charge ``seat`` now."""
    return max((rent_due(state, int(k), 7) for k, v in state["owners"].items() if v is not None and v != seat),
               default=0)


def reserve(state: State, seat: int, style: Style) -> int:
    """Cash kept back when buying or building: 2,000, or (strong) half the rivals' worst rent, capped."""
    if not style.dynamic_reserve:
        return RESERVE
    return max(1500, min(threat(state, seat) // 2, 12000))


def _tradeable(state: State, index: int) -> bool:
    return not any(state["buildings"].get(str(m)) for m in board.province_members(index)) \
        if board.is_zone(index) else True


def _free(state: State, index: int) -> bool:
    """A deed that may change hands now: no buildings in its province, not mortgaged."""
    return _tradeable(state, index) and str(index) not in state["mortgaged"]


# --- Answering proposals --------------------------------------------------------------------------------

def _owners_after(state: State, prop: dict) -> dict:
    owners = dict(state["owners"])
    for d in prop["give"]["deeds"]:
        owners[str(d)] = prop["to"]
    for d in prop["ask"]["deeds"]:
        owners[str(d)] = prop["from"]
    return owners


def completed_provinces(state: State, prop: dict, seat: int) -> list[str]:
    """Provinces ``seat`` would hold whole after the deal and does not hold whole now."""
    after = _owners_after(state, prop)
    return [name for name, prov in board.board_data()["provinces"].items()
            if all(after[str(m)] == seat for m in prov["members"])
            and not all(state["owners"][str(m)] == seat for m in prov["members"])]


def _good_deal(state: State, seat: int, prop: dict) -> bool:
    """Would ``seat`` (the recipient) accept ``prop``?  Never hand a rival a whole province unless we get
    at least as much; otherwise take deals bringing in 10% more than they take out; keep a reserve."""
    other = prop["from"]
    incoming = prop["give"]["deeds"]
    outgoing = prop["ask"]["deeds"]
    if player(state, seat)["money"] - prop["ask"]["cash"] < RESERVE:
        return False
    theirs = completed_provinces(state, prop, other)
    if theirs:
        rival_gets = max(province_strength(n) for n in theirs)
        mine = completed_provinces(state, prop, seat)
        price_in = prop["give"]["cash"] + sum(board.price(d) for d in incoming)
        price_out = prop["ask"]["cash"] + sum(board.price(d) for d in outgoing)
        if mine:  # a province for a province: about as strong, and the prices balanced by cash
            return max(province_strength(n) for n in mine) * 4 >= rival_gets * 3 and price_in >= price_out
        # cash for a whole province: three times the price once we hold one as strong to build on, else
        # also a third of what the province can earn with estancias (its premium)
        floor = 3 * price_out if _best_province(state, seat) >= rival_gets else max(3 * price_out, rival_gets // 3)
        return prop["give"]["cash"] >= floor
    gain = prop["give"]["cash"] + sum(_worth_to(state, seat, d) for d in incoming)
    loss = prop["ask"]["cash"] + sum(max(_worth_to(state, seat, d), _worth_to(state, other, d)) for d in outgoing)
    return gain > loss * 11 // 10


def _can_accept(state: State, seat: int, prop: dict) -> bool:
    from .trade import check_accept

    return passes(check_accept, state, seat, prop)


def optional_action(state: State, seat: int) -> dict | None:
    """Claims are never reminded, so a bot takes them whenever it can; it also answers proposals
    addressed to it (it is in ``to_move`` until it does)."""
    if state["over"] or player(state, seat)["bankrupt"]:
        return None
    claims = [a for a in actions.claim_actions(state, seat) if a["type"] != "waive_claim"]
    if claims:
        return claims[0]
    if state["auction"] is None:
        for prop in state["proposals"]:
            if prop["to"] == seat:
                if _good_deal(state, seat, prop) and _can_accept(state, seat, prop):
                    return {"type": "accept_proposal", "id": prop["id"]}
                return {"type": "reject_proposal", "id": prop["id"]}
    return None


# --- Making proposals -----------------------------------------------------------------------------------

def trade_busy(state: State, seat: int) -> bool:
    return any(p["from"] == seat for p in state["proposals"])


def _least_cash(state: State, seat: int, other: int, give_deeds: list[int], want: int, budget: int) -> dict | None:
    """The proposal giving ``give_deeds`` and the least cash (up to ``budget``, in steps of 100) for ``want``
    that ``other`` would accept by the bot's own judgement, or None.  When the deeds given are worth more
    than ``want`` at the price, the other side is asked to pay the difference first."""
    diff = board.price(want) - sum(board.price(d) for d in give_deeds)
    if diff < 0 and give_deeds:
        prop = {"from": seat, "to": other, "give": {"deeds": give_deeds, "cash": 0},
                "ask": {"deeds": [want], "cash": -diff}}
        if _good_deal(state, other, prop):
            return prop

    def offer(cash: int) -> dict:
        return {"from": seat, "to": other, "give": {"deeds": give_deeds, "cash": cash},
                "ask": {"deeds": [want], "cash": 0}}

    lo = max(diff, 0) if give_deeds else board.price(want)
    lo -= lo % 100
    hi = budget - budget % 100
    if hi < lo or not _good_deal(state, other, offer(hi)):
        return None
    while lo < hi:  # more cash never makes a deal worse for the other side
        mid = (lo + hi) // 200 * 100
        if _good_deal(state, other, offer(mid)):
            hi = mid
        else:
            lo = mid + 100
    return offer(hi)


def _worth_it(state: State, seat: int, prop: dict) -> bool:
    """Our side of a proposal we make: we never hand the other a province stronger than the one we get."""
    mine = completed_provinces(state, prop, seat)
    theirs = completed_provinces(state, prop, prop["to"])
    if not mine:
        return False
    if theirs and max(province_strength(n) for n in theirs) > max(province_strength(n) for n in mine):
        return False
    return True


def _swap(state: State, seat: int, style: Style) -> dict | None:
    """A deed that completes one of our provinces, for (first) a deed completing one of the other's, or a
    deed of a group the other is collecting, or (last) cash alone, at the least cash the other would take."""
    owners = state["owners"]
    money = player(state, seat)["money"]
    keep = reserve(state, seat, style) + 2000
    open_to = {p["to"] for p in state["proposals"] if p["from"] == seat} | \
              {p["from"] for p in state["proposals"] if p["to"] == seat}
    wants = [int(k) for k, v in owners.items()
             if v is not None and v != seat and v not in open_to and not player(state, v)["bankrupt"]
             and board.is_zone(int(k)) and _completes(state, seat, int(k)) and _free(state, int(k))]
    wants.sort(key=lambda i: (-province_strength(board.group_key(i)), i))
    mine = [int(k) for k, v in owners.items() if v == seat and _free(state, int(k))]
    for want in wants:
        other = owners[str(want)]
        offers = [d for d in mine if board.is_zone(d) and board.group_key(d) != board.group_key(want)
                  and _completes(state, other, d)]
        offers += [d for d in mine if d not in offers and board.group_key(d) != board.group_key(want)
                   and _held_in_group(state, other, d) and not _held_in_group(state, seat, d)]
        # keep enough to put a chacra on every field of the province we complete
        budget = money - keep - board.chacra_cost(want) * len(board.province_members(want))
        for give in [[d] for d in offers] + [[]]:
            prop = _least_cash(state, seat, other, give, want, budget)
            if prop is not None and _worth_it(state, seat, prop):
                return {"type": "propose", "to": other, "give": _side(prop["give"]), "ask": _side(prop["ask"])}
    return None


def _side(side: dict) -> dict:
    """One side of a proposal without its empty parts."""
    return {k: v for k, v in side.items() if v}


def _purchase(state: State, seat: int, style: Style) -> dict | None:
    """Seven quarters of the price for a stray field of a group we are collecting (the owner holds nothing
    else of it) when the owner would take it."""
    money = player(state, seat)["money"]
    for key, other in state["owners"].items():
        index = int(key)
        if other is None or other == seat or not board.is_zone(index) or not _free(state, index):
            continue
        if any(p["from"] == seat and p["to"] == other for p in state["proposals"]):
            continue
        if _held_in_group(state, seat, index) and not _held_in_group(state, other, index) \
                and not _completes(state, seat, index):
            offer = 7 * board.price(index) // 4
            prop = {"from": seat, "to": other, "give": {"deeds": [], "cash": offer}, "ask": {"deeds": [index], "cash": 0}}
            if money - offer >= reserve(state, seat, style) + 4000 and _good_deal(state, other, prop):
                return {"type": "propose", "to": other, "give": {"cash": offer}, "ask": {"deeds": [index]}}
    return None


def _proposal(state: State, seat: int, style: Style) -> dict | None:
    """At most ``proposals_per_turn`` proposals a turn (one for both levels), never while one of ours is
    open: a province-completing deal first, else an offer for a stray field."""
    if state["turn"].get("proposals_made", {}).get(str(seat), 0) >= style.proposals_per_turn \
            or trade_busy(state, seat):
        return None
    offer = _swap(state, seat, style) or _purchase(state, seat, style)
    if offer is not None and not passes(_check_propose, state, seat, offer):
        return None
    return offer


def _check_propose(state: State, seat: int, offer: dict) -> None:
    from .trade import propose

    propose(copy_whole(state), [], seat, offer)


# --- Auctions, rest -------------------------------------------------------------------------------------

def _stray(state: State, seat: int) -> list[int]:
    """Deeds ``seat`` could auction without losing anything it builds on or handing a rival a group: free,
    of a group it holds nothing else of, and completing no other player's group."""
    out = []
    for key, v in state["owners"].items():
        index = int(key)
        if v != seat or not _free(state, index) or _held_in_group(state, seat, index):
            continue
        if any(_completes(state, r, index) for r in active_seats(state) if r != seat):
            continue
        out.append(index)
    return out


def _auction(state: State, seat: int, need: int) -> dict | None:
    """Auction through the banker a stray deed (the cheapest covering ``need``, else the dearest), once a
    turn, when some rival could pay for it."""
    if state["auction"] is not None or state["turn"].get("auctions_started", {}).get(str(seat), 0) >= 1:
        return None
    rich = max((player(state, r)["money"] for r in active_seats(state) if r != seat), default=0)
    strays = [d for d in _stray(state, seat) if rich >= board.price(d) // 2 + RESERVE]
    if not strays:
        return None
    covering = sorted((d for d in strays if board.price(d) >= need), key=lambda d: (board.price(d), d))
    index = covering[0] if covering else max(strays, key=lambda d: (board.price(d), d))
    act = {"type": "auction", "space": index}
    return act if passes(_check_auction, state, seat, index) else None


def _check_auction(state: State, seat: int, index: int) -> None:
    auction.start_voluntary(copy_whole(state), [], seat, index)


def should_rest(state: State, seat: int, style: Style) -> bool:
    """Rest: stay on Descanso when the next roll would probably cost more than ``style.rest_above``."""
    from .turn import can_rest

    return can_rest(state, seat) and exposure(state, seat, board.REST) > style.rest_above


# --- Time-outs, debts, building -------------------------------------------------------------------------

def _to_move(state: State) -> list[int]:
    from .ruleset import RULESET

    return RULESET.to_move(state)


def _deed_value(state: State, seat: int, index: int) -> int:
    value = board.price(index)
    members = board.group_members(index)
    mine = sum(1 for m in members if state["owners"][str(m)] == seat)
    if mine == len(members) - 1:
        value = value * 3 // 2
    return value


def _bid_limit(state: State, seat: int, index: int, style: Style) -> int:
    """The most ``seat`` bids for ``index``: the price (half as much again if it completes our group);
    strong: twice the price to complete a province, and half as much again to block a rival's."""
    money = player(state, seat)["money"]
    if not style.block:
        return min(_deed_value(state, seat, index), money - RESERVE)
    value = _worth_to(state, seat, index)
    if any(_completes(state, r, index) for r in active_seats(state) if r != seat):
        value = max(value, board.price(index) * 3 // 2)
    return min(value, money - reserve(state, seat, style))


def _debt_action(state: State, seat: int, acts: list[dict], debt: dict) -> dict:
    """Auction a stray deed through the banker when it covers more than mortgaging it would (once a turn),
    then mortgage loose deeds, then sell buildings, then mortgage the rest."""
    strays = [d for d in _stray(state, seat) if board.mortgage_value(d) * 9 // 10 < debt["amount"]]
    if strays:
        found = _auction(state, seat, debt["amount"] - player(state, seat)["money"])
        if found is not None and first_of(acts, "auction") is not None:
            return found

    def mortgage_key(a):
        index = a["space"]
        complete = all(state["owners"][str(m)] == seat for m in board.group_members(index))
        return (complete, board.mortgage_value(index))

    mortgages = sorted((a for a in acts if a["type"] == "mortgage"), key=mortgage_key)
    if mortgages and not mortgage_key(mortgages[0])[0]:
        return mortgages[0]
    sells = [a for a in acts if a["type"] == "sell_building"]
    if sells:
        return sells[0]
    if mortgages:
        return mortgages[0]
    found = first_of(acts, "declare_bankruptcy") or first_of(acts, "hand_over")
    return found or acts[0]


def _rent_gain(state: State, index: int, kind: str) -> int:
    sp = board.space(index)
    lv = state["buildings"][str(index)]
    before = sp["rent"]["campo"] * 2 if lv == 0 else sp["rent"]["estancia" if lv == 5 else f"chacras_{lv}"]
    after = sp["rent"]["estancia"] if kind == "estancia" else sp["rent"][f"chacras_{min(lv + 1, 4)}"]
    return after - before


def _improve(state: State, seat: int, acts: list[dict], style: Style) -> dict | None:
    from .building import build_cost

    money = player(state, seat)["money"]
    keep = reserve(state, seat, style)
    for a in (a for a in acts if a["type"] == "lift_mortgage"):
        if money - board.mortgage_value(a["space"]) * 11 // 10 > 8000 + (keep - RESERVE):
            return a
    builds = [a for a in acts if a["type"] == "build"]
    if style.rent_per_peso:
        builds = [a for a in builds if _rent_gain(state, a["space"], a["kind"]) > 0]
        builds.sort(key=lambda a: (-_rent_gain(state, a["space"], a["kind"]) / build_cost(state, a["space"], a["kind"]),
                                   a["space"], a["kind"]))
        margin = 500
    else:
        builds.sort(key=lambda a: (-board.space(a["space"])["rent"]["chacras_3"], a["kind"] != "estancia"))
        margin = 1000
    for a in builds:
        if money - build_cost(state, a["space"], a["kind"]) >= keep + margin:
            return a
    return None


def _buy(state: State, seat: int, index: int, style: Style) -> bool:
    money = player(state, seat)["money"]
    left = money - board.price(index)
    if left >= reserve(state, seat, style):
        return True
    if not style.block or left < 500:
        return False
    # strong: a deed that completes our group, or keeps a rival from completing one, is worth going short
    return _completes(state, seat, index) or any(_completes(state, r, index) for r in active_seats(state) if r != seat)


def _jail(state: State, seat: int, style: Style) -> dict | None:
    p = player(state, seat)
    unowned = sum(1 for v in state["owners"].values() if v is None)
    if style.block and unowned <= 8 and exposure(state, seat, board.JAIL) > 600:
        return None  # strong: late in the game the cell is the safest place on the board
    if p["jail_cards"]:
        return {"type": "use_jail_card", "card": p["jail_cards"][0]}
    # Paying before the roll is worth it only when a failed roll would keep the pawn in (option
    # ``jail_roll_attempts`` above 1): with the book's one roll the fine is due anyway unless doubles come.
    if state["options"]["jail_roll_attempts"] > 1 and unowned > 8 and p["money"] > 6000:
        return {"type": "pay_fine"}
    return None


def bot_action(state: State, seat: int, rng=None, level: str = "normal") -> dict:
    """The bot's move at ``level`` ("normal" or "strong"; anything else plays "normal").  The legal actions
    are listed only where the choice needs them (listing every build is the costly part)."""
    style = style_of(level)
    if state["over"] or not isinstance(seat, int) or not 0 <= seat < state["num_players"] \
            or player(state, seat)["bankrupt"]:
        refuse(_("There is nothing for that seat to do."), "the-game")
    claim = optional_action(state, seat)
    if claim is not None:
        return claim
    money = player(state, seat)["money"]
    if state["auction"] is not None and seat in auction.to_move(state):
        a = state["auction"]
        if a["high_bid"] + 100 <= _bid_limit(state, seat, a["space"], style):
            return {"type": "bid", "amount": a["high_bid"] + 100}
        return {"type": "pass"}
    debt = active_debt(state)
    if debt is not None and debt["debtor"] == seat and state["auction"] is None:
        return _debt_action(state, seat, actions.legal_actions(state, seat), debt)
    turn = state["turn"]
    if turn["seat"] == seat and debt is None and state["auction"] is None:
        phase = turn["phase"]
        if phase in (PHASE_ROLL, PHASE_END):
            better = _improve(state, seat, actions.lift_actions(state, seat) + actions.build_actions(state, seat),
                              style)
            if better is not None:
                return better
        if phase == PHASE_ROLL:
            offer = _proposal(state, seat, style)
            if offer is not None:
                return offer
            need = worst_next_rent(state, seat) - money
            if need > 0:
                found = _auction(state, seat, need)
                if found is not None:
                    return found
            if player(state, seat)["in_jail"]:
                found = _jail(state, seat, style)
                if found is not None:
                    return found
            elif should_rest(state, seat, style):
                return {"type": "rest"}
            return {"type": "roll"}
        if phase == PHASE_BUY:
            if money >= board.price(turn["offer"]) and _buy(state, seat, turn["offer"], style):
                return {"type": "buy"}
            return {"type": "decline"}
        if phase == PHASE_CARD_CHOICE:
            if money >= 200 + RESERVE:
                return {"type": "choose_card_option", "option": "pay"}
            return {"type": "choose_card_option", "option": "draw"}
        if phase == PHASE_END:
            return {"type": "end_turn"}
    return timeout_action(state, seat)
