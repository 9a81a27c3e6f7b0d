"""Moderating a game (issue 12, Moderation > Games): each tool works, refuses what it must with nothing changed,
and writes one entry in the audit log."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import User
from games.core.rulesets import get
from games.models import Game, Move, Seat
from games.play.actions import MoveRejected, do_deadline, do_move
from games.tests.conftest import seat_user
from moderation import games as moderation
from moderation.models import ModerationAction
from moderation.users import ensure_moderator_group

pytestmark = pytest.mark.django_db


def snapshot(game_id):
    g = Game.objects.get(pk=game_id)
    return (g.status, g.version, g.rev, g.outcome, g.annulled_at, g.paused_at,
            list(Seat.objects.filter(game=g).values_list("user_id", "is_bot", "deadline")))


def test_a_player_is_not_a_moderator(started_game, players):
    before = snapshot(started_game.pk)
    for tool in (moderation.do_pause, moderation.do_abort):
        with pytest.raises(MoveRejected) as exc:
            tool(players[0], started_game.pk, "porque sí")
        assert exc.value.code == "not_your_seat"
    assert snapshot(started_game.pk) == before
    assert not ModerationAction.objects.exists()


def test_every_tool_needs_a_reason(started_game, mod):
    before = snapshot(started_game.pk)
    with pytest.raises(MoveRejected) as exc:
        moderation.do_pause(mod, started_game.pk, "   ")
    assert exc.value.code == "bad_request"
    assert snapshot(started_game.pk) == before


def test_pause_stops_moves_and_clocks_and_resume_gives_the_time_back(started_game, players, mod):
    """Pause and resume clocks: while paused no move and no deadline fires; each seat keeps its time."""
    armed = Seat.objects.get(game=started_game, deadline__isnull=False)
    left_before = armed.deadline - timezone.now()
    moderation.do_pause(mod, started_game.pk, "a player reported a disconnection")
    game = Game.objects.get(pk=started_game.pk)
    assert game.status == Game.Status.PAUSED and game.paused_at is not None
    rs = get(game.ruleset)
    seat = rs.to_move(game.state)[0]
    with pytest.raises(MoveRejected) as exc:
        do_move(game.pk, seat=seat, action=rs.legal_actions(game.state, seat)[0], expected_version=game.version,
                actor=seat_user(game, players, seat), source="ui")
    assert exc.value.code == "not_active"
    # A deadline due while paused does nothing.
    Seat.objects.filter(pk=armed.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert do_deadline(game.pk, armed.index, game.version) is None
    Seat.objects.filter(pk=armed.pk).update(deadline=timezone.now() + left_before)
    Game.objects.filter(pk=game.pk).update(paused_at=timezone.now() - timedelta(hours=2))
    moderation.do_resume(mod, game.pk, "sorted out")
    game = Game.objects.get(pk=game.pk)
    armed = Seat.objects.get(pk=armed.pk)
    assert game.status == Game.Status.ACTIVE and game.paused_at is None
    # The two hours paused were added back to the seat's deadline.
    assert armed.deadline - timezone.now() > left_before + timedelta(hours=2) - timedelta(minutes=1)
    assert list(ModerationAction.objects.filter(game=game).values_list("kind", flat=True)) == ["resume", "pause"]
    do_move(game.pk, seat=seat, action=rs.legal_actions(game.state, seat)[0], expected_version=game.version,
            actor=seat_user(game, players, seat), source="ui")
    assert Move.objects.filter(game=game).count() == 1


def test_abort_ends_the_game_with_no_result_and_reveals_the_seed(started_game, mod):
    moderation.do_abort(mod, started_game.pk, "the players asked for it")
    game = Game.objects.get(pk=started_game.pk)
    assert game.status == Game.Status.ABORTED and game.seed_revealed
    assert not Seat.objects.filter(game=game, deadline__isnull=False).exists()
    entry = ModerationAction.objects.get(game=game)
    assert (entry.kind, entry.moderator, entry.reason) == ("abort", mod, "the players asked for it")
    with pytest.raises(MoveRejected):
        moderation.do_abort(mod, game.pk, "again")
    assert ModerationAction.objects.filter(game=game).count() == 1


def test_adjudicate_sets_the_finishing_order(started_game, mod):
    with pytest.raises(MoveRejected) as exc:
        moderation.do_adjudicate(mod, started_game.pk, [0, 0, 1], "duplicate seat")
    assert exc.value.code == "bad_request"
    assert Game.objects.get(pk=started_game.pk).status == Game.Status.ACTIVE
    moderation.do_adjudicate(mod, started_game.pk, [2, 0, 1], "two players abandoned")
    game = Game.objects.get(pk=started_game.pk)
    assert game.status == Game.Status.FINISHED
    assert game.outcome["ranking"] == [2, 0, 1] and game.outcome["winner"] == 2 and game.outcome["adjudicated"]
    assert ModerationAction.objects.get(game=game).data["ranking"] == [2, 0, 1]


def test_annul_only_a_finished_game_once(started_game, mod):
    with pytest.raises(MoveRejected):
        moderation.do_annul(mod, started_game.pk, "not over yet")
    moderation.do_adjudicate(mod, started_game.pk, [0, 1, 2], "agreed")
    moderation.do_annul(mod, started_game.pk, "collusion found later")
    game = Game.objects.get(pk=started_game.pk)
    assert game.annulled_at is not None and game.status == Game.Status.FINISHED
    with pytest.raises(MoveRejected):
        moderation.do_annul(mod, started_game.pk, "twice")
    assert list(ModerationAction.objects.filter(game=game).values_list("kind", flat=True)) == ["annul", "adjudicate"]


def test_replace_a_seat_with_a_bot_or_another_user(started_game, players, mod):
    seat = Seat.objects.get(game=started_game, user=players[1])
    moderation.do_replace_seat(mod, started_game.pk, seat.index, "abandoned the game")
    seat.refresh_from_db()
    assert seat.user is None and seat.is_bot
    newcomer = User.objects.create_user("dora", password="pw-dora-12345")
    moderation.do_replace_seat(mod, started_game.pk, seat.index, "a volunteer", new_user=newcomer)
    seat.refresh_from_db()
    assert seat.user == newcomer and not seat.is_bot
    with pytest.raises(MoveRejected):  # someone already at the table cannot take a second seat
        moderation.do_replace_seat(mod, started_game.pk, 0, "no", new_user=players[2])
    log = list(ModerationAction.objects.filter(game=started_game).order_by("pk").values_list("kind", "data"))
    assert [k for k, _ in log] == ["replace_seat", "replace_seat"]
    assert log[0][1]["before"] == players[1].username and log[1][1]["after"] == "dora"


def test_a_bot_given_the_seat_on_turn_moves(started_game, players, mod):
    """Replacing the seat on turn arms a bot's short clock, so the game goes on."""
    game = Game.objects.get(pk=started_game.pk)
    seat = get(game.ruleset).to_move(game.state)[0]
    moderation.do_replace_seat(mod, game.pk, seat, "left for good")
    armed = Seat.objects.get(game=game, index=seat)
    assert armed.is_bot and armed.deadline is not None
    assert armed.deadline <= timezone.now() + timedelta(seconds=5)
    Seat.objects.filter(pk=armed.pk).update(deadline=timezone.now())
    assert do_deadline(game.pk, seat, game.version) is not None
    assert Move.objects.get(game=game).source == Move.Source.BOT


