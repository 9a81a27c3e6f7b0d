"""The move path, ``games/play/actions.py`` (lock, check, apply, write, publish after commit): gaps that its mutation
run of 2 December 2026 found (``make mutation-move-path``, mutation/move_path.toml). Refusals carry the game's version
and their check's own message, rule and parameters; a seat off the table or nobody signed in is refused, not a
crash; the finishing move is stamped and queues the results robustly; the clocks are armed after commit from
the seats the move wrote; a deadline fires once, at its instant, for its version and seat only; a bot's move is
seeded by game, version and seat."""

import random
import re
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation
from django.utils.translation import gettext

from games.core.rulesets import IllegalAction, get
from games.core.validation import InvalidInput, check_action
from games.models import Game, Move, Seat
from games.play import actions, bots, move_writes
from games.play.actions import MoveRejected, do_deadline, do_move, required_seats
from games.tables import lifecycle as tables
from games.tests.conftest import seat_user

pytestmark = pytest.mark.django_db


def first_move(game: Game) -> tuple[int, dict]:
    rs = get(game.ruleset)
    seat = rs.to_move(game.state)[0]
    return seat, rs.legal_actions(game.state, seat)[0]


def move_once(game: Game, players, source: str = "ui"):
    """The first legal move of the seat on move, by its player, at the game's current version."""
    game = Game.objects.get(pk=game.pk)
    seat, action = first_move(game)
    return do_move(game.pk, seat=seat, action=action, expected_version=game.version,
                   actor=seat_user(game, players, seat), source=source)


def written(game: Game) -> tuple:
    """What a refused move must leave as it was: the game's row and its log."""
    row = Game.objects.get(pk=game.pk)
    return row.version, row.rev, row.state, Move.objects.filter(game=game).count()


def live_table(players, *, bots: int = 0, **kwargs) -> Game:
    """A two-seat Estanciero with clocks: two people (started), or the creator and a bot (started at once)."""
    game = tables.do_create_table(players[0], "estanciero", 2, bots=bots, time_control="blitz", **kwargs)
    if not bots:
        tables.do_join(game.pk, players[1])
        tables.do_start(game.pk, players[0])
    return Game.objects.get(pk=game.pk)


def expire(game: Game, seat: int, when=None) -> None:
    Seat.objects.filter(game=game, index=seat).update(deadline=when or timezone.now() - timedelta(seconds=1))


def captured(monkeypatch) -> dict[str, list]:
    """What the after-commit step hands on: layer messages, deadlines armed from the move, deadlines read back."""
    seen: dict[str, list] = {"sent": [], "armed": [], "scheduled": []}
    # A send that takes nothing along (the layer on another Redis than the broker): the timeouts are then queued
    # on their own.
    monkeypatch.setattr("games.play.broadcast.group_send", lambda group, message, then=None: seen["sent"].append(message))
    monkeypatch.setattr("games.play.timers.add", lambda deadlines: seen["armed"].append(dict(deadlines)))
    monkeypatch.setattr("games.play.deadlines.schedule_deadlines", lambda game_id: seen["scheduled"].append(game_id))
    return seen


def game_changed(seen: dict) -> list[dict]:
    return [m for m in seen["sent"] if m.get("type") == "game.changed"]


# --- refusals -------------------------------------------------------------------------------------------------


def test_a_refusal_keeps_what_it_was_given_and_fills_its_message_with_its_parameters():
    """``MoveRejected``: code, message (also its ``str``), rule, version and parameters as given (no parameters:
    an empty dict); its text is the message translated, then filled with its own parameters or with those passed
    (the display names), left unfilled when they do not fit; ``as_dict`` is what the API answers."""
    refusal = MoveRejected("illegal", "%(player)s may not buy %(space)s.", rule="buy", version=4,
                           params={"player": 1, "space": 9})
    assert (str(refusal), refusal.code, refusal.message, refusal.rule, refusal.version, refusal.params) == (
        "%(player)s may not buy %(space)s.", "illegal", "%(player)s may not buy %(space)s.", "buy", 4,
        {"player": 1, "space": 9})
    assert refusal.http_status == 422
    assert refusal.text() == "1 may not buy 9."
    assert refusal.text(params={"player": "Ana", "space": "Oeste"}) == "Ana may not buy Oeste."
    assert refusal.text(translate=lambda s: "¡" + s) == "¡1 may not buy 9."
    assert refusal.as_dict() == {"error": "illegal", "message": "1 may not buy 9.", "rule": "buy", "version": 4}
    plain = MoveRejected("stale", "The game has moved on.")
    assert (plain.rule, plain.version, plain.params, plain.text()) == (None, None, {}, "The game has moved on.")
    assert MoveRejected("illegal", "Pay %(amount)s.", params={"other": 1}).text() == "Pay %(amount)s."


