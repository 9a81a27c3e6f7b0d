"""Ratings: OpenSkill moves by finishing place, exactly once per game, one rating per game and pace, and a
recomputation from the history gives back exactly the ratings the games gave one by one, pace by pace."""

import threading

import pytest
from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from games.models import Game
from lobby import ratings
from lobby.models import PlayerResult, Rating
from lobby.results import recompute, reconcile, record_game
from lobby.tasks import game_finished
from lobby.tests.conftest import finished_game, league_table, play_out
from tests.support import wait_until

pytestmark = pytest.mark.django_db


def rating(user, ruleset="estanciero", pace="rapid") -> Rating:
    """The user's rating; ``finished_game`` tables are "live", so rapid unless a test sets another time control."""
    return Rating.objects.get(user=user, ruleset=ruleset, pace=pace)


def at(game: Game, time_control: str) -> Game:
    Game.objects.filter(pk=game.pk).update(time_control=time_control)
    return game


def snapshot() -> dict:
    return {
        "ratings": sorted((r.user_id, r.ruleset, r.pace, round(r.mu, 9), round(r.sigma, 9), r.games, r.wins)
                          for r in Rating.objects.all()),
        "results": sorted((r.game_id, r.user_id, r.pace, r.place, r.forfeit, r.annulled,
                           *(None if v is None else round(v, 9)
                             for v in (r.mu_before, r.sigma_before, r.mu_after, r.sigma_after)))
                          for r in PlayerResult.objects.all()),
    }


def test_a_rated_game_moves_ratings_by_finishing_place(people):
    ana, beto, caro, _ = people
    game = finished_game([ana, beto, caro], ranking=[1, 0, 2])  # beto first, ana second, caro last
    assert record_game(game.pk) == 3
    assert rating(beto).mu > ratings.MU > rating(caro).mu
    assert rating(beto).display > rating(ana).display > rating(caro).display
    assert [rating(u).games for u in (ana, beto, caro)] == [1, 1, 1]
    assert (rating(beto).wins, rating(ana).wins) == (1, 0)
    assert all(rating(u).provisional for u in (ana, beto, caro))
    row = PlayerResult.objects.get(game=game, user=beto)
    assert row.place == 1 and row.won and row.rated and row.points is None
    assert row.rating_before == 1500 and row.rating_change > 0
    assert PlayerResult.objects.get(game=game, user=caro).rating_change < 0


def test_a_rating_is_provisional_until_five_rated_games(people):
    ana, beto = people[:2]
    for _ in range(ratings.PROVISIONAL_GAMES - 1):
        record_game(finished_game([ana, beto]).pk)
    assert rating(ana).provisional
    record_game(finished_game([ana, beto]).pk)
    assert not rating(ana).provisional and rating(ana).games == ratings.PROVISIONAL_GAMES


def test_results_are_recorded_exactly_once(people):
    ana, beto = people[:2]
    game = finished_game([ana, beto])
    assert record_game(game.pk) == 2
    before = snapshot()
    assert record_game(game.pk) == 0
    assert reconcile(game.pk) == 0
    assert game_finished.apply(args=(game.pk,)).get() == 0  # the task itself, run again
    assert snapshot() == before
    assert rating(ana).games == 1


def test_an_unrated_game_is_in_the_history_but_moves_no_rating(people):
    ana, beto = people[:2]
    game = finished_game([ana, beto], rated=False)
    assert record_game(game.pk) == 2
    row = PlayerResult.objects.get(game=game, user=ana)
    assert not row.rated and row.rating_change is None
    assert not Rating.objects.exists()


def test_a_lone_person_among_anonymous_bots_is_not_rated(people):
    game = finished_game([people[0], None, None], ranking=[0, 1, 2])
    assert record_game(game.pk) == 1
    assert PlayerResult.objects.get(game=game).place == 1
    assert not PlayerResult.objects.get(game=game).rated and not Rating.objects.exists()


def test_a_game_not_finished_records_nothing(people):
    game = finished_game(people[:2])
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ACTIVE)
    assert record_game(game.pk) == 0 and not PlayerResult.objects.exists()
    assert record_game(999999) == 0


def test_recompute_from_history_equals_the_incremental_ratings_pace_by_pace(people):
    ana, beto, caro, dani = people
    games = [
        finished_game([ana, beto, caro, dani], ranking=[2, 0, 3, 1]),
        at(finished_game([beto, caro], ranking=[1, 0]), "blitz"),
        finished_game([dani, ana, beto], ranking=[0, 2, 1], taken_over=(1,)),
        at(finished_game([ana, caro], ranking=[0, 1], ruleset="ladrillazo"), "correspondence"),
        at(finished_game([caro, dani, ana, beto], ranking=[3, 2, 1, 0]), "relaxed"),
        at(finished_game([ana, beto, caro], ranking=[2, 1, 0]), "blitz"),
        at(finished_game([beto, dani], ranking=[0, 1]), "correspondence"),
        finished_game([ana, beto], rated=False),
    ]
    for game in games:
        record_game(game.pk)
    incremental = snapshot()
    paces = set(Rating.objects.filter(ruleset="estanciero").values_list("pace", flat=True))
    assert paces == {"blitz", "rapid", "correspondence"}
    assert rating(ana, pace="rapid").games == 3 and rating(ana, pace="blitz").games == 1  # live and relaxed: rapid
    assert recompute("estanciero") == 4 + 3 + 2 and recompute("ladrillazo") == 2
    assert snapshot() == incremental
    assert recompute("estanciero", ["blitz"]) == 3
    assert snapshot() == incremental
    Rating.objects.all().delete()  # lost, or a formula changed: the command rebuilds them
    call_command("recompute_ratings", stdout=open("/dev/null", "w"))
    assert snapshot() == incremental


