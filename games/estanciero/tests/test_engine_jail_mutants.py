"""Police Station (Comisaría): the gaps that mutation testing of ``engine/jail.py`` found on 2 December 2026
(docs/TESTING.md, "Mutation testing"): leaving with a card one does not hold, the fine's amount, and the
events the game log reads."""

from __future__ import annotations

from games.estanciero.engine import RULESET as R
from games.estanciero.engine.schema import PHASE_END, PHASE_ROLL
from tests.support.engines import refused

from .test_engine_rules import force_dice, jailed


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


def test_police_station_the_fine_of_1000_needs_1000_in_hand_and_exactly_that_is_enough():
    """Police Station: "A player who is arrested must pay a fine of 1,000": a player holding less may not pay
    it (the refusal names the fine); one holding exactly 1,000 pays it to the Bank, is left with nothing and
    is free, and the game log (games/estanciero/text.py) can say that the fine was paid."""
    s = jailed()
    s["players"][0]["money"] = 999
    assert refused(R, s, 0, {"type": "pay_fine"}, "police-station").params == {"cost": 1000}
    s["players"][0]["money"] = 1000
    s, ev = R.apply(s, 0, {"type": "pay_fine"})
    assert s["players"][0]["money"] == 0 and s["players"][0]["in_jail"] is False
    assert {"type": "money", "from": 0, "to": None, "amount": 1000, "reason": "jail_fine"} in ev
    assert {"type": "released", "seat": 0, "how": "fine"} in ev


def test_police_station_leaving_by_doubles_or_after_the_last_try_is_announced():
    """Police Station: the fine is not paid by a player who rolls doubles; after the last failed try
    (decision 12: the one roll by default) it is paid to the Bank. The game log tells the table who rolled, who left by doubles, and
    who paid the fine after the tries; the events it reads must carry those facts."""
    s = jailed()
    force_dice(s, 2, 2)
    out, ev = R.apply(s, 0, {"type": "roll"})
    assert {"type": "rolled", "seat": 0, "dice": [2, 2]} in ev
    assert {"type": "released", "seat": 0, "how": "doubles"} in ev
    s["players"][0]["jail_attempts"] = 2
    force_dice(s, 1, 2)
    out, ev = R.apply(s, 0, {"type": "roll"})
    assert {"type": "rolled", "seat": 0, "dice": [1, 2]} in ev
    assert {"type": "money", "from": 0, "to": None, "amount": 1000, "reason": "jail_fine"} in ev
    assert {"type": "released", "seat": 0, "how": "attempts"} in ev


def test_police_station_a_failed_try_ends_the_turn_and_a_new_arrest_gives_fresh_tries():
    """Police Station, the table option of 3 tries for doubles (``jail_roll_attempts``, decision 12): a failed
    try keeps the player in, is announced with its number, and ends the turn (no second roll). Leaving, here by
    the fine, clears the count: a player arrested again starts from the first try and is not charged the fine
    after a single failure."""
    s = jailed(jail_roll_attempts=3)
    force_dice(s, 1, 2)
    s, ev = R.apply(s, 0, {"type": "roll"})
    assert {"type": "jail_stay", "seat": 0, "attempts": 1} in ev
    assert s["turn"]["phase"] == PHASE_END and s["players"][0]["in_jail"]
    refused(R, s, 0, {"type": "roll"})
    s["turn"] = {"seat": 0, "phase": PHASE_ROLL, "doubles": 0, "dice": None, "again": False}  # a later turn
    s["players"][0]["jail_attempts"] = 2
    s, _ = R.apply(s, 0, {"type": "pay_fine"})
    assert s["players"][0]["in_jail"] is False
    s["players"][0].update(in_jail=True, position=14)  # arrested again, on a later turn
    s["turn"] = {"seat": 0, "phase": PHASE_ROLL, "doubles": 0, "dice": None, "again": False}
    money = s["players"][0]["money"]
    force_dice(s, 1, 2)
    s, ev = R.apply(s, 0, {"type": "roll"})
    assert {"type": "jail_stay", "seat": 0, "attempts": 1} in ev
    assert s["players"][0]["in_jail"] and s["players"][0]["money"] == money
