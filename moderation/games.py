"""Moderation of games: reveal, abort, adjudicate, annul, replace a seat, pause and resume.

Each ``do_*`` checks the moderator's permission and a reason, locks the game like the move path does, writes,
logs one ``accounts.ModerationAction`` (the append-only audit log) in the same transaction, and publishes
after commit so every screen shows the change. A moderator never makes a move for a player.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from games.models import AuditEntry, Game, Move, Seat
from games.play import clock
from games.play.actions import MoveRejected, _lock
from games.play.hooks import game_over_after_commit
from games.play.move_writes import save_seats
from games.tables import interventions
from games.tables.interventions import UNDER_WAY, changed, rearm
from moderation.users import check_moderator, check_reason, log_action

# The audit entries that put a person in one of the game's seats (``tables``): a seat they left or lost since
# still makes it their game.
SEATED_KINDS = ("created", "joined", "reclaimed")


def played_in(game: Game, seats: list[Seat], user) -> bool:
    """Whether ``user`` holds one of the game's seats (a bot playing it for them included) or held one: a seat
    they left, were replaced in or moved from. A moderator judges no game of their own."""
    if any(s.user_id == user.pk for s in seats):
        return True
    return (Move.objects.filter(game=game, actor=user).exists()
            or AuditEntry.objects.filter(game=game, user=user, kind__in=SEATED_KINDS).exists()
            or AuditEntry.objects.filter(game=game, kind="seat_replaced", data__before=user.username).exists())


def _lock_for(moderator, game_id: int, statuses: tuple | None = None, refusal: str = "") -> tuple[Game, list[Seat]]:
    """Lock the game like the move path does, for a moderator's action on it. Refused (``bad_request``) when
    the moderator plays or played in it, and (``not_active``, ``refusal``) unless its status is one of
    ``statuses`` (any status when None). Every tool of this module starts here."""
    game, seats = _lock(game_id)
    if played_in(game, seats, moderator):
        raise MoveRejected("bad_request", gettext_noop("You play or played in this game: another moderator must "
                                                       "act on it."))
    if statuses is not None and game.status not in statuses:
        raise MoveRejected("not_active", refusal)
    return game, seats


def _finished_hook(game: Game) -> None:
    """Tell the ratings and leagues that the game's result changed (``games.play.hooks.game_over``: their task is
    idempotent)."""
    game_over_after_commit(game)


def full_state(game: Game) -> dict:
    """Everything about a game, hidden hands included: for finished or aborted games only (see ``do_reveal``)."""
    if not game.seed_revealed:
        raise MoveRejected("not_active", gettext_noop("A game under way is shown in full only through a reveal."))
    return {"state": game.state, "seed": game.seed, "outcome": game.outcome}


def do_reveal(moderator, game_id: int, reason: str) -> dict:
    """A live game's full state, for a moderator with the reveal permission and a reason; logged, so staff
    cannot peek casually while playing or advising."""
    check_moderator(moderator, "accounts.reveal_live_game")
    reason = check_reason(reason)
    with transaction.atomic():
        game, _seats = _lock_for(moderator, game_id)
        log_action(moderator, "reveal", reason, game=game, version=game.version)
    # The seed stays sealed while the game runs (engines keep it in their state): it would tell the dice
    # still to come.
    state = {k: v for k, v in (game.state or {}).items() if k != "seed"}
    return {"state": state, "version": game.version}


def do_abort(moderator, game_id: int, reason: str) -> Game:
    """End a game with no result: clocks stop, the seed is revealed, nobody wins or loses rating."""
    check_moderator(moderator)
    reason = check_reason(reason)
    with transaction.atomic():
        game, seats = _lock_for(moderator, game_id, (*UNDER_WAY, Game.Status.LOBBY),
                               gettext_noop("Only a table or a game under way can be aborted."))
        interventions.abort(game, seats, moderator, reason, by_moderator=True)
        log_action(moderator, "abort", reason, game=game, version=game.version)
    return game


def check_ranking(game: Game, ranking) -> list[int]:
    if (not isinstance(ranking, list) or sorted(ranking) != list(range(game.num_seats))
            or not all(isinstance(i, int) for i in ranking)):
        raise MoveRejected("bad_request", gettext_noop("Give every seat's finishing place, each seat once."))
    return ranking


def do_adjudicate(moderator, game_id: int, ranking: list[int], reason: str) -> Game:
    """Decide the result of a game under way (e.g. one abandoned by all but one): the moderator gives the
    finishing order; the game ends with it and ratings and standings count it."""
    check_moderator(moderator)
    reason = check_reason(reason)
    with transaction.atomic():
        game, seats = _lock_for(moderator, game_id, UNDER_WAY, gettext_noop(
            "Only a game under way can be adjudicated; annul a finished one instead."))
        ranking = check_ranking(game, ranking)
        game.status = Game.Status.FINISHED
        game.outcome = {"ranking": ranking, "winner": ranking[0], "reason": "adjudicated", "adjudicated": True}
        game.finished_at = timezone.now()
        game.paused_at = None
        save_seats(seats, lambda: [clock.disarm(s) for s in seats])
        log_action(moderator, "adjudicate", reason, game=game, ranking=ranking, version=game.version)
        AuditEntry.objects.create(game=game, user=moderator, kind="adjudicated", data={"ranking": ranking})
        changed(game)
        _finished_hook(game)
    return game


def do_annul(moderator, game_id: int, reason: str) -> Game:
    """A finished game stops counting for ratings and league standings; its log and result stay visible."""
    check_moderator(moderator)
    reason = check_reason(reason)
    with transaction.atomic():
        game, _seats = _lock_for(moderator, game_id, (Game.Status.FINISHED,),
                                 gettext_noop("Only a finished game can be annulled."))
        if game.annulled_at is not None:
            raise MoveRejected("bad_request", gettext_noop("That game is already annulled."))
        interventions.annul(game)
        log_action(moderator, "annul", reason, game=game)
    return game


def do_replace_seat(moderator, game_id: int, seat: int, reason: str, *, new_user=None) -> Game:
    """Give a seat of a game under way to a bot (``new_user`` None) or to another user. The player who held it
    is recorded in the log, and the seat no longer shows them."""
    check_moderator(moderator)
    reason = check_reason(reason)
    with transaction.atomic():
        game, seats = _lock_for(moderator, game_id, UNDER_WAY,
                                gettext_noop("Only a seat of a game under way can be replaced."))
        if not isinstance(seat, int) or not 0 <= seat < len(seats):
            raise MoveRejected("bad_request", gettext_noop("No such seat."))
        if new_user is not None and new_user.pk == moderator.pk:
            raise MoveRejected("bad_request", gettext_noop("You cannot give yourself a seat: a moderator judges "
                                                           "games, never plays in them through the tools."))
        if new_user is not None and any(s.user_id == new_user.pk for s in seats):
            raise MoveRejected("bad_request", gettext_noop("%(name)s already plays in this game."),
                               params={"name": new_user.username})
        target = seats[seat]
        before = target.user.username if target.user_id else None
        target.user = new_user
        target.is_bot = new_user is None
        target.timeouts = 0
        target.save(update_fields=["user", "is_bot", "timeouts"])
        if game.status == Game.Status.ACTIVE:
            rearm(game, seats, fresh=(seat,))
        log_action(moderator, "replace_seat", reason, game=game, user=new_user, seat=seat, before=before,
                   after=new_user.username if new_user else "bot")
        AuditEntry.objects.create(game=game, user=moderator, kind="seat_replaced",
                                  data={"seat": seat, "before": before, "after": new_user.pk if new_user else None})
        changed(game)
    return game


def do_pause(moderator, game_id: int, reason: str) -> Game:
    """Stop every clock of a game (moves are refused while paused); resuming gives each seat back the time
    it had."""
    check_moderator(moderator)
    reason = check_reason(reason)
    with transaction.atomic():
        game, _seats = _lock_for(moderator, game_id, (Game.Status.ACTIVE,),
                                 gettext_noop("Only a game in play can be paused."))
        _pause(game, moderator, reason)
    return game


def _pause(game: Game, moderator, reason: str, **data) -> None:
    """Stop the locked game's clocks and log why (``moderator`` None: the system did it)."""
    game.status = Game.Status.PAUSED
    game.paused_at = timezone.now()
    log_action(moderator, "pause", reason, game=game, version=game.version, **data)
    changed(game)


