"""Unit tests per rulebook section (the test names/docstrings cite the section)."""

from __future__ import annotations

import copy
import json

from games.core.rng import SeededRng
from games.core.rulesets import Ruleset
from games.estanciero.engine import RULESET as R
from games.estanciero.engine.schema import PHASE_BUY, PHASE_CARD_CHOICE, PHASE_END, PHASE_ROLL
from tests.support.engines import refused, refused_new_game


def force_dice(state: dict, a: int, b: int) -> None:
    """Move the rng counter to a point where the next two dice are (a, b)."""
    start = state["rng_counter"]
    for c in range(start, start + 200000):
        rng = SeededRng(state["seed"], c)
        if rng.die() == a and rng.die() == b:
            state["rng_counter"] = c
            return
    raise AssertionError("no such dice")


def game(n: int = 2, **options) -> dict:
    s = R.new_game(n, "unit-test", options or None)
    s["turn"]["seat"] = 0
    return s


def act(state: dict, seat: int, action: dict) -> tuple[dict, list]:
    return R.apply(state, seat, action)


def types(events: list) -> list[str]:
    return [e["type"] for e in events]


def give(state: dict, seat: int, *spaces: int) -> None:
    for s in spaces:
        state["owners"][str(s)] = seat


# --- contract --------------------------------------------------------------

def test_ruleset_contract_attributes():
    assert isinstance(R, Ruleset)
    assert (R.name, R.min_players, R.max_players) == ("estanciero", 2, 6)


# --- Setup -----------------------------------------------------------------

def test_setup_35000_each_and_first_player_by_dice():
    """Setup: 35,000 each; whoever rolls the highest number begins (roll-off in new_game)."""
    s = R.new_game(4, "seed-x")
    assert [p["money"] for p in s["players"]] == [35000] * 4
    last = s["rolloff"]["rounds"][-1]
    totals = [a + b for a, b in last["dice"]]
    assert last["seats"][totals.index(max(totals))] == s["rolloff"]["first"] == s["turn"]["seat"]
    json.dumps(s)


def test_setup_start_money_option_may_only_raise():
    """Shortening the Game: players may be given a larger amount of money."""
    assert R.new_game(2, "a", {"start_money": 50000})["players"][0]["money"] == 50000
    refused_new_game(R, 2, {"start_money": 1000}, "shortening-the-game")
    refused_new_game(R, 7, None, "setup")


# --- The Game ----------------------------------------------------------------

def test_the_game_passing_salida_collects_5000():
    """The Game / board Salida: passing START pays 5,000 from the Bank."""
    s = game()
    s["players"][0]["position"] = 40
    force_dice(s, 1, 2)
    s2, ev = act(s, 0, {"type": "roll"})
    assert s2["players"][0]["position"] == 1
    moved = next(e for e in ev if e["type"] == "moved")
    assert moved["passed_start"] is True
    assert s2["players"][0]["money"] == 35000 + 5000
    assert s2["turn"]["phase"] == PHASE_BUY


def test_the_game_buy_from_bank_or_decline_without_auction():
    """The Game: a deed landed on may be bought from the Bank; declining leaves it with the Bank."""
    s = game()
    force_dice(s, 1, 2)
    s, _ = act(s, 0, {"type": "roll"})
    assert s["turn"]["phase"] == PHASE_BUY and s["turn"]["offer"] == 3
    bought, ev = act(s, 0, {"type": "buy"})
    assert bought["owners"]["3"] == 0 and bought["players"][0]["money"] == 35000 - 1200
    assert "bought" in types(ev)
    declined, ev = act(s, 0, {"type": "decline"})
    assert declined["owners"]["3"] is None and declined["auction"] is None
    assert declined["turn"]["phase"] == PHASE_END
    s["players"][0]["money"] = 100
    refused(R, s, 0, {"type": "buy"}, "the-game")


def test_the_game_rent_must_be_claimed_before_next_roll():
    """The Game, claim mode (option ``claim_rents``, decision 6): "If the owner does not claim the rent for
    their property before the dice are rolled again, they lose the right to collect it". The owner may claim
    it until the next roll; nothing waits for it (the mover stays alone on move, the roll is not held up) and
    the next roll, anyone's, lapses it: the log names who lost what, from whom, and why."""
    s = game(n=3, claim_rents=True)
    give(s, 1, 3)
    force_dice(s, 1, 2)
    s, ev = act(s, 0, {"type": "roll"})
    assert s["players"][0]["money"] == 35000 and not [e for e in ev if "claim" in e["type"]]
    assert R.to_move(s) == [0]  # nobody is put on move by a claim
    claims = [a for a in R.legal_actions(s, 1) if a["type"] == "claim_rent"]
    assert len(claims) == 1
    paid, ev = act(s, 1, claims[0])
    assert paid["players"][1]["money"] == 35000 + 80 and paid["players"][0]["money"] == 35000 - 80
    assert R.to_move(paid) == [0]
    # not claimed: the mover ends the turn and the next player (not the owner) rolls: the rent is lost
    s, _ = act(s, 0, {"type": "end_turn"})
    s["turn"]["seat"] = 2
    assert R.to_move(s) == [2] and {"type": "roll"} in R.legal_actions(s, 2)
    lost, ev = act(s, 2, {"type": "roll"})
    assert {"type": "claim_lapsed", "kind": "rent", "owner": 1, "payer": 0, "amount": 80, "space": 3,
            "why": "roll"} in ev
    assert lost["claims"] == [] and lost["players"][1]["money"] == 35000 and lost["players"][0]["money"] == 35000
    refused(R, lost, 1, claims[0], "the-game")
    # the owner's own roll lapses it too (the owner claims before rolling, or loses it)
    s["turn"]["seat"] = 1
    own, ev = act(s, 1, {"type": "roll"})
    assert own["claims"] == [] and [e["why"] for e in ev if e["type"] == "claim_lapsed"] == ["roll"]
    # a timeout for an owner on move collects their rent before the roll it would make
    assert R.timeout_action(s, 1) == claims[0]


def test_the_game_the_payers_roll_again_after_doubles_lapses_the_rent():
    """The Game / Doubles on the Dice, claim mode: the payer who landed with doubles "plays again"; that roll is
    "the dice ... rolled again", so it is not held up and the owner who has not claimed by then loses the rent."""
    s = game(claim_rents=True)
    give(s, 1, 3)
    s["players"][0]["position"] = 1
    force_dice(s, 1, 1)
    s, _ = act(s, 0, {"type": "roll"})
    assert s["claims"] and s["turn"]["phase"] == PHASE_ROLL and R.to_move(s) == [0]
    force_dice(s, 1, 2)
    s, ev = act(s, 0, {"type": "roll"})
    assert [e for e in ev if e["type"] == "claim_lapsed"][0]["owner"] == 1 and s["players"][1]["money"] == 35000


