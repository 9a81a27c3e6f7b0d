"""Purchases (Exchange and Cost Card; Playing the Game 6-7; Buying Industries; Buying free industry
percentages; Trading at ports; Special Rules: Oil)."""


from games.argentilandia.engine import RULESET as RS
from games.argentilandia.engine import board as B
from tests.support.engines import refused

from .test_engine_helpers import act, main_state

CHUBUT = B.PROVINCES["chubut"]["number"]  # the roll that puts Chubut (Puerto Madryn) in play

THREE = {"oil": 1, "soy": 1, "fish": 1}


def test_free_mp_only_in_provinces_in_play_three_different():
    """Buying a free MP: 3 different resources, only in the provinces in play, no card received now."""
    st = main_state(hands={0: THREE}, total=6)
    st2, ev = act(st, 0, type="buy_mp", province="mendoza", slot=0, pay=["oil", "soy", "fish"])
    assert st2["mps"]["mendoza"][0] == 0 and sum(st2["hands"][0].values()) == 0
    assert st2["hands"][0]["grapes"] == 0
    refused(RS, st, 0, dict(type="buy_mp", province="jujuy", slot=0), "buying-a-free-mp")
    refused(RS, st, 0, dict(type="buy_mp", province="mendoza", slot=0, pay=["oil", "oil", "soy"]), "exchange-and-cost-card")
    st3, _ = act(st, 0, type="buy_mp", province="mendoza", slot=1)  # automatic payment
    assert sum(st3["hands"][0].values()) == 0


def test_several_mps_per_province_after_preliminary():
    """Buying a free MP: as many as you wish, from any province in play."""
    st = main_state(hands={0: {"oil": 2, "soy": 2, "fish": 2}}, total=6, mps={"mendoza": [0, None, None]})
    st, _ = act(st, 0, type="buy_mp", province="mendoza", slot=1)
    st, _ = act(st, 0, type="buy_mp", province="mendoza", slot=2)
    assert st["mps"]["mendoza"] == [0, 0, 0]


def test_blocked_province_refuses_purchases():
    """Union Organizer: blocks buying free MPs."""
    st = main_state(hands={0: THREE}, total=6)
    st["union"] = {"kind": "province", "id": "mendoza"}
    refused(RS, st, 0, dict(type="buy_mp", province="mendoza", slot=0), "playing-the-game")


def test_port_needs_province_in_play_and_an_mp_there():
    """Trading at ports: a free port costs 3 different, only in a province in play where the buyer holds an MP;
    usable the same turn."""
    st = main_state(hands={0: {**THREE, "cows": 2}}, total=CHUBUT, mps={"chubut": [0, None, None]})
    st2, _ = act(st, 0, type="buy_port", port="puerto_madryn", pay=["oil", "soy", "fish"])
    assert st2["ports"]["puerto_madryn"] == 0
    st3, _ = act(st2, 0, type="port_trade", port="puerto_madryn", give="cows", get="oil")
    assert st3["hands"][0]["oil"] == 1
    refused(RS, st, 0, dict(type="buy_port", port="mar_del_plata"), "trading-at-ports")
    st4 = main_state(hands={0: THREE}, total=3, mps={"santa_cruz": [0, None, None, None]})
    refused(RS, st4, 0, dict(type="buy_port", port="puerto_madryn"), "trading-at-ports")
    act(st4, 0, type="buy_port", port="puerto_deseado")


def test_factory_one_oil_three_identical_never_four_oil():
    """Buying Industries: 1 Oil + 3 identical of any other resource; Special Rules: never 4 Oil.
    The buyer places a token on the first percentage and owns the industry."""
    st = main_state(hands={0: {"oil": 4, "metals": 3}})
    st2, _ = act(st, 0, type="buy_factory", industry="furniture_factory", **{"with": "metals"})
    assert st2["industries"]["furniture_factory"] == {"slots": [0, None, None, None], "owner": 0}
    refused(RS, st, 0, dict(type="buy_factory", industry="furniture_factory", **{"with": "oil"}), "special-rules")
    refused(RS, st2, 0, dict(type="buy_factory", industry="furniture_factory", **{"with": "metals"}), "buying-industries")