def refused_at_version_1(game, code: str, expected_version: int = 1, **move) -> None:
    """``do_move(**move)`` on a game at version 1 is refused with ``code``, answering version 1, in words people
    read, and writes nothing."""
    before = written(game)
    with pytest.raises(MoveRejected) as refused:
        do_move(game.pk, expected_version=expected_version, **move)
    assert (refused.value.code, refused.value.version) == (code, 1)
    reads_in_both_languages(refused.value)
    assert written(game) == before


def reads_in_both_languages(refusal: MoveRejected) -> None:
    """A refusal's message is a sentence of the catalogue, so people read it in English or in Spanish: a missing or
    altered message would reach the table as "None" or left in English."""
    assert isinstance(refusal.message, str) and refusal.message
    with translation.override("es"):
        assert gettext(refusal.message) != refusal.message, refusal.message


def test_a_seat_number_off_the_table_is_a_bad_request_and_nothing_is_written(started_game, players):
    """``check_seat``: the seats are 0 to n-1; -1 and n are a bad request (not an IndexError, not someone else's
    seat), answered with the game's current version, and nothing is written."""
    move_once(started_game, players)
    game = Game.objects.get(pk=started_game.pk)
    seat, action = first_move(game)
    for wrong in (-1, len(players)):
        refused_at_version_1(game, "bad_request", seat=wrong, action=action,
                             actor=seat_user(game, players, seat), source="api")


def test_a_seat_is_played_only_by_its_holder_and_never_anonymously(started_game, players):
    """Nobody signed in (``actor`` None) and another player are both refused as not holding the seat, with the
    game's current version; nothing is written."""
    move_once(started_game, players)
    game = Game.objects.get(pk=started_game.pk)
    seat, action = first_move(game)
    holder = seat_user(game, players, seat)
    for actor in (None, next(p for p in players if p != holder)):
        refused_at_version_1(game, "not_your_seat", seat=seat, action=action, actor=actor, source="api")


def test_a_game_not_in_play_refuses_every_move_with_its_version(started_game, players):
    """A paused (or finished) game refuses a move as not active, answering with its version; nothing is written."""
    move_once(started_game, players)
    Game.objects.filter(pk=started_game.pk).update(status=Game.Status.PAUSED)
    game = Game.objects.get(pk=started_game.pk)
    seat, action = first_move(game)
    refused_at_version_1(game, "not_active", seat=seat, action=action, actor=seat_user(game, players, seat),
                         source="ui")


def test_a_move_made_from_an_old_version_is_stale_readable_and_writes_nothing(started_game, players):
    """``check_version``: a move sent from a version the game has left is refused as stale with the current
    version (the client resyncs to it), in words the player can read; nothing is written."""
    move_once(started_game, players)
    game = Game.objects.get(pk=started_game.pk)
    seat, action = first_move(game)
    refused_at_version_1(game, "stale", expected_version=0, seat=seat, action=action,
                         actor=seat_user(game, players, seat), source="socket")


def test_a_move_on_a_game_that_does_not_exist_is_not_found_in_words_people_read(players):
    """``_lock``: no row for the game id is a refusal (not found, 404), readable in both languages, not a crash;
    a deadline for such a game does nothing."""
    missing = (Game.objects.order_by("-pk").values_list("pk", flat=True).first() or 0) + 1000
    with pytest.raises(MoveRejected) as refused:
        do_move(missing, seat=0, action={"type": "roll"}, expected_version=None, actor=players[0], source="api")
    assert (refused.value.code, refused.value.http_status) == ("not_found", 404)
    reads_in_both_languages(refused.value)
    assert do_deadline(missing, 0, 0) is None