def test_the_game_rents_and_prizes_are_collected_automatically_by_default():
    """The Game / Prizes and Taxes, decision 6: by default (no ``claim_rents``) rent is paid at once; the old
    option ``auto_collect`` is still read (inverted) for tables created before."""
    s = game()
    give(s, 1, 3)
    force_dice(s, 1, 2)
    s, ev = act(s, 0, {"type": "roll"})
    assert s["players"][1]["money"] == 35080 and s["claims"] == [] and R.to_move(s) == [0]
    assert s["options"]["claim_rents"] is False
    assert R.new_game(2, "x", {"auto_collect": True})["options"]["claim_rents"] is False
    assert R.new_game(2, "x", {"auto_collect": False})["options"]["claim_rents"] is True
    old = game()
    old["options"].pop("claim_rents")
    old["options"]["auto_collect"] = False  # a table stored before the option was renamed
    give(old, 1, 3)
    force_dice(old, 1, 2)
    old, _ = act(old, 0, {"type": "roll"})
    assert old["claims"] and old["players"][1]["money"] == 35000


def test_the_game_bots_claim_in_claim_mode():
    """The Game, claim mode: a bot owner claims its rent as soon as it can, unasked (``bot_optional_action``:
    it is not on move), and on its own turn before it rolls."""
    s = game(claim_rents=True)
    give(s, 1, 3)
    force_dice(s, 1, 2)
    s, _ = act(s, 0, {"type": "roll"})
    claim = {"type": "claim_rent", "claim": s["claims"][0]["id"]}
    assert 1 not in R.to_move(s) and R.bot_optional_action(s, 1) == claim
    assert R.bot_action(s, 1, None) == claim
    assert R.bot_optional_action(s, 0) is None
    s, _ = act(s, 0, {"type": "end_turn"})
    assert R.to_move(s) == [1] and R.bot_action(s, 1, None, "strong") == claim


def test_zones_rent_doubles_with_whole_province_and_buildings():
    """Zones: bare field rent doubled for the whole province; chacras 1-4 and estancia by the deed."""
    from games.estanciero.engine.rent import rent_due

    s = game()
    give(s, 1, 1, 2)
    assert rent_due(s, 1, 7) == 40
    give(s, 1, 3)
    assert rent_due(s, 1, 7) == 80
    s["buildings"]["1"] = 3
    assert rent_due(s, 1, 7) == 1700
    s["buildings"]["1"] = 5
    assert rent_due(s, 1, 7) == 4750
    s["buildings"]["1"] = 0
    s["mortgaged"]["1"] = {"lift_extra": 0}
    assert rent_due(s, 1, 7) == 0


def test_railroads_and_companies_rent():
    """Railroads and Companies: 500/1000/2000/4000 by railways owned; dice x 100/200/300 by companies."""
    from games.estanciero.engine.rent import rent_due

    s = game()
    give(s, 1, 12)
    assert rent_due(s, 12, 5) == 500
    give(s, 1, 18, 22, 27)
    assert rent_due(s, 12, 5) == 4000
    give(s, 1, 8)
    assert rent_due(s, 8, 5) == 500
    give(s, 1, 16, 31)
    assert rent_due(s, 8, 5) == 1500


def test_mortgage_no_rent_on_mortgaged_property():
    """Mortgage: no rent is collected on mortgaged fields, railways and companies."""
    s = game(claim_rents=True)
    give(s, 1, 3)
    s["mortgaged"]["3"] = {"lift_extra": 0}
    force_dice(s, 1, 2)
    s, _ = act(s, 0, {"type": "roll"})
    assert s["claims"] == []


def test_prizes_and_taxes():
    """Prizes and Taxes: taxes paid to the Bank; in claim mode "A player who forgets to claim a PRIZE from the
    BANK before the dice are rolled again loses the right to collect it": nothing waits for it, and the roll
    that doubles owe lapses it."""
    s = game(claim_rents=True)
    force_dice(s, 1, 3)
    t, ev = act(s, 0, {"type": "roll"})
    assert t["players"][0]["money"] == 35000 - 5000 and t["bank"]["balance"] == 5000
    s["players"][0]["position"] = 5
    force_dice(s, 1, 1)
    p, ev = act(s, 0, {"type": "roll"})
    claim = [a for a in R.legal_actions(p, 0) if a["type"] == "claim_prize"]
    assert claim and p["players"][0]["money"] == 35000
    p2, _ = act(p, 0, claim[0])
    assert p2["players"][0]["money"] == 37500
    # doubles: the roll again is not held up; it lapses the prize nobody claimed
    assert {"type": "roll"} in R.legal_actions(p, 0)
    force_dice(p, 2, 3)
    p3, ev = act(p, 0, {"type": "roll"})
    assert [e for e in ev if e["type"] == "claim_lapsed"] == [
        {"type": "claim_lapsed", "kind": "prize", "owner": 0, "payer": None, "amount": 2500,
         "source": p["claims"][0]["source"], "why": "roll"}]
    assert p3["players"][0]["money"] == 35000 and p3["claims"] == []
    # letting it go on purpose is also possible
    p4, ev = act(p, 0, {"type": "waive_claim", "claim": claim[0]["claim"]})
    assert ev[0]["type"] == "claim_lapsed" and ev[0]["why"] == "waived" and p4["players"][0]["money"] == 35000


def test_card_payouts_are_paid_at_once_even_in_claim_mode():
    """Chance or Fate: a "Cobre" card is carried out at once, like Salida (decision 7); the claim rule
    ("claim it before the dice are rolled again") is for rents and the Premio Ganadero."""
    s = game(claim_rents=True)
    s["decks"]["destino"] = ["D01"] + [c for c in s["decks"]["destino"] if c != "D01"]
    s["players"][0]["position"] = 7
    force_dice(s, 1, 2)
    s2, ev = act(s, 0, {"type": "roll"})
    assert s2["players"][0]["money"] == 35500 and not s2["claims"]
    assert not [a for a in R.legal_actions(s2, 0) if a["type"] == "claim_prize"]


