"""The bot: legal moves only, builds a plot that earns, hides and evades, answers and makes offers,
and bot-only games finish within a turn bound (every section)."""

from __future__ import annotations

import os
import random

import pytest

from games.ladrillazo.engine import RULESET as R
from games.ladrillazo.engine.schema import END_DISPENSER

from .helpers import act, game, to_hand, to_plot

BOT_GAMES = int(os.environ.get("LADRILLAZO_BOT_GAMES", "30"))


def play_bots(n: int, seed: str, max_steps: int = 5000) -> tuple[dict, list]:
    s = R.new_game(n, seed)
    rng = random.Random(seed)
    log = []
    for _ in range(max_steps):
        if R.outcome(s) is not None:
            break
        seat = next((x for x in range(n) if x not in R.to_move(s) and R.bot_optional_action(s, x, rng)), None)
        if seat is not None:
            action = R.bot_optional_action(s, seat, rng)
        else:
            seat = R.to_move(s)[0]
            action = R.bot_action(s, seat, rng)
        s, events = R.apply(s, seat, action)
        log.append((seat, action, events))
    return s, log


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_bot_only_games_finish_by_the_dispenser(n):
    """End of the game: bot-only games empty the dispenser within 30 turns per player."""
    for g in range(max(1, BOT_GAMES // 5)):
        s, log = play_bots(n, f"bots-{n}-{g}")
        out = R.outcome(s)
        assert out is not None and out["reason"] == END_DISPENSER, (n, g)
        assert s["turn"]["number"] <= 30 * n
        kinds = {a["type"] for _seat, a, _e in log}
        assert {"lower", "act", "hide", "evade", "end_turn"} <= kinds


def test_bot_builds_a_profitable_plot_and_keeps_its_money():
    """Money: across bot games, projects earn, money is hidden and evaded, little is returned."""
    earned = hidden = evaded = returned = 0
    for g in range(6):
        _s, log = play_bots(4, f"profit-{g}")
        for _seat, _a, events in log:
            for e in events:
                earned += e["amount"] if e["type"] == "earned" else 0
                hidden += e["amount"] if e["type"] == "hidden" else 0
                evaded += e["amount"] if e["type"] == "evaded" else 0
                returned += e["amount"] if e["type"] == "returned" else 0
    assert earned > 0 and hidden > 0 and evaded > 0
    assert returned < earned / 10


def test_bot_makes_and_answers_offers():
    """Talks: bots propose deals and accept good ones."""
    kinds = set()
    for g in range(8):
        _s, log = play_bots(4, f"talk-{g}")
        kinds |= {a["type"] for _seat, a, _e in log}
    assert {"propose", "accept"} <= kinds


def test_bot_answers_a_bad_offer_with_a_rejection_and_a_good_one_with_acceptance():
    """Talks: the bot accepts when what it gets is worth at least what it gives."""
    s = game()
    s["players"][0]["loose"] = 6
    s["dispenser"] -= 6
    land = to_plot(s, 1, "solar_urbanizable")
    project = to_plot(s, 1, "eurovegas")
    s, _ = act(s, 0, {"type": "propose", "to": 1, "give": {"envelopes": 1}, "ask": {"plot": [project]}})
    assert R.bot_optional_action(s, 1) == {"type": "reject", "id": s["proposals"][0]["id"]}
    s, _ = act(s, 0, {"type": "cancel", "id": s["proposals"][0]["id"]})
    s, _ = act(s, 0, {"type": "propose", "to": 1, "give": {"envelopes": 3}, "ask": {"plot": [land]}})
    assert R.bot_optional_action(s, 1) == {"type": "accept", "id": s["proposals"][0]["id"]}


def test_bot_and_timeout_moves_are_always_legal():
    """Every bot move is accepted by apply; a timed-out player ends the turn."""
    s = R.new_game(3, "timeouts")
    assert R.timeout_action(s, 0) == {"type": "end_turn", "discard": []}
    s, log = play_bots(3, "legal-bots")
    assert R.outcome(s) is not None and log


# --- The bot's decisions, one position each -----------------------------------------------------------------------

def _ids(s: dict, seat: int, where: str, *keys: str) -> list[int]:
    return [to_hand(s, seat, k) if where == "hand" else to_plot(s, seat, k) for k in keys]


def test_end_of_turn_bot_discards_what_it_cannot_use_to_draw_more():
    """End of turn: the player "discards the cards in his hand that do not interest him ... and he will take the same
    number of cards ... and one more". Without a project in its plot the bot gives up its mamandurrias (it has no
    income to pay them), keeps the two projects closest to being lowered and gives up the others, and gives up
    builders its plot already has three icons of; with a project in its plot it keeps its mamandurrias."""
    s = game()
    _ids(s, 0, "plot", "solar_urbanizable", "constructora_barrio", "constructora_barrio", "constructora_barrio")
    arco, formula1 = _ids(s, 0, "hand", "arco", "formula1")
    adosados, polideportivo, palma, eurovegas = _ids(s, 0, "hand", "adosados", "polideportivo", "palma_arena",
                                                     "eurovegas")
    gran = to_hand(s, 0, "gran_constructora")  # needs a politician: cannot be lowered, and the plot has 3 builders
    ministro = to_hand(s, 0, "ministro_fomento")  # the plot has no politician: kept
    move = R.bot_action(s, 0, None)
    assert move["type"] == "end_turn"
    assert sorted(move["discard"]) == sorted([arco, formula1, palma, eurovegas, gran])
    assert {adosados, polideportivo, ministro}.isdisjoint(move["discard"])
    s, events = act(s, 0, move)
    assert len(s["players"][0]["hand"]) == 8 - 5 + 6, "discarding five draws six"

    s = game()
    _ids(s, 0, "plot", "solar_urbanizable", "rotonda")
    s["players"][0]["plot"][-1]["tapped"] = True  # it has earned this turn
    arco, formula1 = _ids(s, 0, "hand", "arco", "formula1")
    move = R.bot_action(s, 0, None)
    assert move == {"type": "end_turn", "discard": []}


def test_turn_bot_lowers_the_payer_its_plot_lacks():
    """The Cards: "politicians and builders are indispensable to carry out projects". With builders in its plot and
    no politician, the bot lowers a politician before another builder (it used to prefer builders always)."""
    s = game()
    _ids(s, 0, "plot", "constructora_barrio", "constructora_barrio", "solar_urbanizable", "pensionistas")
    concejal, barrio = _ids(s, 0, "hand", "concejal_urbanismo", "constructora_barrio")
    move = R.bot_action(s, 0, None)
    assert move["type"] == "lower" and move["card"] == concejal
    s, _ = act(s, 0, move)
    assert concejal in [e["id"] for e in s["players"][0]["plot"]]


def test_talks_bot_trades_a_spare_card_for_the_politician_its_plot_lacks():
    """Talks: players "are free to negotiate, exchange, sell or auction their cards". A bot with a project in hand and
    no politician to pay for it offers a spare hand card (and an envelope) for a rival's free politician, to a rival
    that keeps another one; the rival's bot finds it a good deal and accepts, and the politician changes plot."""
    s = game(3)
    _ids(s, 0, "plot", "constructora_barrio", "pensionistas")
    holder = to_plot(s, 0, "testaferro", envelopes=1)
    adosados, arco = _ids(s, 0, "hand", "adosados", "arco")
    s["dispenser"] -= 1
    c1, _c1b = _ids(s, 1, "plot", "concejal_urbanismo", "concejal_urbanismo")
    c2, _c2b = _ids(s, 2, "plot", "concejal_urbanismo", "concejal_urbanismo")
    s["players"][1]["paradise"] = 5  # seat 1 leads: the bot deals with the poorer seat 2
    s["dispenser"] -= 5
    move = R.bot_action(s, 0, None)
    assert move == {"type": "propose", "to": 2, "give": {"hand": [arco], "plot": [], "envelopes": 1},
                    "ask": {"plot": [c2]}}
    s, _ = act(s, 0, move)
    answer = R.bot_optional_action(s, 2)
    assert answer["type"] == "accept"
    s, _ = act(s, 2, answer)
    assert c2 in [e["id"] for e in s["players"][0]["plot"]] and arco in s["players"][2]["hand"]
    assert adosados in s["players"][0]["hand"] and holder in [e["id"] for e in s["players"][0]["plot"]]

    s = game(2)
    _ids(s, 0, "plot", "constructora_barrio", "pensionistas")
    to_plot(s, 0, "testaferro", envelopes=1)
    s["dispenser"] -= 1
    _ids(s, 0, "hand", "adosados", "arco")
    to_plot(s, 1, "concejal_urbanismo")  # its only politician: the bot does not ask for it
    assert R.bot_action(s, 0, None)["type"] == "end_turn"


def test_talks_bot_buys_land_from_the_poorest_rival_not_seat_zero():
    """Talks: the bot's offer of two envelopes for a land or citizen it lacks goes to the poorest rival (ties in turn
    order after the bot), so no seat number is asked first in every game."""
    s = game(3)
    s["turn"]["seat"] = 2
    to_plot(s, 2, "poligono_abandonado", envelopes=2)
    s["dispenser"] -= 2
    to_hand(s, 2, "concejal_urbanismo")  # needs a citizen: seat 2 has none
    to_plot(s, 0, "pensionistas")
    wanted = to_plot(s, 1, "pensionistas")
    move = R.bot_action(s, 2, None)
    assert move == {"type": "propose", "to": 0, "give": {"envelopes": 2}, "ask": {"plot": [s["players"][0]["plot"][0]["id"]]}}
    s["players"][0]["paradise"] = 4
    s["dispenser"] -= 4
    move = R.bot_action(s, 2, None)
    assert move["to"] == 1 and move["ask"] == {"plot": [wanted]}


def test_money_bot_pays_without_its_evade_cards_when_others_suffice():
    """Money: "evading is an action and therefore it is marked with a turn in the card", and a card turned to pay
    cannot act again this turn (Turn and lower). The bot pays a politician with a citizen without an EVADE stamp
    and keeps the Asesor fiscal to evade; when only the Asesor can pay, it pays with it."""
    s = game()
    asesor, pens = _ids(s, 0, "plot", "asesor_fiscal", "pensionistas")
    if asesor > pens:  # make the Asesor the card the plain payment finder picks first (the lowest id)
        s["cards"][asesor], s["cards"][pens] = s["cards"][pens], s["cards"][asesor]
        asesor, pens = pens, asesor
    concejal = to_hand(s, 0, "concejal_urbanismo")
    assert R.legal_actions(s, 0)[0] == {"type": "lower", "card": concejal, "pay": [asesor]}
    move = R.bot_action(s, 0, None)
    assert move == {"type": "lower", "card": concejal, "pay": [pens]}
    s, _ = act(s, 0, move)
    s["players"][0]["loose"] = 2
    s["dispenser"] -= 2
    assert R.bot_action(s, 0, None) == {"type": "evade", "card": asesor, "amount": 2}

    s = game()
    asesor = to_plot(s, 0, "asesor_fiscal")
    concejal = to_hand(s, 0, "concejal_urbanismo")
    assert R.bot_action(s, 0, None) == {"type": "lower", "card": concejal, "pay": [asesor]}


def test_level_and_support_bot_backs_with_cards_that_hide_nothing_and_not_past_its_room():
    """Level and support: "the cards they support lose their ability to save envelopes" (Money). The bot backs its
    project with a land without an ESCONDE stamp rather than the Polígono (ESCONDE 3); and when its plot has no room
    left for the extra envelope a backer would earn, it keeps the land free and earns instead."""
    s = game()
    poligono, solar, rustico, huerta = _ids(s, 0, "plot", "poligono_abandonado", "solar_urbanizable",
                                            "terreno_rustico", "huerta")
    adosados = to_plot(s, 0, "adosados")
    move = R.bot_action(s, 0, None)
    assert move["type"] == "back" and move["target"] == adosados and move["card"] in (rustico, huerta)

    s = game()
    _ids(s, 0, "plot", "terreno_rustico", "huerta", "paraje_protegido")
    to_plot(s, 0, "poligono_abandonado", envelopes=3)
    to_plot(s, 0, "solar_urbanizable", envelopes=1)
    adosados = to_plot(s, 0, "adosados", envelopes=1)
    s["dispenser"] -= 5
    assert R.bot_action(s, 0, None) == {"type": "act", "card": adosados, "power": 0}


def test_end_of_game_bot_spends_nothing_in_the_turn_that_empties_the_dispenser():
    """End of the game: "the player of that turn does not need to hide his money", so the bot pays for no mamandurria
    in that turn (it would only refill the dispenser). In another turn it spends on one money it could not keep, but
    an evading one only when more than its cost would be lost (Money)."""
    s = game()
    arco = to_hand(s, 0, "arco")
    s["players"][0]["loose"] = 5
    s["dispenser"] -= 5
    assert R.bot_action(s, 0, None) == {"type": "lower", "card": arco, "pay": []}
    s["turn"]["dispenser_emptied"] = True
    assert R.bot_action(s, 0, None)["type"] == "end_turn"

    s = game()
    to_hand(s, 0, "arco")
    to_plot(s, 0, "testaferro")
    to_plot(s, 0, "cunado")
    s["players"][0]["loose"] = 5  # room for 5: nothing would be lost
    s["dispenser"] -= 5
    assert R.bot_action(s, 0, None)["type"] == "hide"


def test_end_of_game_bot_does_not_empty_the_dispenser_to_lose():
    """End of the game: the game "ends at the end of the turn in which all the envelopes of the dispenser have been
    used up" and "the player with the most envelopes wins". A bot whose projects would empty the dispenser while a
    rival with a project is ahead earns only with what leaves an envelope in it; for the last envelope, or ahead,
    or when the rival ahead has no project to end the game with, it earns all and ends the game."""
    s = game()
    small = to_plot(s, 0, "adosados")
    big = to_plot(s, 0, "palma_arena")  # earns 2
    to_plot(s, 0, "testaferro")
    to_plot(s, 0, "cunado")
    to_plot(s, 1, "rotonda")
    s["players"][1]["paradise"] = s["dispenser"] - 3  # seat 1 leads; 3 envelopes are left
    s["dispenser"] = 3
    move = R.bot_action(s, 0, None)
    assert move == {"type": "act", "card": small, "power": 0}, "earning 1 leaves envelopes"
    s, _ = act(s, 0, move)
    assert R.bot_action(s, 0, None) != {"type": "act", "card": big, "power": 0}, "2 of 2 would end a game it loses"
    assert R.bot_action(s, 0, None)["type"] != "act"

    s = game()
    small = to_plot(s, 0, "adosados")
    to_plot(s, 1, "rotonda")
    s["players"][1]["paradise"] = s["dispenser"] - 1  # the last envelope: whoever earns next ends the game
    s["dispenser"] = 1
    assert R.bot_action(s, 0, None) == {"type": "act", "card": small, "power": 0}

    for bot_leads in (False, True):
        s = game()
        to_plot(s, 0, "adosados")
        to_plot(s, 0, "palma_arena")
        if bot_leads:  # seat 0 leads and ends the game
            s["players"][0]["paradise"] = s["dispenser"] - 2
        else:  # seat 1 leads but has no project: nobody else would end it
            s["players"][1]["paradise"] = s["dispenser"] - 2
        s["dispenser"] = 2
        s, _ = act(s, 0, R.bot_action(s, 0, None))
        s, _ = act(s, 0, R.bot_action(s, 0, None))
        assert s["dispenser"] == 0 and s["turn"]["dispenser_emptied"]