def test_percentages_oil_soy_metals_and_majority_moves_ownership():
    """Buying free percentages: Oil + Soy + Metals, without needing the MP; majority of percentages:
    Red buys the Wool Factory, Yellow buys 2 percentages and takes it over (2 Yellow, 1 Red, 1 free)."""
    st = main_state(hands={1: {"oil": 2, "soy": 2, "metals": 2}})
    st["industries"]["wool_factory"] = {"slots": [0, None, None, None], "owner": 0}
    st["current"] = 1
    st, _ = act(st, 1, type="buy_percentage", industry="wool_factory")
    assert st["industries"]["wool_factory"]["owner"] == 0  # tie keeps the owner
    st, ev = act(st, 1, type="buy_percentage", industry="wool_factory")
    assert st["industries"]["wool_factory"] == {"slots": [0, 1, 1, None], "owner": 1}
    assert any(e["type"] == "industry_owner_changed" for e in ev)


def test_percentage_refused_when_unbought_blocked_or_full():
    st = main_state(hands={0: {"oil": 1, "soy": 1, "metals": 1}})
    refused(RS, st, 0, dict(type="buy_percentage", industry="winery"), "buying-free-percentages")
    st["industries"]["winery"] = {"slots": [1, None, None, None], "owner": 1}
    st["union"] = {"kind": "industry", "id": "winery"}
    refused(RS, st, 0, dict(type="buy_percentage", industry="winery"), "playing-the-game")
    st["union"] = {"kind": "province", "id": "tucuman"}
    st["industries"]["winery"] = {"slots": [1, 1, 1, 1], "owner": 1}
    refused(RS, st, 0, dict(type="buy_percentage", industry="winery"), "buying-free-percentages")


def test_officials_and_stockbrokers_from_the_bank():
    """Corrupt Official: Grapes + Cows + Sheep; Stockbroker: Wood + Tobacco + Fish; as many as you wish
    while the bank has them."""
    st = main_state(hands={0: {"grapes": 2, "cows": 2, "sheep": 2, "wood": 1, "tobacco": 1, "fish": 1}})
    st, _ = act(st, 0, type="buy_official")
    st, _ = act(st, 0, type="buy_official")
    st, _ = act(st, 0, type="buy_stockbroker")
    assert st["officials"][0] == 3 and st["stockbrokers"][0] == 1
    st["bank_officials"] = 0
    st["hands"][0].update(grapes=1, cows=1, sheep=1)
    st["bank"].update(grapes=st["bank"]["grapes"] - 1, cows=st["bank"]["cows"] - 1, sheep=st["bank"]["sheep"] - 1)
    refused(RS, st, 0, dict(type="buy_official"), "playing-the-game")


def test_token_limit():
    """Components: 35 tokens per colour."""
    st = main_state(hands={0: THREE}, total=6)
    for p in st["mps"]:
        st["mps"][p] = [0] * len(st["mps"][p])
    st["mps"]["mendoza"] = [None, None, None]
    # 68 - 3 = 65 tokens placed would exceed 35: cut back to exactly 35
    placed = 0
    for p in st["mps"]:
        for i, o in enumerate(st["mps"][p]):
            if o == 0:
                placed += 1
                if placed > 35:
                    st["mps"][p][i] = 1
    refused(RS, st, 0, dict(type="buy_mp", province="mendoza", slot=0), "components")


def test_legal_actions_are_all_accepted():
    """Every action legal_actions lists is accepted by apply."""
    st = main_state(hands={0: {"oil": 5, "soy": 4, "metals": 4, "grapes": 1, "cows": 1, "sheep": 1}}, total=8,
                    mps={"la_pampa": [0, 1, None], "chubut": [0, None, None]})
    st["ports"]["puerto_madryn"] = 0
    st["industries"]["winery"] = {"slots": [1, None, None, None], "owner": 1}
    for a in RS.legal_actions(st, 0):
        RS.apply(st, 0, a)


def test_port_in_a_province_blocked_by_the_union_organizer_is_refused():
    """Union Organizer: "the province it is placed on is blocked ... no purchases may be made there":
    a free port of a blocked province cannot be bought, even in play and with an MP there."""
    st = main_state(hands={0: THREE}, total=CHUBUT, mps={"chubut": [0, None, None]})
    st["union"] = {"kind": "province", "id": "chubut"}
    assert {"type": "buy_port", "port": "puerto_madryn"} not in RS.legal_actions(st, 0)
    refused(RS, st, 0, dict(type="buy_port", port="puerto_madryn", pay=["oil", "soy", "fish"]), "playing-the-game")
    st["union"] = {"kind": "province", "id": "jujuy"}
    st2, _ = act(st, 0, type="buy_port", port="puerto_madryn", pay=["oil", "soy", "fish"])
    assert st2["ports"]["puerto_madryn"] == 0
