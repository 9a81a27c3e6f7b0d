"""Changes to a game from outside its moves: a sanction hands the user's seats to bots, and the moderators'
tools (``moderation.games``) change who plays or pause the clocks. Each runs on the game locked as the move path
locks it (``actions._lock``), then saves a new revision and publishes it after commit.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games.core.rulesets import get
from games.models import AuditEntry, Game, Seat
from games.play import clock
from games.play.actions import _lock, publish_after_commit, required_seats
from games.play.hooks import game_over_after_commit
from games.play.move_writes import save_seats

UNDER_WAY = (Game.Status.ACTIVE, Game.Status.PAUSED)


def changed(game: Game) -> None:
    """A change of the locked game outside a move: a new revision, saved, and published after commit."""
    game.rev += 1
    game.save()
    publish_after_commit(game)


def abort(game: Game, seats: list[Seat], actor, reason: str, **outcome) -> None:
    """End the locked game under way with no result: clocks stop, the seed is revealed, nobody wins or loses rating;
    ``outcome`` says who ended it. Recorded in the game's audit; the results hear it (``game_over``)."""
    game.status = Game.Status.ABORTED
    game.outcome = {"aborted": True, **outcome}
    game.finished_at = timezone.now()
    game.paused_at = None
    save_seats(seats, lambda: [clock.disarm(s) for s in seats])
    AuditEntry.objects.create(game=game, user=actor, kind="aborted", data={"reason": reason})
    changed(game)
    game_over_after_commit(game)


def annul(game: Game) -> None:
    """The locked finished game stops counting for ratings and standings; its log and result stay visible. The
    results hear it (``game_over``: their task is idempotent)."""
    game.annulled_at = timezone.now()
    changed(game)
    game_over_after_commit(game)


def abort_if_under_way(game_id: int, actor, reason: str, **outcome) -> bool:
    """Abort the game if it is still under way (``abort``, the game locked): a competition called off."""
    with transaction.atomic():
        game, seats = _lock(game_id)
        if game.status not in UNDER_WAY:
            return False
        abort(game, seats, actor, reason, **outcome)
    return True


def annul_if_finished(game_id: int) -> bool:
    """Annul the game if it finished and counts (``annul``, the game locked)."""
    with transaction.atomic():
        game, _seats = _lock(game_id)
        if game.status != Game.Status.FINISHED or game.annulled_at is not None:
            return False
        annul(game)
    return True


def rearm(game: Game, seats: list[Seat], fresh: tuple[int, ...] = ()) -> None:
    """The clocks after a change of who plays (not a move): the turn goes on, so the other seats keep theirs;
    ``fresh``: seats whose clock starts again (a new occupant)."""
    rs = get(game.ruleset)
    now = timezone.now()
    required = required_seats(rs, game.state, seats)
    save_seats(seats, lambda: clock.rearm_all(game, seats, required, now, new_turn=False, fresh=fresh))


def hand_seats_to_bots(user) -> int:
    """A banned or suspended user's seats in games under way pass to bots (the others at the table play on; the
    move path lets them take a seat back only once they may play again, ``games.play.actions._taken_back``), and
    they get up from the tables still gathering (``tables.do_leave``: a table they opened is cancelled)."""
    from games.tables.lifecycle import do_leave

    for game_id in Seat.objects.filter(user=user, game__status=Game.Status.LOBBY).values_list("game_id", flat=True):
        do_leave(game_id, user)
    count = 0
    for game_id in Seat.objects.filter(user=user, game__status__in=UNDER_WAY).values_list("game_id", flat=True):
        game, seats = _lock(game_id)
        for s in seats:
            if s.user_id == user.pk:
                s.is_bot = True
                s.save(update_fields=["is_bot"])
                count += 1
        if game.status == Game.Status.ACTIVE:
            rearm(game, seats)
        changed(game)
    return count
