"""The replay viewer: finished games of every ruleset replayed from their log, every step drawn, refusals."""

from __future__ import annotations

import json
import random

import pytest
from django.test import Client
from django.utils import timezone

from games.core.rulesets import get
from games.models import Game, Move, Seat
from games.play.actions import MoveRejected, do_deadline, do_move
from games.present import replay
from games.present.verify import canonical
from games.present.verify import replay as replay_from_scratch
from games.tables import lifecycle as tables
from games.tests.conftest import seat_user

pytestmark = pytest.mark.django_db

# Each ruleset at a size that finishes in a few dozen to a couple of hundred moves (past several checkpoints).
GAMES = {
    "estanciero": (3, {"max_turns": 8}),
    "argentilandia": (3, {"max_turns": 10}),
    "ladrillazo": (3, {"handful": 6}),
}
TIMEOUT_AT = 5  # from this move on, the first person on move runs out of time: the log holds the framework's events


def play_out(players, ruleset: str, seats: int | None = None, options: dict | None = None,
             time_out: bool = True) -> Game:
    """A finished game played through the one move path: two people (each choosing what their bot would) and a
    bot seat moved by its deadline (``seats`` and ``options`` other than ``GAMES``' give more bots or a shorter
    game); with ``time_out``, from move ``TIMEOUT_AT`` on, the first person on move times out, a bot takes the seat
    over (``max_timeouts=1``) and the person takes it back with their next move."""
    num_seats, options = (seats or GAMES[ruleset][0]), (options or GAMES[ruleset][1])
    game = tables.do_create_table(players[0], ruleset, num_seats, bots=num_seats - 2, time_control="correspondence",
                                  options=options, max_timeouts=1)
    tables.do_join(game.pk, players[1])
    if Game.objects.get(pk=game.pk).status == Game.Status.LOBBY:
        tables.do_start(game.pk, players[0])
    rs = get(ruleset)
    timed_out = not time_out
    for _ in range(3000):
        game = Game.objects.get(pk=game.pk)
        if game.status == Game.Status.FINISHED:
            return game
        seat = rs.to_move(game.state)[0]
        seat_obj = Seat.objects.get(game=game, index=seat)
        times_out = not timed_out and game.version >= TIMEOUT_AT and seat_obj.is_human
        if seat_obj.user_id is None or times_out:
            # A bot's move, or a person's clock running out: the deadline fires as the Celery task would fire it.
            timed_out = timed_out or times_out
            Seat.objects.filter(pk=seat_obj.pk).update(deadline=timezone.now())
            assert do_deadline(game.pk, seat, game.version) is not None
            continue
        action = rs.bot_action(game.state, seat, random.Random(f"{game.pk}:{game.version}"))
        do_move(game.pk, seat=seat, action=action, expected_version=game.version,
                actor=seat_user(game, players, seat), source=Move.Source.UI)
    raise AssertionError(f"the {ruleset} game did not finish")


def states_from_scratch(game: Game) -> list[dict]:
    """Every state of the game (0..last) by applying the log afresh, without the replay module."""
    rs = get(game.ruleset)
    state = rs.new_game(game.num_seats, game.seed, game.options or None)
    states = [state]
    for seat, action in Move.objects.filter(game=game).order_by("seq").values_list("seat", "action"):
        state, _events = rs.apply(state, seat, action)
        states.append(state)
    return states


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_replaying_the_whole_log_gives_the_stored_final_state(players, ruleset):
    game = play_out(players, ruleset)
    replay.clear()
    sources = set(Move.objects.filter(game=game).values_list("source", flat=True))
    assert {"ui", "bot", "timeout"} <= sources
    framework = {e["type"] for m in Move.objects.filter(game=game) for e in m.events}
    assert {"timed_out", "bot_took_over", "seat_taken_back"} <= framework

    assert canonical(replay.state_at(game, game.version)) == canonical(game.state)
    # Every step, asked in any order (backwards, jumps, the same twice), is the state the log gives afresh:
    # checkpoints and the last state kept never leak one step into another.
    truth = [canonical(s) for s in states_from_scratch(game)]
    assert len(truth) == game.version + 1 > replay.CHECKPOINT_EVERY * 2
    order = list(range(game.version, -1, -1)) + random.Random(7).sample(range(game.version + 1), game.version + 1)
    for n in order:
        assert canonical(replay.state_at(game, n)) == truth[n], f"step {n}"
    moves = list(Move.objects.filter(game=game).order_by("seq").values_list("seat", "action"))
    for n in (0, 1, replay.CHECKPOINT_EVERY, replay.CHECKPOINT_EVERY + 1, game.version):
        assert canonical(replay.state_at(game, n)) == canonical(
            replay_from_scratch(game.ruleset, game.num_seats, game.seed, game.options, moves[:n]))