def test_a_refused_action_carries_its_checks_message_rule_and_parameters_and_the_version(started_game, players):
    """A malformed action (the schema check) and an illegal one (the rules) are refused with the check's own
    message, rule and parameters (the page fills the message with them) and the game's current version."""
    move_once(started_game, players)
    game = Game.objects.get(pk=started_game.pk)
    seat, _ = first_move(game)
    user = seat_user(game, players, seat)
    malformed = {"type": "roll", "extra": 1}
    with pytest.raises(InvalidInput) as schema:
        check_action(game.ruleset, malformed)
    unowned = check_action(game.ruleset, {"type": "propose", "to": (seat + 1) % len(players), "give": {"deeds": [1]}})
    with pytest.raises(IllegalAction) as rules:
        get(game.ruleset).apply(game.state, seat, unowned)
    assert schema.value.params and rules.value.params  # so that losing them shows
    before = written(game)

    with pytest.raises(MoveRejected) as refused:
        do_move(game.pk, seat=seat, action=malformed, expected_version=1, actor=user, source="api")
    r = refused.value
    assert (r.code, r.message, r.params, r.version) == ("bad_request", schema.value.message, schema.value.params, 1)
    with pytest.raises(MoveRejected) as refused:
        do_move(game.pk, seat=seat, action=unowned, expected_version=1, actor=user, source="api")
    r = refused.value
    assert (r.code, r.message, r.rule, r.params, r.version) == (
        "illegal", rules.value.message, rules.value.rule, rules.value.params, 1)
    assert written(game) == before


# --- what a move writes -----------------------------------------------------------------------------------------


def test_a_move_records_who_made_it_and_from_where(started_game, players):
    """The move's row names its player and its source; the result says the game goes on."""
    seat, _ = first_move(started_game)
    result = move_once(started_game, players, source="api")
    move = Move.objects.get(game=started_game)
    assert (move.actor, move.source, result.finished) == (seat_user(started_game, players, seat), "api", False)


def test_a_move_rewrites_only_the_columns_a_move_changes(started_game, players):
    """The game's UPDATE names only ``MOVE_FIELDS`` and a seat's only the clock fields (``SEAT_CLOCK_FIELDS``):
    the rest of the rows (the seed, the options, the players) is never rewritten by a move. A seat that keeps
    the turn keeps its clock (games/play/clock.py), so the moves are played until one wrote a seat."""
    with CaptureQueriesContext(connection) as queries:
        for _ in range(20):
            move_once(started_game, players)
            if any(f'UPDATE "{Seat._meta.db_table}"' in q["sql"] for q in queries.captured_queries):
                break

    def columns(table: str) -> list[set[str]]:
        # An UPDATE of its own, or a part of the one statement that writes a move on PostgreSQL (move_writes).
        sets = [found for q in queries.captured_queries
                for found in re.findall(rf'UPDATE "{table}"(?: AS t)? SET (.*?) (?:FROM|WHERE) ', q["sql"])]
        return [set(re.findall(r'"(\w+)" = ', s)) for s in sets]

    games = columns(Game._meta.db_table)
    assert games and all(c == set(move_writes.MOVE_FIELDS) for c in games)
    seats = columns(Seat._meta.db_table)
    assert seats and all(c == set(move_writes.SEAT_CLOCK_FIELDS) for c in seats)


def test_a_person_moving_on_the_seat_a_bot_took_over_takes_it_back(started_game, players):
    """Its own player's move on a seat that timeouts gave to a bot: the seat is a person's again with its
    timeouts cleared, and the move's events end with ``seat_taken_back``."""
    seat, _ = first_move(started_game)
    Seat.objects.filter(game=started_game, index=seat).update(is_bot=True, timeouts=3)
    result = move_once(started_game, players)
    row = Seat.objects.get(game=started_game, index=seat)
    assert (row.is_bot, row.timeouts) == (False, 0)
    move = Move.objects.get(game=started_game)
    assert move.events == result.events
    assert move.events[-1] == {"type": "seat_taken_back", "seat": seat}
    assert {"type": "seat_taken_back", "seat": seat} not in move.events[:-1]


