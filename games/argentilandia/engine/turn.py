"""The preliminary round and the turn sequence (Preliminary Round; Round Summary; Playing the Game 1-4, 9;
Doubles; Victory)."""

from __future__ import annotations

from games.core.refusals import _, refuse

from . import board as B
from . import special, union
from .production import discards_due, pay_production, random_discard, roll_dice
from .purchase import buy_free_mp, get_province, get_slot, need_token
from .schema import (
    END_TURN_LIMIT,
    END_VICTORY,
    PHASE_DISCARD,
    PHASE_MAIN,
    PHASE_OVER,
    PHASE_PRE_ROLL,
    PHASE_PRELIM_BUY,
    PHASE_UNION,
    State,
)
from .state import has_cards, is_blocked, mps_in, normalize_cards
from .trade import awaits_answer, expire_offers
from .victory import all_vp, meets_victory

# ---- preliminary round ---------------------------------------------------


def draft_place(state: State, events: list[dict], seat: int, action: dict) -> None:
    """Preliminary Round: a free MP, at most 1 per province, with its Production card (snake order)."""
    p = action.get("province")
    get_province(p)
    slot = get_slot(state, p, action.get("slot"))
    if state["mps"][p][slot] is not None:
        refuse(_("That MP already has an owner."), "preliminary-round")
    if mps_in(state, seat, p):
        refuse(_("In the preliminary round you may take only 1 MP per province."), "preliminary-round")
    if is_blocked(state, "province", p):
        refuse(_("The Union Organizer blocks %(province)s."), "setup", province=p)
    need_token(state, seat)
    state["mps"][p][slot] = seat
    m = B.PROVINCES[p]["mps"][slot]
    events.append({"type": "mp_placed", "seat": seat, "province": p, "slot": slot, "material": m})
    if state["bank"][m] > 0:
        state["bank"][m] -= 1
        state["hands"][seat][m] += 1
        events.append({"type": "produced", "seat": seat, "material": m, "count": 1})
    d = state["draft"]
    d["index"] += 1
    if d["index"] < len(d["picks"]):
        state["current"] = d["picks"][d["index"]]
    else:
        state["phase"] = PHASE_PRELIM_BUY
        state["current"] = state["prelim"]["order"][0]
        events.append({"type": "phase", "phase": PHASE_PRELIM_BUY})


def prelim_buy(state: State, events: list[dict], seat: int, action: dict) -> None:
    """Preliminary Round: one optional MP purchase each, same order, 1 MP per province, no trades,
    ports or officials."""
    if action["type"] != "pass":
        buy_free_mp(state, events, seat, action, prelim=True)
    pr = state["prelim"]
    pr["index"] += 1
    if pr["index"] < len(pr["order"]):
        state["current"] = pr["order"][pr["index"]]
        return
    start = state["draft"]["picks"][-1]
    events += begin_turn(state, start, 1)


def begin_turn(state: State, seat: int, turn: int) -> list[dict]:
    state["current"] = seat
    state["turn"] = turn
    state["phase"] = PHASE_PRE_ROLL
    state["dice"] = None
    state["in_play"] = []
    state["flags"] = {"union_official_used": False, "special_claimed": [], "offers_made": {}}
    events = expire_offers(state, "turn_ended")
    return events + [{"type": "turn_started", "seat": seat, "turn": turn}]


# ---- the roll ------------------------------------------------------------


def roll(state: State, seat: int) -> list[dict]:
    """Round Summary 2-4: roll; the sum puts its region's provinces in play; production; on doubles
    first the discards, then production, then the compulsory Union Organizer move."""
    dice = roll_dice(state)
    total = dice[0] + dice[1]
    state["dice"] = dice
    state["in_play"] = B.provinces_in_play(total)
    events: list[dict] = [{"type": "rolled", "seat": seat, "dice": dice, "total": total, "in_play": list(state["in_play"])}]
    if dice[0] == dice[1]:
        due = discards_due(state)
        if any(due):
            state["discards"] = due
            state["phase"] = PHASE_DISCARD
            events.append({"type": "discards_due", "counts": list(due)})
            return events
    return events + after_discards(state)


