"""Trade (Playing the Game 5; Trading at ports; International Trade)."""

import random

import pytest

from games.argentilandia.engine import RULESET as RS
from games.core.rulesets import IllegalAction
from tests.support.engines import refused, refused_new_game

from .test_engine_helpers import act, main_state


def test_offer_accept_between_turn_player_and_other():
    """Trade example: Red offers 2 Oil for 2 Fish to anyone interested; one accepts."""
    st = main_state(hands={0: {"oil": 2}, 1: {"fish": 2}, 2: {"fish": 3}})
    st2, ev = act(st, 0, type="offer_trade", to=None, give={"oil": 2}, get={"fish": 2})
    oid = st2["offers"][0]["id"]
    assert RS.to_move(st2) == [1, 2, 3]  # every addressed player answers; the offerer waits
    assert {"type": "accept_offer", "offer_id": oid} in RS.legal_actions(st2, 1)
    st3, ev = act(st2, 2, type="accept_offer", offer_id=oid)
    assert st3["hands"][0] == {**st3["hands"][0], "oil": 0, "fish": 2}
    assert st3["hands"][2]["oil"] == 2 and st3["hands"][2]["fish"] == 1
    assert st3["offers"] == []


def test_refuse_and_counter_offer():
    """Trade: the others may refuse or answer with their own terms, only to the player on turn."""
    st = main_state(hands={0: {"oil": 2, "soy": 1}, 1: {"fish": 2}})
    st, _ = act(st, 0, type="offer_trade", to=1, give={"oil": 2}, get={"fish": 2})
    oid = st["offers"][0]["id"]
    st2, _ = act(st, 1, type="refuse_offer", offer_id=oid)
    assert st2["offers"] == []
    st3, _ = act(st, 1, type="counter_offer", offer_id=oid, give={"fish": 1}, get={"oil": 2})
    counter = next(o for o in st3["offers"] if o["from"] == 1)
    assert counter["to"] == [0]
    st4, _ = act(st3, 0, type="accept_offer", offer_id=counter["id"])
    assert st4["hands"][0]["fish"] == 1 and st4["hands"][1]["oil"] == 2


def test_others_cannot_trade_among_themselves_or_gift():
    """Trade: players without the turn may not trade with each other; gifts are not allowed."""
    st = main_state(hands={0: {"oil": 2}, 1: {"fish": 2}, 2: {"soy": 2}})
    refused(RS, st, 1, dict(type="offer_trade", to=2, give={"fish": 1}, get={"soy": 1}), "round-summary")
    refused(RS, st, 0, dict(type="offer_trade", to=1, give={"oil": 1}, get={}), "playing-the-game")
    refused(RS, st, 0, dict(type="offer_trade", to=1, give={"oil": 3}, get={"fish": 1}), "playing-the-game")


def test_an_offer_waits_for_its_answers_and_names_who_and_what():
    """Trade (Playing the Game 5), decision 16: an offer keeps each addressed player in to_move until they
    answer (a timeout refuses it); the player on turn waits, may withdraw it, and cannot end the turn
    underneath it. Every refusal, withdrawal and expiry names who and what."""
    st = main_state(hands={0: {"oil": 2}, 1: {"fish": 1}, 2: {"fish": 1}})
    st, _ = act(st, 0, type="offer_trade", to=None, give={"oil": 1}, get={"fish": 1})
    oid = st["offers"][0]["id"]
    assert RS.to_move(st) == [1, 2, 3]
    assert {"type": "end_turn"} not in RS.legal_actions(st, 0)
    refused(RS, st, 0, dict(type="end_turn"), "playing-the-game")
    assert RS.timeout_action(st, 1) == {"type": "refuse_offer", "offer_id": oid}
    st2, ev = act(st, 1, type="refuse_offer", offer_id=oid)
    assert ev == [{"type": "trade_refused", "offer_id": oid, "from": 0, "give": {"oil": 1}, "get": {"fish": 1}, "by": 1}]
    assert RS.to_move(st2) == [2, 3]
    st3, ev = act(st2, 0, type="cancel_offer", offer_id=oid)
    assert ev[0]["type"] == "offer_withdrawn" and ev[0]["to"] == [2, 3] and ev[0]["give"] == {"oil": 1}
    assert RS.to_move(st3) == [0]
    # a counter-offer answers the offer and waits for the player on turn, who may end the turn instead
    st4, _ = act(st2, 2, type="counter_offer", offer_id=oid, give={"fish": 1}, get={"oil": 2})
    st4, _ = act(st4, 3, type="refuse_offer", offer_id=oid)
    assert RS.to_move(st4) == [0] and [o["from"] for o in st4["offers"]] == [2]
    st5, ev = act(st4, 0, type="end_turn")
    assert st5["offers"] == []
    assert {"type": "offer_expired", "offer_id": oid + 1, "from": 2, "give": {"fish": 1}, "get": {"oil": 2}, "to": [0],
            "why": "turn_ended"} in ev


