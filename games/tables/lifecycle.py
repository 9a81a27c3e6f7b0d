"""Table life-cycle writes: create, join (also by invite link), leave, kick, cancel, start. Same discipline as
the move path: validate, write in one transaction, publish after commit (to the table's screens and, for a
public table, to the lobby)."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy, gettext_noop

from accounts import ratelimit
from games.core.rulesets import IllegalAction, declaration, get
from games.models import GUIDED_SEED_PREFIX, AuditEntry, Game, Seat
from games.play import clock, notify
from games.play.actions import MoveRejected, publish_after_commit, required_seats
from games.play.broadcast import publish_lobby_after_commit
from games.play.move_writes import save_seats

TIME_CONTROLS = {
    # name: (seconds per required action, reserve seconds)
    "blitz": (20, 120),
    "live": (60, 300),
    "relaxed": (180, 900),
    "correspondence": (24 * 3600, 0),
}
# Each time control's name, and its description (the New table form's choices).
TIME_CONTROL_NAMES = {
    "blitz": gettext_lazy("Blitz"),
    "live": gettext_lazy("Live"),
    "relaxed": gettext_lazy("Relaxed"),
    "correspondence": gettext_lazy("Correspondence"),
}
TIME_CONTROL_LABELS = {
    "blitz": gettext_lazy("Blitz: 20 s a move + 2 min"),
    "live": gettext_lazy("Live: 1 min a move + 5 min"),
    "relaxed": gettext_lazy("Relaxed: 3 min a move + 15 min"),
    "correspondence": gettext_lazy("Correspondence: 1 day a move"),
}

# How a bot seat plays (``Seat.bot_level``): "easy" picks any legal move, "normal" is the engine's policy,
# "strong" the engine's stronger policy where it has one (``Ruleset.bot_levels``), else "normal".
BOT_LEVELS = ("easy", "normal", "strong")


def invite_path(game: Game) -> str:
    """The table's invite link (its path): whoever opens it may sit down, even at a private table."""
    return reverse("games:invite", args=[game.pk, game.invite_code]) if game.invite_code else ""


def new_invite_code() -> str:
    """The secret part of a table's invite link: whoever holds it may sit down, even at a private table."""
    return secrets.token_urlsafe(16)


def check_bot_level(level: str) -> None:
    if level not in BOT_LEVELS:
        raise MoveRejected("bad_request", gettext_noop("Unknown bot level %(level)s."), params={"level": level})


# A table's settings as the New table form and the API send them (one policy for both: ``table_settings``).
MAX_WHOLE = 10**9  # no setting is larger; the engines refuse what their rules do not allow
MAX_OPTIONS = 20


def whole_number(value, field: str, lo: int = 0, hi: int = MAX_WHOLE) -> int:
    """A whole-number setting as a form (digits) or a JSON body (a number, or digits in a string) sends it,
    within ``lo``..``hi``; anything else is the same refusal from the page and the API."""
    if isinstance(value, str) and value.isascii() and value.strip().isdigit() and len(value) < 10:
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise MoveRejected("bad_request", gettext_noop("%(field)s must be a whole number from %(min)s to %(max)s."),
                           params={"field": field, "min": lo, "max": hi})
    return value


def yes_no(value, field: str) -> bool:
    """A yes/no setting: JSON ``true``/``false``, or a form's ``"1"``/``""``; absent is no."""
    if value in (None, "", False, "0"):
        return False
    if value in (True, "1"):
        return True
    raise MoveRejected("bad_request", gettext_noop("The field %(field)s must be true or false."), params={"field": field})


# A teaching table's bots take their time, so that a newcomer can read each move and why it was made.
TEACHING_BOT_DELAY_MS = 4000


