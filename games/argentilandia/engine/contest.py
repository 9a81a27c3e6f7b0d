"""Dice contests: buying another player's MP with a Corrupt Official, another player's percentage
with a Stockbroker, and the 1-die roll-off for a port whose owner lost their last MP
(Buying another player's MP; Buying other players' percentages; Trading at ports)."""

from __future__ import annotations

from typing import Literal

from games.core.refusals import _, refuse
from games.core.rng import draw

from . import board as B
from .industry import is_bought, monopolist, update_owner
from .purchase import get_province, get_slot, need_token
from .schema import PHASE_CONTEST, PHASE_ROLLOFF, Contest, State
from .state import is_blocked, is_int, known, mps_in, tokens_left


def check_rival_mp(state: State, seat: int, action: dict) -> tuple[str, int, int]:
    """Buying another player's MP: the province is fully occupied by 2 or more players (so no free MP
    and no monopoly), the buyer holds at least 1 MP there and plays 1 Corrupt Official; the province
    need not be in play but must not be blocked."""
    p = action.get("province")
    get_province(p)
    slot = get_slot(state, p, action.get("slot"))
    slots = state["mps"][p]
    seller = slots[slot]
    if seller is None:
        refuse(_("That MP is free: buy it from the bank."), "buying-another-players-mp")
    if seller == seat:
        refuse(_("That MP is already yours."), "buying-another-players-mp")
    if None in slots:
        refuse(_("You may not buy another player's MP while that province has free MPs."), "buying-a-free-mp")
    if not mps_in(state, seat, p):
        refuse(_("You need at least 1 MP in %(province)s."), "buying-another-players-mp", province=p)
    if is_blocked(state, "province", p):
        refuse(_("The Union Organizer blocks %(province)s."), "playing-the-game", province=p)
    if state["officials"][seat] < 1:
        refuse(_("You need a Corrupt Official."), "buying-another-players-mp")
    need_token(state, seat)
    return p, slot, seller


def check_rival_percentage(state: State, seat: int, action: dict) -> tuple[str, int]:
    """Buying other players' percentages: with a Stockbroker, from any holder of a bought, unblocked
    industry that is not a monopoly (free percentages may remain; the buyer needs no share or MP)."""
    ind = action.get("industry")
    seller = action.get("seller")
    if not known(ind, B.INDUSTRIES) or not is_bought(state, ind):
        refuse(_("That industry has not been bought."), "buying-other-players-percentages")
    if not is_int(seller) or seller == seat or not 0 <= seller < state["num_players"]:
        refuse(_("Name another player as the seller."), "buying-other-players-percentages")
    if seller not in state["industries"][ind]["slots"]:
        refuse(_("That player holds no percentage there."), "buying-other-players-percentages")
    if monopolist(state, ind) is not None:
        refuse(_("A monopolised industry cannot be bought from."), "buying-other-players-percentages")
    if is_blocked(state, "industry", ind):
        refuse(_("The Union Organizer blocks %(industry)s."), "playing-the-game", industry=ind)
    if state["stockbrokers"][seat] < 1:
        refuse(_("You need a Stockbroker."), "buying-other-players-percentages")
    need_token(state, seat)
    return ind, seller


def start(state: State, seat: int, kind: Literal["mp", "percentage"], action: dict) -> list[dict]:
    """The buyer stakes the card; the seller then the buyer roll the dice."""
    contest: Contest = {"kind": kind, "buyer": seat, "return_phase": state["phase"], "seller_roll": None, "buyer_roll": None}
    if kind == "mp":
        p, slot, seller = check_rival_mp(state, seat, action)
        contest.update({"province": p, "slot": slot, "seller": seller})
        state["officials"][seat] -= 1
    else:
        ind, seller = check_rival_percentage(state, seat, action)
        contest.update({"industry": ind, "seller": seller})
        state["stockbrokers"][seat] -= 1
    state["contest"] = contest
    state["phase"] = PHASE_CONTEST
    ev = {k: v for k, v in contest.items() if k not in ("return_phase", "seller_roll", "buyer_roll")}
    return [{"type": "contest_started", **ev}]


def roller(state: State) -> int | None:
    if state["phase"] == PHASE_CONTEST:
        c = state["contest"]
        return c["seller"] if c["seller_roll"] is None else c["buyer"]
    if state["phase"] == PHASE_ROLLOFF:
        r = state["rolloff"]
        for s, v in zip(r["players"], r["rolls"]):
            if v is None:
                return s
    return None