def test_helping_players_view_shows_claims_only_to_claimant():
    """Helping Players: "It is forbidden to help players by reminding them to collect PRIZES": the server never
    reminds anyone; a claim's details are visible to its claimant only, and nothing public shows that one is
    open (nobody is put on move, nobody's moves change, the roll is not held up)."""
    s = game(claim_rents=True)
    give(s, 1, 3)
    force_dice(s, 1, 2)
    s, _ = act(s, 0, {"type": "roll"})
    assert R.view(s, 1)["my_claims"] and not R.view(s, 0)["my_claims"] and not R.view(s, None)["my_claims"]
    unclaimed = game(claim_rents=True)  # the same game, the deed's owner being the Bank's: no claim
    force_dice(unclaimed, 1, 2)
    unclaimed["owners"]["3"] = 1
    unclaimed = act(unclaimed, 0, {"type": "roll"})[0]
    unclaimed["claims"] = []
    for seat in (0, None):
        assert R.view(s, seat) == {**R.view(unclaimed, seat), "viewer": seat}
    assert R.legal_actions(s, 0) == R.legal_actions(unclaimed, 0) and R.to_move(s) == R.to_move(unclaimed)


# --- Chance or Fate ----------------------------------------------------------

def test_chance_or_fate_card_returns_under_pile_and_jail_card_kept():
    """Chance or Fate: the card goes back to the bottom; the jail card is kept until used or sold."""
    s = game()
    s["decks"]["destino"] = ["D04"] + [c for c in s["decks"]["destino"] if c != "D04"]
    s["players"][0]["position"] = 7
    force_dice(s, 1, 2)
    s2, ev = act(s, 0, {"type": "roll"})
    assert s2["decks"]["destino"][-1] == "D04" and s2["last_card"]["card"] == "D04"
    assert {"type": "card", "deck": "destino", "seat": 0, "card": "D04"} in ev
    s["decks"]["destino"] = ["D02"] + [c for c in s["decks"]["destino"] if c != "D02"]
    s3, _ = act(s, 0, {"type": "roll"})
    assert s3["players"][0]["jail_cards"] == ["D02"] and "D02" not in s3["decks"]["destino"]


def test_chance_or_fate_pay_or_draw_and_birthday_and_repairs():
    s = game(3)
    s["decks"]["destino"] = ["D16"] + [c for c in s["decks"]["destino"] if c != "D16"]
    s["decks"]["suerte"] = ["S08"] + [c for c in s["decks"]["suerte"] if c != "S08"]
    s["players"][0]["position"] = 7
    force_dice(s, 1, 2)
    s2, _ = act(s, 0, {"type": "roll"})
    assert s2["turn"]["phase"] == PHASE_CARD_CHOICE
    paid, _ = act(s2, 0, {"type": "choose_card_option", "option": "pay"})
    assert paid["players"][0]["money"] == 34800 and paid["turn"]["phase"] == PHASE_END
    drew, ev = act(s2, 0, {"type": "choose_card_option", "option": "draw"})
    assert drew["last_card"]["card"] == "S08"
    # birthday: 200 from each player
    s["decks"]["destino"] = ["D10"] + [c for c in s["decks"]["destino"] if c != "D10"]
    b, _ = act(s, 0, {"type": "roll"})
    assert [p["money"] for p in b["players"]] == [35400, 34800, 34800]
    # repairs: 500 per chacra, 2500 per estancia
    s["decks"]["suerte"] = ["S13"] + [c for c in s["decks"]["suerte"] if c != "S13"]
    give(s, 0, 1, 2, 3)
    s["buildings"].update({"1": 2, "2": 2, "3": 5})
    s["bank"]["chacras"] -= 4
    s["bank"]["estancias"] -= 1
    s["players"][0]["position"] = 12
    force_dice(s, 1, 2)
    r, _ = act(s, 0, {"type": "roll"})
    assert r["players"][0]["money"] == 35000 - 4 * 500 - 2500


def test_chance_or_fate_move_card_collects_salida_when_passing():
    s = game()
    s["decks"]["suerte"] = ["S05"] + [c for c in s["decks"]["suerte"] if c != "S05"]
    s["players"][0]["position"] = 33
    force_dice(s, 1, 2)
    s2, ev = act(s, 0, {"type": "roll"})
    assert s2["players"][0]["position"] == 13 and s2["players"][0]["money"] == 40000
    assert s2["turn"]["phase"] == PHASE_BUY


# --- Police Station (Comisaría) ---------------------------------------------

def test_police_station_four_ways_in():
    """Police Station (Comisaría): the space itself, Marche Preso, a card, three doubles."""
    s = game()
    s["players"][0]["position"] = 10
    force_dice(s, 1, 3)
    a, ev = act(s, 0, {"type": "roll"})
    assert a["players"][0]["in_jail"] and {"type": "jailed", "seat": 0, "from": 14, "reason": "comisaria_space"} in ev
    v = game(comisaria_space_jails=False)
    v["players"][0]["position"] = 10
    force_dice(v, 1, 3)
    assert not act(v, 0, {"type": "roll"})[0]["players"][0]["in_jail"]
    s["players"][0]["position"] = 31
    force_dice(s, 1, 3)
    b, _ = act(s, 0, {"type": "roll"})
    assert b["players"][0]["in_jail"] and b["players"][0]["position"] == 14 and b["players"][0]["money"] == 35000
    s["decks"]["suerte"] = ["S01"] + [c for c in s["decks"]["suerte"] if c != "S01"]
    s["players"][0]["position"] = 12
    force_dice(s, 1, 2)
    c, _ = act(s, 0, {"type": "roll"})
    assert c["players"][0]["in_jail"]
    d = game()
    d["turn"]["doubles"] = 2
    force_dice(d, 3, 3)
    d, ev = act(d, 0, {"type": "roll"})
    assert d["players"][0]["in_jail"] and d["players"][0]["position"] == 14
    assert d["turn"]["phase"] == PHASE_END


def jailed(**options) -> dict:
    s = game(**options)
    s["players"][0].update(position=14, in_jail=True)
    return s