def test_a_state_handed_out_can_be_changed_without_changing_the_replay(players):
    game = play_out(players, "estanciero")
    replay.clear()
    first = replay.state_at(game, replay.CHECKPOINT_EVERY)
    first["tampered"] = True
    again = replay.state_at(game, replay.CHECKPOINT_EVERY)
    assert "tampered" not in again
    assert canonical(replay.state_at(game, game.version)) == canonical(game.state)


def test_stepping_reuses_checkpoints_and_the_last_step(players, monkeypatch):
    """One step forward applies one move; a step back starts from the checkpoint below, never from the deal."""
    game = play_out(players, "ladrillazo")
    replay.clear()
    rs = get("ladrillazo")
    applied = []
    real_apply = rs.apply
    monkeypatch.setattr(rs, "apply", lambda state, seat, action: applied.append(1) or real_apply(state, seat, action))

    replay.state_at(game, game.version)
    assert len(applied) == game.version  # the first visit walks the log once
    applied.clear()
    replay.state_at(game, game.version - 1)
    assert len(applied) < replay.CHECKPOINT_EVERY
    assert applied or (game.version - 1) % replay.CHECKPOINT_EVERY == 0  # none only when on a checkpoint
    applied.clear()
    replay.state_at(game, game.version)
    # one move from the step below, or none when the last move is itself a checkpoint (the game's length is the
    # seed's: one game in CHECKPOINT_EVERY ends on one)
    assert len(applied) == (0 if game.version % replay.CHECKPOINT_EVERY == 0 else 1)
    applied.clear()
    replay.state_at(game, 2 * replay.CHECKPOINT_EVERY)
    assert applied == []  # exactly a checkpoint
    assert replay.replay_for(game) is replay.replay_for(Game.objects.get(pk=game.pk))


@pytest.mark.long
@pytest.mark.parametrize("ruleset", list(GAMES))
def test_every_step_renders_with_its_move_and_board(players, ruleset):
    game = play_out(players, ruleset)
    names = [s.display_name for s in Seat.objects.filter(game=game).select_related("user").order_by("index")]
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    moves = {m.seq: m for m in Move.objects.filter(game=game)}
    for n in range(game.version + 1):
        response = client.get(f"/games/{game.pk}/replay/step/?at={n}")
        assert response.status_code == 200, (n, response.content[:300])
        html = response.content.decode()
        assert f'data-at="{n}"' in html and 'class="board-area replay-board"' in html
        if n == 0:
            assert "The deal" in html
        else:
            assert f"Move {n} of {game.version}" in html
            assert names[moves[n].seat] in html
            assert moves[n].created_at.astimezone(timezone.get_current_timezone()).strftime("%H:%M:%S") in html
    last = client.get(f"/games/{game.pk}/replay/?at={game.version}").content.decode()
    assert "Game over" in last and f'max="{game.version}"' in last
    # The page reads in Spanish too.
    spanish = Client(HTTP_ACCEPT_LANGUAGE="es").get(f"/games/{game.pk}/replay/?at=1").content.decode()
    assert "Repetición" in spanish and f"Jugada 1 de {game.version}" in spanish


def test_the_logs_lines_of_a_move_are_shown_as_the_table_told_them(players):
    game = play_out(players, "estanciero")
    timeout = Move.objects.get(game=game, source=Move.Source.TIMEOUT)
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/games/{game.pk}/replay/step/?at={timeout.seq}").content.decode()
    who = Seat.objects.get(game=game, index=timeout.seat).display_name
    assert f"{who} ran out of time (1 of 1 timeouts)" in html
    assert f"A bot now plays for {who}" in html
    assert "out of time" in html


