"""The migration to one rating per game and pace (lobby 0003): a database with one rating per game, as before,
ends with every result paced by its table's time control and ratings that recomputing from the history gives
back exactly, pace by pace."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.models import Game
from lobby import ratings
from lobby.models import PlayerResult, Rating
from lobby.results import placings, recompute
from lobby.tests.conftest import finished_game
from lobby.tests.test_ratings import snapshot

BEFORE = [("lobby", "0002_verbose_names")]  # one rating per game


def migrate(targets) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor


def latest() -> list:
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def record_the_old_way(old_apps, games: list[Game]) -> None:
    """What lobby 0002's ``record_game`` left: results without a pace, and one rating per user and game (its
    ``recompute``: every time control in one book)."""
    OldResult = old_apps.get_model("lobby", "PlayerResult")
    OldRating = old_apps.get_model("lobby", "Rating")
    for game in games:
        seats = list(game.seats.order_by("index"))
        OldResult.objects.bulk_create([
            OldResult(game_id=game.pk, user_id=p.user_id, ruleset=game.ruleset, finished_at=game.finished_at,
                      seat=p.seat, place=p.place, num_players=game.num_seats, forfeit=p.forfeit, rated=game.rated)
            for p in placings(game, seats, set())])
    for ruleset in {g.ruleset for g in games}:
        rows = list(OldResult.objects.filter(ruleset=ruleset).order_by("finished_at", "game_id", "seat"))
        book = ratings.replay(rows, lambda user_id, ruleset=ruleset: OldRating(user_id=user_id, ruleset=ruleset))
        OldResult.objects.bulk_update(rows, ["mu_before", "sigma_before", "mu_after", "sigma_after"])
        OldRating.objects.bulk_create(book.values())


@pytest.mark.django_db(transaction=True)
def test_the_migration_leaves_ratings_that_recomputing_gives_back(people):
    ana, beto, caro, dani = people
    games = [finished_game([ana, beto, caro], ranking=[2, 0, 1]),
             finished_game([ana, beto], ranking=[1, 0]),
             finished_game([caro, dani, ana], ranking=[0, 1, 2]),
             finished_game([ana, dani], ranking=[0, 1], ruleset="ladrillazo"),
             finished_game([beto, caro], ranking=[1, 0]),
             finished_game([ana, caro], rated=False)]
    for game, time_control in zip(games, ["blitz", "live", "correspondence", "relaxed", "blitz", "blitz"]):
        Game.objects.filter(pk=game.pk).update(time_control=time_control)
    games = [Game.objects.get(pk=g.pk) for g in games]
    try:
        old_apps = migrate(BEFORE).loader.project_state(BEFORE).apps
        record_the_old_way(old_apps, games)
        assert old_apps.get_model("lobby", "Rating").objects.filter(user_id=ana.pk, ruleset="estanciero").count() == 1
        migrate(latest())
    finally:
        migrate(latest())  # whatever happened, the schema the other tests expect
    assert {(r.game.time_control, r.pace) for r in PlayerResult.objects.select_related("game")} == {
        ("blitz", "blitz"), ("live", "rapid"), ("relaxed", "rapid"), ("correspondence", "correspondence")}
    assert sorted(Rating.objects.filter(user=ana, ruleset="estanciero").values_list("pace", "games")) == [
        ("blitz", 1), ("correspondence", 1), ("rapid", 1)]
    assert Rating.objects.get(user=beto, ruleset="estanciero", pace="blitz").games == 2
    assert PlayerResult.objects.get(game=games[1], user=beto).rating_before == 1500  # its pace's first game
    migrated = snapshot()
    recompute("estanciero")
    recompute("ladrillazo")
    assert snapshot() == migrated
