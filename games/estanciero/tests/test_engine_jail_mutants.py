"""Police Station (Comisaría): the gaps that mutation testing of ``engine/jail.py`` found on 2 December 2026
(docs/TESTING.md, "Mutation testing"): leaving with a card one does not hold."""

from __future__ import annotations

from games.estanciero.engine import RULESET as R
from games.testing import refused

from .test_engine_rules import jailed


def test_police_station_the_free_exit_card_frees_only_a_player_who_holds_it():
    """Police Station: the fine is not paid if the player "draw[s] the SUERTE O DESTINO card that grants a
    free exit": without such a card, or naming a card not held, the player stays in and nothing changes;
    the card held frees the player and is announced."""
    s = jailed()
    refused(R, s, 0, {"type": "use_jail_card"}, "police-station")
    refused(R, s, 0, {"type": "use_jail_card", "card": "S16"}, "police-station")
    s["players"][0]["jail_cards"] = ["D02"]
    refused(R, s, 0, {"type": "use_jail_card", "card": "S16"}, "police-station")
    s, ev = R.apply(s, 0, {"type": "use_jail_card", "card": "D02"})
    assert not s["players"][0]["in_jail"] and s["players"][0]["jail_cards"] == []
    assert {"type": "jail_card_used", "seat": 0, "card": "D02"} in ev
    assert {"type": "released", "seat": 0, "how": "card"} in ev
