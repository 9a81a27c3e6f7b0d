"""Table life-cycle writes: create, join, leave, start. Same discipline as the
move path: validate, write in one transaction, publish after commit."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from . import clock
from .actions import MoveRejected, after_commit, save_seats
from .models import AuditEntry, Game, Seat
from .rulesets import IllegalAction, get

TIME_CONTROLS = {
    # name: (seconds per required action, reserve seconds)
    "blitz": (20, 120),
    "live": (60, 300),
    "relaxed": (180, 900),
    "correspondence": (24 * 3600, 0),
}


def check_create(ruleset: str, num_seats: int, bots: int, time_control: str, options: dict | None = None) -> None:
    try:
        rs = get(ruleset)
    except KeyError:
        raise MoveRejected("bad_request", gettext_noop("Unknown game %(ruleset)s."), params={"ruleset": ruleset}) from None
    if not rs.min_players <= num_seats <= rs.max_players:
        raise MoveRejected("bad_request", gettext_noop("%(ruleset)s takes %(min)s to %(max)s players."),
                           params={"ruleset": ruleset, "min": rs.min_players, "max": rs.max_players})
    if not 0 <= bots <= num_seats:
        raise MoveRejected("bad_request", gettext_noop("There are more bots than seats."))
    if time_control not in TIME_CONTROLS:
        raise MoveRejected("bad_request", gettext_noop("Unknown time control %(tc)s."), params={"tc": time_control})
    try:
        rs.new_game(num_seats, "options-check", options or None)  # the engine validates its own options
    except IllegalAction as exc:
        raise MoveRejected("bad_request", exc.message, rule=exc.rule, params=exc.params) from None


def do_create_table(user, ruleset: str, num_seats: int, *, bots: int = 0, time_control: str = "live",
                    options: dict | None = None, max_timeouts: int = 3) -> Game:
    check_create(ruleset, num_seats, bots, time_control, options)
    if not 1 <= max_timeouts <= 20:
        raise MoveRejected("bad_request", gettext_noop("A seat passes to a bot after 1 to 20 timeouts."))
    move_s, reserve_s = TIME_CONTROLS[time_control]
    with transaction.atomic():
        game = Game.objects.create(ruleset=ruleset, num_seats=num_seats, created_by=user, options=options or {},
                                   move_seconds=move_s, reserve_seconds=reserve_s, max_timeouts=max_timeouts)
        Seat.objects.bulk_create(
            [Seat(game=game, index=i, user=user if i == 0 and bots < num_seats else None,
                  is_bot=num_seats - i <= bots, reserve_left=reserve_s) for i in range(num_seats)]
        )
        AuditEntry.objects.create(game=game, user=user, kind="created",
                                  data={"bots": bots, "time_control": time_control, "options": options or {}})
    return game


def _lock_lobby(game_id: int) -> tuple[Game, list[Seat]]:
    try:
        game = Game.objects.select_for_update().get(pk=game_id)
    except Game.DoesNotExist:
        raise MoveRejected("not_found", gettext_noop("No such game.")) from None
    if game.status != Game.Status.LOBBY:
        raise MoveRejected("not_active", gettext_noop("This table has already started."))
    return game, list(Seat.objects.select_for_update().filter(game=game).order_by("index"))


def do_join(game_id: int, user) -> int:
    """Take the first free seat; returns its index. Joining twice is refused."""
    with transaction.atomic():
        game, seats = _lock_lobby(game_id)
        if any(s.user_id == user.pk for s in seats):
            raise MoveRejected("bad_request", gettext_noop("You are already seated at this table."))
        free = [s for s in seats if s.user_id is None and not s.is_bot]
        if not free:
            raise MoveRejected("bad_request", gettext_noop("This table is full."))
        seat = free[0]
        seat.user = user
        seat.save(update_fields=["user"])
        AuditEntry.objects.create(game=game, user=user, kind="joined", data={"seat": seat.index})
        transaction.on_commit(lambda: after_commit(game.pk, 0))
        return seat.index


def do_leave(game_id: int, user) -> None:
    with transaction.atomic():
        game, seats = _lock_lobby(game_id)
        mine = [s for s in seats if s.user_id == user.pk]
        if not mine:
            raise MoveRejected("bad_request", gettext_noop("You are not seated at this table."))
        if game.created_by_id == user.pk:
            game.status = Game.Status.ABORTED
            game.save(update_fields=["status"])
            AuditEntry.objects.create(game=game, user=user, kind="cancelled")
        else:
            mine[0].user = None
            mine[0].save(update_fields=["user"])
            AuditEntry.objects.create(game=game, user=user, kind="left", data={"seat": mine[0].index})
        transaction.on_commit(lambda: after_commit(game.pk, 0))


def do_start(game_id: int, user) -> Game:
    """The creator starts a full table: the engine deals from the secret seed."""
    with transaction.atomic():
        game, seats = _lock_lobby(game_id)
        if game.created_by_id != user.pk:
            raise MoveRejected("not_your_seat", gettext_noop("Only the table's creator can start it."))
        if any(s.user_id is None and not s.is_bot for s in seats):
            raise MoveRejected("bad_request", gettext_noop("Every seat needs a player or a bot."))
        rs = get(game.ruleset)
        now = timezone.now()
        game.state = rs.new_game(game.num_seats, game.seed, game.options or None)
        game.status = Game.Status.ACTIVE
        game.started_at = now
        required = set(rs.to_move(game.state))
        save_seats(seats, lambda: clock.rearm_all(game, seats, required, now))
        game.save()
        AuditEntry.objects.create(game=game, user=user, kind="started")
        transaction.on_commit(lambda: after_commit(game.pk, 0))
        return game