def table_settings(data) -> dict:
    """``do_create_table``'s keyword arguments from a table's settings as sent (``data``: the API's JSON body,
    or the New table form turned into the same fields by ``games.web.views``): ``ruleset``, ``seats``, ``bots``,
    ``time_control``, ``options`` (the game's own, an object), ``max_timeouts``, ``bot_level``, ``rated``,
    ``private``, ``teaching``. Each is read and refused the same way whoever sends it; ``do_create_table`` then checks them
    together (``check_settings``)."""
    options = data.get("options")
    if options is not None and (not isinstance(options, dict) or len(options) > MAX_OPTIONS):
        raise MoveRejected("bad_request", gettext_noop("options must be an object of at most 20 settings."))

    def given(name: str, default):
        value = data.get(name)
        return default if value is None or value == "" else value

    return {
        "ruleset": str(given("ruleset", ""))[:40],
        "num_seats": whole_number(given("seats", 0), "seats", 0, 99),
        "bots": whole_number(given("bots", 0), "bots", 0, 99),
        "time_control": str(given("time_control", "live"))[:40],
        "options": options or None,
        "max_timeouts": whole_number(given("max_timeouts", 3), "max_timeouts", 0, 99),
        "bot_level": str(given("bot_level", "normal"))[:40],
        "rated": yes_no(data.get("rated"), "rated"),
        "private": yes_no(data.get("private"), "private"),
        "teaching": yes_no(data.get("teaching"), "teaching"),
    }


def rated_table_options(ruleset: str, options: dict | None) -> dict | None:
    """A rated table's options (a league's too): ``options``, completed by the values its ruleset declares for rated
    tables (``Declaration.rated_options``: the rulebook's way where a casual table's default eases online play).
    An unknown ruleset is left to ``check_create`` to refuse."""
    try:
        declared = declaration(ruleset)
    except KeyError:
        return options
    return declared.with_rated_options(options) or None


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
    except (TypeError, ValueError, OverflowError):  # an option value the engine could not read
        raise MoveRejected("bad_request", gettext_noop("The table's options could not be read.")) from None


def check_settings(ruleset: str, num_seats: int, bots: int, time_control: str, options: dict | None,
                   max_timeouts: int, bot_level: str) -> None:
    """The table policy, the same for the page, the API and quick play: a known game and time
    control, seats within the game's player counts, no more bots than seats, a known bot level, 1 to 20
    timeouts before a bot takes a seat, and options the engine accepts. Rated and private go with any of
    them (a rated game changes the ratings of the people who played it when there are two or more:
    ``lobby.results``)."""
    check_create(ruleset, num_seats, bots, time_control, options)
    check_bot_level(bot_level)
    if not 1 <= max_timeouts <= 20:
        raise MoveRejected("bad_request", gettext_noop("A seat passes to a bot after 1 to 20 timeouts."))


def check_table_limits(user) -> None:
    """One person may keep a few tables open in the lobby and open them at a human pace (the page and the API
    alike): a flood of tables would fill every lobby list. Called inside the transaction that creates the table:
    the user's row is locked first, so concurrent creations by one user count their open tables one after the
    other (10 at once made 10 tables against a cap of 5). SQLite's IMMEDIATE transactions serialise them anyway."""

    get_user_model().objects.select_for_update().filter(pk=user.pk).exists()  # ``user`` may be a request's lazy one
    if too_many_open_tables(user):
        raise MoveRejected("too_many_tables", gettext_noop("You already have %(cap)s open tables: start or leave one "
                                                           "first."), params={"cap": open_tables_cap()})
    if not ratelimit.hit("table_create", f"u{user.pk}"):
        raise MoveRejected("rate_limited", gettext_noop("You are opening tables too fast: wait a moment."))


def check_may_play(user) -> None:
    """A suspended or banned user sits at no new table (moderation: ``accounts.restrictions.play_refusal``);
    games already under way go on."""
    from accounts.restrictions import play_refusal

    refusal = play_refusal(user)
    if refusal is not None:
        raise MoveRejected.because(refusal)


