"""The bot starts a contest only when winning it changes something for it (Buying other players' percentages;
Buying another player's MP): a contest makes the seller stop and roll, and a lost one hands the staked card over."""

import itertools

from games.argentilandia.engine import RULESET as RS
from games.argentilandia.engine import bot, industry

from .test_engine_helpers import main_state

# San Luis: cows, grapes, metals (the bot's metals MP makes the Metal Refinery's material its own)


def _industry_state(slots: list, owner: int, **kw) -> dict:
    st = main_state(mps={"san_luis": [0, 1, 0]}, officials=[0, 0, 0, 0], stockbrokers=[1, 0, 0, 0], **kw)
    st["industries"]["metal_refinery"] = {"slots": list(slots), "owner": owner}
    return st


def _contests(st: dict, seat: int = 0) -> list[dict]:
    return [a for a in RS.legal_actions(st, seat) if a["type"].startswith("buy_rival")]


def test_stockbroker_contest_that_completes_a_monopoly_is_started():
    """Buying other players' percentages / Monopoly (industries): holding 3 of the 4 percentages and the
    material, the bot contests the last one (a win makes the monopoly and its Victory Points)."""
    st = _industry_state([0, 0, 0, 1], owner=0)
    assert bot.percentage_worth(st, 0, "metal_refinery", 1)
    assert RS.bot_action(st, 0, None) == {"type": "buy_rival_percentage", "industry": "metal_refinery", "seller": 1}


def test_no_stockbroker_contest_that_changes_nothing():
    """Buying other players' percentages: the bot already owns the industry and doubles; a win over one of two
    rivals leaves another rival's percentage, no monopoly and no change of owner, so it keeps its Stockbroker."""
    st = _industry_state([0, 0, 1, 2], owner=0)
    assert _contests(st), "the contest is legal"
    assert not bot.percentage_worth(st, 0, "metal_refinery", 1)
    assert RS.bot_action(st, 0, None)["type"] != "buy_rival_percentage"


def test_no_stockbroker_contest_without_the_material():
    """Industries and doubling: without an MP of the industry's material the bot would neither double nor
    score the monopoly's points, so it does not contest a percentage there (it did before: any share was reason)."""
    st = _industry_state([0, 0, 0, 1], owner=0)
    st["mps"]["san_luis"] = [0, 1, 1]  # the metals MP is a rival's now
    assert _contests(st)
    assert not bot.percentage_worth(st, 0, "metal_refinery", 1)
    assert RS.bot_action(st, 0, None)["type"] != "buy_rival_percentage"


def test_stockbroker_contest_that_takes_ownership_in_the_focus_industry():
    """Majority of percentages: in the industry the bot builds towards, a win that makes it the owner (2 against
    the owner's 1) is worth the contest; the same win in another industry, where it holds less, is not."""
    st = _industry_state([1, 0, 2, 1], owner=1)
    assert bot.focus_industry(st, 0) == "metal_refinery"
    assert bot.percentage_worth(st, 0, "metal_refinery", 1)  # 0 then holds 2 against 1's 1
    st["mps"]["formosa"] = [0] + st["mps"]["formosa"][1:]  # wood: the Furniture Factory's material
    st["industries"]["furniture_factory"] = {"slots": [0, 0, 0, None], "owner": 0}
    assert bot.focus_industry(st, 0) == "furniture_factory"
    assert not bot.percentage_worth(st, 0, "metal_refinery", 1)


def test_corrupt_official_contest_only_for_a_monopoly_within_reach():
    """Buying another player's MP / Monopoly: holding 2 of San Luis's 3 MPs the bot contests the third (a win
    completes the province); holding 1 of 3 beside two rivals' it does not (a win would still leave a rival MP)."""
    st = main_state(mps={"san_luis": [0, 0, 1]}, officials=[1, 0, 0, 0], stockbrokers=[0, 0, 0, 0])
    assert RS.bot_action(st, 0, None) == {"type": "buy_rival_mp", "province": "san_luis", "slot": 2}
    st = main_state(mps={"san_luis": [0, 1, 2]}, officials=[2, 0, 0, 0], stockbrokers=[0, 0, 0, 0])
    assert _contests(st)
    assert not bot.mp_worth(st, 0, "san_luis", 1)
    assert RS.bot_action(st, 0, None)["type"] != "buy_rival_mp"


