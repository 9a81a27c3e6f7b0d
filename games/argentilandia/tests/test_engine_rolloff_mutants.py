"""Trading at ports, the roll-off for a port: gaps that the mutation run of 2 December 2026 found in
``engine/contest.py`` (``_rolloff_roll``; docs/TESTING.md, "Mutation testing"): the seeded die each roll
draws, the events the game log reads, and the state the roll-off leaves."""

from games.argentilandia.engine import RULESET as RS
from games.argentilandia.engine import contest
from games.argentilandia.engine.schema import PHASE_MAIN, PHASE_ROLLOFF

from .test_engine_helpers import act, main_state


def _rolloff(monkeypatch) -> dict:
    """Blue (1) held Puerto Deseado and loses its last MP in Santa Cruz to Red (0): Red and Yellow (2) tie
    for the most MPs there, so they roll off for the port."""
    st = main_state(mps={"santa_cruz": [1, 0, 2, 2]})
    st["ports"]["puerto_deseado"] = 1
    st, _ = act(st, 0, type="buy_rival_mp", province="santa_cruz", slot=0)
    rolls = [[1, 1], [6, 6]]  # the MP contest itself: seller, then buyer (Red wins the MP)
    with monkeypatch.context() as m:
        m.setattr(contest, "draw", lambda state, fn: rolls.pop(0))
        st, _ = act(st, 1, type="contest_roll")
        st, _ = act(st, 0, type="contest_roll")
    assert st["phase"] == PHASE_ROLLOFF and st["rolloff"]["players"] == [0, 2]
    return st


def test_trading_at_ports_each_rolloff_roll_is_one_seeded_die(monkeypatch):
    """Trading at ports: a tie is settled "by rolling 1 die": each roll draws one die from the game's seeded
    dice (the counter moves on by one draw) and the log names who rolled what for which port."""
    st = _rolloff(monkeypatch)
    counter = st["rng_counter"]
    st, ev = act(st, 0, type="contest_roll")
    [rolled] = [e for e in ev if e["type"] == "rolloff_rolled"]
    assert rolled["seat"] == 0 and rolled["port"] == "puerto_deseado" and 1 <= rolled["die"] <= 6
    assert st["rng_counter"] == counter + 1 and st["rolloff"]["rolls"] == [rolled["die"], None]
    assert RS.to_move(st) == [2]


def test_trading_at_ports_the_higher_die_takes_the_port_and_play_goes_on(monkeypatch):
    """Trading at ports: the higher roll takes the port from its old owner; the log says from whom to whom,
    the roll-off is over (no roll-off left pending) and the game returns to the phase it came from."""
    st = _rolloff(monkeypatch)
    rolls = [2, 5]
    monkeypatch.setattr(contest, "draw", lambda state, fn: rolls.pop(0))
    st, _ = act(st, 0, type="contest_roll")
    st, ev = act(st, 2, type="contest_roll")
    assert {"type": "rolloff_rolled", "seat": 2, "port": "puerto_deseado", "die": 5} in ev
    assert {"type": "port_transferred", "port": "puerto_deseado", "from": 1, "to": 2} in ev
    assert st["ports"]["puerto_deseado"] == 2 and st["rolloff"] is None and st["phase"] == PHASE_MAIN


def test_trading_at_ports_a_tied_rolloff_is_rolled_again_by_the_tied_players(monkeypatch):
    """Trading at ports: "rolling 1 die until one is higher": a tie names the players who roll again, with
    their rolls cleared."""
    st = _rolloff(monkeypatch)
    rolls = [4, 4]
    monkeypatch.setattr(contest, "draw", lambda state, fn: rolls.pop(0))
    st, _ = act(st, 0, type="contest_roll")
    st, ev = act(st, 2, type="contest_roll")
    assert {"type": "rolloff_tied", "port": "puerto_deseado", "players": [0, 2]} in ev
    assert st["rolloff"]["players"] == [0, 2] and st["rolloff"]["rolls"] == [None, None]
    assert st["phase"] == PHASE_ROLLOFF and st["ports"]["puerto_deseado"] == 1
