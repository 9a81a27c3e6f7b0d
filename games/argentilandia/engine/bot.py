"""A heuristic bot: draft frequent numbers, build province monopolies and one industry monopoly at a
time, use officials/stockbrokers to complete them, trade surplus for what it lacks.

Trading with people (issue 8/13): it answers every offer addressed to it (accept, counter or refuse),
offers a card of its own to the others when one card completes a purchase, uses its Stockbrokers in
contests, and does not hoard: above ``HAND_LIMIT`` cards it spends or trades down.

Tokens (issue 42.10): it keeps back the tokens its missing monopolies still take (``token_plan``), plays the
Stockbrokers and officials it holds for them, and buys those cards to spend surplus only sparingly, so bot games
end (docs/rules/argentilandia.md, "Bots and balance")."""

from __future__ import annotations

import random

from . import board as B
from . import legal_actions, trade
from .action_list import Actions
from .schema import (
    PHASE_CONTEST,
    PHASE_DISCARD,
    PHASE_DRAFT,
    PHASE_MAIN,
    PHASE_OVER,
    PHASE_PRE_ROLL,
    PHASE_PRELIM_BUY,
    PHASE_ROLLOFF,
    PHASE_UNION,
    State,
)
from .state import sole_holder, tokens_left
from .victory import all_vp, holds_material, province_monopolist

WANT_ALWAYS = ("oil", "soy", "metals")
HAND_LIMIT = 7  # more than this risks the doubles discard (Doubles a.)
BOT_OFFERS_PER_TURN = 2
# the main-phase purchases that place a token (Components: 35 per colour)
PLACING = ("buy_mp", "buy_port", "buy_factory", "buy_percentage", "buy_rival_mp", "buy_rival_percentage")
RECIPES = (  # the Exchange and Cost card's fixed recipes
    {"oil": 1, "soy": 1, "metals": 1},  # a percentage
    {"grapes": 1, "cows": 1, "sheep": 1},  # a Corrupt Official
    {"wood": 1, "tobacco": 1, "fish": 1},  # a Stockbroker
)


def ways(n: int) -> int:
    return 6 - abs(7 - n)


def _slot_score(state: State, seat: int, p: str, slot: int) -> float:
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


def _target_score(state: State, seat: int, t: dict, vp: list[int]) -> float:
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


def _best_union(state: State, seat: int, legal: list[dict]) -> dict | None:
    moves = [a for a in legal if a["type"] == "move_union"]
    if not moves:
        return None
    vp = all_vp(state)
    return max(moves, key=lambda a: _target_score(state, seat, a["target"], vp))


def _surplus_trade(state: State, seat: int, legal: list[dict]) -> dict | None:
    """An exchange (port, border province, Banker) of spare cards for one the bot lacks: first the materials of
    a percentage (and of a Corrupt Official while it holds none), then any it lacks, then, above ``HAND_LIMIT``
    cards, the ones it holds fewest of.
    It never gives a material down below the count of the one it gets, so a trade cannot be undone by the next
    (Oil for Fish, then Fish for Oil: the same cards, fewer of them)."""
    hand = state["hands"][seat]
    wants = set(WANT_ALWAYS)
    if state["officials"][seat] == 0:
        wants |= {"grapes", "cows", "sheep"}
    lacking = [m for m in B.MATERIALS if hand[m] == 0 and m in wants]
    if not lacking:
        lacking = [m for m in B.MATERIALS if hand[m] == 0]
    if not lacking and sum(hand.values()) > HAND_LIMIT:  # trade down rather than hoard
        low = min(hand.values())
        lacking = [m for m in B.MATERIALS if hand[m] == low]
    if not lacking:
        return None
    best = None
    for a in legal:
        if a["type"] not in ("bank_trade", "port_trade", "intl_trade") or a["get"] not in lacking:
            continue
        ratio = 4 if a["type"] == "bank_trade" else (2 if a["type"] == "intl_trade" else B.PORTS[a["port"]]["ratio"])
        give = a["give"]
        keep = 3 if give in WANT_ALWAYS else 1
        if sum(hand.values()) > HAND_LIMIT:
            keep = 1
        if hand[give] < ratio + keep or hand[give] - ratio <= hand[a["get"]]:
            continue
        key = (ratio, -hand[give])
        if best is None or key < best[0]:
            best = (key, a)
    return best[1] if best else None


