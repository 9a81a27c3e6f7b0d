"""Production, doubling and the bank (Playing the Game 3; Doubling; Industries and doubling;
Special Rules: Production cards; Union Organizer)."""

from games.argentilandia.engine import RULESET as RS
from games.argentilandia.engine.production import pay_production
from games.argentilandia.engine.schema import PHASE_MAIN, PHASE_PRE_ROLL

from .test_engine_helpers import act, main_state


def _roll_to(st, total, monkeypatch):
    from games.argentilandia.engine import turn
    a = 1 if total != 2 else 1
    monkeypatch.setattr(turn, "roll_dice", lambda state: [a, total - a])
    return act(st, st["current"], type="roll")


def test_one_card_per_mp_in_play(monkeypatch):
    """Playing the Game 3 example: a 6 puts Mendoza and Neuquén in play; Red gets 1 Grapes and 1 Sheep."""
    st = main_state(mps={"mendoza": [0, None, None], "neuquen": [0, None, 1]}, phase=PHASE_PRE_ROLL)
    st2, ev = _roll_to(st, 6, monkeypatch)
    assert st2["hands"][0]["grapes"] == 1 and st2["hands"][0]["sheep"] == 1
    assert st2["hands"][1]["wood"] == 1
    assert st2["phase"] == PHASE_MAIN and sorted(st2["in_play"]) == ["mendoza", "neuquen"]
    assert {"type": "produced", "seat": 0, "material": "grapes", "count": 1} in ev


def test_monopoly_and_factory_double_to_four():
    """Doubling example: San Luis monopoly + Meatpacking Plant on a 2 gives 4 Cows, 2 Grapes, 2 Metals."""
    st = main_state(mps={"san_luis": [0, 0, 0]})
    st["industries"]["meatpacking_plant"] = {"slots": [0, None, None, None], "owner": 0}
    pay_production(st, 2)
    h = st["hands"][0]
    assert (h["cows"], h["grapes"], h["metals"]) == (4, 2, 2)


def test_only_owner_doubles_wool_example():
    """Industries and doubling: the Wool Factory owner with Sheep in La Pampa gets 2 on an 8;
    a minority holder does not double."""
    st = main_state(mps={"la_pampa": [0, 1, None], "cordoba": [None, None, None]})
    st["industries"]["wool_factory"] = {"slots": [0, 0, 1, None], "owner": 0}
    st["mps"]["neuquen"] = [1, None, None]
    pay_production(st, 8)
    assert st["hands"][0]["sheep"] == 2
    assert st["hands"][1]["cows"] == 1


def test_tied_holders_all_double():
    """Majority of percentages: with equal shares the owner keeps the industry and all tied holders
    collect double (docs: decision 'tied holders double')."""
    st = main_state(mps={"la_pampa": [0, 1, None]})
    st["industries"]["meatpacking_plant"] = {"slots": [0, 0, 1, 1], "owner": 0}
    pay_production(st, 8)
    assert st["hands"][1]["cows"] == 2
    st["industries"]["meatpacking_plant"] = {"slots": [0, 0, 1, None], "owner": 0}
    st["hands"][1]["cows"] = 0
    pay_production(st, 8)
    assert st["hands"][1]["cows"] == 1


def test_blocked_province_and_industry_produce_nothing():
    """Union Organizer: a blocked province produces nothing; a blocked industry doubles nobody."""
    st = main_state(mps={"mendoza": [0, 1, None]})
    st["union"] = {"kind": "province", "id": "mendoza"}
    assert pay_production(st, 6) == []
    st = main_state(mps={"mendoza": [0, None, None]})
    st["industries"]["winery"] = {"slots": [0, None, None, None], "owner": 0}
    st["union"] = {"kind": "industry", "id": "winery"}
    pay_production(st, 6)
    assert st["hands"][0]["grapes"] == 1


def test_bank_short_pays_no_one():
    """Special Rules, Production cards: if the bank cannot pay a material in full, nobody gets it
    (even when all the MPs belong to one player); other materials are still paid."""
    st = main_state(mps={"san_luis": [0, 1, 2]}, hands={3: {"grapes": 16}})
    ev = pay_production(st, 2)
    assert st["hands"][1]["grapes"] == 0 and st["hands"][0]["cows"] == 1
    assert any(e["type"] == "production_unpaid" and e["material"] == "grapes" for e in ev)
    st = main_state(mps={"san_luis": [0, 0, 0]}, hands={3: {"grapes": 15}})
    pay_production(st, 2)
    assert st["hands"][0]["grapes"] == 0 and st["hands"][0]["cows"] == 2


def test_roll_is_seeded_and_deterministic():
    """All randomness comes from the state's seed: same state + action gives the same dice."""
    st = main_state(phase=PHASE_PRE_ROLL)
    a, _ = RS.apply(st, 0, {"type": "roll"})
    b, _ = RS.apply(st, 0, {"type": "roll"})
    assert a == b and a["rng_counter"] > st["rng_counter"]


def test_mendoza_three_grapes_paid_to_no_one_when_the_bank_is_short():
    """Special Rules, Production cards: "a 6 is rolled and the Grapes in Mendoza belong to 3 different players,
    but the Banker has only 1 card to pay, so it pays none of them. The same would occur if all 3 Grapes
    belonged to a single player."  Mendoza holds three Grapes MPs."""
    from games.argentilandia.engine import board as B
    assert B.PROVINCES["mendoza"]["mps"] == ["grapes", "grapes", "grapes"]
    st = main_state(hands={3: {"grapes": 15}}, mps={"mendoza": [0, 1, 2]})
    assert st["bank"]["grapes"] == 1
    ev = pay_production(st, 6)
    assert {"type": "production_unpaid", "material": "grapes", "needed": 3} in ev
    assert [h["grapes"] for h in st["hands"]] == [0, 0, 0, 15] and st["bank"]["grapes"] == 1
    single = main_state(hands={3: {"grapes": 15}}, mps={"mendoza": [0, 0, 0]})
    ev = pay_production(single, 6)
    assert [e for e in ev if e["type"] == "production_unpaid" and e["material"] == "grapes"]
    assert single["hands"][0]["grapes"] == 0
    plenty = main_state(mps={"mendoza": [0, 1, 2]})
    pay_production(plenty, 6)
    assert [h["grapes"] for h in plenty["hands"]][:3] == [1, 1, 1]
