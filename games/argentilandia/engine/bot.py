"""A heuristic bot: draft frequent numbers, build province monopolies and one industry monopoly at a
time, use officials/stockbrokers to complete them, trade surplus for what it lacks."""

from __future__ import annotations

import random

from . import actions
from . import board as B
from .state import (
    PHASE_CONTEST,
    PHASE_DISCARD,
    PHASE_DRAFT,
    PHASE_MAIN,
    PHASE_OVER,
    PHASE_PRE_ROLL,
    PHASE_PRELIM_BUY,
    PHASE_ROLLOFF,
    PHASE_UNION,
)
from .victory import all_vp, holds_material, province_monopolist

WANT_ALWAYS = ("oil", "soy", "metals")


def ways(n: int) -> int:
    return 6 - abs(7 - n)


def _slot_score(state: dict, seat: int, p: str, slot: int) -> float:
    prov = B.PROVINCES[p]
    mine = state["mps"][p].count(seat)
    size = len(prov["mps"])
    score = ways(prov["number"]) * 2.0
    score += 4.0 * mine / size + prov["vp"] * 0.5 * (mine + 1) / size
    m = prov["mps"][slot]
    if m in WANT_ALWAYS:
        score += 2.0
    if state["hands"][seat][m] == 0:
        score += 1.0
    others = {s for s in state["mps"][p] if s is not None and s != seat}
    score -= 1.5 * len(others)
    return score


def _target_score(state: dict, seat: int, t: dict, vp: list[int]) -> float:
    if t["kind"] == "province":
        slots = state["mps"][t["id"]]
        vpv = B.PROVINCES[t["id"]]["vp"]
        mono = province_monopolist(state, t["id"])
    else:
        slots = state["industries"][t["id"]]["slots"]
        vpv = B.INDUSTRIES[t["id"]]["vp"]
        mono = None
        owner = state["industries"][t["id"]]["owner"]
        if owner is not None and None not in slots and all(s == owner for s in slots):
            mono = owner
    score = 0.0
    if seat in slots:
        score -= 6.0
    for s in {x for x in slots if x is not None and x != seat}:
        score += 1.0 + 0.3 * vp[s]
        if sum(state["hands"][s].values()) > 0:
            score += 1.0
    if mono is not None and mono != seat:
        score += 2.0 * vpv
    return score


def _best_union(state: dict, seat: int, legal: list[dict]) -> dict | None:
    moves = [a for a in legal if a["type"] == "move_union"]
    if not moves:
        return None
    vp = all_vp(state)
    return max(moves, key=lambda a: _target_score(state, seat, a["target"], vp))


def _surplus_trade(state: dict, seat: int, legal: list[dict]) -> dict | None:
    hand = state["hands"][seat]
    wants = set(WANT_ALWAYS)
    if state["officials"][seat] == 0:
        wants |= {"grapes", "cows", "sheep"}
    lacking = [m for m in B.MATERIALS if hand[m] == 0 and m in wants]
    if not lacking:
        lacking = [m for m in B.MATERIALS if hand[m] == 0]
    if not lacking:
        return None
    best = None
    for a in legal:
        if a["type"] not in ("bank_trade", "port_trade", "intl_trade") or a["get"] not in lacking:
            continue
        ratio = 4 if a["type"] == "bank_trade" else (2 if a["type"] == "intl_trade" else B.PORTS[a["port"]]["ratio"])
        give = a["give"]
        keep = 3 if give in WANT_ALWAYS else 1
        if hand[give] < ratio + keep:
            continue
        key = (ratio, -hand[give])
        if best is None or key < best[0]:
            best = (key, a)
    return best[1] if best else None