def after_discards(state: State) -> list[dict]:
    total = state["dice"][0] + state["dice"][1]
    events = pay_production(state, total)
    if state["dice"][0] == state["dice"][1]:
        state["phase"] = PHASE_UNION
    else:
        state["phase"] = PHASE_MAIN
    return events


def discard(state: State, events: list[dict], seat: int, action: dict) -> None:
    """Doubles a.: hand over exactly half (rounded down) of a hand over 7 cards; ``random: true`` lets
    the server pick fairly."""
    need = state["discards"][seat]
    if need <= 0:
        refuse(_("You have nothing to discard."), "doubling")
    if action.get("random") is True:
        cards = random_discard(state, seat, need)
    else:
        try:
            cards = normalize_cards(action.get("cards"))
        except ValueError:
            refuse(_("Name the cards to discard."), "playing-the-game")
        if sum(cards.values()) != need:
            refuse(_("You must discard exactly %(n)s cards."), "playing-the-game", n=need)
        if not has_cards(state, seat, cards):
            refuse(_("You do not hold those cards."), "playing-the-game")
    for m, c in cards.items():
        state["hands"][seat][m] -= c
        state["bank"][m] += c
    state["discards"][seat] = 0
    events.append({"type": "discarded", "seat": seat, "cards": cards, "count": need,
                   "only": [seat], "public": {"type": "discarded", "seat": seat, "count": need}})
    if not any(state["discards"]):
        events += after_discards(state)


def move_union(state: State, events: list[dict], seat: int, action: dict) -> None:
    """Doubles c. (compulsory, free) or a Corrupt Official (once per turn, before or after the roll;
    the official returns to the bank)."""
    target = action.get("target")
    if not union.is_target(state, target):
        refuse(_("Move the Union Organizer to another province or a bought industry."), "playing-the-game")
    if state["phase"] == PHASE_UNION:
        state["phase"] = PHASE_MAIN
    else:
        if state["flags"]["union_official_used"]:
            refuse(_("Only 1 Corrupt Official per turn may move the Union Organizer."), "playing-the-game")
        if state["officials"][seat] < 1:
            refuse(_("You need a Corrupt Official to move the Union Organizer."), "playing-the-game")
        state["officials"][seat] -= 1
        state["bank_officials"] += 1
        state["flags"]["union_official_used"] = True
        events.append({"type": "official_played", "seat": seat, "for": "union"})
    events += union.move(state, seat, target)


def end_turn(state: State, seat: int) -> list[dict]:
    """Victory is checked at the end of one's own turn; play passes to the left (seat + 1). The turn
    does not end under the player's own offer while it waits for answers (withdraw it first). A special
    province's card not chosen this turn is still handed over (Special Provinces, decision 15)."""
    if awaits_answer(state, seat):
        refuse(_("Your offer awaits an answer: wait for it or withdraw it."), "playing-the-game")
    granted = special.grant_unclaimed(state, seat)
    if meets_victory(state, seat):
        state["phase"] = PHASE_OVER
        state["winner"] = seat
        state["end_reason"] = END_VICTORY
        state["offers"] = []
        return granted + [{"type": "turn_ended", "seat": seat}, {"type": "game_over", "winner": seat, "vp": all_vp(state), "reason": END_VICTORY}]
    if state["max_turns"] and state["turn"] >= state["max_turns"]:
        state["phase"] = PHASE_OVER
        state["end_reason"] = END_TURN_LIMIT
        state["offers"] = []
        return granted + [{"type": "turn_ended", "seat": seat}, {"type": "game_over", "winner": None, "vp": all_vp(state), "reason": END_TURN_LIMIT}]
    nxt = (seat + 1) % state["num_players"]
    return granted + [{"type": "turn_ended", "seat": seat}] + begin_turn(state, nxt, state["turn"] + 1)

