"""The bot trades with people (Playing the Game 5: trade; Buying other players' percentages; Doubles a.):
it answers every offer addressed to it, offers a card when one card completes a purchase, plays its
Stockbrokers in contests and does not hoard cards."""

import random
import statistics

from games.argentilandia.engine import RULESET as RS
from games.argentilandia.engine.bot import HAND_LIMIT

from .test_engine_helpers import act, main_state

RNG = random.Random(0)


def test_legal_actions_list_counter_offers_and_open_offers_to_each_player():
    """Playing the Game 5: the addressed players "may accept, refuse or make a counter-offer"; legal_actions
    lists examples of the open-ended offer (to everyone and to each player) and of the counter-offer."""
    st = main_state(hands={0: {"oil": 3, "soy": 1}, 1: {"fish": 2, "cows": 1}})
    offers = [a for a in RS.legal_actions(st, 0) if a["type"] == "offer_trade"]
    assert {a["to"] for a in offers} == {None, 1, 2, 3}
    st, _ = act(st, 0, type="offer_trade", to=1, give={"oil": 1}, get={"fish": 1})
    answers = RS.legal_actions(st, 1)
    oid = st["offers"][0]["id"]
    assert {"type": "accept_offer", "offer_id": oid} in answers and {"type": "refuse_offer", "offer_id": oid} in answers
    counters = [a for a in answers if a["type"] == "counter_offer"]
    assert counters and all(a["get"] == {"oil": 1} for a in counters)
    for a in counters:
        RS.apply(st, 1, a)


def test_bot_answers_every_offer_addressed_to_it():
    """Playing the Game 5: a bot addressed by an offer accepts a good one, counters or refuses, never ignores it."""
    good = main_state(hands={0: {"oil": 3}, 1: {"fish": 4}})
    good, _ = act(good, 0, type="offer_trade", to=1, give={"oil": 1}, get={"fish": 1})
    assert RS.bot_action(good, 1, RNG) == {"type": "accept_offer", "offer_id": good["offers"][0]["id"]}
    dear = main_state(hands={0: {"oil": 3}, 1: {"fish": 2, "soy": 4}})
    dear, _ = act(dear, 0, type="offer_trade", to=1, give={"oil": 1}, get={"fish": 2})
    answer = RS.bot_action(dear, 1, RNG)
    assert answer["type"] == "counter_offer" and answer["give"] == {"soy": 1} and answer["get"] == {"oil": 1}
    poor = main_state(hands={0: {"cows": 3}, 1: {"fish": 1, "cows": 3}})
    poor, _ = act(poor, 0, type="offer_trade", to=1, give={"cows": 1}, get={"fish": 1})
    assert RS.bot_action(poor, 1, RNG)["type"] == "refuse_offer"
    # every seat an offer waits for is in to_move, and each bot answers it
    st = main_state(hands={0: {"oil": 3}, 1: {"fish": 4}, 2: {"fish": 1}, 3: {}})
    st, _ = act(st, 0, type="offer_trade", to=None, give={"oil": 1}, get={"fish": 1})
    for seat in RS.to_move(st):
        assert RS.bot_action(st, seat, RNG)["type"] in ("accept_offer", "refuse_offer", "counter_offer")


def test_bot_offers_a_card_when_one_card_completes_a_purchase():
    """Exchange and Cost card: a Corrupt Official costs Grapes + Cows + Sheep; one card short, the bot offers
    a spare card for it to everyone, and waits for the answer."""
    st = main_state(hands={0: {"grapes": 1, "cows": 1, "wood": 3}})
    st["bank_officials"] = 5
    action = RS.bot_action(st, 0, RNG)
    assert action == {"type": "offer_trade", "to": None, "give": {"wood": 1}, "get": {"sheep": 1}}
    st2, _ = RS.apply(st, 0, action)
    assert 0 not in RS.to_move(st2)


def test_bot_plays_a_stockbroker_in_a_contest():
    """Buying other players' percentages: the bot stakes a Stockbroker for a percentage of an industry it
    shares and whose material (grapes, in San Luis) it produces, when a win makes it double (2 against the
    owner's 2; test_engine_bot_contests covers the contests it leaves)."""
    st = main_state(hands={0: {}}, mps={"san_luis": [1, 0, 1]})
    st["stockbrokers"][0] = 1
    st["industries"]["winery"] = {"slots": [1, 1, 0, None], "owner": 1}
    assert RS.bot_action(st, 0, RNG) == {"type": "buy_rival_percentage", "industry": "winery", "seller": 1}


def test_bots_trade_use_stockbrokers_and_do_not_hoard():
    """Bot-only games: offers are made and accepted, Stockbroker contests happen, and the cards kept at the
    end of a turn stay near the doubles limit of 7 (Doubles a.), not dozens."""
    trades = contests = 0
    kept: list[int] = []
    rng = random.Random(1)
    for g in range(8):
        st = RS.new_game(3 + g % 3, f"trading-{g}", {"max_turns": 300})
        while RS.to_move(st):
            seat = RS.to_move(st)[0]
            st, ev = RS.apply(st, seat, RS.bot_action(st, seat, rng))
            for e in ev:
                trades += e["type"] == "trade_accepted"
                contests += e["type"] == "contest_started" and e["kind"] == "percentage"
                if e["type"] == "turn_ended":
                    kept.append(sum(st["hands"][e["seat"]].values()))
        assert RS.outcome(st)["reason"] == "victory"
    assert trades >= 8 and contests >= 8
    assert statistics.mean(kept) <= HAND_LIMIT and max(kept) <= 3 * HAND_LIMIT


def test_bots_still_reach_the_banker_after_everyone_refuses():
    """Playing the Game 5, Trade (decision 13, issue 42.8): the Banker opens only after each other player refused
    an offer to everyone; bots answer offers, so a bot that wants the 4:1 offers first and, when every other bot
    refuses, banks. Over a dozen bot-only games some bank trades happen, each after such refusals."""
    banked = 0
    for g in range(12):
        rng = random.Random(g)
        st = RS.new_game(4, f"b{g}", {"max_turns": 200})
        while RS.to_move(st):
            seat = RS.to_move(st)[0]
            new, events = RS.apply(st, seat, RS.bot_action(st, seat, rng))
            for e in events:
                if e["type"] == "bank_trade":
                    banked += 1
                    assert st["flags"].get("players_declined"), "banked without everyone refusing first"
            st = new
    assert banked >= 2
