"""The table around the rules: timeouts announced, seats taken back, rematches, bots paced for people, and
every screen of one revision rendered once per distinct viewer."""

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone, translation

from games.core.rulesets import get
from games.live import snapshots
from games.models import Game, Move, Seat
from games.play.actions import MoveRejected, do_deadline, do_move, required_seats
from games.present.presenters import Viewer, table_context
from games.tables import lifecycle as tables
from games.tests.conftest import seat_user

pytestmark = pytest.mark.django_db(transaction=True)


def two_people(players, **kwargs) -> Game:
    game = tables.do_create_table(players[0], "estanciero", 2, time_control="blitz", **kwargs)
    tables.do_join(game.pk, players[1])
    return tables.do_start(game.pk, players[0])


def expire(game: Game, seat: int) -> None:
    Seat.objects.filter(game=game, index=seat).update(deadline=timezone.now() - timedelta(seconds=1))


@pytest.mark.move_path
def test_each_timeout_and_the_takeover_are_in_the_log_under_the_players_own_name(players):
    game = two_people(players, max_timeouts=2)
    rs = get("estanciero")
    seat = rs.to_move(game.state)[0]
    expire(game, seat)
    do_deadline(game.pk, seat, game.version)
    game.refresh_from_db()
    first = Move.objects.get(game=game, seq=1)
    assert {"type": "timed_out", "seat": seat, "count": 1, "limit": 2} in first.events
    assert not Seat.objects.get(game=game, index=seat).is_bot

    # Play on until the same seat times out a second time: a bot takes over, and says so.
    for _ in range(50):
        game.refresh_from_db()
        if seat in rs.to_move(game.state):
            break
        other = rs.to_move(game.state)[0]
        expire(game, other)
        Seat.objects.filter(game=game, index=other).update(timeouts=0)
        do_deadline(game.pk, other, game.version)
    game.refresh_from_db()
    expire(game, seat)
    do_deadline(game.pk, seat, game.version)
    last = Move.objects.filter(game=game).order_by("-seq").first()
    assert {"type": "bot_took_over", "seat": seat} in last.events
    seat_row = Seat.objects.select_related("user").get(game=game, index=seat)
    assert seat_row.is_taken_over and seat_row.display_name == seat_row.user.username

    game.refresh_from_db()
    seats = list(game.seats.select_related("user").order_by("index"))
    with translation.override("en"):
        ctx = table_context(game, seats, Viewer(seat=1 - seat))
    log = " ".join(line["text"] for line in ctx["log"])
    name = seat_row.user.username
    assert f"{name} ran out of time (1 of 2 timeouts)" in log
    assert f"A bot now plays for {name}" in log
    assert "(bot)" not in log  # earlier lines keep their author's name
    row = next(r for r in ctx["seat_rows"] if r["index"] == seat)
    assert row["taken_over"] and row["name"] == name


@pytest.mark.move_path
def test_a_player_takes_the_seat_back_and_their_clock_restarts(players):
    game = two_people(players, max_timeouts=1)
    rs = get("estanciero")
    seat = rs.to_move(game.state)[0]
    expire(game, seat)
    do_deadline(game.pk, seat, game.version)
    owner = seat_user(game, players, seat)
    assert Seat.objects.get(game=game, index=seat).is_bot
    rev = Game.objects.get(pk=game.pk).rev

    with pytest.raises(MoveRejected):
        tables.do_reclaim(game.pk, next(p for p in players if p != owner))  # not the one the bot plays for
    tables.do_reclaim(game.pk, owner)
    row = Seat.objects.get(game=game, index=seat)
    game.refresh_from_db()
    assert not row.is_bot and row.timeouts == 0 and game.rev == rev + 1
    # The timeout's move may or may not have ended the turn (the deal decides): either way the clock is a person's.
    if seat in rs.to_move(game.state):
        assert row.deadline > timezone.now() + timedelta(seconds=10)  # not a bot's few seconds
    else:
        assert row.deadline is None  # no clock runs for a seat nobody waits for
    with pytest.raises(MoveRejected):
        tables.do_reclaim(game.pk, owner)  # nothing left to take back