def test_police_station_leave_by_fine_card_or_doubles():
    """Police Station: fine 1,000, not paid with the card or when rolling doubles; Doubles on the Dice: "A
    player who rolls doubles plays again", so doubles that free the player also give the roll again, counted
    as the turn's first double (decision 12)."""
    s = jailed()
    a, _ = act(s, 0, {"type": "pay_fine"})
    assert not a["players"][0]["in_jail"] and a["players"][0]["money"] == 34000 and a["turn"]["phase"] == PHASE_ROLL
    s["players"][0]["jail_cards"] = ["S16"]
    b, _ = act(s, 0, {"type": "use_jail_card"})
    assert not b["players"][0]["in_jail"] and b["decks"]["suerte"][-1] == "S16" and b["players"][0]["money"] == 35000
    force_dice(s, 2, 2)
    c, _ = act(s, 0, {"type": "roll"})
    assert not c["players"][0]["in_jail"] and c["players"][0]["position"] == 18 and c["players"][0]["money"] == 35000
    assert c["turn"]["again"] is True and c["turn"]["doubles"] == 1
    c, _ = act(c, 0, {"type": "decline"})  # the railway the pawn reached: then the roll the doubles owe
    assert c["turn"]["phase"] == PHASE_ROLL
    refused(R, c, 0, {"type": "end_turn"}, "the-game")
    force_dice(c, 1, 2)
    d, ev = act(c, 0, {"type": "roll"})
    assert d["players"][0]["position"] == 21 and d["turn"]["phase"] == PHASE_END and d["turn"]["again"] is False
    # the jail roll is the chain's first double: two more in a row go back to the Comisaría
    force_dice(c, 3, 3)
    c, ev = act(c, 0, {"type": "roll"})
    assert c["turn"]["doubles"] == 2 and c["players"][0]["position"] == 24
    c, _ = act(c, 0, {"type": "decline"})
    force_dice(c, 5, 5)
    c, ev = act(c, 0, {"type": "roll"})
    assert c["players"][0]["in_jail"] and {"type": "jailed", "seat": 0, "from": 24, "reason": "three_doubles"} in ev


def test_police_station_one_roll_for_doubles_then_the_fine():
    """Police Station: "A player who is arrested must pay a fine of 1,000. The fine is not paid if: ... They
    roll doubles when rolling the dice again": one roll (option ``jail_roll_attempts``, default 1); without
    doubles the fine is charged at once and the player moves by that roll (decision 12)."""
    assert R.new_game(2, "x")["options"]["jail_roll_attempts"] == 1
    s = jailed()
    force_dice(s, 1, 2)
    s, ev = act(s, 0, {"type": "roll"})
    assert not s["players"][0]["in_jail"] and s["players"][0]["position"] == 17
    assert s["players"][0]["money"] == 34000 and s["bank"]["balance"] == 1000
    assert {"type": "released", "seat": 0, "how": "attempts"} in ev and s["turn"]["again"] is False
    assert s["turn"]["phase"] == PHASE_BUY  # it moved by that roll, to a deed of the Bank
    # short of money: the fine becomes a debt, the pawn still moves
    s = jailed()
    s["players"][0]["money"] = 300
    force_dice(s, 1, 2)
    s, ev = act(s, 0, {"type": "roll"})
    assert not s["players"][0]["in_jail"] and s["debts"][0]["amount"] == 1000 and s["debts"][0]["creditor"] is None
    refused_new_game(R, 2, {"jail_roll_attempts": 0}, "police-station")


def test_police_station_three_failed_attempts_then_fine():
    """Police Station, the table option ``jail_roll_attempts: 3`` (decision 12, the old house rule): after 3
    failed doubles attempts the fine is paid and the player moves."""
    s = jailed(jail_roll_attempts=3)
    for attempt in (1, 2):
        force_dice(s, 1, 2)
        s, ev = act(s, 0, {"type": "roll"})
        assert s["players"][0]["in_jail"] and s["players"][0]["jail_attempts"] == attempt
        s["turn"] = {"seat": 0, "phase": PHASE_ROLL, "doubles": 0, "dice": None, "again": False}
    force_dice(s, 1, 2)
    s, ev = act(s, 0, {"type": "roll"})
    assert not s["players"][0]["in_jail"] and s["players"][0]["position"] == 17
    assert s["players"][0]["money"] == 34000


def test_police_station_transactions_allowed_inside():
    """Police Station: being in jail does not prevent transactions."""
    s = jailed()
    give(s, 0, 12)
    s2, _ = act(s, 0, {"type": "mortgage", "space": 12})
    assert "12" in s2["mortgaged"]


# --- Rest, Free Parking, Doubles ------------------------------------------------

def test_rest_announced_before_rolling_two_turns_broken_by_doubles():
    """Rest (Descanso): stay up to two turns, announced before rolling, unless doubles."""
    s = game()
    s["players"][0]["position"] = 17
    force_dice(s, 1, 3)
    s, _ = act(s, 0, {"type": "roll"})
    assert s["players"][0]["rest_turns"] == 2
    s["turn"] = {"seat": 0, "phase": PHASE_ROLL, "doubles": 0, "dice": None, "again": False}
    assert {"type": "rest"} in R.legal_actions(s, 0)
    force_dice(s, 1, 2)
    r, ev = act(s, 0, {"type": "rest"})
    assert r["players"][0]["position"] == 21 and r["players"][0]["rest_turns"] == 1 and r["turn"]["phase"] == PHASE_END
    r["turn"] = {"seat": 0, "phase": PHASE_ROLL, "doubles": 0, "dice": None, "again": False}
    force_dice(r, 1, 2)
    r, _ = act(r, 0, {"type": "rest"})
    r["turn"] = {"seat": 0, "phase": PHASE_ROLL, "doubles": 0, "dice": None, "again": False}
    assert {"type": "rest"} not in R.legal_actions(r, 0)
    force_dice(s, 4, 4)
    b, ev = act(s, 0, {"type": "rest"})
    assert "rest_broken" in types(ev) and b["players"][0]["position"] == 29
    assert b["players"][0]["rest_turns"] == 0  # off Rest, no rest left to take
    # resting one turn, then rolling on: the pawn leaves Rest and the second turn of rest is gone
    r2 = copy.deepcopy(s)
    force_dice(r2, 1, 2)
    r2, _ = act(r2, 0, {"type": "rest"})
    r2["turn"] = {"seat": 0, "phase": PHASE_ROLL, "doubles": 0, "dice": None, "again": False}
    force_dice(r2, 2, 3)
    r2, _ = act(r2, 0, {"type": "roll"})
    assert r2["players"][0]["position"] == 26 and r2["players"][0]["rest_turns"] == 0