def test_buys_a_stockbroker_only_for_a_contest_worth_it():
    """Stockbroker (Exchange and Cost card: Wood + Tobacco + Fish): the bot buys one when a percentage is worth
    a contest, and not merely because it holds fewer than two. Here a win over one of two rivals in the Metal
    Refinery changes nothing, and that is not the monopoly it needs to win (``bot.token_plan``: the Furniture
    Factory, one free percentage short, is cheaper; were the Refinery the one, it would arm for both rivals:
    ``test_engine_bot_tokens.py``)."""
    cards = {0: {"wood": 1, "tobacco": 1, "fish": 1}}
    st = _industry_state([0, 0, 1, 2], owner=0, hands=cards)
    st["mps"]["formosa"] = [0] + st["mps"]["formosa"][1:]  # wood: the Furniture Factory's material
    st["industries"]["furniture_factory"] = {"slots": [0, 0, 0, None], "owner": 0}
    st["stockbrokers"] = [0, 0, 0, 0]
    assert bot.token_plan(st, 0)[0] == ["furniture_factory"]
    assert {"type": "buy_stockbroker"} in RS.legal_actions(st, 0)
    assert RS.bot_action(st, 0, None) != {"type": "buy_stockbroker"}
    st = _industry_state([0, 0, 0, 1], owner=0, hands=cards)
    st["stockbrokers"] = [0, 0, 0, 0]
    assert RS.bot_action(st, 0, None) == {"type": "buy_stockbroker"}


def test_the_bot_reads_ownership_after_a_win_as_the_engine_rules_it():
    """Majority of percentages: for every holding of 4 percentages among 3 players and every win, the owner the bot
    expects is the one the engine's ``update_owner`` makes (ties keep the owner; an eliminated owner's industry
    goes to the largest holder, the buyer winning ties)."""
    checked = 0
    for slots in itertools.product([None, 0, 1, 2], repeat=4):
        holders = {s for s in slots if s is not None}
        for owner, seller, buyer in itertools.product(sorted(holders), repeat=3):
            if seller == buyer or seller not in slots:
                continue
            st = main_state(n=3)
            after = list(slots)
            after[after.index(seller)] = buyer
            st["industries"]["winery"] = {"slots": after, "owner": owner}
            industry.update_owner(st, "winery", buyer)
            assert bot._owner_after(after, owner, buyer) == st["industries"]["winery"]["owner"], (slots, owner, seller)
            checked += 1
    assert checked > 100


def test_corrupt_official_contest_for_the_material_of_its_industry_monopoly():
    """Monopoly (industries): a monopoly scores its Victory Points only while its owner holds an MP of the
    material. Holding every percentage of the Furniture Factory but no Wood, the bot contests a rival's Wood MP in
    Formosa (a province it shares: Buying another player's MP), though the win completes no province; holding a
    Wood MP already (Neuquén), it does not."""
    st = main_state(mps={"formosa": [1, 0, 2]}, officials=[1, 0, 0, 0], stockbrokers=[0, 0, 0, 0])
    st["industries"]["furniture_factory"] = {"slots": [0, 0, 0, 0], "owner": 0}
    assert bot.mp_worth(st, 0, "formosa", 0) and not bot.mp_worth(st, 0, "formosa", 2)
    assert RS.bot_action(st, 0, None) == {"type": "buy_rival_mp", "province": "formosa", "slot": 0}
    st["mps"]["neuquen"] = [1, 2, 0]  # sheep, oil, wood
    assert not bot.mp_worth(st, 0, "formosa", 0)
    assert RS.bot_action(st, 0, None)["type"] != "buy_rival_mp"


def test_stockbrokers_held_go_for_the_focus_industry_monopoly():
    """Buying other players' percentages: with its Victory industry done (the Furniture Factory's monopoly) the bot
    builds towards the Metal Refinery, where two rivals hold a percentage each. Holding a Stockbroker for each it
    contests one (it can go for the monopoly this turn); holding one it keeps it (a single win changes nothing).
    Stockbrokers held idle were the last ones in the 5-player stall check-5-104."""
    st = _industry_state([0, 0, 1, 2], owner=0)
    st["mps"]["formosa"] = [0] + st["mps"]["formosa"][1:]  # wood
    st["industries"]["furniture_factory"] = {"slots": [0, 0, 0, 0], "owner": 0}
    assert bot.token_plan(st, 0)[0] == ["furniture_factory"] and bot.focus_industry(st, 0) == "metal_refinery"
    st["stockbrokers"] = [2, 0, 0, 0]
    assert bot.percentage_worth(st, 0, "metal_refinery", 1)
    assert RS.bot_action(st, 0, None)["type"] == "buy_rival_percentage"
    st["stockbrokers"] = [1, 0, 0, 0]
    assert not bot.percentage_worth(st, 0, "metal_refinery", 1)