@pytest.mark.move_path
def test_bots_wait_while_a_person_must_answer_and_pace_themselves_for_people(players):
    from types import SimpleNamespace

    from games.play import clock

    game = tables.do_create_table(players[0], "estanciero", 3, bots=2, time_control="live")
    seats = list(game.seats.order_by("index"))
    human = next(s.index for s in seats if s.is_human)
    bots = [s.index for s in seats if s.is_bot]
    # The policy, over any ruleset: a bot that wants to act unasked (a claim, an answer) waits while a person
    # is required; a bot the rules wait for is always armed.
    wants_all = SimpleNamespace(to_move=lambda state: [human], bot_optional_action=lambda state, seat, rng=None: {})
    assert required_seats(wants_all, {}, seats) == {human}
    bot_on_move = SimpleNamespace(to_move=lambda state: [bots[0]], bot_optional_action=lambda state, seat, rng=None: {})
    assert required_seats(bot_on_move, {}, seats) == set(bots)
    # ... but a move the ruleset declares lapsing (Estanciero: a rent claimed "before the dice are rolled again")
    # does not wait for the person; its other unasked moves still do.
    claims = SimpleNamespace(name="estanciero", to_move=lambda state: [human],
                             bot_optional_action=lambda state, seat, rng=None: (
                                 {"type": "claim_rent", "claim": 1} if seat == bots[1] else {"type": "reject_proposal"}))
    assert required_seats(claims, {}, seats) == {human, bots[1]}

    # A bot at a table with a person thinks for bot_delay_ms; a table of bots only moves at once.
    now = timezone.now()
    bot_seat = seats[bots[0]]
    clock.arm(bot_seat, game, now, people_present=True)
    assert (bot_seat.deadline - now).total_seconds() * 1000 == pytest.approx(game.bot_delay_ms)
    clock.arm(bot_seat, game, now, people_present=False)
    assert (bot_seat.deadline - now).total_seconds() * 1000 == pytest.approx(clock.BOT_ONLY_DELAY_MS)
    assert game.bot_delay_ms >= 1500  # about a person's pace by default


def test_a_table_with_no_seat_to_fill_starts_at_once_for_the_page_and_the_api(players):
    game = tables.do_create_table(players[0], "estanciero", 3, bots=2, time_control="live")
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE
    waiting = tables.do_create_table(players[0], "estanciero", 3, bots=1, time_control="live")
    assert Game.objects.get(pk=waiting.pk).status == Game.Status.LOBBY


def finish(game: Game, players) -> Game:
    rs = get(game.ruleset)
    for _ in range(3000):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            return game
        seat = rs.to_move(game.state)[0]
        action = rs.bot_action(game.state, seat, __import__("random").Random(game.version))
        do_move(game.pk, seat=seat, action=action, expected_version=game.version,
                actor=seat_user(game, players, seat), source="api")
    raise AssertionError("the game did not finish")


def test_a_rematch_seats_the_same_players_with_the_same_options_and_starts_when_full(players):
    game = tables.do_create_table(players[0], "estanciero", 2, time_control="correspondence",
                                  options={"max_turns": 2})
    tables.do_join(game.pk, players[1])
    tables.do_start(game.pk, players[0])
    game = finish(Game.objects.get(pk=game.pk), players)

    with pytest.raises(MoveRejected):
        tables.do_rematch(game.pk, players[2])  # not a player of that game
    rematch = tables.do_rematch(game.pk, players[1])
    assert rematch.rematch_of_id == game.pk and rematch.status == Game.Status.LOBBY
    assert rematch.options == game.options and rematch.move_seconds == game.move_seconds
    assert tables.do_rematch(game.pk, players[0]).pk == rematch.pk  # the other player joins the same table
    rematch.refresh_from_db()
    assert rematch.status == Game.Status.ACTIVE  # full: it started by itself
    assert {s.user_id for s in rematch.seats.all()} == {players[0].pk, players[1].pk}

    # The finished game's card offers it to its players.
    client = Client()
    client.force_login(players[0])
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Join the rematch" in page or "Sumarme a la revancha" in page
    assert client.post(f"/games/{game.pk}/rematch/").status_code == 302