def test_the_move_that_ends_the_game_is_stamped_and_queues_the_results_robustly(players, monkeypatch,
                                                                               django_capture_on_commit_callbacks):
    """The finishing move: its result says so, the game is finished with the time it ended, the results task
    (ratings, history, leagues) is queued with the game's id once committed, and robustly: a broker that fails
    costs the move neither its commit nor its broadcast."""
    queued = []

    def delay(game_id):
        queued.append(game_id)
        raise ConnectionError("the broker is down")

    monkeypatch.setattr("lobby.tasks.game_finished", SimpleNamespace(delay=delay))
    seen = captured(monkeypatch)
    game = tables.do_create_table(players[0], "estanciero", 2, time_control="correspondence",
                                  options={"max_turns": 1})
    tables.do_join(game.pk, players[1])
    tables.do_start(game.pk, players[0])
    rs, rng = get("estanciero"), random.Random(5)
    started = timezone.now()
    for _ in range(500):
        game = Game.objects.get(pk=game.pk)
        seat = rs.to_move(game.state)[0]
        with django_capture_on_commit_callbacks(execute=True):
            result = do_move(game.pk, seat=seat, action=rng.choice(rs.legal_actions(game.state, seat)),
                             expected_version=game.version, actor=seat_user(game, players, seat), source="api")
        if result.finished:
            break
        assert not queued
    else:
        pytest.fail("the game did not end")
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED and game.outcome["ranking"]
    assert started <= game.finished_at <= timezone.now()
    assert queued == [game.pk]
    assert game_changed(seen)[-1]["version"] == result.version == game.version


# --- after commit ------------------------------------------------------------------------------------------------


def test_a_moves_clocks_are_armed_after_commit_from_the_seats_it_wrote(players, monkeypatch,
                                                                     django_capture_on_commit_callbacks):
    """Once committed, and not before, the clocks are armed (``timers.add``) for the new version with the
    deadlines the move has just written, without reading them back (``schedule_deadlines``)."""
    seen = captured(monkeypatch)
    game = live_table(players)
    with django_capture_on_commit_callbacks() as callbacks:
        result = move_once(game, players)
    assert seen == {"sent": [], "armed": [], "scheduled": []}
    for callback in callbacks:
        callback()
    deadlines = [(s.index, s.deadline) for s in Seat.objects.filter(game=game, deadline__isnull=False)]
    assert deadlines
    assert seen["armed"] == [{(game.pk, index, result.version): at for index, at in deadlines}]
    assert seen["scheduled"] == []
    assert [m["version"] for m in game_changed(seen)] == [result.version]


def test_without_the_seats_the_clocks_are_read_back_and_the_message_carries_no_revision(
        players, monkeypatch, django_capture_on_commit_callbacks):
    """Writers other than a move (a table starting, a moderator) publish without the seats: the deadlines are
    then read back from the database (``schedule_deadlines``) and the message carries no revision, so each
    socket's process loads it."""
    seen = captured(monkeypatch)
    game = tables.do_create_table(players[0], "estanciero", 2, time_control="blitz")
    tables.do_join(game.pk, players[1])
    with django_capture_on_commit_callbacks(execute=True):
        tables.do_start(game.pk, players[0])
    game = Game.objects.get(pk=game.pk)
    assert seen["scheduled"] == [game.pk] and seen["armed"] == []
    assert game_changed(seen) == [{"type": "game.changed", "version": 0, "rev": game.rev,
                                   "seal": game.seed_commitment}]


# --- deadlines -------------------------------------------------------------------------------------------------


def test_a_deadline_for_a_version_the_game_has_left_or_a_seat_off_the_table_does_nothing(players):
    """``do_deadline`` fires only for the game's current version and one of its seats: a late task (an older
    version) and seat numbers -1 or n do nothing and write nothing; the current one fires."""
    game = live_table(players)
    move_once(game, players)
    game = Game.objects.get(pk=game.pk)
    seat = get(game.ruleset).to_move(game.state)[0]
    expire(game, seat)
    before = written(game)
    for late in ((seat, 0), (-1, 1), (2, 1)):
        assert do_deadline(game.pk, *late) is None
    assert written(game) == before
    assert do_deadline(game.pk, seat, 1).version == 2