def test_a_bot_that_offers_waits_for_the_answer():
    """Trade, decision 16: a bot on turn that makes an offer does not end its turn underneath it: it is not
    in to_move while the answer is pending, and its next move is not end_turn before the answer."""
    st = main_state(hands={0: {"oil": 5}, 1: {"fish": 1}})
    st, _ = act(st, 0, type="offer_trade", to=1, give={"oil": 1}, get={"fish": 1})
    assert RS.to_move(st) == [1]
    assert RS.legal_actions(st, 0) and {"type": "end_turn"} not in RS.legal_actions(st, 0)


def test_offers_per_turn_are_limited():
    """Trade, decision 16 (online anti-spam): at most 5 offers or counters per player per turn."""
    st = main_state(hands={0: {"oil": 9}})
    for _ in range(5):
        st, _ = act(st, 0, type="offer_trade", to=1, give={"oil": 1}, get={"fish": 1})
    refused(RS, st, 0, dict(type="offer_trade", to=1, give={"oil": 1}, get={"fish": 1}), "playing-the-game")


def test_bank_trade_four_identical():
    """Trade: the Banker gives 1 card of any resource for 4 identical cards (a table with the bank open)."""
    st = main_state(hands={0: {"oil": 4, "soy": 3}}, options={"free_bank": True})
    st2, _ = act(st, 0, type="bank_trade", give="oil", get="fish")
    assert st2["hands"][0]["oil"] == 0 and st2["hands"][0]["fish"] == 1
    refused(RS, st, 0, dict(type="bank_trade", give="soy", get="fish"), "playing-the-game")


def test_port_trade_own_port_with_mp_any_roll_not_blocked():
    """Trading at ports: only the owner, with an MP in the province, regardless of the provinces in play,
    2 or 3 identical cards; blocked with its province."""
    st = main_state(hands={0: {"oil": 3}, 1: {"oil": 3}}, mps={"chubut": [0, 1, None]}, total=11)
    st["ports"]["puerto_madryn"] = 0
    st2, _ = act(st, 0, type="port_trade", port="puerto_madryn", give="oil", get="fish")
    assert st2["hands"][0]["oil"] == 1 and st2["hands"][0]["fish"] == 1
    st["ports"]["san_antonio_este"] = None
    refused(RS, st, 0, dict(type="port_trade", port="ushuaia", give="oil", get="fish"), "trading-at-ports")
    st["union"] = {"kind": "province", "id": "chubut"}
    refused(RS, st, 0, dict(type="port_trade", port="puerto_madryn", give="oil", get="fish"), "trading-at-ports")


def test_three_to_one_port():
    """Trading at ports: a 3 x 1 port takes 3 identical cards."""
    st = main_state(hands={0: {"oil": 3, "soy": 2}}, mps={"rio_negro": [0, None, None]})
    st["ports"]["san_antonio_este"] = 0
    refused(RS, st, 0, dict(type="port_trade", port="san_antonio_este", give="soy", get="fish"), "trading-at-ports")
    st2, _ = act(st, 0, type="port_trade", port="san_antonio_este", give="oil", get="fish")
    assert st2["hands"][0]["oil"] == 0