def test_a_player_seen_by_shows_their_hand_and_the_public_view_does_not(players):
    game = play_out(players, "ladrillazo")
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    n = 3
    state = replay.state_at(game, n)
    hand = state["players"][0]["hand"]
    assert hand
    card = f'data-card="{hand[0]}"'
    public = client.get(f"/games/{game.pk}/replay/step/?at={n}").content.decode()
    assert card not in public and "Your hand" not in public
    seen = client.get(f"/games/{game.pk}/replay/step/?at={n}&as=0").content.decode()
    assert card in seen and "hand included" in seen


def test_the_replay_of_a_live_game_is_refused_and_shows_nothing(started_game):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    for url in (f"/games/{started_game.pk}/replay/", f"/games/{started_game.pk}/replay/step/?at=0",
                f"/games/{started_game.pk}/replay/?at=0&as=1"):
        response = client.get(url)
        assert response.status_code == 403
        html = response.content.decode()
        assert "The replay opens when the game is over" in html
        assert "replay-board" not in html and started_game.seed not in html


def test_a_table_that_never_started_has_nothing_to_replay(players):
    game = tables.do_create_table(players[0], "estanciero", 3, time_control="correspondence")
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert client.get(f"/games/{game.pk}/replay/").status_code == 403  # still in the lobby
    tables.do_leave(game.pk, players[0])  # the creator cancels it: aborted, never dealt
    response = client.get(f"/games/{game.pk}/replay/")
    assert response.status_code == 404 and "never started" in response.content.decode()
    assert client.get("/games/999999/replay/").status_code == 404


def test_steps_out_of_range_or_malformed_are_refused(players):
    game = play_out(players, "estanciero")
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    last = game.version
    for query, status, text in ((f"at={last + 1}", 404, f"There is no move {last + 1}"),
                                ("at=-1", 404, "There is no move -1"),
                                ("at=abc", 400, "A move number is a whole number."),
                                ("at=1&as=9", 400, "No such seat."),
                                ("at=1&as=x", 400, "A move number is a whole number.")):
        for path in ("replay", "replay/step"):
            response = client.get(f"/games/{game.pk}/{path}/?{query}")
            assert response.status_code == status, (path, query)
            assert text in response.content.decode(), (path, query)
    for n in (-1, last + 1, "3", True):
        with pytest.raises(MoveRejected) as refused:
            replay.state_at(game, n)
        assert refused.value.code == "not_found"
    # Nothing was written by any of it.
    after = Game.objects.get(pk=game.pk)
    assert (after.version, after.rev, canonical(after.state)) == (game.version, game.rev, canonical(game.state))


def test_the_game_over_card_and_the_dice_check_link_to_the_replay(players):
    game = play_out(players, "argentilandia")
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    url = f"/games/{game.pk}/replay/"
    table = client.get(game.get_absolute_url()).content.decode()
    assert f'href="{url}"' in table and "Watch the replay" in table
    assert f'href="{url}"' in client.get(f"/games/{game.pk}/verify/").content.decode()
    client.force_login(players[0])
    assert f'href="{url}"' in client.get(game.get_absolute_url()).content.decode()
    # The log export stays beside it: the same moves, and the seed the replay starts from.
    log = json.loads(client.get(f"/games/{game.pk}/log.json").content)
    assert [m["seq"] for m in log["moves"]] == list(range(1, game.version + 1)) and log["seed"] == game.seed


@pytest.mark.parametrize("ruleset, link, title", [
    ("ladrillazo", "Check that the shuffle was fair", "Was the shuffle fair?"),
    ("estanciero", "Check that the dice were fair", "Were the dice fair?"),
])
def test_the_fairness_check_names_the_games_own_chance(players, ruleset, link, title):
    """Ladrillazo has no dice: its game-over card and check page speak of the shuffle; a dice game of dice."""
    game = play_out(players, ruleset)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    table = client.get(game.get_absolute_url()).content.decode()
    verify = client.get(f"/games/{game.pk}/verify/").content.decode()
    assert link in table and title in verify
    if ruleset == "ladrillazo":  # the site's footer and the check's explanation name both kinds of chance
        assert "dice were" not in table + verify and "dice sealed" not in table and "check the dice" not in table
