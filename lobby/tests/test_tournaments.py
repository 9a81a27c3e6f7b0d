"""Tournaments players create (``lobby.tournaments``): who may create one (the moderators' policy), a Swiss played
round by round to its podium, an arena's tables as players come free, leaving, and a moderator's cancel. The games
are played through the site's move path; their ends move the tournament on as the game-over task does."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone, translation

from games.core.rulesets import get
from games.models import Game, Seat
from games.play.actions import MoveRejected, do_deadline, do_move
from games.tests.conftest import make_users
from lobby import tasks, tournaments
from lobby.models import Tournament, TournamentEntry, TournamentGame, TournamentPolicy
from lobby.tournament_pairing import met_pairs

pytestmark = pytest.mark.django_db

SHORT = {"max_turns": 4}  # Estanciero, four rounds: the games end quickly


@pytest.fixture
def open_policy(db):
    TournamentPolicy.objects.update_or_create(pk=1, defaults={"min_account_days": 0, "min_rated_games": 0})


def swiss(creator, bots: int = 4, rounds: int = 3, **kw) -> Tournament:
    t = tournaments.do_create(creator, name="Copa", ruleset="estanciero", kind="swiss", rounds=rounds,
                              starts_at=timezone.now() + timedelta(minutes=5), table_size=2,
                              time_control="correspondence", options=SHORT, **kw)
    for _ in range(bots):
        tournaments.do_add_bot(t.pk, creator)
    return t


def arena(creator, bots: int) -> Tournament:
    """An arena of 30 minutes at tables of two, starting in a minute (its ``starts_at``)."""
    t = tournaments.do_create(creator, name="Arena", ruleset="estanciero", kind="arena", minutes=30,
                              starts_at=timezone.now() + timedelta(minutes=1), table_size=2, time_control="live",
                              options=SHORT)
    for _ in range(bots):
        tournaments.do_add_bot(t.pk, creator)
    return t


def play_out(game_id: int) -> None:
    """Play a game to its end: bots at their deadlines, people as a bot would."""
    rs = get("estanciero")
    rng = random.Random(game_id)
    for _ in range(3000):
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.ACTIVE:
            return
        seat = rs.to_move(game.state)[0]
        seat_row = Seat.objects.get(game=game, index=seat)
        if seat_row.is_bot:
            Seat.objects.filter(pk=seat_row.pk).update(deadline=timezone.now())
            do_deadline(game.pk, seat, game.version)
        else:
            do_move(game.pk, seat=seat, action=rs.bot_action(game.state, seat, rng), expected_version=game.version,
                    actor=seat_row.user, source="ui")
    raise AssertionError("the game did not end")


def play_round(t: Tournament) -> list[TournamentGame]:
    """Every game of the tournament under way played out, each end heard as the game-over task hears it."""
    links = list(TournamentGame.objects.filter(tournament=t, game__status=Game.Status.ACTIVE))
    for link in links:
        play_out(link.game_id)
        tasks.game_finished(link.game_id)
    return links


def test_the_policy_decides_who_may_create_one():
    (newcomer,) = make_users("newcomer")
    start = timezone.now() + timedelta(hours=1)
    with pytest.raises(MoveRejected, match="too new"):
        tournaments.do_create(newcomer, name="x", ruleset="estanciero", kind="swiss", rounds=3, starts_at=start)
    TournamentPolicy.objects.update_or_create(pk=1, defaults={"min_account_days": 0, "min_rated_games": 5})
    with pytest.raises(MoveRejected, match="rated games"):
        tournaments.do_create(newcomer, name="x", ruleset="estanciero", kind="swiss", rounds=3, starts_at=start)
    TournamentPolicy.objects.update_or_create(pk=1, defaults={"min_rated_games": 0})
    for bad, words in [({"rounds": 0}, "1 to 15"), ({"kind": "knockout"}, "Swiss or arena"),
                       ({"table_size": 9}, "tables of that size"), ({"starts_at": start - timedelta(days=1)}, "future")]:
        with pytest.raises(MoveRejected, match=words):
            tournaments.do_create(newcomer, **{"name": "x", "ruleset": "estanciero", "kind": "swiss", "rounds": 3,
                                                "starts_at": start, **bad})
    assert not Tournament.objects.exists()
    t = tournaments.do_create(newcomer, name="", ruleset="estanciero", kind="swiss", rounds=3, starts_at=start)
    assert t.name and list(t.entries.values_list("user", flat=True)) == [newcomer.pk]


def test_a_swiss_is_played_round_by_round_to_its_podium(open_policy):
    """Five players at tables of two: each round two tables and a bye; no pair meets twice in three rounds; the
    seats are rotated; after the last round the podium is kept."""
    (ana,) = make_users("ana")
    t = swiss(ana)
    assert tournaments.advance(t.pk, timezone.now()) == "waiting"
    assert tournaments.advance(t.pk, t.starts_at) == "started"
    seen: set[frozenset[int]] = set()
    firsts: dict[int, int] = {}
    for number in (1, 2, 3):
        t.refresh_from_db()
        assert t.status == Tournament.Status.RUNNING and t.round == number
        links = list(TournamentGame.objects.filter(tournament=t, round=number))
        assert len(links) == 2
        tables = [list(Seat.objects.filter(game=link.game).order_by("index").values_list("user_id", flat=True))
                  for link in links]
        pairs = met_pairs({table[0]: [tournaments.pairing.Result(1, len(table), tuple(table[1:]))] for table in tables})
        assert not pairs & seen
        seen |= pairs
        for table in tables:
            firsts[table[0]] = firsts.get(table[0], 0) + 1
        play_round(t)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED and len(t.podium) == 3
    rows = tournaments.standings(t)
    assert [p["user"] for p in t.podium] == [r.user_id for r in rows[:3]]
    assert sum(r.byes for r in rows) == 3 and all(r.games + r.byes == 3 for r in rows)
    assert max(firsts.values()) <= 2
    # Points add up: two per table (a winner and a last at tables of two), one per bye.
    assert sum(r.points for r in rows) == 3 * 2 * 2 + 3


def test_an_arena_seats_players_as_they_come_free_and_ends_on_time(open_policy):
    (ana,) = make_users("ana")
    t = arena(ana, bots=3)
    assert tournaments.advance(t.pk, t.starts_at) == "started"
    assert TournamentGame.objects.filter(tournament=t).count() == 2
    first = play_round(t)  # each end seats its players again at once
    t.refresh_from_db()
    assert TournamentGame.objects.filter(tournament=t).count() == 4
    again = TournamentGame.objects.filter(tournament=t).exclude(pk__in=[link.pk for link in first])
    before = {frozenset(Seat.objects.filter(game=link.game).values_list("user_id", flat=True)) for link in first}
    after = {frozenset(Seat.objects.filter(game=link.game).values_list("user_id", flat=True)) for link in again}
    assert not before & after  # nobody meets their last opponent again at once
    # Ana steps away: not seated again; the time runs out: the games under way end it.
    tournaments.do_leave(t.pk, ana)
    Tournament.objects.filter(pk=t.pk).update(started_at=timezone.now() - timedelta(minutes=31))
    assert tournaments.advance(t.pk) == "ending"  # games under way still count
    play_round(t)  # the last game's end ends it
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED and t.podium
    assert not Game.objects.filter(tournament_game__tournament=t, status=Game.Status.ACTIVE).exists()
    assert TournamentEntry.objects.get(tournament=t, user=ana).paused


def test_the_arena_streak_doubles_in_the_standing(open_policy):
    (ana,) = make_users("ana")
    t = arena(ana, bots=0)
    rows = tournaments.standings(t)
    assert [(r.name, r.points, r.streak) for r in rows] == [("ana", 0, False)]


def test_too_few_players_cancel_it_at_the_start_and_leaving_a_swiss_withdraws(open_policy):
    ana, beto = make_users("ana", "beto")
    lonely = swiss(ana, bots=0)
    assert tournaments.advance(lonely.pk, lonely.starts_at) == "cancelled"
    t = swiss(ana, bots=2)
    tournaments.do_join(t.pk, beto)
    tournaments.do_leave(t.pk, beto)  # before the start: off the list
    assert not TournamentEntry.objects.filter(tournament=t, user=beto).exists()
    tournaments.do_join(t.pk, beto)
    tournaments.advance(t.pk, t.starts_at)
    with pytest.raises(MoveRejected, match="no more players"):
        tournaments.do_join(t.pk, make_users("late")[0])
    tournaments.do_leave(t.pk, beto)  # under way: withdrawn, not paired again
    play_round(t)
    t.refresh_from_db()
    latest = TournamentGame.objects.filter(tournament=t, round=t.round)
    assert t.round == 2 and beto.pk not in Seat.objects.filter(game__in=[g.game for g in latest]).values_list(
        "user_id", flat=True)


def test_a_private_tournament_takes_only_its_link(open_policy):
    ana, beto = make_users("ana", "beto")
    t = swiss(ana, bots=1, private=True)
    with pytest.raises(MoveRejected, match="invitation"):
        tournaments.do_join(t.pk, beto)
    tournaments.do_join(t.pk, beto, token=t.invite_token)
    assert t.entries.count() == 3


def test_a_moderator_cancels_one_its_games_aborted_or_annulled(open_policy):
    from moderation.tests.test_own_game import moderator

    ana, mod_user = make_users("ana", "mod")
    mod = moderator(mod_user)
    t = swiss(ana, bots=3, rounds=2)
    tournaments.advance(t.pk, t.starts_at)
    played, waiting = list(TournamentGame.objects.filter(tournament=t))
    play_out(played.game_id)
    with pytest.raises(MoveRejected, match="Only moderators"):
        tournaments.do_cancel(t.pk, ana, "no")
    with pytest.raises(MoveRejected, match="reason"):
        tournaments.do_cancel(t.pk, mod, "  ")
    assert tournaments.do_cancel(t.pk, mod, "collusion", annul=True) == 2
    t.refresh_from_db()
    assert t.status == Tournament.Status.CANCELLED and t.cancelled_by == mod and t.cancel_reason == "collusion"
    assert Game.objects.get(pk=waiting.game_id).status == Game.Status.ABORTED
    assert Game.objects.get(pk=played.game_id).annulled_at is not None
    assert tournaments.advance(t.pk) == "over"
    # The moderation log has it, with the tournament's link (moderation hears it through accounts' signal).
    from moderation.models import ModerationAction

    (logged,) = ModerationAction.objects.filter(kind="cancel_tournament")
    assert (logged.moderator, logged.reason, logged.data["tournament"], logged.data["annul"]) == (
        mod, "collusion", t.pk, True)
    with translation.override("en"):
        assert str(logged.kind_label) == "tournament cancelled"


def test_a_person_whose_table_is_made_is_pushed_in_their_language(open_policy, monkeypatch,
                                                                 django_capture_on_commit_callbacks):
    from accounts import push
    from accounts.models import PushSubscription

    queued: list[tuple] = []
    monkeypatch.setattr(push.deliver, "delay", lambda *args: queued.append(args))
    (ana,) = make_users("ana")
    type(ana).objects.filter(pk=ana.pk).update(push_invites=True, language="es")
    PushSubscription.objects.create(user=ana, endpoint="https://fcm.googleapis.com/fcm/send/ana",
                                    p256dh="B" + "A" * 86, auth="A" * 22)
    t = swiss(ana, bots=1)
    with django_capture_on_commit_callbacks(execute=True):
        tournaments.advance(t.pk, t.starts_at)
    game = TournamentGame.objects.get(tournament=t).game
    [(user_id, kind, data)] = queued  # the bot is pushed nothing
    assert (user_id, kind) == (ana.pk, "invite") and data["url"] == game.get_absolute_url()
    assert data["title"] == "Copa: ronda 1, tu mesa está lista"


def test_its_pages_are_told_only_when_it_changed(open_policy, django_capture_on_commit_callbacks):
    """The beat moves every running tournament on every few seconds: a tick that changed nothing tells no page (no
    new revision); a round made, a game's end, the finish do."""
    (ana,) = make_users("ana")
    t = swiss(ana, bots=1, rounds=1)

    def told(**kw) -> tuple[str, int]:
        before = tournaments.revision(t.pk)
        with django_capture_on_commit_callbacks(execute=True):
            done = tournaments.advance(t.pk, **kw)
        return done, tournaments.revision(t.pk) - before

    assert told(now=timezone.now()) == ("waiting", 0)
    assert told(now=t.starts_at) == ("started", 1)
    assert told(now=t.starts_at) == ("playing", 0)
    (link,) = TournamentGame.objects.filter(tournament=t)
    play_out(link.game_id)
    assert told(after_game=link.game_id) == ("finished", 1)
    assert told() == ("over", 0)