def do_create_table(user, ruleset: str, num_seats: int, *, bots: int = 0, time_control: str = "live",
                    options: dict | None = None, max_timeouts: int = 3, bot_level: str = "normal",
                    rated: bool = False, private: bool = False, teaching: bool = False,
                    seed: str | None = None) -> Game:
    """A new table with the creator in the first seat and ``bots`` bots of ``bot_level`` in the last ones.
    ``rated`` is recorded for the ratings; a ``private`` table is listed nowhere and seats only whoever opens
    its invite link. A rated table takes its ruleset's ``rated_options`` where ``options`` says nothing
    (``rated_table_options``), written down in the table's options. A ``teaching`` table (friendly only) keeps
    its hints open and its bots slow and explained (``Game.teaching``). ``seed``: a chosen seed instead of a secret
    one (a guided game's, ``do_start_guided``)."""
    if teaching and rated:
        raise MoveRejected("bad_request", gettext_noop("A teaching table is friendly: it cannot be rated."))
    if rated:
        options = rated_table_options(ruleset, options)
    check_settings(ruleset, num_seats, bots, time_control, options, max_timeouts, bot_level)
    check_may_play(user)
    move_s, reserve_s = TIME_CONTROLS[time_control]
    with transaction.atomic():
        check_table_limits(user)
        game = Game.objects.create(ruleset=ruleset, num_seats=num_seats, created_by=user, options=options or {},
                                   move_seconds=move_s, reserve_seconds=reserve_s, max_timeouts=max_timeouts,
                                   time_control=time_control, rated=bool(rated), private=bool(private),
                                   teaching=bool(teaching), invite_code=new_invite_code(),
                                   **({"bot_delay_ms": TEACHING_BOT_DELAY_MS} if teaching else {}),
                                   **({"seed": seed} if seed else {}))
        Seat.objects.bulk_create(
            [Seat(game=game, index=i, user=user if i == 0 and bots < num_seats else None,
                  is_bot=num_seats - i <= bots, bot_level=bot_level if num_seats - i <= bots else "normal",
                  reserve_left=reserve_s) for i in range(num_seats)]
        )
        AuditEntry.objects.create(game=game, user=user, kind="created",
                                  data={"bots": bots, "time_control": time_control, "options": options or {},
                                        "bot_level": bot_level, "rated": bool(rated), "private": bool(private),
                                        "teaching": bool(teaching)})
        publish_lobby_after_commit(game)
    if bots == num_seats - 1 or bots == num_seats:
        # Nobody else to wait for: the table starts at once (the same for the page and the API).
        game = do_start(game.pk, user)
    return game


def _lock_lobby(game_id: int) -> tuple[Game, list[Seat]]:
    try:
        game = Game.objects.select_for_update().get(pk=game_id)
    except Game.DoesNotExist:
        raise MoveRejected("not_found", gettext_noop("No such game.")) from None
    if game.status != Game.Status.LOBBY:
        raise MoveRejected("not_active", gettext_noop("This table has already started."))
    return game, list(Seat.objects.select_for_update().filter(game=game).order_by("index"))


def do_join(game_id: int, user, *, code: str | None = None) -> int:
    """Take the first free seat; returns its index. Joining twice is refused; a private table takes its
    invite ``code``, and a wrong code is no table at all."""
    index = _join(game_id, user, code)
    maybe_start_full(game_id)
    return index


def check_invite(game: Game, code: str | None) -> None:
    """A code, when given, must be the table's; without one, only a public table can be joined."""
    if code is not None:
        if not game.invite_code or not secrets.compare_digest(str(code), game.invite_code):
            raise MoveRejected("not_found", gettext_noop("This invite link is not valid."))
    elif game.private:
        raise MoveRejected("not_your_seat", gettext_noop("This table is private: only its invite link seats you."))


def check_not_kicked(game: Game, user) -> None:
    """Whom the host removed from a table does not sit down there again."""
    if AuditEntry.objects.filter(game=game, kind="kicked", data__user=user.pk).exists():
        raise MoveRejected("not_your_seat", gettext_noop("The table's creator removed you from this table."))