def _main(state: State, seat: int, legal: list[dict]) -> dict:
    by: dict[str, list[dict]] = {}
    for a in legal:
        by.setdefault(a["type"], []).append(a)
    if "claim_special" in by:
        return by["claim_special"][0]
    answer = _answer_offers(state, seat, legal)
    if answer is not None:
        return answer
    placing = any(t in by for t in PLACING)
    industries, province, reserve = token_plan(state, seat) if placing else ([], None, 0)
    spare = tokens_left(state, seat) > reserve if placing else True
    contest = _best_contest(state, seat, by, None if spare else (industries, province))
    if contest is not None:
        return contest
    # percentages of industries it owns or shares (or needs, when tokens are short), whose material it holds
    for a in by.get("buy_percentage", []):
        info = state["industries"][a["industry"]]
        if (holds_material(state, seat, B.INDUSTRIES[a["industry"]]["material"])
                and (a["industry"] in industries or spare and seat in info["slots"])):
            return a
    if "buy_factory" in by:
        hand = state["hands"][seat]
        cands = [a for a in by["buy_factory"] if holds_material(state, seat, B.INDUSTRIES[a["industry"]]["material"])
                 and (spare or a["industry"] in industries)]
        if cands:
            return max(cands, key=lambda a: (B.INDUSTRIES[a["industry"]]["vp"], hand[a["with"]] if a["with"] not in WANT_ALWAYS else -1))
    mps = [a for a in by.get("buy_mp", []) if spare or a["province"] == province]
    if mps:
        return max(mps, key=lambda a: _slot_score(state, seat, a["province"], a["slot"]))
    if "buy_port" in by and spare:
        return by["buy_port"][0]
    hoarding = sum(state["hands"][seat].values()) > HAND_LIMIT
    targets_mp = any(a for a in legal_actions._rival_mps({**state, "officials": [1] * state["num_players"]}, seat))
    # Corrupt Officials and Stockbrokers are few (12 of each, 8 with 3 players) and go back to the Banker only when
    # played and won with (or to move the Union Organizer): bought just to spend cards they stayed in one hand, and
    # nobody else could buy one (one bot held all 12 officials: the stall balance-5-165; all 8 Stockbrokers:
    # check-3-404). So, to spend cards, it buys an official only while it holds fewer than two, a Stockbroker only
    # while it holds none.
    if "buy_official" in by and state["officials"][seat] < 2 and (targets_mp or hoarding):
        return by["buy_official"][0]
    held = state["stockbrokers"][seat]
    if "buy_stockbroker" in by and (held < stockbrokers_wanted(state, seat)
                                    or hoarding and held == 0 and tokens_left(state, seat) > 0):
        return by["buy_stockbroker"][0]
    offer = _purchase_offer(state, seat, by)
    if offer:
        return offer
    t = _surplus_trade(state, seat, legal)
    if t:
        return t
    offer = _offer_before_banking(state, seat, by, legal)
    if offer:
        return offer
    if "cancel_offer" in by:  # nobody answered yet: withdraw rather than wait for ever
        return by["cancel_offer"][0]
    if "end_turn" in by:
        return {"type": "end_turn"}
    return legal[0]


# --- Tokens (Components: 35 per colour; Victory; Variant: 3 Players) -------------------------------------------------
#
# Every MP, port and percentage takes one of the seat's 35 tokens, and a token comes back only when a rival wins it in a
# contest. To win, a player needs an industry monopoly (two with 3 players) besides the points: bots used to spend
# every token on provinces, ports and first percentages, and then sat, far past the points needed, one or two
# percentages short of the monopoly they still lacked, with nothing left to place (3-player games of thousands of
# turns). So the bot keeps back the tokens its missing monopolies still take, and places one elsewhere only when a
# token is spare.


def token_plan(state: State, seat: int) -> tuple[list[str], str | None, int]:
    """What the bot keeps tokens for: the industries whose monopolies it needs for Victory (``factories_needed``:
    1, or 2 with 3 players), the cheapest in tokens (then the fewest rival percentages, then the most Victory
    Points); the province it would complete when it has no province monopoly yet; and the tokens they still take
    (each percentage or MP not its own, plus an MP of the industry's material when it holds none). An industry or
    province a rival monopolises is out of reach (Monopoly: nobody may buy there)."""
    costs = []
    for ind in B.INDUSTRY_IDS:
        slots = state["industries"][ind]["slots"]
        holder = sole_holder(slots)
        if holder is not None and holder != seat:
            continue
        missing = len(slots) - slots.count(seat)
        rivals = missing - slots.count(None)
        material = 0 if holds_material(state, seat, B.INDUSTRIES[ind]["material"]) else 1
        costs.append((missing + material, rivals, -B.INDUSTRIES[ind]["vp"], ind))
    chosen = sorted(costs)[:state["factories_needed"]]
    tokens = sum(c[0] for c in chosen)
    province = None
    held = sum(province_monopolist(state, p) == seat for p in B.PROVINCE_IDS)
    if held < state["provinces_needed"]:
        options = []
        for p in B.PROVINCE_IDS:
            slots = state["mps"][p]
            holder = sole_holder(slots)
            if seat in slots and (holder is None or holder == seat):
                options.append((len(slots) - slots.count(seat), -B.PROVINCES[p]["vp"], p))
        if options:
            cost, _vp, province = min(options)
            tokens += cost
    return [c[-1] for c in chosen], province, tokens