def test_what_all_viewers_share_is_read_once_per_revision(open_policy, django_assert_max_num_queries,
                                                             django_capture_on_commit_callbacks):
    """Every open page of a tournament renders it again on each change: the standing and the tables are read once
    for all of them (``tournament_pages.shared``); each viewer costs only their own entry."""
    from lobby import tournament_pages

    ana, beto = make_users("ana", "beto")
    t = swiss(ana, bots=2, rounds=1)
    tournaments.do_join(t.pk, beto)
    with django_capture_on_commit_callbacks(execute=True):
        tournaments.advance(t.pk, t.starts_at)
    t.refresh_from_db()
    first = tournament_pages.detail(t, ana)
    assert {r.name for r in first["rows"]} == {"ana", "beto", "bot-normal-1", "bot-normal-2"}
    assert len(first["games"]) == 2 and all(len(g["players"]) == 2 for g in first["games"])
    with django_assert_max_num_queries(1):  # beto's entry; the rest from the first viewer's read
        second = tournament_pages.detail(t, beto)
    assert second["rows"] == first["rows"] and second["games"] == first["games"]
    link = TournamentGame.objects.filter(tournament=t).first()
    play_out(link.game_id)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.game_finished(link.game_id)  # a game's end: a new revision, read again
    after = tournament_pages.detail(t, beto)
    assert sum(r.games for r in after["rows"]) == 2 and sum(r.games for r in first["rows"]) == 0
    assert {g["status"] for g in after["games"]} == {"active", "finished"}