def _join(game_id: int, user, code: str | None = None) -> int:
    check_may_play(user)
    with transaction.atomic():
        if code is not None:
            # A wrong code answers "not found" whatever the table's state, so a link tells nothing about it.
            found = Game.objects.filter(pk=game_id).first()
            if found is None:
                raise MoveRejected("not_found", gettext_noop("This invite link is not valid."))
            check_invite(found, code)
        game, seats = _lock_lobby(game_id)
        check_invite(game, code)
        if any(s.user_id == user.pk for s in seats):
            raise MoveRejected("bad_request", gettext_noop("You are already seated at this table."))
        check_not_kicked(game, user)
        free = [s for s in seats if s.user_id is None and not s.is_bot]
        if not free:
            raise MoveRejected("bad_request", gettext_noop("This table is full."))
        seat = free[0]
        seat.user = user
        seat.save(update_fields=["user"])
        AuditEntry.objects.create(game=game, user=user, kind="joined", data={"seat": seat.index})
        _changed(game)
        return seat.index


def do_leave(game_id: int, user) -> None:
    """A player gets up from an unstarted table; the creator getting up cancels it."""
    with transaction.atomic():
        game, seats = _lock_lobby(game_id)
        mine = [s for s in seats if s.user_id == user.pk]
        if not mine:
            raise MoveRejected("bad_request", gettext_noop("You are not seated at this table."))
        if game.created_by_id == user.pk:
            _cancel(game, seats, user)
        else:
            mine[0].user = None
            mine[0].save(update_fields=["user"])
            AuditEntry.objects.create(game=game, user=user, kind="left", data={"seat": mine[0].index})
        _changed(game)


def check_host(game: Game, user, refusal: str) -> None:
    if user is None or game.created_by_id != user.pk:
        raise MoveRejected("not_your_seat", refusal)


def check_kick(game: Game, seats: list[Seat], user, index: int) -> Seat:
    """The creator removes a player (or a bot) from an unstarted table, never themself."""
    check_host(game, user, gettext_noop("Only the table's creator can remove a player."))
    if not 0 <= index < len(seats):
        raise MoveRejected("bad_request", gettext_noop("No such seat."))
    seat = seats[index]
    if seat.user_id is None and not seat.is_bot:
        raise MoveRejected("bad_request", gettext_noop("Nobody sits in that seat."))
    if seat.user_id == user.pk:
        raise MoveRejected("bad_request", gettext_noop("You cannot remove yourself: cancel the table instead."))
    return seat


def do_kick(game_id: int, user, index: int) -> None:
    """The seat is free again (a removed bot's seat waits for a person); the player cannot sit there again."""
    with transaction.atomic():
        game, seats = _lock_lobby(game_id)
        seat = check_kick(game, seats, user, index)
        AuditEntry.objects.create(game=game, user=user, kind="kicked",
                                  data={"seat": seat.index, "user": seat.user_id, "bot": seat.is_bot})
        seat.user = None
        seat.is_bot = False
        seat.save(update_fields=["user", "is_bot"])
        _changed(game)


def do_cancel(game_id: int, user) -> None:
    """The creator calls off an unstarted table: it is aborted and every seat released."""
    with transaction.atomic():
        game, seats = _lock_lobby(game_id)
        check_host(game, user, gettext_noop("Only the table's creator can cancel it."))
        _cancel(game, seats, user)


def _cancel(game: Game, seats: list[Seat], user) -> None:
    released = [s.user_id for s in seats if s.user_id is not None]
    Seat.objects.filter(game=game).update(user=None)
    game.status = Game.Status.ABORTED
    AuditEntry.objects.create(game=game, user=user, kind="cancelled", data={"released": released})
    _changed(game)


def _close_empty_seats(game: Game, seats: list[Seat], rs) -> list[Seat]:
    """Starting before the table is full: the empty seats go away and the rest close up in order, as long as
    the game's minimum of players (people and bots) is met."""
    taken = [s for s in seats if s.user_id is not None or s.is_bot]
    if len(taken) == len(seats):
        return seats
    if len(taken) < rs.min_players:
        raise MoveRejected("bad_request", gettext_noop("At least %(min)s players are needed to start: wait for "
                                                       "people or add bots."), params={"min": rs.min_players})
    Seat.objects.filter(game=game, user__isnull=True, is_bot=False).delete()
    for index, seat in enumerate(taken):  # ascending, so each new index is already free
        if seat.index != index:
            seat.index = index
            seat.save(update_fields=["index"])
    game.num_seats = len(taken)
    return taken


