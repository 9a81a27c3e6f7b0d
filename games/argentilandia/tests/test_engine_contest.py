"""Dice contests (Buying another player's MP; Buying other players' percentages; Trading at ports:
port ownership)."""


from games.argentilandia.engine import RULESET as RS
from games.argentilandia.engine import contest
from games.argentilandia.engine.schema import PHASE_CONTEST, PHASE_MAIN, PHASE_ROLLOFF
from tests.support.engines import refused

from .test_engine_helpers import act, main_state


def _dice(monkeypatch, *rolls):
    seq = list(rolls)
    monkeypatch.setattr(contest, "draw", lambda state, fn: seq.pop(0))


def _rival_state(**kw):
    st = main_state(mps={"san_luis": [0, 0, 1]}, total=6, **kw)
    return st


def test_seller_then_buyer_roll_buyer_wins(monkeypatch):
    """Buying another player's MP example: Red holds 2 MPs in San Luis, Green the third; Red plays a
    Corrupt Official (province not in play); the seller rolls, then the buyer; the higher wins and the
    official goes to the bank."""
    st = _rival_state()
    st2, ev = act(st, 0, type="buy_rival_mp", province="san_luis", slot=2)
    assert st2["phase"] == PHASE_CONTEST and RS.to_move(st2) == [1]
    assert st2["officials"][0] == 0
    assert RS.legal_actions(st2, 1) == [{"type": "contest_roll"}] and RS.legal_actions(st2, 0) == []
    refused(RS, st2, 0, dict(type="contest_roll"), "buying-another-players-mp")
    _dice(monkeypatch, [2, 3], [4, 4])
    st3, _ = act(st2, 1, type="contest_roll")
    assert RS.to_move(st3) == [0]
    st4, ev = act(st3, 0, type="contest_roll")
    assert st4["mps"]["san_luis"] == [0, 0, 0] and st4["phase"] == PHASE_MAIN
    assert st4["bank_officials"] == st["bank_officials"] + 1
    assert any(e["type"] == "contest_won" and e["winner"] == 0 for e in ev)


def test_tie_goes_to_seller_who_keeps_the_official(monkeypatch):
    """Buying another player's MP: on a tie the seller wins and keeps the Corrupt Official."""
    st = _rival_state()
    st, _ = act(st, 0, type="buy_rival_mp", province="san_luis", slot=2)
    _dice(monkeypatch, [3, 4], [5, 2])
    st, _ = act(st, 1, type="contest_roll")
    st, _ = act(st, 0, type="contest_roll")
    assert st["mps"]["san_luis"] == [0, 0, 1]
    assert st["officials"] == [0, 2, 1, 1]


def test_rival_mp_conditions():
    """Buying another player's MP: the province must be full (no free MP), held by 2+ players, the buyer
    holds an MP there and has an official; a monopoly cannot be bought from; blocked provinces refuse."""
    st = main_state(mps={"san_luis": [0, None, 1], "jujuy": [1, 1, 1], "salta": [1, 2, 2]})
    refused(RS, st, 0, dict(type="buy_rival_mp", province="san_luis", slot=2), "buying-a-free-mp")
    refused(RS, st, 0, dict(type="buy_rival_mp", province="jujuy", slot=0), "buying-another-players-mp")
    refused(RS, st, 0, dict(type="buy_rival_mp", province="salta", slot=0), "buying-another-players-mp")
    st["mps"]["san_luis"] = [0, 0, 1]
    st["officials"][0] = 0
    refused(RS, st, 0, dict(type="buy_rival_mp", province="san_luis", slot=2), "buying-another-players-mp")
    st["officials"][0] = 1
    st["union"] = {"kind": "province", "id": "san_luis"}
    refused(RS, st, 0, dict(type="buy_rival_mp", province="san_luis", slot=2), "playing-the-game")


def test_port_passes_to_majority_holder(monkeypatch):
    """Trading at ports: when the owner loses the last MP of the province, the port passes to the holder of
    the most MPs there."""
    st = main_state(mps={"chubut": [1, 0, 0]})
    st["ports"]["puerto_madryn"] = 1
    st, _ = act(st, 0, type="buy_rival_mp", province="chubut", slot=0)
    _dice(monkeypatch, [1, 1], [6, 6])
    st, _ = act(st, 1, type="contest_roll")
    st, ev = act(st, 0, type="contest_roll")
    assert st["ports"]["puerto_madryn"] == 0
    assert any(e["type"] == "port_transferred" for e in ev)