# --- Contests (Buying another player's MP; Buying other players' percentages) -----------------------------------------
#
# A contest is a gamble: the seller rolls, then the buyer, and the seller wins ties, so the buyer wins 44% of the time
# (575 of 1296) and a loss hands the staked card to the seller. Each one also makes the seller stop and roll. So the bot
# starts one only when winning changes something that counts for it: a monopoly completed (the province's or the
# industry's Victory Points), an industry whose material it produces passing to it or starting to double for it, in
# the one industry it is building towards; and a province it can finish this turn. A Stockbroker is bought only for
# such a contest (a Corrupt Official still whenever a rival MP could be bought: it also moves the Union Organizer).


def _after_win(slots: list, seller: int, seat: int) -> list:
    after = list(slots)
    after[after.index(seller)] = seat
    return after


def _owner_after(slots: list, owner: int | None, seat: int) -> int | None:
    """Majority of percentages (``industry.update_owner``): the owner keeps a tied largest share; otherwise the
    largest holder takes it, the buyer winning ties."""
    counts = {s: slots.count(s) for s in slots if s is not None}
    if not counts:
        return None
    best = max(counts.values())
    if owner is not None and counts.get(owner, 0) == best:
        return owner
    top = [s for s, c in counts.items() if c == best]
    return seat if seat in top else min(top)


def _doubles(slots: list, owner: int | None, seat: int) -> bool:
    """Industries and doubling: the owner doubles, and so does a holder tied with the owner's share."""
    return owner is not None and (owner == seat or (seat in slots and slots.count(seat) == slots.count(owner)))


def focus_industry(state: State, seat: int) -> str | None:
    """The industry the bot builds its monopoly in: of those whose material it holds and that nobody
    monopolises yet, the one where it holds most percentages, then owns, then the most Victory Points."""
    best = None
    for ind in B.INDUSTRY_IDS:
        info = state["industries"][ind]
        slots = info["slots"]
        monopoly = slots[0] is not None and slots.count(slots[0]) == len(slots)  # a rival's, or done
        if info["owner"] is None or monopoly or not holds_material(state, seat, B.INDUSTRIES[ind]["material"]):
            continue
        key = (slots.count(seat), info["owner"] == seat, B.INDUSTRIES[ind]["vp"], ind)
        if best is None or key > best[0]:
            best = (key, ind)
    return best[1] if best else None


def percentage_worth(state: State, seat: int, industry: str, seller: int) -> bool:
    """Whether winning ``seller``'s percentage of ``industry`` is worth a Stockbroker contest (Buying other
    players' percentages): the bot holds the industry's material, and the win either completes its monopoly, or
    the industry is one whose monopoly it needs for Victory (``token_plan``) or its focus industry and it holds a
    Stockbroker for each rival percentage there (Stockbrokers held idle were the last ones: the 5-player stall
    check-5-104), or, in its focus industry, the win makes it the owner, makes it start doubling, or leaves no
    rival percentage there."""
    info = state["industries"][industry]
    slots = info["slots"]
    if seller not in slots or not holds_material(state, seat, B.INDUSTRIES[industry]["material"]):
        return False
    after = _after_win(slots, seller, seat)
    if after.count(seat) == len(after):
        return True
    rivals = len(slots) - slots.count(seat) - slots.count(None)
    focus = focus_industry(state, seat)
    if state["stockbrokers"][seat] >= rivals and (industry == focus or industry in token_plan(state, seat)[0]):
        return True  # a monopoly it needs to win or builds towards, with a Stockbroker for each rival percentage
    if industry != focus:
        return False
    owner = _owner_after(after, info["owner"], seat)
    becomes_owner = owner == seat and info["owner"] != seat
    starts_doubling = _doubles(after, owner, seat) and not _doubles(slots, info["owner"], seat)
    no_rival_left = all(s is None or s == seat for s in after)
    return becomes_owner or starts_doubling or no_rival_left