def test_rest_is_not_taken_in_the_roll_that_doubles_owe():
    """Rest: "the right, if they wish, to remain for two turns, provided they do not roll doubles on the dice";
    Doubles on the Dice: "A player who rolls doubles plays again". A pawn that reaches Descanso with doubles owes
    that roll: ``rest`` is neither listed nor accepted instead of it; the roll moves the pawn on, and the rest
    is gone (decision 14)."""
    s = game()
    s["players"][0]["position"] = 17
    force_dice(s, 2, 2)
    s, _ = act(s, 0, {"type": "roll"})
    assert s["players"][0]["position"] == 21 and s["players"][0]["rest_turns"] == 2
    assert s["turn"]["phase"] == PHASE_ROLL and s["turn"]["doubles"] == 1
    assert {"type": "rest"} not in R.legal_actions(s, 0) and {"type": "roll"} in R.legal_actions(s, 0)
    refused(R, s, 0, {"type": "rest"}, "doubles")
    force_dice(s, 1, 2)
    s, _ = act(s, 0, {"type": "roll"})
    assert s["players"][0]["position"] == 24 and s["players"][0]["rest_turns"] == 0
    # the same landing without doubles: the rest is offered on the player's next turn
    q = game()
    q["players"][0]["position"] = 17
    force_dice(q, 1, 3)
    q, _ = act(q, 0, {"type": "roll"})
    assert q["turn"]["phase"] == PHASE_END and {"type": "rest"} not in R.legal_actions(q, 0)
    q["turn"] = {"seat": 0, "phase": PHASE_ROLL, "doubles": 0, "dice": None, "again": False}
    assert {"type": "rest"} in R.legal_actions(q, 0)


def test_free_parking_does_nothing():
    """Free Parking (Libre Estacionamiento): no effect."""
    s = game()
    s["players"][0]["position"] = 25
    force_dice(s, 1, 2)
    s2, ev = act(s, 0, {"type": "roll"})
    assert s2["players"][0]["position"] == 28 and s2["players"][0]["money"] == 35000
    assert s2["turn"]["phase"] == PHASE_END


def test_doubles_roll_again():
    """Doubles on the Dice: a player who rolls doubles plays again."""
    s = game()
    s["players"][0]["position"] = 26
    force_dice(s, 1, 1)
    s2, _ = act(s, 0, {"type": "roll"})
    assert s2["turn"]["phase"] == PHASE_ROLL and s2["turn"]["doubles"] == 1
    refused(R, s2, 0, {"type": "end_turn"}, "the-game")


# --- Chacras and Estancias --------------------------------------------------

def province(seat: int = 0) -> dict:
    s = game()
    give(s, seat, 1, 2, 3)
    return s


def test_chacras_need_complete_province_and_even_building():
    """Chacras: complete province; never two more on one field than another; at most 4."""
    s = game()
    give(s, 0, 1, 2)
    refused(R, s, 0, {"type": "build", "space": 1, "kind": "chacra"}, "chacras")
    s = province()
    s, _ = act(s, 0, {"type": "build", "space": 1, "kind": "chacra"})
    assert s["buildings"]["1"] == 1 and s["bank"]["chacras"] == 31 and s["players"][0]["money"] == 34000
    refused(R, s, 0, {"type": "build", "space": 1, "kind": "chacra"}, "chacras")
    for space in (2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3):
        s, _ = act(s, 0, {"type": "build", "space": space, "kind": "chacra"})
    assert s["buildings"] == {**s["buildings"], "1": 4, "2": 4, "3": 4}
    refused(R, s, 0, {"type": "build", "space": 1, "kind": "chacra"}, "chacras")
    refused(R, s, 0, {"type": "build", "space": 12, "kind": "chacra"}, "chacras")


def test_shortage_of_buildings_supply_and_turn_priority():
    """Shortage of Chacras and Estancias: "If there are not enough CHACRAS or ESTANCIAS to meet the demands,
    the player whose turn it is has priority" (decision 18): 32/12 in supply; others build between turns,
    but the Bank keeps for the player on turn as many units as that player could place now."""
    s = province()
    s["bank"]["chacras"] = 0
    refused(R, s, 0, {"type": "build", "space": 1, "kind": "chacra"}, "shortage-of-buildings")
    t = province(1)
    assert t["turn"]["seat"] == 0
    built, _ = act(t, 1, {"type": "build", "space": 1, "kind": "chacra"})
    assert built["buildings"]["1"] == 1 and built["bank"]["chacras"] == 31
    assert {"type": "build", "space": 2, "kind": "chacra"} in R.legal_actions(built, 1)
    # seat 0 (on turn) holds Río Negro, with room for 8 chacras and the cash for them: the last 8 are theirs
    give(t, 0, 5, 6)
    t["bank"]["chacras"] = 8
    refused(R, t, 1, {"type": "build", "space": 1, "kind": "chacra"}, "shortage-of-buildings")
    mine, _ = act(t, 0, {"type": "build", "space": 5, "kind": "chacra"})
    assert mine["bank"]["chacras"] == 7
    t["bank"]["chacras"] = 9  # one beyond the reserve
    act(t, 1, {"type": "build", "space": 1, "kind": "chacra"})
    t["bank"]["chacras"] = 1
    t["players"][0]["money"] = 900  # the player on turn cannot pay for one: nothing is reserved
    act(t, 1, {"type": "build", "space": 1, "kind": "chacra"})


def test_building_between_turns_waits_for_auctions_and_debts():
    """Shortage of Chacras and Estancias (decision 18): building outside one's turn happens between
    turns, never while an auction runs or a debt is being settled."""
    t = province(1)
    t["auction"] = {"space": 12, "bids": {}, "high": None}
    refused(R, t, 1, {"type": "build", "space": 1, "kind": "chacra"}, "auction")
    t = province(1)
    t["debts"] = [{"seat": 0, "to": None, "amount": 100}]
    refused(R, t, 1, {"type": "build", "space": 1, "kind": "chacra"}, "shortage-of-money")


def test_mortgage_blocks_building_and_buildings_block_mortgage():
    s = province()
    s["mortgaged"]["2"] = {"lift_extra": 0}
    refused(R, s, 0, {"type": "build", "space": 1, "kind": "chacra"}, "mortgage")
    t = province()
    t, _ = act(t, 0, {"type": "build", "space": 1, "kind": "chacra"})
    refused(R, t, 0, {"type": "mortgage", "space": 2}, "mortgage")


def test_estancias_after_four_chacras_or_bought_paying_difference():
    """Estancias: "the existing CHACRAS on that FIELD are returned to the BANK as part of the payment, and
    the player pays the difference"; 4 chacras then an estancia, or fewer and the missing ones paid."""
    s = province()
    s["buildings"].update({"1": 4, "2": 4, "3": 4})
    s["bank"]["chacras"] = 20
    e, _ = act(s, 0, {"type": "build", "space": 1, "kind": "estancia"})
    assert e["buildings"]["1"] == 5 and e["bank"]["chacras"] == 24 and e["bank"]["estancias"] == 11
    assert e["players"][0]["money"] == 34000
    refused(R, e, 0, {"type": "build", "space": 1, "kind": "estancia"}, "estancias")
    refused(R, e, 0, {"type": "build", "space": 1, "kind": "chacra"}, "estancias")
    s["buildings"].update({"1": 3, "2": 4, "3": 4})
    s["bank"]["chacras"] = 0
    o, _ = act(s, 0, {"type": "build", "space": 1, "kind": "estancia"})
    assert o["buildings"]["1"] == 5 and o["players"][0]["money"] == 35000 - 1000 - 1000
    assert o["bank"]["chacras"] == 3