def test_a_deadline_fires_at_its_instant(players, monkeypatch):
    """Due means ``deadline <= now``: a deadline of exactly now fires (a timeout move)."""
    game = live_table(players)
    seat = get(game.ruleset).to_move(game.state)[0]
    instant = timezone.now()
    expire(game, seat, instant)
    monkeypatch.setattr(timezone, "now", lambda: instant)
    result = do_deadline(game.pk, seat, 0)
    assert result is not None and result.version == 1
    assert Move.objects.get(game=game).source == Move.Source.TIMEOUT


def bot_table(players, **kwargs) -> tuple[Game, int, int]:
    """A person and a bot, the person on move (the bot's turns played at their deadlines)."""
    game = live_table(players, bots=1, **kwargs)
    person, bot = (s.index for s in sorted(game.seats.all(), key=lambda s: s.is_bot))
    for _ in range(20):
        game = Game.objects.get(pk=game.pk)
        if bot not in get(game.ruleset).to_move(game.state):
            break
        expire(game, bot)
        do_deadline(game.pk, bot, game.version)
    assert get(game.ruleset).to_move(game.state) == [person]
    return game, person, bot


def test_a_bots_move_is_drawn_from_the_game_the_version_and_the_seat(players, monkeypatch):
    """A bot's move at its deadline is replayable: its choices come from ``random.Random("game:version:seat")``
    and it plays at its seat's level; the move is the bot's, made by nobody."""
    game = live_table(players, bots=1, bot_level="easy")
    bot = next(s.index for s in game.seats.all() if s.is_bot)
    drawn = []
    choose = bots.choose

    def drawing(rs, state, seat, level, rng):
        drawn.append((seat, level, rng.getstate()))
        return choose(rs, state, seat, level, rng)

    monkeypatch.setattr(bots, "choose", drawing)
    for _ in range(40):  # until the bot is on move
        game = Game.objects.get(pk=game.pk)
        if bot in get(game.ruleset).to_move(game.state):
            break
        move_once(game, players)
    assert bot in get(game.ruleset).to_move(game.state)
    expire(game, bot)
    result = do_deadline(game.pk, bot, game.version)
    assert drawn == [(bot, "easy", random.Random(f"{game.pk}:{game.version}:{bot}").getstate())]
    move = Move.objects.get(game=game, seq=result.version)
    assert (move.seat, move.source, move.actor) == (bot, Move.Source.BOT, None)


def test_a_bot_with_nothing_to_do_at_its_deadline_is_disarmed_and_nothing_is_written(players):
    """A bot off turn that wants to make no move: its clock is stopped (deadline and start cleared, only
    those two columns of the seat written) and no move is made; the game's revision goes up by one, as for every
    write to an active game's rows (a process's held revision must not be taken for the game's)."""
    game, _person, bot = bot_table(players)
    assert get(game.ruleset).bot_optional_action(game.state, bot) is None
    expire(game, bot)
    Seat.objects.filter(game=game, index=bot).update(clock_started=timezone.now() - timedelta(seconds=5))
    before = written(game)
    with CaptureQueriesContext(connection) as queries:
        assert do_deadline(game.pk, bot, game.version) is None
    row = Seat.objects.get(game=game, index=bot)
    assert (row.deadline, row.clock_started) == (None, None)
    version, rev, state, moves = before
    assert written(game) == (version, rev + 1, state, moves)
    updates = [q["sql"] for q in queries.captured_queries if q["sql"].startswith(f'UPDATE "{Seat._meta.db_table}"')]
    assert len(updates) == 1 and set(re.findall(r'"(\w+)" = ', updates[0].split(" WHERE ")[0])) == {
        "deadline", "clock_started"}