def test_one_render_per_distinct_viewer_and_revision(players, django_assert_max_num_queries):
    """Sockets of one process share a revision's load and each distinct view's render."""
    game = two_people(players)
    snapshots.clear()
    snap = snapshots.load(game.pk)
    with django_assert_max_num_queries(1):  # only the revision check: the rows are cached
        assert snapshots.load(game.pk) is snap
    with django_assert_max_num_queries(0):
        assert snapshots.load(game.pk, game.rev, game.seed_commitment) is snap
    assert snapshots.load(game.pk, game.rev, "another game that had this id") is not snap
    spectator = Viewer(seat=None, signed_in=True, language="es")
    first = snapshots.table_message(snap, spectator)
    made = dict(snap.renders)
    with django_assert_max_num_queries(0):
        again = snapshots.table_message(snap, Viewer(seat=None, signed_in=True, language="es"))
    assert again == first and snap.renders == made  # the second spectator: the same text, nothing rendered
    player = snapshots.table_message(snap, Viewer(seat=0, signed_in=True, language="es"))
    assert player != first
    # A game under way of a ruleset that shares its table: the seat's message reuses the spectator's render
    # and adds its own parts (``snapshots.page_view``).
    shared = [key for key in snap.renders if key[0] == "html"]
    assert shared == [("html", ("shared", "es"))]


def test_sockets_asking_together_share_one_load_and_one_render(players, monkeypatch):
    """The five sockets of a table ask for a new revision at the same moment, on different threads
    (games/live/db_threads.py): one loads it and renders each view, the others wait and reuse the result."""
    game = two_people(players)
    snapshots.clear()
    made = []
    real = snapshots.Snapshot

    def counted(*args):
        made.append(threading.current_thread().name)
        time.sleep(0.2)  # a slow database: the other threads arrive while the first is loading
        return real(*args)

    monkeypatch.setattr(snapshots, "Snapshot", counted)
    start = threading.Barrier(5, timeout=10)

    def socket_asks(seat):
        start.wait()
        snap = snapshots.load(game.pk, game.rev, game.seed_commitment)
        return snap, snapshots.table_message(snap, Viewer(seat=seat, signed_in=True, language="es"))

    with ThreadPoolExecutor(5) as pool:
        answers = list(pool.map(socket_asks, [0, 0, 1, None, None]))
    assert len(made) == 1
    assert all(snap is answers[0][0] for snap, _ in answers)
    assert answers[0][1] == answers[1][1] and answers[3][1] == answers[4][1]
    # One render of the table they share, and each distinct viewer's own parts once.
    snap = answers[0][0]
    assert sorted(str(key) for key in snap.renders if key[0] in ("html", "own")) == sorted(str(key) for key in [
        ("html", ("shared", "es")), *(("own", Viewer(seat=s, signed_in=True, language="es")) for s in (0, 1, None))])