def test_international_trade_border_monopoly_is_2x1():
    """International Trade: a monopoly of a border province without sea port trades as a 2x1 port."""
    st = main_state(hands={0: {"oil": 2}}, mps={"jujuy": [0, 0, 0], "chubut": [0, 0, 0]})
    st2, _ = act(st, 0, type="intl_trade", province="jujuy", give="oil", get="soy")
    assert st2["hands"][0]["soy"] == 1
    refused(RS, st, 0, dict(type="intl_trade", province="chubut", give="oil", get="soy"), "international-trade")
    st["mps"]["jujuy"] = [0, 0, 1]
    refused(RS, st, 0, dict(type="intl_trade", province="jujuy", give="oil", get="soy"), "international-trade")


def test_international_trade_through_a_blocked_border_monopoly_is_refused():
    """International Trade + Union Organizer: a blocked province loses the effects of its monopoly, so its
    2x1 international trade is refused until the Union Organizer leaves."""
    st = main_state(hands={0: {"oil": 2}}, mps={"jujuy": [0, 0, 0]})
    st["union"] = {"kind": "province", "id": "jujuy"}
    assert not [a for a in RS.legal_actions(st, 0) if a["type"] == "intl_trade"]
    refused(RS, st, 0, dict(type="intl_trade", province="jujuy", give="oil", get="soy"), "playing-the-game")
    st["union"] = {"kind": "province", "id": "tucuman"}
    st2, _ = act(st, 0, type="intl_trade", province="jujuy", give="oil", get="soy")
    assert st2["hands"][0]["soy"] == 1


def _table():
    """Ana (seat 0, on turn, 5 Oil) and three others who each hold a card, no port: the Banker starts shut."""
    return main_state(hands={0: {"oil": 5, "soy": 1}, 1: {"fish": 1}, 2: {"wood": 1}, 3: {"cows": 1}})


BANK = dict(type="bank_trade", give="oil", get="fish")


def _bank_listed(st) -> bool:
    return BANK in RS.legal_actions(st, 0)


def test_bank_trade_only_when_no_chance_to_trade_with_players():
    """Playing the Game 5, Trade: "When a player has no chance to trade through a port or with the other players,
    they may trade with the Banker, giving 4 identical cards for 1" (decision 13): refused until each of the
    others has refused an offer made to all of them this turn; one refusal, or an offer to one player, is not
    enough, and the refusal says why and when the Banker opens."""
    st = _table()
    refused(RS, st, 0, BANK, "playing-the-game")
    with pytest.raises(IllegalAction) as exc:
        RS.apply(st, 0, BANK)
    assert "offer a trade to everyone" in exc.value.message and "refused" in exc.value.message
    assert not _bank_listed(st)
    st, _ = act(st, 0, type="offer_trade", to=1, give={"oil": 2}, get={"fish": 1})
    st, _ = act(st, 1, type="refuse_offer", offer_id=st["offers"][0]["id"])
    refused(RS, st, 0, BANK, "playing-the-game")  # an offer to one player is not an offer to the others
    st, _ = act(st, 0, type="offer_trade", to=None, give={"oil": 2}, get={"fish": 1})
    oid = st["offers"][0]["id"]
    assert RS.view(st, 2)["banker"] == "waiting"
    st, _ = act(st, 1, type="refuse_offer", offer_id=oid)
    st, _ = act(st, 2, type="refuse_offer", offer_id=oid)
    refused(RS, st, 0, BANK, "playing-the-game")  # still waiting for seat 3's answer
    st, _ = act(st, 3, type="refuse_offer", offer_id=oid)
    assert st["offers"] == [] and _bank_listed(st) and RS.view(st, None)["banker"] == "open"
    st, ev = act(st, 0, **BANK)
    assert st["hands"][0]["oil"] == 1 and st["hands"][0]["fish"] == 1
    assert ev == [{"type": "bank_trade", "seat": 0, "give": "oil", "count": 4, "get": "fish"}]