def _main(state: dict, seat: int, legal: list[dict]) -> dict:
    by: dict[str, list[dict]] = {}
    for a in legal:
        by.setdefault(a["type"], []).append(a)
    if "claim_special" in by:
        return by["claim_special"][0]
    for a in by.get("accept_offer", []):
        return a
    # complete industries with stockbrokers
    for a in by.get("buy_rival_percentage", []):
        info = state["industries"][a["industry"]]
        if info["slots"].count(seat) >= 2 or info["owner"] == seat:
            return a
    # complete provinces with officials
    best = None
    for a in by.get("buy_rival_mp", []):
        slots = state["mps"][a["province"]]
        frac = slots.count(seat) / len(slots)
        if frac >= 0.5:
            key = frac + B.PROVINCES[a["province"]]["vp"] * 0.01
            if best is None or key > best[0]:
                best = (key, a)
    if best:
        return best[1]
    # percentages of industries it owns or shares, whose material it holds
    for a in by.get("buy_percentage", []):
        info = state["industries"][a["industry"]]
        if seat in info["slots"] and holds_material(state, seat, B.INDUSTRIES[a["industry"]]["material"]):
            return a
    if "buy_factory" in by:
        hand = state["hands"][seat]
        cands = [a for a in by["buy_factory"] if holds_material(state, seat, B.INDUSTRIES[a["industry"]]["material"])]
        if cands:
            return max(cands, key=lambda a: (B.INDUSTRIES[a["industry"]]["vp"], hand[a["with"]] if a["with"] not in WANT_ALWAYS else -1))
    if "buy_mp" in by:
        return max(by["buy_mp"], key=lambda a: _slot_score(state, seat, a["province"], a["slot"]))
    if "buy_port" in by:
        return by["buy_port"][0]
    targets_mp = any(a for a in actions._rival_mps({**state, "officials": [1] * state["num_players"]}, seat))
    if "buy_official" in by and state["officials"][seat] < 2 and targets_mp:
        return by["buy_official"][0]
    if "buy_stockbroker" in by and state["stockbrokers"][seat] < 1:
        return by["buy_stockbroker"][0]
    t = _surplus_trade(state, seat, legal)
    if t:
        return t
    for a in by.get("refuse_offer", []):
        return a
    return {"type": "end_turn"}


def choose(state: dict, seat: int, rng: random.Random) -> dict:
    """The bot's action for ``seat`` (any seat with legal actions)."""
    ph = state["phase"]
    legal = actions.legal(state, seat)
    if not legal or ph == PHASE_OVER:
        return {"type": "end_turn"}
    if ph in (PHASE_CONTEST, PHASE_ROLLOFF):
        return {"type": "contest_roll"}
    if ph == PHASE_DISCARD:
        return next(a for a in legal if "cards" in a)
    if ph == PHASE_DRAFT:
        scored = [(_slot_score(state, seat, a["province"], a["slot"]) + rng.random() * 0.1, i) for i, a in enumerate(legal)]
        return legal[max(scored)[1]]
    if ph == PHASE_PRELIM_BUY:
        buys = [a for a in legal if a["type"] == "buy_mp"]
        if not buys:
            return {"type": "pass"}
        return max(buys, key=lambda a: _slot_score(state, seat, a["province"], a["slot"]))
    if ph == PHASE_UNION:
        return _best_union(state, seat, legal) or legal[0]
    if ph == PHASE_PRE_ROLL:
        u = state["union"]
        mine = seat in (state["mps"][u["id"]] if u["kind"] == "province" else state["industries"][u["id"]]["slots"])
        if mine:
            mv = _best_union(state, seat, legal)
            if mv:
                return mv
        return {"type": "roll"}
    if ph == PHASE_MAIN and seat != state["current"]:
        return _respond(state, seat, legal)
    return _main(state, seat, legal)


def _respond(state: dict, seat: int, legal: list[dict]) -> dict:
    hand = state["hands"][seat]
    for a in legal:
        if a["type"] == "accept_offer":
            o = next(x for x in state["offers"] if x["id"] == a["offer_id"])
            gain = sum(c for m, c in o["give"].items() if hand[m] == 0)
            cost = sum(c for m, c in o["get"].items() if hand[m] - c < 1)
            if gain > 0 and cost == 0:
                return a
    for a in legal:
        if a["type"] == "refuse_offer":
            return a
    return legal[0]
