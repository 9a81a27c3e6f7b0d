"""Special Rules, Production cards: a gap that the mutation sample of 2 December 2026 found in
``engine/production.py`` (``pay_production``; docs/TESTING.md): the known test's unpaid material came after the
paid one in the materials' order, so stopping at the first unpaid material went unnoticed."""

from games.argentilandia.engine import board as B
from games.argentilandia.engine.production import pay_production

from .test_engine_helpers import main_state


def test_production_cards_a_material_the_bank_cannot_pay_stops_no_other_material():
    """Special Rules, Production cards: "if the bank cannot pay a material in full, nobody gets it"; the
    other materials of the roll are still paid, whatever their order. On a 6 Neuquén produces Sheep, Oil and
    Wood; with the bank out of Oil, Sheep and Wood are still paid (no monopoly here: one card per MP)."""
    assert B.MATERIALS.index("oil") < B.MATERIALS.index("sheep") < B.MATERIALS.index("wood")
    st = main_state(mps={"neuquen": [0, 0, 1]}, hands={3: {"oil": 16}})
    ev = pay_production(st, 6)
    assert {"type": "production_unpaid", "material": "oil", "needed": 1} in ev
    assert st["hands"][0]["oil"] == 0 and st["hands"][0]["sheep"] == 1 and st["hands"][1]["wood"] == 1
