"""Standings: points by finishing place, forfeits apart, and the documented tie-breaks."""

import pytest

from lobby.models import Division, League, Membership, PlayerResult, Season
from lobby.results import record_game
from lobby.standings import Standing, add_result, points_for, rank
from lobby.tests.conftest import finished_game, league_table

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("place, players, forfeit, points", [
    (1, 4, False, 3), (2, 4, False, 2), (4, 4, False, 0), (1, 2, False, 1), (2, 2, False, 0),
    (1, 6, False, 5), (1, 4, True, 0), (4, 4, True, 0),
])
def test_points_by_finishing_place(place, players, forfeit, points):
    assert points_for(place, players, forfeit) == points


def line(name: str, order: int, results: list[tuple[int, int, bool]]) -> Standing:
    s = Standing(order, name, order)
    for place, players, forfeit in results:
        add_result(s, place, points_for(place, players, forfeit), forfeit)
    return s


def test_tie_breaks_points_then_wins_then_forfeits_then_average_place_then_registration():
    lines = [
        line("late", 5, [(2, 4, False), (2, 4, False)]),          # 4 points, no win, avg 2
        line("early", 1, [(2, 4, False), (2, 4, False)]),         # same, registered earlier
        line("winner", 4, [(1, 4, False), (4, 4, False)]),        # 3 points, 1 win
        line("steady", 3, [(2, 4, False), (3, 4, False)]),        # 3 points, no win
        line("forfeiter", 2, [(1, 4, False), (4, 4, True)]),      # 3 points, 1 win, 1 forfeit
        line("top", 6, [(1, 4, False), (1, 4, False)]),           # 6 points
        line("better-average", 7, [(2, 4, False), (3, 4, False), (4, 2, False)]),  # 3 points, avg 3
        line("nobody", 0, []),
    ]
    order = [s.username for s in rank(lines)]
    assert order == ["top", "early", "late", "winner", "forfeiter", "steady", "better-average", "nobody"]
    assert [s.position for s in rank(lines)] == list(range(1, 9))


def test_a_division_table_counts_its_league_games_but_not_annulled_ones(people):
    ana, beto = people[:2]
    table = league_table([ana, beto], options={})
    division = table.division
    for user in (ana, beto):
        Membership.objects.create(season=table.round.season, user=user, division=division)
    from games.models import Game

    Game.objects.filter(pk=table.game_id).update(status=Game.Status.FINISHED, outcome={"ranking": [1, 0]},
                                                 finished_at=table.game.created_at)
    record_game(table.game_id)
    from lobby.standings import division_standings

    standings = division_standings(division)
    winner = next(s for s in standings if s.position == 1)
    seat1 = table.game.seats.get(index=1).user
    assert winner.user_id == seat1.pk and winner.points == 1 and winner.wins == 1 and winner.games == 1
    # A game outside the league does not count; an annulled league game neither.
    record_game(finished_game([ana, beto], ranking=[0, 1]).pk)
    PlayerResult.objects.filter(game_id=table.game_id).update(annulled=True)
    assert all(s.points == 0 and s.games == 0 for s in division_standings(division))
    assert League.objects.count() == 1 and Season.objects.count() == 1 and Division.objects.count() == 1