def mp_worth(state: State, seat: int, province: str, slot: int) -> bool:
    """Whether winning the MP in ``slot`` of ``province`` is worth a Corrupt Official contest (Buying another
    player's MP): the win completes the province's monopoly, or the bot holds half the province already, the win
    leaves one MP to take and the bot holds a Corrupt Official more to try for it this turn; or the MP is the first
    of its material for the bot and that material's industry is a monopoly of the bot's (Monopoly (industries): it
    scores only with an MP of the material; a 5-player stall, check-5-104, had a bot with three industry monopolies
    and no Wood for the Furniture Factory's 6 points)."""
    slots = state["mps"][province]
    if slots[slot] is None or slots[slot] == seat:
        return False
    missing = sum(s != seat for s in slots) - 1  # rivals' MPs left after the win
    if missing == 0 or (missing == 1 and 2 * slots.count(seat) >= len(slots) and state["officials"][seat] >= 2):
        return True
    material = B.PROVINCES[province]["mps"][slot]
    industry = B.INDUSTRY_OF_MATERIAL.get(material)
    return (industry is not None and sole_holder(state["industries"][industry]["slots"]) == seat
            and not holds_material(state, seat, material))


def _best_contest(state: State, seat: int, by: dict, plan: tuple[list[str], str | None] | None = None) -> dict | None:
    """The contest worth starting now, if any: a province MP first (in the province the bot holds most of, then
    the one worth most Victory Points), then an industry percentage, bought from the owner rather than from
    another holder. With no token spare (``plan``: the industries and province of ``token_plan``), only a contest
    inside the plan."""
    if plan is not None:
        by = {"buy_rival_mp": [a for a in by.get("buy_rival_mp", []) if a["province"] == plan[1]],
              "buy_rival_percentage": [a for a in by.get("buy_rival_percentage", []) if a["industry"] in plan[0]]}
    mps = [a for a in by.get("buy_rival_mp", []) if mp_worth(state, seat, a["province"], a["slot"])]
    if mps:
        return max(mps, key=lambda a: (state["mps"][a["province"]].count(seat) / len(state["mps"][a["province"]]),
                                       B.PROVINCES[a["province"]]["vp"]))
    percentages = [a for a in by.get("buy_rival_percentage", [])
                   if percentage_worth(state, seat, a["industry"], a["seller"])]
    if percentages:
        return max(percentages, key=lambda a: (state["industries"][a["industry"]]["owner"] == a["seller"],
                                               B.INDUSTRIES[a["industry"]]["vp"]))
    return None


def stockbrokers_wanted(state: State, seat: int) -> int:
    """How many Stockbrokers the bot wants to hold: one for each rival percentage in an industry whose monopoly it
    needs (``token_plan``) and whose material it holds, at least two while some percentage is worth a contest
    (``percentage_worth``), else none."""
    armed = {**state, "stockbrokers": [4] * state["num_players"]}  # enough for any industry's rival percentages
    out = Actions()
    legal_actions._add_rival_percentages(out, armed, seat)
    if not any(percentage_worth(armed, seat, a["industry"], a["seller"]) for a in out):
        return 0
    need = 2
    for ind in token_plan(state, seat)[0]:
        slots = state["industries"][ind]["slots"]
        if holds_material(state, seat, B.INDUSTRIES[ind]["material"]):
            need = max(need, len(slots) - slots.count(seat) - slots.count(None))
    return need


def choose(state: State, seat: int, rng: random.Random) -> dict:
    """The bot's action for ``seat`` (any seat with legal actions)."""
    ph = state["phase"]
    legal = legal_actions.legal(state, seat)
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


def _gain(hand: dict, cards: dict) -> float:
    """What receiving ``cards`` is worth: a material we lack counts double, a scarce one once, plenty half."""
    h = dict(hand)
    total = 0.0
    for m, c in cards.items():
        for _ in range(c):
            total += 2.0 if h[m] == 0 else (1.0 if h[m] < 2 else 0.5)
            total += 0.5 if m in WANT_ALWAYS and h[m] < 2 else 0.0
            h[m] += 1
    return total


def _cost(hand: dict, cards: dict) -> float:
    """What giving ``cards`` costs: the last card of a material counts double, the second once, more half."""
    h = dict(hand)
    total = 0.0
    for m, c in cards.items():
        for _ in range(c):
            h[m] -= 1
            total += 2.0 if h[m] < 1 else (1.0 if h[m] < 2 else 0.5)
            total += 0.5 if m in WANT_ALWAYS and h[m] < 2 else 0.0
    return total