def test_estancia_straight_away_on_a_bare_province():
    """Estancias: "A player with enough capital may buy ESTANCIAS without having previously bought CHACRAS"
    (decision 19): on a bare field it costs its cash price plus four chacras; evenness then counts only
    the fields without an estancia."""
    s = province()
    e, ev = act(s, 0, {"type": "build", "space": 1, "kind": "estancia"})
    assert e["buildings"]["1"] == 5 and e["players"][0]["money"] == 35000 - 1000 - 4 * 1000
    assert e["bank"]["chacras"] == 32 and e["bank"]["estancias"] == 11
    e2, _ = act(e, 0, {"type": "build", "space": 2, "kind": "chacra"})
    refused(R, e2, 0, {"type": "build", "space": 2, "kind": "chacra"}, "chacras")
    e3, _ = act(e2, 0, {"type": "build", "space": 3, "kind": "estancia"})
    assert e3["buildings"] == {**e3["buildings"], "1": 5, "2": 1, "3": 5}
    r = game()
    give(r, 0, 5, 6)
    r2, _ = act(r, 0, {"type": "build", "space": 5, "kind": "estancia"})
    assert r2["buildings"]["5"] == 5 and {"type": "build", "space": 6, "kind": "estancia"} in R.legal_actions(r2, 0)


def test_sale_of_buildings_to_bank_at_half_price_evenly():
    """Estancias note / Sale of Properties: buildings go back to the Bank only, at half the price."""
    s = province()
    s["buildings"].update({"1": 2, "2": 1, "3": 1})
    s["bank"]["chacras"] = 28
    refused(R, s, 0, {"type": "sell_building", "space": 2}, "chacras")
    s2, _ = act(s, 0, {"type": "sell_building", "space": 1})
    assert s2["buildings"]["1"] == 1 and s2["players"][0]["money"] == 35500 and s2["bank"]["chacras"] == 29
    s["buildings"].update({"1": 5, "2": 4, "3": 4})
    s["bank"]["chacras"] = 24
    s["bank"]["estancias"] = 11
    s3, _ = act(s, 0, {"type": "sell_building", "space": 1})
    assert s3["buildings"]["1"] == 4 and s3["players"][0]["money"] == 35500 and s3["bank"]["chacras"] == 20


def test_selling_an_estancia_in_a_shortage_of_chacras():
    """Estancias note: "a player with financial difficulties may sell CHACRAS and ESTANCIAS back to the
    BANK, but only for half the price paid" (decision 20): when the Bank cannot hand back four chacras,
    the estancia is sold with the chacras it cannot return, each at half price."""
    s = province()
    s["buildings"].update({"1": 5, "2": 0, "3": 0})
    s["bank"]["chacras"] = 0
    s["bank"]["estancias"] = 11
    sold, ev = act(s, 0, {"type": "sell_building", "space": 1})
    assert sold["buildings"]["1"] == 0 and sold["bank"]["estancias"] == 12 and sold["bank"]["chacras"] == 0
    assert sold["players"][0]["money"] == 35000 + 500 + 4 * 500
    s["buildings"].update({"1": 5, "2": 2, "3": 2})
    s["bank"]["chacras"] = 2
    part, _ = act(s, 0, {"type": "sell_building", "space": 1})
    assert part["buildings"]["1"] == 2 and part["bank"]["chacras"] == 0
    assert part["players"][0]["money"] == 35000 + 500 + 2 * 500
    s["buildings"].update({"1": 5, "2": 3, "3": 3})
    s["bank"]["chacras"] = 0  # going back bare would leave 0 beside 3: sell the other chacras first
    refused(R, s, 0, {"type": "sell_building", "space": 1}, "shortage-of-buildings")
    assert {"type": "sell_building", "space": 2} in R.legal_actions(s, 0)


# --- Mortgage ----------------------------------------------------------------

def test_the_bank_mortgage_pays_90_percent_and_lift_pays_value():
    """The Bank: mortgage value less 10% interest in advance; lifting repays the value (decision)."""
    s = game()
    give(s, 0, 12)
    m, ev = act(s, 0, {"type": "mortgage", "space": 12})
    assert m["players"][0]["money"] == 35000 + 1900 - 190
    refused(R, m, 0, {"type": "mortgage", "space": 12}, "mortgage")
    lifted, _ = act(m, 0, {"type": "lift_mortgage", "space": 12})
    assert lifted["players"][0]["money"] == 35000 - 190 and "12" not in lifted["mortgaged"]


def test_mortgage_buyer_pays_10_percent_and_again_when_lifting_later():
    """Mortgage: the buyer of a mortgaged field pays 10% at the transaction and again if lifting later."""
    s = game()
    give(s, 0, 12, 1)
    s["mortgaged"]["12"] = {"lift_extra": 0}
    s, _ = act(s, 0, {"type": "propose", "to": 1, "give": {"deeds": [12]}, "ask": {"cash": 1000}})
    pid = s["proposals"][0]["id"]
    s, ev = act(s, 1, {"type": "accept_proposal", "id": pid})
    assert s["owners"]["12"] == 1 and s["players"][1]["money"] == 35000 - 1000 - 190
    now, _ = act(s, 1, {"type": "lift_mortgage", "space": 12})
    assert now["players"][1]["money"] == 35000 - 1000 - 190 - 1900
    force_dice(s, 1, 2)
    s, _ = act(s, 0, {"type": "roll"})
    later, _ = act(s, 1, {"type": "lift_mortgage", "space": 12})
    assert later["players"][1]["money"] == 35000 - 1000 - 190 - 2090


# --- Sale of Properties ------------------------------------------------------