class WantsToAct:
    """Estanciero, except that ``seat`` wants to make ``action`` unasked (``bot_optional_action``, as a bot that
    claims a rent does) and the rules take it as it is: no seeded game reaches a claim in a few moves."""

    def __init__(self, seat: int, action: dict):
        self._rs, self.seat, self.action, self.asked, self.applied = get("estanciero"), seat, action, [], []

    def __getattr__(self, name):
        return getattr(self._rs, name)

    def bot_optional_action(self, state, seat, rng=None):
        self.asked.append((state, seat, rng.getstate() if rng is not None else None))
        return dict(self.action) if seat == self.seat else None

    def apply(self, state, seat, action):
        self.applied.append((seat, action))
        return state, [{"type": "claimed", "seat": seat}]


def test_a_bot_off_turn_that_wants_to_act_makes_its_move_at_its_deadline(players, monkeypatch):
    """A bot the rules do not wait for may still want to act (a claim, an answer): at its deadline that move is
    asked for with the game's state, the seat and the seeded generator, and made as the bot's."""
    game, _person, bot = bot_table(players)
    wants = WantsToAct(bot, {"type": "roll"})
    monkeypatch.setattr(actions, "get", lambda name: wants)
    expire(game, bot)
    result = do_deadline(game.pk, bot, game.version)
    # (asked again afterwards without a generator, by ``required_seats``: a claim would not wait for the person)
    assert wants.asked[0] == (game.state, bot, random.Random(f"{game.pk}:{game.version}:{bot}").getstate())
    assert wants.applied == [(bot, {"type": "roll"})]
    move = Move.objects.get(game=game, seq=result.version)
    assert (move.seat, move.source, move.actor, move.action) == (bot, Move.Source.BOT, None, {"type": "roll"})
    assert result.version == game.version + 1


def test_a_bots_unasked_move_due_with_a_bot_on_move_goes_first(players, monkeypatch):
    """Bots' clocks are armed together: when the deadline of a bot on move fires while another bot's unasked move
    (a claim) is due too, the claim is made first (as the other bot's move), so a bot on move never rolls the
    dice over a bot owner's rent (Estanciero, The Game: claimed "before the dice are rolled again")."""
    game = tables.do_create_table(players[0], "estanciero", 3, bots=2, time_control="blitz")
    game = Game.objects.get(pk=game.pk)
    mover, owner = sorted(s.index for s in game.seats.all() if s.is_bot)
    wants = WantsToAct(owner, {"type": "claim_rent", "claim": 1})
    wants.to_move = lambda state: [mover]
    wants.bot_action = lambda state, seat, rng=None, level="normal": {"type": "roll"}
    monkeypatch.setattr(actions, "get", lambda name: wants)
    expire(game, mover)
    expire(game, owner)
    result = do_deadline(game.pk, mover, game.version)
    assert wants.applied == [(owner, {"type": "claim_rent", "claim": 1})]
    move = Move.objects.get(game=game, seq=result.version)
    assert (move.seat, move.source) == (owner, Move.Source.BOT)
    # not yet due: the bot on move plays its own move
    game = Game.objects.get(pk=game.pk)
    expire(game, mover)
    expire(game, owner, timezone.now() + timedelta(seconds=30))
    wants.applied.clear()
    do_deadline(game.pk, mover, game.version)
    assert wants.applied == [(mover, {"type": "roll"})]


def test_bots_of_a_ruleset_without_unasked_moves_act_only_when_the_rules_wait_for_them():
    """``required_seats`` asks each bot's unasked move (``bot_optional_action``) with the state and its seat; a
    ruleset without one (Argentilandia) has bots that act only when the rules wait for them."""
    seats = [SimpleNamespace(index=i, is_human=False, is_bot=True) for i in range(3)]
    assert required_seats(SimpleNamespace(to_move=lambda state: [0]), {}, seats) == {0}
    asked = []

    def optional(state, seat, rng=None):
        asked.append((state, seat, rng))
        return {"type": "claim"} if seat == 1 else None

    state = {"a": "state"}
    assert required_seats(SimpleNamespace(to_move=lambda s: [0], bot_optional_action=optional), state, seats) == {0, 1}
    assert sorted(asked, key=lambda a: a[1]) == [(state, 0, None), (state, 1, None), (state, 2, None)]