def _near_victory(state: State, seat: int) -> bool:
    return all_vp(state)[seat] >= state["vp_to_win"] - 4


def good_offer(state: State, seat: int, offer: dict) -> bool:
    """Accept when the cards coming in are worth more to us than those going out, and never feed a
    player close to victory."""
    hand = state["hands"][seat]
    if _near_victory(state, offer["from"]):
        return False
    return _gain(hand, offer["give"]) > _cost(hand, offer["get"])


def _counter_for(state: State, seat: int, offer: dict, legal: list[dict]) -> dict | None:
    """A counter we would accept ourselves: one of our spare cards for one card of the offer we want."""
    if _near_victory(state, offer["from"]):
        return None
    hand = state["hands"][seat]
    best = None
    for a in legal:
        if a["type"] != "counter_offer" or a["offer_id"] != offer["id"]:
            continue
        score = _gain(hand, a["get"]) - _cost(hand, a["give"])
        if score > 0 and (best is None or score > best[0]):
            best = (score, a)
    return best[1] if best else None


def _answer_offers(state: State, seat: int, legal: list[dict]) -> dict | None:
    """Answer every offer addressed to us: accept a good one, else counter, else refuse."""
    for o in state["offers"]:
        if seat not in o["to"]:
            continue
        accept = {"type": "accept_offer", "offer_id": o["id"]}
        if accept in legal and good_offer(state, seat, o):
            return accept
        counter = _counter_for(state, seat, o, legal)
        if counter is not None:
            return counter
        return {"type": "refuse_offer", "offer_id": o["id"]}
    return None


def _missing_one(hand: dict, recipe: dict) -> str | None:
    """The one card short of ``recipe`` (None when affordable or short of more)."""
    short = [m for m, c in recipe.items() if hand[m] < c]
    return short[0] if len(short) == 1 and recipe[short[0]] - hand[short[0]] == 1 else None


def _wanted_card(state: State, seat: int, by: dict) -> str | None:
    """A card that would complete a purchase: a free MP in play (3 different), an industry percentage,
    a Corrupt Official or a Stockbroker."""
    hand = state["hands"][seat]
    kinds = [m for m in B.MATERIALS if hand[m] > 0]
    if "buy_mp" not in by and len(kinds) == 2 and legal_actions._free_mps(
            {**state, "hands": [dict(h, **{m: max(h[m], 1) for m in B.MATERIALS}) for h in state["hands"]]}, seat, False):
        return min((m for m in B.MATERIALS if hand[m] == 0), key=lambda m: (m not in WANT_ALWAYS, m))
    for recipe in RECIPES:
        m = _missing_one(hand, recipe)
        if m is not None:
            return m
    return None


def _purchase_offer(state: State, seat: int, by: dict) -> dict | None:
    """Offer the others one spare card for the one card that completes a purchase (at most
    BOT_OFFERS_PER_TURN a turn, one open at a time)."""
    if "offer_trade" not in by or trade.awaits_answer(state, seat):
        return None
    if state["flags"].get("offers_made", {}).get(str(seat), 0) >= BOT_OFFERS_PER_TURN:
        return None
    want = _wanted_card(state, seat, by)
    if want is None:
        return None
    hand = state["hands"][seat]
    spare = max((m for m in B.MATERIALS if m != want), key=lambda m: hand[m])
    if hand[spare] < 2:
        return None
    return {"type": "offer_trade", "to": None, "give": {spare: 1}, "get": {want: 1}}


def _offer_before_banking(state: State, seat: int, by: dict, legal: list[dict]) -> dict | None:
    """Trade (decision 13): the Banker trades 4:1 only after each other player refused an offer to everyone,
    so before banking the bot offers everyone the same trade at 2 for 1: taken, it has its card; refused by
    all, the bank opens; answered with a counter-offer, it answers that and may offer again."""
    if "offer_trade" not in by or trade.awaits_answer(state, seat):
        return None
    if trade.usable_exchange(state, seat) is not None or not trade.bank_refusal(state, seat):
        return None
    opened = {**state, "options": {**state.get("options", {}), "free_bank": True}}
    banked = [a for a in legal_actions._exchanges(opened, seat) if a["type"] == "bank_trade"]
    t = _surplus_trade(state, seat, legal + banked)
    if t is None or t["type"] != "bank_trade":
        return None
    return {"type": "offer_trade", "to": None, "give": {t["give"]: 2}, "get": {t["get"]: 1}}


def _respond(state: State, seat: int, legal: list[dict]) -> dict:
    """Not on turn: answer the offers addressed to us."""
    return _answer_offers(state, seat, legal) or legal[0]