def test_port_tie_rolled_off_with_one_die(monkeypatch):
    """Trading at ports: a tie for the most MPs is decided by rolling 1 die until one is higher."""
    st = main_state(mps={"santa_cruz": [1, 0, 2, 2]}, current=0)
    st["mps"]["santa_cruz"] = [1, 0, 2, 0]
    st["ports"]["puerto_deseado"] = 1
    st, _ = act(st, 0, type="buy_rival_mp", province="santa_cruz", slot=0)
    _dice(monkeypatch, [1, 1], [6, 6])
    st, _ = act(st, 1, type="contest_roll")
    st, _ = act(st, 0, type="contest_roll")
    assert st["ports"]["puerto_deseado"] == 0
    st = main_state(mps={"santa_cruz": [1, 0, 2, 2]})
    st["ports"]["puerto_deseado"] = 1
    st["mps"]["santa_cruz"] = [1, 0, 2, 2]
    st, _ = act(st, 0, type="buy_rival_mp", province="santa_cruz", slot=0)
    _dice(monkeypatch, [1, 1], [6, 6], 4, 4, 2, 5)
    st, _ = act(st, 1, type="contest_roll")
    st, ev = act(st, 0, type="contest_roll")
    assert st["phase"] == PHASE_ROLLOFF and st["rolloff"]["players"] == [0, 2]
    assert RS.to_move(st) == [0]
    st, _ = act(st, 0, type="contest_roll")
    st, ev = act(st, 2, type="contest_roll")
    assert st["phase"] == PHASE_ROLLOFF and any(e["type"] == "rolloff_tied" for e in ev)
    st, _ = act(st, 0, type="contest_roll")
    st, ev = act(st, 2, type="contest_roll")
    assert st["ports"]["puerto_deseado"] == 2 and st["phase"] == PHASE_MAIN


def test_stockbroker_buys_percentage_and_ownership_changes(monkeypatch):
    """Buying other players' percentages: with a Stockbroker, even with free percentages left and without
    holding the MP; if the purchase changes the majority, ownership changes."""
    st = main_state()
    st["stockbrokers"][2] = 1
    st["current"] = 2
    st["industries"]["winery"] = {"slots": [0, 2, None, None], "owner": 0}
    st, _ = act(st, 2, type="buy_rival_percentage", industry="winery", seller=0)
    assert RS.to_move(st) == [0]
    _dice(monkeypatch, [1, 2], [3, 3])
    st, _ = act(st, 0, type="contest_roll")
    st, ev = act(st, 2, type="contest_roll")
    assert st["industries"]["winery"] == {"slots": [2, 2, None, None], "owner": 2}
    assert st["bank_stockbrokers"] == 13  # the played Stockbroker returns to the bank


def test_eliminated_owner_passes_industry_to_buyer_on_tie(monkeypatch):
    """Buying other players' percentages: if the purchase eliminated the owner, ownership changes hands
    (to the largest holder; the buyer wins a tie: documented decision)."""
    st = main_state()
    st["stockbrokers"][2] = 1
    st["current"] = 2
    st["industries"]["winery"] = {"slots": [0, 1, None, None], "owner": 0}
    st, _ = act(st, 2, type="buy_rival_percentage", industry="winery", seller=0)
    _dice(monkeypatch, [1, 1], [3, 3])
    st, _ = act(st, 0, type="contest_roll")
    st, _ = act(st, 2, type="contest_roll")
    assert st["industries"]["winery"]["owner"] == 2


def test_stockbroker_refused_on_monopoly_and_seller_keeps_card_on_tie(monkeypatch):
    """Buying other players' percentages: never from a monopolised industry; a tie lets the seller keep the
    Stockbroker."""
    st = main_state()
    st["stockbrokers"][0] = 1
    st["industries"]["winery"] = {"slots": [1, 1, 1, 1], "owner": 1}
    refused(RS, st, 0, dict(type="buy_rival_percentage", industry="winery", seller=1), "buying-other-players-percentages")
    st["industries"]["winery"] = {"slots": [1, 1, 1, None], "owner": 1}
    st, _ = act(st, 0, type="buy_rival_percentage", industry="winery", seller=1)
    _dice(monkeypatch, [4, 4], [4, 4])
    st, _ = act(st, 1, type="contest_roll")
    st, _ = act(st, 0, type="contest_roll")
    assert st["stockbrokers"][:2] == [0, 1]


def test_contest_timeout_rolls_for_the_player():
    """Dice contests: the server rolls for a player whose clock runs out."""
    st = _rival_state()
    st, _ = act(st, 0, type="buy_rival_mp", province="san_luis", slot=2)
    assert RS.timeout_action(st, 1) == {"type": "contest_roll"}


def test_a_port_never_becomes_a_36th_token(monkeypatch):
    """Components (35 tokens per colour) + Trading at ports (issue 13.1): a buyer with 34 tokens who wins a
    rival's last MP of a port's province uses the 35th; the port cannot be the 36th, so it goes to the next
    majority holder with a token, or back to the bank."""
    from games.argentilandia.engine import board as B
    from games.argentilandia.engine.state import tokens_used

    st = main_state(mps={"chubut": [1, 0, 0]})
    st["ports"]["puerto_madryn"] = 1
    for p in B.PROVINCE_IDS:
        if p in ("chubut", "tucuman"):
            continue
        for i in range(len(st["mps"][p])):
            if tokens_used(st, 0) < 34:
                st["mps"][p][i] = 0
    assert tokens_used(st, 0) == 34
    st, _ = act(st, 0, type="buy_rival_mp", province="chubut", slot=0)
    _dice(monkeypatch, [1, 1], [6, 6])
    st, _ = act(st, 1, type="contest_roll")
    st, ev = act(st, 0, type="contest_roll")
    assert st["mps"]["chubut"] == [0, 0, 0] and tokens_used(st, 0) == 35
    assert st["ports"]["puerto_madryn"] is None
    assert {"type": "port_transferred", "port": "puerto_madryn", "from": 1, "to": None} in ev