def test_a_blitz_game_moves_only_the_blitz_ratings(people):
    ana, beto = people[:2]
    record_game(finished_game([ana, beto], ranking=[0, 1]).pk)
    rapid = snapshot()["ratings"]
    game = at(finished_game([ana, beto], ranking=[1, 0]), "blitz")
    record_game(game.pk)
    assert [r for r in snapshot()["ratings"] if r[2] == "rapid"] == rapid
    assert rating(beto, pace="blitz").mu > ratings.MU > rating(ana, pace="blitz").mu
    assert rating(ana, pace="blitz").games == 1 and rating(ana, pace="rapid").games == 1
    row = PlayerResult.objects.get(game=game, user=beto)
    assert row.pace == "blitz" and row.rating_before == 1500  # the blitz rating's first game, whatever rapid says


@pytest.mark.parametrize(("time_control", "pace"), [
    ("blitz", "blitz"), ("live", "rapid"), ("relaxed", "rapid"), ("correspondence", "correspondence"),
    ("something-older", "rapid"),
])
def test_each_time_control_has_a_pace(time_control, pace):
    assert ratings.pace_of(time_control) == pace
    assert time_control in ratings.time_controls_of(pace) or time_control == "something-older"


def test_the_command_records_finished_games_that_have_no_results(people):
    game = finished_game(people[:2])
    call_command("recompute_ratings", "--game", "estanciero", stdout=open("/dev/null", "w"))
    assert PlayerResult.objects.filter(game=game).count() == 2 and rating(people[0]).games == 1


def test_an_annulled_game_stops_counting(people):
    ana, beto, caro = people[:3]
    first = finished_game([ana, beto, caro], ranking=[0, 1, 2])
    second = finished_game([ana, beto], ranking=[1, 0])
    blitz = at(finished_game([ana, caro], ranking=[1, 0]), "blitz")
    for game in (first, second, blitz):
        record_game(game.pk)
    blitz_before = snapshot()["ratings"]
    # What the ratings would be had the first game never counted.
    Game.objects.filter(pk=first.pk).update(annulled_at=timezone.now())
    assert reconcile(first.pk) == 3
    assert reconcile(first.pk) == 0
    assert PlayerResult.objects.filter(game=first, annulled=True).count() == 3
    assert PlayerResult.objects.get(game=first, user=ana).rating_change is None
    assert rating(ana).games == 1 and not Rating.objects.filter(user=caro, pace="rapid").exists()
    alone = ratings.rate([ratings.Entrant(ana.pk, ratings.MU, ratings.SIGMA, 2),
                          ratings.Entrant(beto.pk, ratings.MU, ratings.SIGMA, 1)])
    assert rating(ana).mu == pytest.approx(alone[ana.pk][0])
    assert [r for r in snapshot()["ratings"] if r[2] == "blitz"] == [r for r in blitz_before if r[2] == "blitz"]
    incremental = snapshot()
    recompute("estanciero")
    assert snapshot() == incremental


@pytest.mark.django_db(transaction=True)
def test_concurrent_recordings_of_one_game_write_once(people):
    game = finished_game(people[:3])
    outcomes = []

    def record():
        try:
            outcomes.append(record_game(game.pk))
        finally:
            connection.close()

    threads = [threading.Thread(target=record) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == [0, 0, 0, 3]
    assert PlayerResult.objects.filter(game=game).count() == 3
    assert all(r.games == 1 for r in Rating.objects.all())


@pytest.mark.django_db(transaction=True)
def test_a_game_played_to_the_end_is_rated_once_by_the_worker(celery_worker, bot_users):
    """A real league game through the move path: its end queues the task and the worker records it; the
    task queued again changes nothing."""
    from config.celery import ping

    table = league_table(bot_users[:2])
    play_out(table.game_id)
    assert wait_until(lambda: PlayerResult.objects.filter(game_id=table.game_id).count() == 2, timeout=30), \
        celery_worker.tail()
    before = snapshot()
    for _ in range(3):
        game_finished.delay(table.game_id)
    ping.delay("after the duplicates").get(timeout=30)  # one solo worker: the duplicates ran before this
    assert snapshot() == before
    assert [r.games for r in Rating.objects.order_by("user_id")] == [1, 1]
    assert sorted(PlayerResult.objects.filter(game_id=table.game_id).values_list("points", flat=True)) == [0, 1]


def test_the_league_beat_catches_up_with_games_whose_task_was_lost(people):
    from lobby.results import record_missing

    ana, beto = people[:2]
    fresh = finished_game([ana, beto])
    Game.objects.filter(pk=fresh.pk).update(finished_at=timezone.now())
    annulled = finished_game([ana, beto], ranking=[1, 0])
    record_game(annulled.pk)
    Game.objects.filter(pk=annulled.pk).update(annulled_at=timezone.now())  # its task was lost too
    assert record_missing() == 4
    assert PlayerResult.objects.filter(game=fresh, annulled=False).count() == 2
    assert PlayerResult.objects.filter(game=annulled, annulled=True).count() == 2
    assert rating(ana).games == 1
    assert record_missing() == 0