def do_start(game_id: int, user) -> Game:
    """The creator starts the table, full or (with empty seats closed) once the game's minimum sits at it:
    the engine deals from the secret seed."""
    with transaction.atomic():
        game, seats = _lock_lobby(game_id)
        if game.created_by_id != user.pk:
            raise MoveRejected("not_your_seat", gettext_noop("Only the table's creator can start it."))
        rs = get(game.ruleset)
        closed = len(seats)
        seats = _close_empty_seats(game, seats, rs)
        closed -= len(seats)
        now = timezone.now()
        try:
            game.state = rs.new_game(game.num_seats, game.seed, game.options or None)
        except IllegalAction as exc:
            raise MoveRejected("bad_request", exc.message, rule=exc.rule, params=exc.params) from None
        # The game is played under the rules that dealt it, whatever they were when its table was made.
        game.rules_revision = rs.rules_revision
        game.status = Game.Status.ACTIVE
        game.started_at = now
        required = required_seats(rs, game.state, seats)
        save_seats(seats, lambda: clock.rearm_all(game, seats, required, now))
        game.rev += 1
        game.save()
        AuditEntry.objects.create(game=game, user=user, kind="started", data={"closed_seats": closed} if closed else {})
        publish_after_commit(game)
        publish_lobby_after_commit(game)
        return game


def _changed(game: Game) -> None:
    """A life-cycle write people see: a new revision, published after commit."""
    game.rev += 1
    game.save(update_fields=["rev", "status"])
    publish_after_commit(game)
    publish_lobby_after_commit(game)


def do_reclaim(game_id: int, user) -> None:
    """The player takes back a seat a bot took over after their timeouts; their clock restarts. Not while they
    are banned or suspended (a sanction hands their seats to bots)."""
    check_may_play(user)
    with transaction.atomic():
        try:
            game = Game.objects.select_for_update().get(pk=game_id)
        except Game.DoesNotExist:
            raise MoveRejected("not_found", gettext_noop("No such game.")) from None
        if game.status != Game.Status.ACTIVE:
            raise MoveRejected("not_active", gettext_noop("The game is not in play."))
        seats = list(Seat.objects.select_for_update().filter(game=game).order_by("index"))
        mine = [s for s in seats if s.user_id == user.pk and s.is_bot]
        if not mine:
            raise MoveRejected("bad_request", gettext_noop("No bot is playing for you at this table."))
        seat = mine[0]
        rs = get(game.ruleset)
        now = timezone.now()

        def take_back():
            seat.is_bot = False
            seat.timeouts = 0
            clock.rearm_all(game, seats, required_seats(rs, game.state, seats), now, new_turn=False,
                            fresh=(seat.index,))

        save_seats(seats, take_back)
        AuditEntry.objects.create(game=game, user=user, kind="reclaimed", data={"seat": seat.index})
        game.rev += 1
        game.save(update_fields=["rev"])
        publish_after_commit(game)