def test_reveal_of_a_live_game_needs_the_permission_a_reason_and_is_logged(started_game, players, mod):
    with pytest.raises(MoveRejected):
        moderation.do_reveal(players[0], started_game.pk, "curious")
    with pytest.raises(MoveRejected):
        moderation.do_reveal(mod, started_game.pk, "")
    shown = moderation.do_reveal(mod, started_game.pk, "report of collusion #12")
    game = Game.objects.get(pk=started_game.pk)
    assert shown["state"]["players"] == game.state["players"]  # every hand
    assert game.seed not in repr(shown)  # the dice still to come stay sealed
    entry = ModerationAction.objects.get(game=started_game)
    assert (entry.kind, entry.reason) == ("reveal", "report of collusion #12")


def test_a_moderator_playing_in_the_game_cannot_reveal_it(started_game, players):
    players[0].groups.add(ensure_moderator_group())
    me = User.objects.get(pk=players[0].pk)
    with pytest.raises(MoveRejected):
        moderation.do_reveal(me, started_game.pk, "I want to see their hands")
    assert not ModerationAction.objects.exists()


def test_full_state_only_once_the_game_is_over(started_game, mod):
    with pytest.raises(MoveRejected):
        moderation.full_state(Game.objects.get(pk=started_game.pk))
    moderation.do_abort(mod, started_game.pk, "test")
    shown = moderation.full_state(Game.objects.get(pk=started_game.pk))
    assert shown["seed"] == Game.objects.get(pk=started_game.pk).seed