def test_sale_of_properties_between_players_with_jail_cards():
    """Sale of Properties: deeds (and jail cards) may be bought and sold among players."""
    s = game(3)
    give(s, 0, 5)
    s["players"][1]["jail_cards"] = ["D02"]
    s, ev = act(s, 0, {"type": "propose", "to": 1, "give": {"deeds": [5], "cash": 500},
                       "ask": {"jail_cards": ["D02"]}})
    pid = s["proposals"][0]["id"]
    refused(R, s, 2, {"type": "accept_proposal", "id": pid}, "sale-of-properties")
    done, ev = act(s, 1, {"type": "accept_proposal", "id": pid})
    assert done["owners"]["5"] == 1 and done["players"][0]["jail_cards"] == ["D02"]
    assert done["players"][0]["money"] == 34500 and done["players"][1]["money"] == 35500
    rej, ev = act(s, 1, {"type": "reject_proposal", "id": pid})
    assert rej["proposals"] == [] and "proposal_rejected" in types(ev)
    can, _ = act(s, 0, {"type": "cancel_proposal", "id": pid})
    assert can["proposals"] == []


def test_shortage_of_money_no_loans_and_no_buildings_in_sales():
    """Shortage of Money: players may not lend money; buildings are sold only to the Bank."""
    s = game()
    refused(R, s, 0, {"type": "propose", "to": 1, "give": {"cash": 5000}, "ask": {}}, "shortage-of-money")
    give(s, 0, 1, 2, 3)
    s["buildings"]["2"] = 1
    s["bank"]["chacras"] = 31
    refused(R, s, 0, {"type": "propose", "to": 1, "give": {"deeds": [1]}, "ask": {"cash": 1}}, "sale-of-properties")
    refused(R, s, 0, {"type": "propose", "to": 0, "give": {"deeds": [5]}}, "sale-of-properties")
    refused(R, s, 0, {"type": "propose", "to": 1, "give": {"deeds": ["x"]}}, "sale-of-properties")


def test_sale_of_properties_a_proposal_waits_for_its_answer():
    """Sale of Properties (decision 25): an open proposal keeps its recipient in to_move until answered
    (a timeout rejects it, naming who and what); the proposer's turn does not end underneath it (they may
    withdraw it), and a proposal made by another player outlives the turn."""
    s = game(3)
    give(s, 0, 5)
    s["turn"]["phase"] = PHASE_END
    s, _ = act(s, 0, {"type": "propose", "to": 1, "give": {"deeds": [5]}, "ask": {"cash": 100}})
    pid = s["proposals"][0]["id"]
    assert R.to_move(s) == [1]
    assert {"type": "end_turn"} not in R.legal_actions(s, 0)
    refused(R, s, 0, {"type": "end_turn"}, "sale-of-properties")
    assert R.timeout_action(s, 1) == {"type": "reject_proposal", "id": pid}
    r, ev = act(s, 1, R.timeout_action(s, 1))
    assert ev == [{"type": "proposal_rejected", "id": pid, "from": 0, "to": 1,
                   "give": {"deeds": [5], "cash": 0, "jail_cards": []}, "ask": {"deeds": [], "cash": 100, "jail_cards": []}}]
    assert R.to_move(r) == [0]
    w, ev = act(s, 0, {"type": "cancel_proposal", "id": pid})
    assert R.to_move(w) == [0] and ev[0]["give"]["deeds"] == [5]
    # a proposal from a player not on turn: the recipient answers while the turn goes on, across turns
    w["owners"]["5"] = 1
    t, _ = act(w, 2, {"type": "propose", "to": 1, "give": {"cash": 100}, "ask": {"deeds": [5]}})
    assert R.to_move(t) == [1, 0]
    t, _ = act(t, 0, {"type": "end_turn"})
    assert len(t["proposals"]) == 1 and 1 in R.to_move(t)


# --- Shortage of Money (debt phase) -------------------------------------------

def broke() -> dict:
    """Seat 0 owes the income tax (5,000) with 1,000 cash and a railway."""
    s = game(3)
    s["players"][0]["money"] = 1000
    s["players"][1]["money"] += 34000
    give(s, 0, 12, 18, 22)
    force_dice(s, 1, 3)
    s, ev = act(s, 0, {"type": "roll"})
    assert "debt" in types(ev)
    return s


def test_shortage_of_money_debt_phase_mortgage_then_auto_pay():
    """Shortage of Money: the debtor must mortgage/sell before paying; bankruptcy only if still short."""
    s = broke()
    assert R.to_move(s) == [0]
    acts = R.legal_actions(s, 0)
    assert {"type": "declare_bankruptcy"} not in acts
    refused(R, s, 0, {"type": "declare_bankruptcy"}, "shortage-of-money")
    refused(R, s, 0, {"type": "end_turn"}, "shortage-of-money")
    s, _ = act(s, 0, {"type": "mortgage", "space": 12})
    assert s["debts"]
    s, ev = act(s, 0, {"type": "mortgage", "space": 18})
    assert s["debts"]
    s, ev = act(s, 0, {"type": "mortgage", "space": 22})
    assert not s["debts"] and "debt_paid" in types(ev)
    assert s["players"][0]["money"] == 1000 + 1710 + 1620 + 1620 - 5000


def test_shortage_of_money_bankruptcy_to_bank_auctions_deeds():
    """Shortage of Money + Auction (Remate): deeds of a player bankrupt to the Bank are auctioned."""
    s = game(3)
    s["players"][0]["money"] = 100
    give(s, 0, 1)
    s["mortgaged"]["1"] = {"lift_extra": 0}
    force_dice(s, 1, 3)
    s, _ = act(s, 0, {"type": "roll"})
    assert {"type": "declare_bankruptcy"} in R.legal_actions(s, 0)
    s, ev = act(s, 0, {"type": "declare_bankruptcy"})
    assert s["players"][0]["bankrupt"] and s["bank"]["balance"] == 100
    assert s["auction"]["space"] == 1 and s["auction"]["seller"] is None and "1" not in s["mortgaged"]
    assert sorted(R.to_move(s)) == [1, 2]
    s, _ = act(s, 1, {"type": "bid", "amount": 600})
    assert R.to_move(s) == [2]
    s, ev = act(s, 2, {"type": "pass"})
    assert s["owners"]["1"] == 1 and s["players"][1]["money"] == 34400 and s["auction"] is None
    assert s["turn"]["seat"] == 1 and s["turn"]["phase"] == PHASE_ROLL


def test_shortage_of_money_bankruptcy_to_player_and_game_end():
    """Objective: the game ends when one player remains; the creditor takes the assets."""
    s = game(claim_rents=True)
    give(s, 1, 3)
    s["players"][0]["money"] = 50
    s["players"][0]["jail_cards"] = ["D02"]
    give(s, 0, 5)
    s["mortgaged"]["5"] = {"lift_extra": 0}
    force_dice(s, 1, 2)
    s, _ = act(s, 0, {"type": "roll"})
    claim = [a for a in R.legal_actions(s, 1) if a["type"] == "claim_rent"][0]
    s, _ = act(s, 1, claim)
    assert R.to_move(s) == [0]
    s, ev = act(s, 0, {"type": "declare_bankruptcy"})
    assert s["over"] and R.outcome(s)["winner"] == 1 and R.outcome(s)["ranking"] == [1, 0]
    assert s["owners"]["5"] == 1 and s["players"][1]["jail_cards"] == ["D02"]
    assert s["players"][1]["money"] == 35050 and R.to_move(s) == []


