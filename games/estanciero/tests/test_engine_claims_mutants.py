"""Claims of rent and prizes (claim mode): gaps that the mutation run of 2 December 2026 found in
``engine/rent.py`` (docs/TESTING.md, "Mutation testing"): which claim a player may collect, with which action,
and the rule a wrong one is refused under."""

from __future__ import annotations

from games.estanciero.engine import RULESET as R
from tests.support.engines import refused

from .test_engine_rules import act, force_dice, game, give


def rent_claim_pending() -> tuple[dict, int]:
    """Seat 0 has landed on seat 1's deed 3 (rent 80) in claim mode: seat 1's claim is open."""
    s = game(n=3, claim_rents=True)
    give(s, 1, 3)
    force_dice(s, 1, 2)
    s, _ = act(s, 0, {"type": "roll"})
    [claim] = s["claims"]
    return s, claim["id"]


def prize_claim_pending() -> tuple[dict, int]:
    """Seat 0 has landed on the Livestock Prize in claim mode: its prize claim is open."""
    s = game(claim_rents=True)
    s["players"][0]["position"] = 5
    force_dice(s, 1, 1)
    s, _ = act(s, 0, {"type": "roll"})
    [claim] = s["claims"]
    return s, claim["id"]


def test_the_game_only_the_owner_collects_a_rent_claim():
    """The Game, claim mode (decision 6): the rent is the owner's to claim: the payer and a third player
    cannot collect it (for themselves or for anyone), under the rule of The Game."""
    s, cid = rent_claim_pending()
    for seat in (0, 2):
        refused(R, s, seat, {"type": "claim_rent", "claim": cid}, "the-game")
    paid, _ = act(s, 1, {"type": "claim_rent", "claim": cid})
    assert paid["players"][1]["money"] == 35000 + 80 and paid["claims"] == []


def test_the_game_a_claim_is_named_by_its_whole_number():
    """The Game, claim mode: a claim is named by its number; a flag (``True`` equals 1 in Python), a text, a
    fraction or nothing names no claim and is refused, the claim staying open."""
    s, cid = rent_claim_pending()
    assert cid == 1  # so that True == cid: the flag must still be refused
    for wrong in (True, str(cid), float(cid), None, cid + 1):
        refused(R, s, 1, {"type": "claim_rent", "claim": wrong}, "the-game")
    assert len(s["claims"]) == 1


def test_prizes_and_taxes_a_rent_is_not_collected_as_a_prize_nor_a_prize_as_a_rent():
    """Prizes and Taxes / The Game: a rent is claimed from the player who owes it and a prize from the Bank,
    each with its own action: the other one is refused, under the rule of what it tried to collect."""
    s, cid = rent_claim_pending()
    refused(R, s, 1, {"type": "claim_prize", "claim": cid}, "prizes-and-taxes")
    p, pid = prize_claim_pending()
    refused(R, p, 0, {"type": "claim_rent", "claim": pid}, "the-game")
    refused(R, p, 0, {"type": "claim_prize", "claim": pid + 1}, "prizes-and-taxes")
    collected, _ = act(p, 0, {"type": "claim_prize", "claim": pid})
    assert collected["players"][0]["money"] == 35000 + 2500 and collected["claims"] == []


def test_the_game_a_collected_or_lost_claim_is_written_in_the_log():
    """The Game / Prizes and Taxes, claim mode: the log says who collected what from whom (a rent from its
    payer, a prize from the Bank, neither paid automatically), and, for a prize let go, where it came from."""
    s, cid = rent_claim_pending()
    _, ev = act(s, 1, {"type": "claim_rent", "claim": cid})
    assert ev[0] == {"type": "rent_claimed", "seat": 1, "payer": 0, "space": 3, "amount": 80, "auto": False}
    assert [e for e in ev if e["type"] == "money"] == [{"type": "money", "from": 0, "to": 1, "amount": 80,
                                                         "reason": "rent"}]
    p, pid = prize_claim_pending()
    source = p["claims"][0]["source"]
    _, ev = act(p, 0, {"type": "claim_prize", "claim": pid})
    assert ev[0] == {"type": "prize_claimed", "seat": 0, "amount": 2500, "source": source, "auto": False}
    _, ev = act(p, 0, {"type": "waive_claim", "claim": pid})
    assert ev == [{"type": "claim_lapsed", "kind": "prize", "owner": 0, "payer": None, "amount": 2500,
                   "source": source, "why": "waived"}]


def test_helping_players_a_pending_claim_is_shown_to_its_claimant_only():
    """Helping Players (decision 6): the server never reminds anyone of a rent: the open claim is in its
    owner's view (``my_claims``) and in nobody else's, and no view carries the list of every claim. The view
    also says whose it is and who is to move: the mover, never the owner (a claim puts nobody on move)."""
    s, cid = rent_claim_pending()
    for seat in (None, 0, 1, 2):
        v = R.view(s, seat)
        assert "claims" not in v and v["viewer"] == seat and v["to_move"] == R.to_move(s) == [0]
        assert [c["id"] for c in v["my_claims"]] == ([cid] if seat == 1 else [])
    for seat in (0, 2):
        assert not [a for a in R.legal_actions(s, seat) if "claim" in a["type"]]