def roll(state: State, seat: int) -> list[dict]:
    if roller(state) != seat:
        refuse(_("It is not your turn to roll."), "buying-another-players-mp")
    if state["phase"] == PHASE_ROLLOFF:
        return _rolloff_roll(state, seat)
    c = state["contest"]
    dice = draw(state, lambda r: [r.die(), r.die()])
    role = "seller" if c["seller_roll"] is None else "buyer"
    c[role + "_roll"] = dice  # type: ignore[literal-required]  # seller_roll or buyer_roll
    events = [{"type": "contest_rolled", "seat": seat, "role": role, "dice": dice}]
    if role == "buyer":
        events += _resolve(state)
    return events


def _resolve(state: State) -> list[dict]:
    """Higher total wins, the seller wins ties. A winning buyer takes the MP/percentage and the card
    goes to the bank; a winning seller keeps the buyer's card."""
    c = state["contest"]
    buyer, seller = c["buyer"], c["seller"]
    won = sum(c["buyer_roll"]) > sum(c["seller_roll"])
    card = "officials" if c["kind"] == "mp" else "stockbrokers"
    events: list[dict] = []
    if won:
        state["bank_" + card] += 1  # type: ignore[literal-required]  # bank_officials or bank_stockbrokers
        if c["kind"] == "mp":
            state["mps"][c["province"]][c["slot"]] = buyer
        else:
            slots = state["industries"][c["industry"]]["slots"]
            slots[slots.index(seller)] = buyer
            new = update_owner(state, c["industry"], buyer)
            if new is not None:
                events.append({"type": "industry_owner_changed", "industry": c["industry"], "owner": new})
    else:
        state[card][seller] += 1  # type: ignore[literal-required]  # officials or stockbrokers
    events.insert(0, {"type": "contest_won", "winner": buyer if won else seller, "buyer": buyer, "seller": seller, "kind": c["kind"]})
    ret = c["return_phase"]
    state["contest"] = None
    state["phase"] = ret
    if won and c["kind"] == "mp":
        events += settle_ports(state, ret)
    return events


def settle_ports(state: State, return_phase: str) -> list[dict]:
    """A port whose owner holds no MP left in its province passes to the majority holder there; a tie
    is settled by rolling 1 die until one is higher. With nobody left it becomes free. A player with no
    token left (Components: 35 per colour) cannot take it: it goes to the next majority holder, or back
    to the bank."""
    events: list[dict] = []
    for port in B.PORT_IDS:
        owner = state["ports"][port]
        p = B.PORTS[port]["province"]
        if owner is None or mps_in(state, owner, p):
            continue
        counts: dict[int, int] = {}
        for s in state["mps"][p]:
            if s is not None and tokens_left(state, s) > 0:
                counts[s] = counts.get(s, 0) + 1
        if not counts:
            state["ports"][port] = None
            events.append({"type": "port_transferred", "port": port, "from": owner, "to": None})
            continue
        best = max(counts.values())
        top = sorted(s for s, c in counts.items() if c == best)
        if len(top) == 1:
            state["ports"][port] = top[0]
            events.append({"type": "port_transferred", "port": port, "from": owner, "to": top[0]})
            continue
        state["rolloff"] = {"port": port, "players": top, "rolls": [None] * len(top), "return_phase": return_phase}
        state["phase"] = PHASE_ROLLOFF
        events.append({"type": "rolloff_started", "port": port, "players": top})
        return events
    return events


def _rolloff_roll(state: State, seat: int) -> list[dict]:
    r = state["rolloff"]
    die = draw(state, lambda g: g.die())
    i = r["players"].index(seat)
    r["rolls"][i] = die
    events = [{"type": "rolloff_rolled", "seat": seat, "port": r["port"], "die": die}]
    if None in r["rolls"]:
        return events
    best = max(r["rolls"])
    top = [s for s, v in zip(r["players"], r["rolls"]) if v == best]
    if len(top) > 1:
        r["players"] = top
        r["rolls"] = [None] * len(top)
        events.append({"type": "rolloff_tied", "port": r["port"], "players": top})
        return events
    old = state["ports"][r["port"]]
    state["ports"][r["port"]] = top[0]
    events.append({"type": "port_transferred", "port": r["port"], "from": old, "to": top[0]})
    ret = r["return_phase"]
    state["rolloff"] = None
    state["phase"] = ret
    return events + settle_ports(state, ret)
