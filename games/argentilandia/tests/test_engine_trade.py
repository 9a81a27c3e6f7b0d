"""Trade (Playing the Game 5; Trading at ports; International Trade)."""

import pytest

from games.argentilandia.engine import RULESET as RS
from games.rulesets import IllegalAction

from .test_engine_helpers import act, main_state


def test_offer_accept_between_turn_player_and_other():
    """Trade example: Red offers 2 Oil for 2 Fish to anyone interested; one accepts."""
    st = main_state(hands={0: {"oil": 2}, 1: {"fish": 2}, 2: {"fish": 3}})
    st2, ev = act(st, 0, type="offer_trade", to=None, give={"oil": 2}, get={"fish": 2})
    oid = st2["offers"][0]["id"]
    assert RS.to_move(st2) == [0]
    assert {"type": "accept_offer", "offer_id": oid} in RS.legal_actions(st2, 1)
    st3, ev = act(st2, 2, type="accept_offer", offer_id=oid)
    assert st3["hands"][0] == {**st3["hands"][0], "oil": 0, "fish": 2}
    assert st3["hands"][2]["oil"] == 2 and st3["hands"][2]["fish"] == 1
    assert st3["offers"] == []


def test_refuse_and_counter_offer():
    """Trade: the others may refuse or answer with their own terms, only to the player on turn."""
    st = main_state(hands={0: {"oil": 2, "soy": 1}, 1: {"fish": 2}})
    st, _ = act(st, 0, type="offer_trade", to=1, give={"oil": 2}, get={"fish": 2})
    oid = st["offers"][0]["id"]
    st2, _ = act(st, 1, type="refuse_offer", offer_id=oid)
    assert st2["offers"] == []
    st3, _ = act(st, 1, type="counter_offer", offer_id=oid, give={"fish": 1}, get={"oil": 2})
    counter = next(o for o in st3["offers"] if o["from"] == 1)
    assert counter["to"] == [0]
    st4, _ = act(st3, 0, type="accept_offer", offer_id=counter["id"])
    assert st4["hands"][0]["fish"] == 1 and st4["hands"][1]["oil"] == 2


def test_others_cannot_trade_among_themselves_or_gift():
    """Trade: players without the turn may not trade with each other; gifts are not allowed."""
    st = main_state(hands={0: {"oil": 2}, 1: {"fish": 2}, 2: {"soy": 2}})
    with pytest.raises(IllegalAction) as e:
        act(st, 1, type="offer_trade", to=2, give={"fish": 1}, get={"soy": 1})
    assert e.value.rule == "round-summary"
    with pytest.raises(IllegalAction):
        act(st, 0, type="offer_trade", to=1, give={"oil": 1}, get={})
    with pytest.raises(IllegalAction):
        act(st, 0, type="offer_trade", to=1, give={"oil": 3}, get={"fish": 1})


def test_offers_end_with_the_turn():
    """Only the player on turn trades: pending offers are withdrawn when the turn ends."""
    st = main_state(hands={0: {"oil": 2}})
    st, _ = act(st, 0, type="offer_trade", to=None, give={"oil": 1}, get={"fish": 1})
    st, _ = act(st, 0, type="end_turn")
    assert st["offers"] == []


def test_bank_trade_four_identical():
    """Trade: the Banker gives 1 card of any resource for 4 identical cards."""
    st = main_state(hands={0: {"oil": 4, "soy": 3}})
    st2, _ = act(st, 0, type="bank_trade", give="oil", get="fish")
    assert st2["hands"][0]["oil"] == 0 and st2["hands"][0]["fish"] == 1
    with pytest.raises(IllegalAction):
        act(st, 0, type="bank_trade", give="soy", get="fish")


def test_port_trade_own_port_with_mp_any_roll_not_blocked():
    """Trading at ports: only the owner, with an MP in the province, regardless of the provinces in play,
    2 or 3 identical cards; blocked with its province."""
    st = main_state(hands={0: {"oil": 3}, 1: {"oil": 3}}, mps={"chubut": [0, 1, None]}, total=11)
    st["ports"]["puerto_madryn"] = 0
    st2, _ = act(st, 0, type="port_trade", port="puerto_madryn", give="oil", get="fish")
    assert st2["hands"][0]["oil"] == 1 and st2["hands"][0]["fish"] == 1
    st["ports"]["san_antonio_este"] = None
    with pytest.raises(IllegalAction):
        act(st, 0, type="port_trade", port="ushuaia", give="oil", get="fish")
    st["union"] = {"kind": "province", "id": "chubut"}
    with pytest.raises(IllegalAction) as e:
        act(st, 0, type="port_trade", port="puerto_madryn", give="oil", get="fish")
    assert e.value.rule == "trading-at-ports"


def test_three_to_one_port():
    """Trading at ports: a 3 x 1 port takes 3 identical cards."""
    st = main_state(hands={0: {"oil": 3, "soy": 2}}, mps={"rio_negro": [0, None, None]})
    st["ports"]["san_antonio_este"] = 0
    with pytest.raises(IllegalAction):
        act(st, 0, type="port_trade", port="san_antonio_este", give="soy", get="fish")
    st2, _ = act(st, 0, type="port_trade", port="san_antonio_este", give="oil", get="fish")
    assert st2["hands"][0]["oil"] == 0


def test_international_trade_border_monopoly_is_2x1():
    """International Trade: a monopoly of a border province without sea port trades as a 2x1 port."""
    st = main_state(hands={0: {"oil": 2}}, mps={"jujuy": [0, 0, 0], "chubut": [0, 0, 0]})
    st2, _ = act(st, 0, type="intl_trade", province="jujuy", give="oil", get="soy")
    assert st2["hands"][0]["soy"] == 1
    with pytest.raises(IllegalAction) as e:
        act(st, 0, type="intl_trade", province="chubut", give="oil", get="soy")
    assert e.value.rule == "international-trade"
    st["mps"]["jujuy"] = [0, 0, 1]
    with pytest.raises(IllegalAction):
        act(st, 0, type="intl_trade", province="jujuy", give="oil", get="soy")
