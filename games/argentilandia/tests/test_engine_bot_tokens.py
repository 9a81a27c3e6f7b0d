"""The bot keeps back the tokens its missing industry monopolies still take (Components: 35 tokens per colour;
Victory; Variant: 3 Players): spending them all on provinces and ports left 3-player bot games stalled for thousands
of turns, the leaders one or two percentages short of their second monopoly with nothing left to place."""

from games.argentilandia.engine import RULESET as RS
from games.argentilandia.engine import board as B
from games.argentilandia.engine import bot
from games.argentilandia.engine.schema import PHASE_MAIN
from games.argentilandia.engine.state import tokens_left

from .test_engine_helpers import main_state

SPECIAL = ("santiago_del_estero", "cordoba", "san_luis", "santa_fe")  # Special Provinces: a monopoly there claims cards


def _three_player_state(left: int, hand: dict, wool: list | None = None) -> dict:
    """Seat 0 of 3 on turn with a 12 rolled (Jujuy free, in play): the Metal Refinery's monopoly and its metals MP
    (Catamarca), two percentages of the Wool Factory and its sheep MPs (La Pampa, a monopoly), and MPs elsewhere
    (each province shared with seat 1, so no other monopoly) until ``left`` tokens are left."""
    st = main_state(n=3, total=12, hands={0: hand}, officials=[0, 0, 0], stockbrokers=[0, 0, 0],
                    mps={"jujuy": [None, None, None], "salta": [1, 1, 2], "catamarca": [0, 1, 1],
                         "la_pampa": [0, 0, 0]})
    assert st["factories_needed"] == 2 and st["vp_to_win"] == 18  # Variant: 3 Players
    st["industries"]["metal_refinery"] = {"slots": [0, 0, 0, 0], "owner": 0}
    st["industries"]["wool_factory"] = {"slots": wool or [0, 0, None, None], "owner": 0}
    for p in B.PROVINCE_IDS:
        slots = st["mps"][p]
        if p in ("jujuy", "salta", "catamarca", "la_pampa", *SPECIAL) or len(slots) < 2 or any(slots):
            continue
        for i in range(len(slots) - 1):
            if tokens_left(st, 0) > left:
                slots[i] = 0
        slots[-1] = 1
    assert tokens_left(st, 0) == left
    return st


def _turn_events(st: dict) -> list[dict]:
    """Bots play until seat 0's turn ends: every event of the turn."""
    out: list[dict] = []
    while st["phase"] == PHASE_MAIN and st["current"] == 0:
        seat = RS.to_move(st)[0]
        st, events = RS.apply(st, seat, RS.bot_action(st, seat, None))
        out += events
    return out


def test_token_plan_counts_the_missing_monopolies_of_the_three_player_variant():
    """Variant: 3 Players (2 industry monopolies to win): the plan is the Metal Refinery (done, 0 tokens) and the
    Wool Factory (2 free percentages: 2 tokens); the province monopoly (La Pampa) is held, so none is reserved."""
    st = _three_player_state(5, {"grapes": 1, "cows": 1, "tobacco": 1})
    assert bot.token_plan(st, 0) == (["metal_refinery", "wool_factory"], None, 2)
    assert tokens_left(st, 0) - bot.token_plan(st, 0)[2] == 3  # spare: placed outside the plan


def test_token_plan_counts_a_rivals_percentage_and_a_missing_material():
    """Monopoly (industries): a rival's percentage takes a token too (won in a contest), and an industry scores only
    with an MP of its material, so one more token where the bot holds none; a rival's monopoly is out of reach."""
    st = _three_player_state(5, {}, wool=[0, 0, 1, None])
    assert bot.token_plan(st, 0)[2] == 2  # the Wool Factory: the free and the rival percentage
    st["industries"]["wool_factory"] = {"slots": [1, 1, 1, 1], "owner": 1}  # a rival's monopoly now
    plan, _province, tokens = bot.token_plan(st, 0)
    assert "wool_factory" not in plan and "metal_refinery" in plan
    # three Cigarette Factory percentages but no tobacco MP: 1 free percentage + 1 MP of the material
    st["industries"]["cigarette_factory"] = {"slots": [0, 0, 0, None], "owner": 0}
    for p, i in B.MPS_OF_MATERIAL["tobacco"]:
        if st["mps"][p][i] == 0:
            st["mps"][p][i] = 2
    assert bot.token_plan(st, 0) == (["metal_refinery", "cigarette_factory"], None, 2)


def test_no_token_outside_the_plan_when_none_is_spare():
    """Buying a free MP / Components: with exactly the tokens its Wool Factory monopoly still takes, the bot does
    not place one on a free MP in play (it did: the 3-player stalls), though it could pay for it."""
    st = _three_player_state(2, {"grapes": 1, "cows": 1, "tobacco": 1})
    assert any(a["type"] == "buy_mp" for a in RS.legal_actions(st, 0))
    events = _turn_events(st)
    assert not [e for e in events if e["type"] in ("mp_bought", "port_bought", "factory_bought")]