def test_an_auctions_bids_read_as_one_log_line(players):
    """Bots raising by $100 a second would fill the log: a run of bids for one deed folds into one line."""
    game = two_people(players)
    bids = [{"type": "bid", "seat": i % 2, "amount": 1000 + 100 * i, "space": 3} for i in range(12)]
    for i, bid in enumerate(bids, start=1):
        Move.objects.create(game=game, seq=i, seat=bid["seat"], source="bot", action={"type": "bid"}, events=[bid])
    Move.objects.create(game=game, seq=13, seat=0, source="bot", action={"type": "pass"},
                        events=[{"type": "auction_won", "space": 3, "seat": 1, "amount": 2100}])
    Game.objects.filter(pk=game.pk).update(version=13)
    game.refresh_from_db()
    seats = list(game.seats.select_related("user").order_by("index"))
    with translation.override("en"):
        log = table_context(game, seats, Viewer(seat=0))["log"]
    texts = [line["text"] for line in log]
    assert len([t for t in texts if "bid" in t.lower()]) == 1
    folded = next(t for t in texts if "bids for" in t)
    assert folded.startswith("12 bids for") and "$2,100" in folded and players[1].username in folded
    assert texts[0].startswith(players[1].username + " won the auction")  # newest first


def test_a_folded_run_is_described_once_and_anew_when_it_grows(players, monkeypatch):
    """The run's line is kept with the described lines (not folded again at every push), named by its first
    and last move and its length: a further bid makes a new line, with the new count and the new high bid."""
    from games.estanciero import text as es_text
    from games.present import presenters

    game = two_people(players)
    for i in range(1, 6):
        Move.objects.create(game=game, seq=i, seat=i % 2, source="bot", action={"type": "bid"},
                            events=[{"type": "bid", "seat": i % 2, "amount": 1000 + 100 * i, "space": 3}])
    Game.objects.filter(pk=game.pk).update(version=5)
    folds = []
    real = es_text.describe_fold
    monkeypatch.setattr(es_text, "describe_fold", lambda run, names: folds.append(len(run)) or real(run, names))

    def log_texts():
        game.refresh_from_db()
        seats = list(game.seats.select_related("user").order_by("index"))
        with translation.override("en"):
            return [line["text"] for line in table_context(game, seats, Viewer(seat=0))["log"]]

    first = log_texts()
    assert log_texts() == first and folds == [5]
    assert first[0].startswith("5 bids for")
    Move.objects.create(game=game, seq=6, seat=0, source="bot", action={"type": "bid"},
                        events=[{"type": "bid", "seat": 0, "amount": 1600, "space": 3}])
    Game.objects.filter(pk=game.pk).update(version=6)
    grown = log_texts()
    assert folds == [5, 6] and grown[0].startswith("6 bids for") and "$1,600" in grown[0]
    presenters.forget_described(game.pk)
    assert log_texts() == grown and folds == [5, 6, 6]


def test_a_long_games_described_lines_stay_within_the_logs_window(players):
    """The log shows the last LOG_LENGTH moves: the lines of moves further back (and runs folded from them)
    are dropped as the game goes on, not kept until it ends, and the log reads the same as one made afresh."""
    from games.present import presenters

    game = two_people(players)
    seats = list(game.seats.select_related("user").order_by("index"))
    held = []
    for seq in range(1, 241):
        event = ({"type": "bid", "seat": seq % 2, "amount": 1000 + seq, "space": 3} if seq % 10 < 3 else
                 {"type": "auction_won", "space": 3, "seat": seq % 2, "amount": 1000 + seq})
        Move.objects.create(game=game, seq=seq, seat=seq % 2, source="bot", action={"type": "x"}, events=[event])
        Game.objects.filter(pk=game.pk).update(version=seq)
        game.refresh_from_db()
        with translation.override("en"):
            log = table_context(game, seats, Viewer(seat=0), moves=list(game.moves.order_by("seq")))["log"]
        held.append(len(presenters._described_of.get(game.pk, ())))
    assert max(held) <= presenters.LOG_LENGTH + 3 + 8  # the window's moves, two before it, its folded runs
    presenters.forget_described(game.pk)
    with translation.override("en"):
        fresh = table_context(game, seats, Viewer(seat=0), moves=list(game.moves.order_by("seq")))["log"]
    assert [line["html"] for line in fresh] == [line["html"] for line in log]