def test_a_withdrawn_or_replaced_offer_does_not_open_the_bank():
    """Playing the Game 5, Trade (issue 42.8): an offer to everyone withdrawn at once, before anyone answers,
    gave the others no chance to answer, so it is not "no chance to trade with the other players"; nor is one
    withdrawn after some refused, nor one replaced by a new offer."""
    st = _table()
    st, _ = act(st, 0, type="offer_trade", to=None, give={"oil": 2}, get={"fish": 1})
    oid = st["offers"][0]["id"]
    at_once, ev = act(st, 0, type="cancel_offer", offer_id=oid)
    assert ev[0]["type"] == "offer_withdrawn" and ev[0]["why"] == "withdrawn"
    refused(RS, at_once, 0, BANK, "playing-the-game")
    assert not _bank_listed(at_once) and RS.view(at_once, 1)["banker"] == "players"
    st, _ = act(st, 1, type="refuse_offer", offer_id=oid)
    st, _ = act(st, 2, type="refuse_offer", offer_id=oid)
    late, _ = act(st, 0, type="cancel_offer", offer_id=oid)  # seat 3 never answered
    refused(RS, late, 0, BANK, "playing-the-game")
    replaced, ev = act(st, 0, type="offer_trade", to=None, give={"oil": 3}, get={"fish": 1})
    assert ev[0]["why"] == "replaced"
    refused(RS, replaced, 0, BANK, "playing-the-game")


def test_a_counter_offer_does_not_open_the_bank():
    """Playing the Game 5, Trade (issue 42.8): a player who answers with a counter-offer gave the player on turn
    a chance to trade with them, whether or not it is taken; a later offer to everyone that each refuses opens
    the Banker."""
    st = _table()
    st, _ = act(st, 0, type="offer_trade", to=None, give={"oil": 2}, get={"fish": 1})
    oid = st["offers"][0]["id"]
    st, _ = act(st, 1, type="refuse_offer", offer_id=oid)
    st, _ = act(st, 2, type="counter_offer", offer_id=oid, give={"wood": 1}, get={"oil": 1})
    st, _ = act(st, 3, type="refuse_offer", offer_id=oid)
    assert [o.get("counter_to") for o in st["offers"]] == [oid]  # only the counter is left
    refused(RS, st, 0, BANK, "playing-the-game")
    st, _ = act(st, 0, type="refuse_offer", offer_id=st["offers"][0]["id"])  # Ana turns the counter down
    refused(RS, st, 0, BANK, "playing-the-game")
    # the last answer a counter-offer: the same
    last = _table()
    last, _ = act(last, 0, type="offer_trade", to=None, give={"oil": 2}, get={"fish": 1})
    lid = last["offers"][0]["id"]
    for s in (1, 2):
        last, _ = act(last, s, type="refuse_offer", offer_id=lid)
    last, _ = act(last, 3, type="counter_offer", offer_id=lid, give={"cows": 1}, get={"oil": 1})
    assert lid not in [o["id"] for o in last["offers"]]  # answered by everyone, the last with a counter
    refused(RS, last, 0, BANK, "playing-the-game")
    st, _ = act(st, 0, type="offer_trade", to=None, give={"oil": 1}, get={"fish": 1})
    for s in (1, 2, 3):
        st, _ = act(st, s, type="refuse_offer", offer_id=st["offers"][0]["id"])
    st, _ = act(st, 0, **BANK)
    assert st["hands"][0]["fish"] == 1


def test_answers_run_out_of_time_count_as_refusals_for_the_bank():
    """Playing the Game 5, Trade (issue 42.8): a player who does not answer an offer within their time is
    refused for by the server (``timeout_action``, the clock the site already keeps: the engine takes no time
    of its own); each such refusal counts, so a silent table opens the Banker."""
    st = _table()
    st, _ = act(st, 0, type="offer_trade", to=None, give={"oil": 2}, get={"fish": 1})
    oid = st["offers"][0]["id"]
    st, _ = act(st, 1, type="refuse_offer", offer_id=oid)
    for s in (2, 3):
        timed_out = RS.timeout_action(st, s)
        assert timed_out == {"type": "refuse_offer", "offer_id": oid}
        st, _ = RS.apply(st, s, timed_out)
    assert _bank_listed(st)