def test_a_spare_token_still_buys_a_free_mp():
    """Buying a free MP: one token more than the plan takes, and the bot buys the MP as before."""
    st = _three_player_state(3, {"grapes": 1, "cows": 1, "tobacco": 1})
    events = _turn_events(st)
    assert [e["province"] for e in events if e["type"] == "mp_bought"] == ["jujuy"]


def test_with_no_spare_token_the_bot_buys_the_percentage_it_needs():
    """Buying free industry percentages: with no token spare and Oil, Soy and Metals in hand, the bot buys a free
    percentage of the Wool Factory (its plan) rather than the free MP in play."""
    st = _three_player_state(2, {"oil": 1, "soy": 1, "metals": 1, "grapes": 1})
    events = _turn_events(st)
    bought = [e for e in events if e["type"] in ("mp_bought", "percentage_bought")]
    assert bought and bought[0] == {**bought[0], "type": "percentage_bought", "industry": "wool_factory"}


def test_a_needed_monopoly_is_contested_with_a_stockbroker_for_each_rival_percentage():
    """Buying other players' percentages / Variant: 3 Players: the Wool Factory is the second monopoly the bot
    needs and a rival holds two of its percentages. Holding two Stockbrokers it contests one (it could win both this
    turn); holding one it does not (a single win changes nothing: it already owns and doubles), and it wants to buy
    the second (``stockbrokers_wanted``). Before, it never contested there: the 3-player stall ``check-3-271``."""
    st = _three_player_state(5, {}, wool=[0, 0, 1, 1])
    st["stockbrokers"] = [2, 0, 0]
    assert bot.percentage_worth(st, 0, "wool_factory", 1)
    assert RS.bot_action(st, 0, None) == {"type": "buy_rival_percentage", "industry": "wool_factory", "seller": 1}
    st["stockbrokers"] = [1, 0, 0]
    assert not bot.percentage_worth(st, 0, "wool_factory", 1)
    assert RS.bot_action(st, 0, None)["type"] != "buy_rival_percentage"
    assert bot.stockbrokers_wanted(st, 0) == 2
    st["industries"]["wool_factory"]["slots"] = [0, 0, None, None]  # no rival percentage: no contest to arm for
    assert bot.stockbrokers_wanted(st, 0) == 0


def test_exchanges_never_give_back_what_they_got():
    """Trading at ports: above 7 cards the bot trades down at its 2 x 1 port (Puerto Madryn, with its Oil MP in
    Chubut), but never gives a material down below the count of the one it gets, so no exchange of the turn hands
    back a material an earlier one brought in. It used to go round the port: Grapes for Oil, then Oil for Fish, Fish
    for Oil, Oil for Tobacco..., 19 exchanges in one turn (the hand of seat 1 in the stalled game ``check-3-271``)."""
    st = main_state(mps={"chubut": [1, 0, 1]}, officials=[2, 0, 0, 0], stockbrokers=[2, 0, 0, 0],
                    bank_officials=0, bank_stockbrokers=0,  # nothing to spend the cards on
                    hands={0: {"oil": 1, "fish": 4, "sheep": 6, "metals": 4, "soy": 2, "cows": 3, "grapes": 10,
                               "tobacco": 4, "wood": 2}})
    st["ports"]["puerto_madryn"] = 0
    events = [e for e in _turn_events(st) if e["type"] == "port_trade"]
    assert events, "it still trades down"
    got: set[str] = set()
    for e in events:
        assert e["give"] not in got, events
        got.add(e["get"])


def test_a_stockbroker_is_bought_to_spend_cards_only_while_holding_none():
    """Stockbroker: it returns to the Banker only when its buyer wins a contest, so one bought just to spend cards
    stays in the hand; with 3 players (8 Stockbrokers, Variant: 3 Players) one bot came to hold all 8 with no token
    left to use them, and nobody else could buy one (the stall ``check-3-404``). Above 7 cards, with no contest in
    view, the bot buys one while it holds none, and no more."""
    def bought(held: int) -> int:
        st = main_state(stockbrokers=[held, 0, 0, 0], hands={0: {"wood": 4, "tobacco": 4, "fish": 4}})
        assert bot.stockbrokers_wanted(st, 0) == 0
        return sum(e["type"] == "stockbroker_bought" for e in _turn_events(st))

    assert bought(0) == 1
    assert bought(1) == 0


def test_a_corrupt_official_is_bought_to_spend_cards_only_while_holding_fewer_than_two():
    """Corrupt Official: it goes back to the Banker only when played (a contest won, the Union Organizer moved), so
    officials bought just to spend cards stayed in one hand: in the 5-player stall ``balance-5-165`` one bot held all
    12 and nobody else could buy one to complete a province (Buying another player's MP). Above 7 cards, with no
    rival MP in view, the bot buys one while it holds fewer than two."""
    def bought(held: int) -> int:
        st = main_state(officials=[held, 0, 0, 0], hands={0: {"grapes": 4, "cows": 4, "sheep": 4}})
        return sum(e["type"] == "official_bought" for e in _turn_events(st))

    assert bought(0) == 2
    assert bought(1) == 1
    assert bought(2) == 0