def do_pause_stuck(game_id: int, seat: int, version: int, error: str) -> bool:
    """A clock deadline that cannot be applied (the engine failed on the game's state): the game is paused
    for a moderator, with the error in the moderation log, instead of being tried again by every sweep for
    ever. False when the game has moved on since (nothing to do)."""
    with transaction.atomic():
        game, _seats = _lock(game_id)
        if game.status != Game.Status.ACTIVE or game.version != version:
            return False
        _pause(game, None, f"The clock of seat {seat} could not be applied: {error}"[:1000], seat=seat,
               automatic=True)
    return True


def do_resume(moderator, game_id: int, reason: str) -> Game:
    check_moderator(moderator)
    reason = check_reason(reason)
    with transaction.atomic():
        game, seats = _lock_for(moderator, game_id, (Game.Status.PAUSED,), gettext_noop("The game is not paused."))
        now = timezone.now()
        stood_still = now - (game.paused_at or now)
        for s in seats:
            if s.deadline is not None:
                s.deadline += stood_still
                s.clock_started = (s.clock_started or now) + stood_still
                s.save(update_fields=["deadline", "clock_started"])
        game.status = Game.Status.ACTIVE
        game.paused_at = None
        log_action(moderator, "resume", reason, game=game, paused_seconds=round(stood_still.total_seconds()))
        changed(game)
    return game