def test_a_player_who_comes_to_a_running_arena_is_seated_at_once(open_policy):
    """Arena: a new table as soon as enough players are free; a player joining (or a bot added, or a player back
    from a pause) makes one at once rather than at the beat's next tick."""
    ana, beto = make_users("ana", "beto")
    t = arena(ana, bots=2)
    assert tournaments.advance(t.pk, t.starts_at) == "started"
    assert TournamentGame.objects.filter(tournament=t).count() == 1  # three players: one waits
    tournaments.do_join(t.pk, beto, now=t.starts_at)
    links = TournamentGame.objects.filter(tournament=t)
    assert links.count() == 2
    assert beto.pk in Seat.objects.filter(game__in=[link.game_id for link in links]).values_list("user_id", flat=True)


def test_a_forfeit_scores_nothing_and_pauses_the_player_until_they_come_back(open_policy):
    """A person whose seat a bot finished after their timeouts forfeited: no points, and no table in the next round
    (paused, shown so) until they come back from the page; then they are paired again."""
    ana, beto = make_users("ana", "beto")
    t = swiss(ana, bots=2, rounds=3)
    tournaments.do_join(t.pk, beto)
    tournaments.advance(t.pk, t.starts_at)
    gone = Seat.objects.get(game__tournament_game__tournament=t, user=beto)
    Seat.objects.filter(pk=gone.pk).update(is_bot=True)  # as the clock does after his repeated timeouts
    play_round(t)
    t.refresh_from_db()
    assert t.round == 2 and TournamentEntry.objects.get(tournament=t, user=beto).paused
    (row,) = [r for r in tournaments.standings(t) if r.name == "beto"]
    assert (row.points, row.games, row.paused) == (0, 1, True)
    second = Seat.objects.filter(game__tournament_game__tournament=t, game__tournament_game__round=2)
    assert beto.pk not in second.values_list("user_id", flat=True) and second.count() == 2  # one table, a bye
    tournaments.do_join(t.pk, beto)  # "Come back"
    assert not TournamentEntry.objects.get(tournament=t, user=beto).paused
    play_round(t)
    third = Seat.objects.filter(game__tournament_game__tournament=t, game__tournament_game__round=3)
    assert beto.pk in third.values_list("user_id", flat=True)