def do_rematch(game_id: int, user) -> Game:
    """A new table for the same players and options after a game: the first to ask creates it (seated at
    their old place, bots at theirs), the others join from the finished game's card; it starts when full.
    Only a person who held a seat of the old game may ask for it or join it."""
    check_may_play(user)
    with transaction.atomic():
        try:
            old = Game.objects.select_for_update().get(pk=game_id)
        except Game.DoesNotExist:
            raise MoveRejected("not_found", gettext_noop("No such game.")) from None
        old_seats = list(Seat.objects.filter(game=old).order_by("index"))
        # Checked before the rematch is looked up: joining it hands out its invite code, which only the old
        # game's people may use (a private game's rematch is as private as the game).
        if not any(s.user_id == user.pk for s in old_seats):
            raise MoveRejected("not_your_seat", gettext_noop("Only the players of a game can ask for a rematch."))
        existing = Game.objects.filter(rematch_of=old).first()
        if existing is not None:
            if existing.status == Game.Status.LOBBY and not existing.seats.filter(user=user).exists():
                do_join(existing.pk, user, code=existing.invite_code or None)
            return existing
        if old.status != Game.Status.FINISHED:
            raise MoveRejected("not_active", gettext_noop("A rematch is offered once the game is over."))
        game = Game.objects.create(ruleset=old.ruleset, num_seats=old.num_seats, created_by=user, options=old.options,
                                   move_seconds=old.move_seconds, reserve_seconds=old.reserve_seconds,
                                   max_timeouts=old.max_timeouts, bot_delay_ms=old.bot_delay_ms, rematch_of=old,
                                   time_control=old.time_control, rated=old.rated, private=old.private,
                                   teaching=old.teaching,
                                   invite_code=new_invite_code())
        # Seats keep their order; a seat whose player was a bot (or was replaced by one) stays a bot only
        # when nobody held it.
        Seat.objects.bulk_create([
            Seat(game=game, index=s.index, user=user if s.user_id == user.pk else None,
                 is_bot=s.user_id is None, bot_level=s.bot_level, reserve_left=old.reserve_seconds)
            for s in old_seats
        ])
        AuditEntry.objects.create(game=game, user=user, kind="created", data={"rematch_of": old.pk})
        old.rev += 1
        old.save(update_fields=["rev"])
        publish_after_commit(old)
        publish_lobby_after_commit(game)
        notify.offer_rematch(old, game, user)  # pushed after commit to whoever chose rematch pushes
    maybe_start_full(game.pk)
    return game


def maybe_start_full(game_id: int) -> bool:
    """A rematch, or a quick-play table, starts by itself once every seat is taken."""
    game = Game.objects.filter(pk=game_id, status=Game.Status.LOBBY).first()
    if game is None or game.seats.filter(user__isnull=True, is_bot=False).exists():
        return False
    if game.rematch_of_id is None and not AuditEntry.objects.filter(game=game, kind="quick_play").exists():
        return False
    try:
        do_start(game.pk, game.created_by)
    except MoveRejected:
        return False
    return True


def open_tables_cap() -> int:
    return int(getattr(settings, "MAX_OPEN_TABLES", 5))


def too_many_open_tables(user) -> bool:
    """``user`` already has the most lobby tables a user may keep open."""
    return Game.objects.filter(created_by=user, status=Game.Status.LOBBY).count() >= open_tables_cap()


def guided_seed(ruleset: str) -> str:
    """A guided game's seed: the same deal and dice for everyone who learns (it is no secret, and needs none): the
    ruleset's chosen one (``guided_table["seed"]``, found by ``scripts/guided_seeds.py``)."""
    return str(declaration(ruleset).guided_table.get("seed") or f"{GUIDED_SEED_PREFIX}{ruleset}:1")


def guided_game_of(user, ruleset: str) -> Game | None:
    """The user's guided game of ``ruleset`` still in play, if any: the one to resume."""
    return (Game.objects.filter(seats__user=user, ruleset=ruleset, teaching=True, seed=guided_seed(ruleset),
                                status__in=[Game.Status.ACTIVE, Game.Status.PAUSED]).order_by("-pk").first())


def do_start_guided(user, ruleset: str) -> Game:
    """The user's guided first game of ``ruleset``: resumed if one is in play, else a new teaching table against bots
    on the ruleset's guided seed, of its declared size and options (``Declaration.guided_table``), started at once."""
    try:
        settings = declaration(ruleset).guided_table
    except KeyError:
        raise MoveRejected("not_found", gettext_noop("No such game.")) from None
    if not settings:
        raise MoveRejected("not_found", gettext_noop("This game has no guided game yet."))
    found = guided_game_of(user, ruleset)
    if found is not None:
        return found
    seats = settings["seats"]
    return do_create_table(user, ruleset, seats, bots=seats - 1, time_control="correspondence",
                           options=dict(settings.get("options") or {}), teaching=True, seed=guided_seed(ruleset))