def test_shortage_of_money_hand_over_to_creditor():
    s = game(claim_rents=True)
    give(s, 1, 3)
    give(s, 0, 12)
    s["players"][0]["money"] = 10
    force_dice(s, 1, 2)
    s, _ = act(s, 0, {"type": "roll"})
    s, _ = act(s, 1, [a for a in R.legal_actions(s, 1) if a["type"] == "claim_rent"][0])
    s, ev = act(s, 0, {"type": "hand_over", "space": 12})
    assert s["owners"]["12"] == 1 and not s["debts"]


# --- Auction (Remate) ---------------------------------------------------------

def test_auction_voluntary_through_the_banker():
    """Auction (Remate): a player may auction their own deed; the seller receives the money."""
    s = game(3)
    give(s, 0, 12)
    s, ev = act(s, 0, {"type": "auction", "space": 12})
    assert s["auction"]["seller"] == 0 and sorted(R.to_move(s)) == [1, 2]
    refused(R, s, 1, {"type": "propose", "to": 2, "give": {"cash": 1}, "ask": {"deeds": [12]}}, "auction")
    refused(R, s, 1, {"type": "bid", "amount": 10 ** 9}, "auction")
    s, _ = act(s, 1, {"type": "bid", "amount": 1000})
    refused(R, s, 1, {"type": "bid", "amount": 1100}, "auction")
    s, _ = act(s, 2, {"type": "bid", "amount": 1500})
    s, ev = act(s, 1, {"type": "pass"})
    assert s["owners"]["12"] == 2 and s["players"][0]["money"] == 36500 and s["players"][2]["money"] == 33500
    t = game(3)
    give(t, 0, 12)
    t, _ = act(t, 0, {"type": "auction", "space": 12})
    t, _ = act(t, 1, {"type": "pass"})
    t, ev = act(t, 2, {"type": "pass"})
    assert t["owners"]["12"] == 0 and "auction_unsold" in types(ev)


def test_auction_a_bid_equal_to_the_high_bid_is_refused():
    """Auction (Remate), decision 29: a bid "must exceed" the high bid; an equal bid (or a first bid of 0)
    is refused and the high bidder stays."""
    s = game(3)
    give(s, 0, 12)
    s, _ = act(s, 0, {"type": "auction", "space": 12})
    refused(R, s, 1, {"type": "bid", "amount": 0}, "auction")
    s, _ = act(s, 1, {"type": "bid", "amount": 1000})
    refused(R, s, 2, {"type": "bid", "amount": 1000}, "auction")
    refused(R, s, 2, {"type": "bid", "amount": 999}, "auction")
    s2, _ = act(s, 2, {"type": "bid", "amount": 1001})
    assert s2["auction"]["high_bidder"] == 2 and s2["auction"]["high_bid"] == 1001


# --- End (Objective / Shortening the Game) --------------------------------------

def test_objective_one_player_owns_everything_ends_game():
    s = game()
    for k in s["owners"]:
        s["owners"][k] = 1
    s["owners"]["3"] = 0
    s, _ = act(s, 0, {"type": "propose", "to": 1, "give": {"deeds": [3]}, "ask": {"cash": 100}})
    s, ev = act(s, 1, {"type": "accept_proposal", "id": s["proposals"][0]["id"]})
    assert s["over"] and s["result"]["reason"] == "all_properties" and s["result"]["winner"] == 1


def test_shortening_the_game_turn_limit_by_net_worth():
    """Shortening the Game (online option max_turns): ranked by net worth."""
    s = game(max_turns=1)
    give(s, 1, 40)
    s["mortgaged"]["40"] = {"lift_extra": 0}
    s["turn"]["phase"] = PHASE_END
    s, _ = act(s, 0, {"type": "end_turn"})
    assert not s["over"]
    s["turn"]["phase"] = PHASE_END
    s, ev = act(s, 1, {"type": "end_turn"})
    out = R.outcome(s)
    assert out["reason"] == "turn_limit" and out["ranking"] == [1, 0]
    assert out["net_worth"]["1"] == 35000 + 7400 - 3700


# --- Illegal actions ---------------------------------------------------------

def test_illegal_actions_carry_rule_slugs_and_change_nothing():
    s = game()
    refused(R, s, 1, {"type": "roll"}, "the-game")
    refused(R, s, 0, {"type": "fly"}, "the-game")
    refused(R, s, 0, {"kind": "roll"}, "the-game")
    refused(R, s, 0, {"type": "buy"}, "the-game")
    refused(R, s, 0, {"type": "mortgage", "space": 4}, "the-board")
    refused(R, s, 0, {"type": "bid", "amount": 100}, "auction")
    refused(R, s, 0, {"type": "claim_rent", "claim": 99}, "the-game")


def test_timeout_action_exists_for_every_seat_on_move():
    s = broke()
    for seat in R.to_move(s):
        a = R.timeout_action(s, seat)
        R.apply(s, seat, a)
    s = game()
    R.apply(s, 0, R.timeout_action(s, 0))


def test_the_drawn_card_leaves_the_table_at_the_next_roll():
    """Chance or Fate: a drawn card is read and put back; the table shows it only until the next roll."""
    import random

    rng = random.Random(5)
    state = R.new_game(2, "card-clears")
    for _ in range(3000):
        seat = R.to_move(state)[0]
        state, events = R.apply(state, seat, rng.choice(R.legal_actions(state, seat)))
        if any(e["type"] == "card" for e in events):
            drawn = state["last_card"]
            assert drawn is not None and drawn["turn"] == state["turns_played"]
            while True:
                seat = R.to_move(state)[0]
                roll = next((a for a in R.legal_actions(state, seat) if a["type"] == "roll"), None)
                if roll is not None:
                    state, after = R.apply(state, seat, roll)
                    drawn_again = any(e["type"] == "card" for e in after)
                    assert state["last_card"] is None or drawn_again
                    return
                state, _events = R.apply(state, seat, rng.choice(R.legal_actions(state, seat)))
        if R.outcome(state):
            state = R.new_game(2, f"card-clears-{rng.random()}")
    raise AssertionError("no card was drawn")