def test_an_accepted_offer_does_not_open_the_bank():
    """Trade: a player who did trade with the others had that chance; the bank stays closed."""
    st = main_state(hands={0: {"oil": 6}, 1: {"fish": 1}, 2: {"wood": 1}})
    st, _ = act(st, 0, type="offer_trade", to=None, give={"oil": 1}, get={"fish": 1})
    st, _ = act(st, 1, type="accept_offer", offer_id=st["offers"][0]["id"])
    refused(RS, st, 0, dict(type="bank_trade", give="oil", get="soy"), "playing-the-game")


def test_bank_refused_to_a_player_with_a_port_that_trades():
    """Trade: the Banker is for a player with "no chance to trade through a port": an owner of a usable
    port (an MP there, not blocked) or of a border monopoly (International Trade) is sent to it, even
    after an offer was refused; a blocked port gives no chance, so the bank opens."""
    st = main_state(hands={0: {"oil": 5}}, mps={"chubut": [0, 1, None]})
    st["ports"]["puerto_madryn"] = 0
    st["flags"]["players_declined"] = True
    with pytest.raises(IllegalAction) as exc:
        RS.apply(st, 0, dict(type="bank_trade", give="oil", get="fish"))
    assert exc.value.rule == "playing-the-game" and "port" in exc.value.message
    st["union"] = {"kind": "province", "id": "chubut"}
    st2, _ = act(st, 0, type="bank_trade", give="oil", get="fish")
    assert st2["hands"][0]["fish"] == 1
    border = main_state(hands={0: {"oil": 5}}, mps={"la_rioja": [0, 0]}, flags={"players_declined": True,
                        "union_official_used": False, "special_claimed": [], "offers_made": {}})
    refused(RS, border, 0, dict(type="bank_trade", give="oil", get="fish"), "playing-the-game")


def test_every_viewer_sees_whether_the_banker_is_open_and_why():
    """Playing the Game 5, Trade: the view tells every viewer (the facts are public) whether the Banker trades
    with the player on turn: ``players`` until an offer to everyone is refused by each, ``waiting`` while it
    waits for answers, ``open``, or the port / border province to trade through instead; None off the main
    phase."""
    st = main_state(hands={0: {"oil": 5}, 1: {"fish": 1}}, mps={"chubut": [0, 1, None]})
    assert [RS.view(st, v)["banker"] for v in (None, 0, 1)] == ["players"] * 3
    st["ports"]["puerto_madryn"] = 0
    assert RS.view(st, 1)["banker"] == "puerto_madryn"
    st["phase"] = "pre_roll"
    assert RS.view(st, 0)["banker"] is None


def test_bank_open_when_the_others_hold_no_cards():
    """Trade: with no card in any other hand there is no chance to trade with the players."""
    st = main_state(hands={0: {"oil": 4}})
    st2, _ = act(st, 0, type="bank_trade", give="oil", get="fish")
    assert st2["hands"][0]["fish"] == 1


def test_free_bank_option_is_checked_at_creation():
    """Setup: the table option ``free_bank`` (on/off) opens the Banker to everyone; unknown or malformed
    options are refused when the table is created."""
    st = RS.new_game(4, "fb", {"free_bank": True, "max_turns": 30})
    assert st["options"]["free_bank"] is True and st["max_turns"] == 30
    for bad, rule in (({"free_bank": "yes"}, "playing-the-game"), ({"bank": True}, "setup"),
                      ({"max_turns": "12"}, "setup"), ({"max_turns": -3}, "setup")):
        refused_new_game(RS, 4, bad, rule)


def test_bot_offers_to_everyone_before_banking():
    """Trade (decision 13): a bot that wants a 4:1 bank trade first offers everyone the same trade at 2 for
    1, then banks when nobody takes it."""
    rng = random.Random(3)
    st = main_state(hands={0: {"oil": 9}, 1: {"fish": 1}, 2: {"fish": 1}, 3: {"fish": 1}})
    a = RS.bot_action(st, 0, rng)
    assert a["type"] == "offer_trade" and a["to"] is None and a["give"] == {"oil": 2}
    st, _ = RS.apply(st, 0, a)
    for s in (1, 2, 3):
        st, _ = act(st, s, type="refuse_offer", offer_id=st["offers"][0]["id"])
    assert RS.bot_action(st, 0, rng)["type"] == "bank_trade"
