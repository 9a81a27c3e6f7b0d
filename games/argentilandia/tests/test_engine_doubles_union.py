"""Doubles and the Union Organizer (Playing the Game 4 and 8; Corrupt Official: removing the Union Organizer)."""


from games.argentilandia.engine import RULESET as RS
from games.argentilandia.engine import turn
from games.argentilandia.engine.schema import PHASE_DISCARD, PHASE_MAIN, PHASE_PRE_ROLL, PHASE_UNION
from games.core.events import visible_to
from tests.support.engines import refused

from .test_engine_helpers import act, main_state


def _doubles(monkeypatch, st, d=3):
    monkeypatch.setattr(turn, "roll_dice", lambda state: [d, d])
    return act(st, st["current"], type="roll")


def test_doubles_discard_then_production_then_union(monkeypatch):
    """Doubles: a. hands over 7 give half rounded down (9 -> 4), b. then production, c. then the
    compulsory Union Organizer move."""
    st = main_state(phase=PHASE_PRE_ROLL, hands={1: {"oil": 9}, 2: {"fish": 7}, 3: {"soy": 8}},
                    mps={"mendoza": [1, None, None]})
    st2, ev = _doubles(monkeypatch, st)
    assert st2["phase"] == PHASE_DISCARD and st2["discards"] == [0, 4, 0, 4]
    assert sorted(RS.to_move(st2)) == [1, 3]
    assert st2["hands"][1]["grapes"] == 0  # production waits for the discards
    refused(RS, st2, 1, dict(type="discard", cards={"oil": 3}), "playing-the-game")
    st3, _ = act(st2, 1, type="discard", cards={"oil": 4})
    assert RS.to_move(st3) == [3]
    st4, ev = RS.apply(st3, 3, RS.timeout_action(st3, 3))
    assert sum(st4["hands"][3].values()) == 4
    assert st4["hands"][1]["grapes"] == 1 and st4["phase"] == PHASE_UNION
    assert RS.to_move(st4) == [0]
    assert {a["type"] for a in RS.legal_actions(st4, 0)} == {"move_union"}
    refused(RS, st4, 0, dict(type="end_turn"), "doubling")


def test_random_discard_is_hidden_and_fair(monkeypatch):
    """The timeout discard uses the state's rng; the discarded cards are shown only to their owner."""
    st = main_state(phase=PHASE_PRE_ROLL, hands={1: {"oil": 5, "fish": 5}})
    st2, _ = _doubles(monkeypatch, st)
    st3, ev = act(st2, 1, type="discard", random=True)
    assert sum(st3["hands"][1].values()) == 5
    pub = visible_to(ev, 2)
    assert all("cards" not in e for e in pub)


def test_union_move_draws_one_hidden_card_from_each_player_there():
    """Union Organizer: the mover draws 1 face-down card from each player in the province (none from
    empty hands); the card's identity is shown only to the two players."""
    st = main_state(phase=PHASE_UNION, hands={1: {"oil": 1}, 2: {}},
                    mps={"salta": [1, 2, 0]}, dice=[3, 3], in_play=["mendoza", "neuquen"])
    st2, ev = act(st, 0, type="move_union", target={"kind": "province", "id": "salta"})
    assert st2["union"] == {"kind": "province", "id": "salta"}
    assert st2["hands"][0]["oil"] == 1 and st2["hands"][1]["oil"] == 0
    drawn = [e for e in ev if e["type"] == "card_drawn"]
    assert len(drawn) == 1 and drawn[0]["only"] == [0, 1]
    spectator = visible_to(ev, None)
    assert all("material" not in e for e in spectator)
    assert st2["phase"] == PHASE_MAIN


def test_union_must_move_elsewhere_and_only_to_bought_industries():
    """Union Organizer: moved to another province or an industry in use."""
    st = main_state(phase=PHASE_UNION)
    refused(RS, st, 0, dict(type="move_union", target={"kind": "province", "id": "tucuman"}), "playing-the-game")
    refused(RS, st, 0, dict(type="move_union", target={"kind": "industry", "id": "winery"}), "playing-the-game")
    st["industries"]["winery"] = {"slots": [1, None, None, None], "owner": 1}
    st2, _ = act(st, 0, type="move_union", target={"kind": "industry", "id": "winery"})
    assert st2["union"]["kind"] == "industry"


def test_official_moves_union_once_per_turn_before_or_after_roll():
    """Corrupt Official: 1 official per turn may move the Union Organizer, before rolling too; it returns
    to the bank."""
    st = main_state(phase=PHASE_PRE_ROLL)
    st["officials"][0] = 2
    st2, _ = act(st, 0, type="move_union", target={"kind": "province", "id": "chubut"})
    assert st2["officials"][0] == 1 and st2["bank_officials"] == st["bank_officials"] + 1
    st3, _ = act(st2, 0, type="roll")
    if st3["phase"] == PHASE_MAIN:
        refused(RS, st3, 0, dict(type="move_union", target={"kind": "province", "id": "jujuy"}), "playing-the-game")
    st["officials"][0] = 0
    refused(RS, st, 0, dict(type="move_union", target={"kind": "province", "id": "chubut"}), "playing-the-game")


def test_only_official_or_stockbroker_before_roll():
    """Round Summary: before the roll only a Corrupt Official (or a Stockbroker, playable any moment)."""
    st = main_state(phase=PHASE_PRE_ROLL, hands={0: {"oil": 4}})
    refused(RS, st, 0, dict(type="bank_trade", give="oil", get="fish"), "round-summary")
    refused(RS, st, 0, dict(type="end_turn"), "round-summary")
