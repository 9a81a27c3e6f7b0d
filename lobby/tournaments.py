"""Tournament writes: creating, joining and leaving, the rounds (Swiss) and tables (arena), the end, cancelling.

Same discipline as the tables and the leagues: ``check_*`` validates and raises ``MoveRejected``; ``do_*`` writes
in one transaction. The beat (``lobby.tasks.run_tournaments``) and each tournament game's end
(``lobby.tasks.game_finished``) call ``advance`` under the tournament's row lock, so a round opens once and a
player is seated at one table at a time however many workers run. Pairing and points: ``tournament_pairing``.
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import gettext, gettext_noop

from accounts import push
from accounts.models import User
from accounts.signals import moderator_acted
from games.core.rulesets import get
from games.models import Game, Seat
from games.play.actions import MoveRejected
from games.play.broadcast import group_send
from games.play.results import bot_account_ids
from games.tables import interventions
from games.tables import lifecycle as tables

from . import tournament_pairing as pairing
from .leagues import ENDED, check_game_at_tables, make_bot_account, out_of_play, start_rated_table
from .models import BotAccount, Tournament, TournamentEntry, TournamentGame, TournamentPolicy
from .results import placings

MAX_ROUNDS = 15
MAX_MINUTES = 24 * 60
RUNNING = (Tournament.Status.SCHEDULED, Tournament.Status.RUNNING)

log = logging.getLogger(__name__)


def revision(tournament_id: int) -> int:
    """The tournament's revision: a number that grows with each published change (the pages keep what all their
    viewers share once per revision, ``tournament_pages.shared``)."""
    return int(cache.get(f"tournament-revision:{tournament_id}") or 0)


def publish(tournament_id: int) -> None:
    """After commit, count a new revision and tell the tournament's pages (``lobby.tournament_consumer``) that it
    changed."""
    def send() -> None:
        key = f"tournament-revision:{tournament_id}"
        try:
            if not cache.add(key, 1, timeout=None):
                cache.incr(key)
            group_send(f"tournament.{tournament_id}", {"type": "tournament.changed"})
        except Exception:  # the change is committed; a page re-reads it on its next connect
            log.exception("tournament broadcast failed")

    transaction.on_commit(send)


# ---- creating, joining, leaving ---------------------------------------------------------------------------------

def check_create(user, ruleset: str, kind: str, starts_at: datetime, rounds: int, minutes: int, time_control: str,
                 table_size: int, now: datetime, options: dict | None = None) -> None:
    """May ``user`` create this tournament: the moderators' policy (account age, rated games, no sanction, not too
    many open), and sound settings."""
    policy = TournamentPolicy.current()
    if out_of_play([user.pk], now):
        raise MoveRejected("forbidden", gettext_noop("You may not create a tournament while you are barred from "
                                                     "play."))
    if user.date_joined > now - timedelta(days=policy.min_account_days):
        raise MoveRejected("forbidden", gettext_noop("Your account is too new to create a tournament."))
    from .models import PlayerResult

    if PlayerResult.objects.filter(user=user, game__rated=True).count() < policy.min_rated_games:
        raise MoveRejected("forbidden", gettext_noop("Play a few rated games before you create a tournament."))
    if Tournament.objects.filter(created_by=user, status__in=RUNNING).count() >= policy.max_open_per_user:
        raise MoveRejected("forbidden", gettext_noop("You already have as many open tournaments as you may."))
    check_game_at_tables(ruleset, table_size)
    if kind not in Tournament.Kind.values:
        raise MoveRejected("bad_request", gettext_noop("A tournament is Swiss or arena."))
    if starts_at < now - timedelta(minutes=1):
        raise MoveRejected("bad_request", gettext_noop("A tournament starts in the future."))
    if kind == Tournament.Kind.SWISS and not 1 <= rounds <= MAX_ROUNDS:
        raise MoveRejected("bad_request", gettext_noop("A Swiss tournament has 1 to 15 rounds."))
    if kind == Tournament.Kind.ARENA and not 10 <= minutes <= MAX_MINUTES:
        raise MoveRejected("bad_request", gettext_noop("An arena runs 10 minutes to a day."))
    if kind == Tournament.Kind.ARENA and time_control == "correspondence":
        raise MoveRejected("bad_request", gettext_noop("An arena is played live, not by correspondence."))
    tables.check_create(ruleset, table_size, 0, time_control, dict(options or {}))


def do_create(user, *, name: str, ruleset: str, kind: str, starts_at: datetime, rounds: int = 0, minutes: int = 0,
              time_control: str = "live", table_size: int = 2, rated: bool = True, private: bool = False,
              options: dict | None = None, now: datetime | None = None) -> Tournament:
    """A new tournament, its creator its first player. ``options``: the game's table options (a shorter game)."""
    now = now or timezone.now()
    check_create(user, ruleset, kind, starts_at, rounds, minutes, time_control, table_size, now, options)
    name = (name or "").strip()[:80] or f"{get(ruleset).name.title()} {Tournament.Kind(kind).label}"
    with transaction.atomic():
        t = Tournament.objects.create(name=name, ruleset=ruleset, kind=kind, created_by=user, starts_at=starts_at,
                                      rounds=rounds if kind == Tournament.Kind.SWISS else 0,
                                      minutes=minutes if kind == Tournament.Kind.ARENA else 0,
                                      time_control=time_control, table_size=table_size, rated=rated,
                                      private=private, options=dict(options or {}))
        TournamentEntry.objects.create(tournament=t, user=user)
    return t


def _locked(tournament_id: int) -> Tournament:
    t = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if t is None:
        raise MoveRejected("not_found", gettext_noop("No such tournament."))
    return t


def check_join(t: Tournament, user, token: str | None, now: datetime) -> None:
    if t.status not in RUNNING or (t.kind == Tournament.Kind.SWISS and t.status != Tournament.Status.SCHEDULED):
        raise MoveRejected("closed", gettext_noop("This tournament takes no more players."))
    if t.private and token != t.invite_token:
        raise MoveRejected("forbidden", gettext_noop("This tournament is by invitation."))
    if out_of_play([user.pk], now):
        raise MoveRejected("forbidden", gettext_noop("You may not play while you are barred from play."))


def do_join(tournament_id: int, user, token: str | None = None, now: datetime | None = None) -> TournamentEntry:
    """Join (or, in an arena, come back to) a tournament. A running arena seats them at once if others are free."""
    now = now or timezone.now()
    with transaction.atomic():
        t = _locked(tournament_id)
        publish(t.pk)
        entry = _join(t, user, token, now)
    if t.kind == Tournament.Kind.ARENA and t.status == Tournament.Status.RUNNING:
        advance(t.pk, now)
    return entry


def _join(t: Tournament, user, token: str | None, now: datetime) -> TournamentEntry:
    entry = TournamentEntry.objects.filter(tournament=t, user=user).first()
    if entry is not None and entry.withdrawn_at is None:
        if entry.paused:
            entry.paused = False
            entry.save(update_fields=["paused"])
        return entry
    check_join(t, user, token, now)
    if entry is not None:  # withdrawn from an arena: back in
        entry.withdrawn_at, entry.paused = None, False
        entry.save(update_fields=["withdrawn_at", "paused"])
        return entry
    return TournamentEntry.objects.create(tournament=t, user=user)


def do_add_bot(tournament_id: int, user, level: str = "normal") -> TournamentEntry:
    """The creator seats a bot player (a bot account of that level, ``lobby.leagues.make_bot_account``)."""
    with transaction.atomic():
        t = _locked(tournament_id)
        if t.created_by_id != user.pk:
            raise MoveRejected("forbidden", gettext_noop("Only the tournament's creator adds bots."))
        if t.status != Tournament.Status.SCHEDULED and t.kind == Tournament.Kind.SWISS:
            raise MoveRejected("closed", gettext_noop("This tournament takes no more players."))
        taken = set(TournamentEntry.objects.filter(tournament=t).values_list("user__username", flat=True))
        n = 1
        while f"bot-{level}-{n}" in taken:
            n += 1
        bot = make_bot_account(f"bot-{level}-{n}", level)
        publish(t.pk)
        entry = TournamentEntry.objects.create(tournament=t, user=bot)
    if t.kind == Tournament.Kind.ARENA and t.status == Tournament.Status.RUNNING:
        advance(t.pk)
    return entry


def do_leave(tournament_id: int, user, now: datetime | None = None) -> None:
    """Leave: before the start, off the list; a running Swiss, withdrawn for good (the tables already made are
    played out by a bot, by the usual timeouts); an arena, paused (no new table) until they come back."""
    now = now or timezone.now()
    with transaction.atomic():
        t = _locked(tournament_id)
        entry = TournamentEntry.objects.filter(tournament=t, user=user, withdrawn_at__isnull=True).first()
        if entry is None:
            return
        publish(t.pk)
        if t.status == Tournament.Status.SCHEDULED:
            entry.delete()
        elif t.kind == Tournament.Kind.ARENA:
            entry.paused = True
            entry.save(update_fields=["paused"])
        else:
            entry.withdrawn_at = now
            entry.save(update_fields=["withdrawn_at"])


# ---- results and standings --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Row:
    """A line of the standing."""

    user_id: int
    name: str
    points: int
    games: int
    wins: int
    byes: int
    streak: bool
    playing: bool  # at a table of the tournament now
    withdrawn: bool
    paused: bool = False  # no new table until they come back (they left an arena, or forfeited a game)


def results_of(t: Tournament) -> tuple[dict[int, list[pairing.Result]], dict[int, Counter[int]], set[int]]:
    """Each player's results in the order their games ended, the seats each held, and who is at a table now."""
    links = list(TournamentGame.objects.filter(tournament=t).select_related("game").order_by("game__finished_at",
                                                                                          "pk"))
    seats_by_game: dict[int, list[Seat]] = {}
    for s in Seat.objects.filter(game__in=[link.game for link in links]).order_by("game_id", "index"):
        seats_by_game.setdefault(s.game_id, []).append(s)
    bots = set(BotAccount.objects.values_list("user_id", flat=True))
    results: dict[int, list[pairing.Result]] = {}
    held: dict[int, Counter[int]] = {}
    playing: set[int] = set()
    for link in links:
        seats = seats_by_game.get(link.game_id, [])
        for s in seats:
            if s.user_id:
                held.setdefault(s.user_id, Counter())[s.index] += 1
        if link.game.status != Game.Status.FINISHED:
            if link.game.status not in ENDED:
                playing |= {s.user_id for s in seats if s.user_id}
            continue
        if link.game.annulled_at is not None:
            continue
        ids = [s.user_id for s in seats if s.user_id]
        for p in placings(link.game, seats, bots):
            results.setdefault(p.user_id, []).append(
                pairing.Result(p.place, len(seats), tuple(u for u in ids if u != p.user_id), p.forfeit))
    return results, held, playing


def standings(t: Tournament) -> list[Row]:
    """The tournament's standing: points (an arena's with its streaks; a Swiss bye is a middle's point), then
    wins, then fewer games, then name."""
    results, _held, playing = results_of(t)
    rows = []
    for e in TournamentEntry.objects.filter(tournament=t).select_related("user"):
        mine = results.get(e.user_id, [])
        score = pairing.arena_points(mine) if t.kind == Tournament.Kind.ARENA else pairing.swiss_points(mine)
        rows.append(Row(e.user_id, e.user.username, score + e.byes * pairing.MIDDLE, len(mine),
                        sum(pairing.won(r) for r in mine), e.byes,
                        t.kind == Tournament.Kind.ARENA and pairing.on_streak(mine), e.user_id in playing,
                        e.withdrawn_at is not None, e.paused))
    return sorted(rows, key=lambda r: (-r.points, -r.wins, r.games, r.name))


# ---- the tournament's course ------------------------------------------------------------------------------------

def _table(t: Tournament, user_ids: list[int], rnd: int) -> TournamentGame:
    users = {u.pk: u for u in User.objects.filter(pk__in=user_ids)}
    game = start_rated_table(t.ruleset, [users[u] for u in user_ids], time_control=t.time_control,
                             options=t.options, rated=t.rated,
                             audit={"tournament": t.pk, "round": rnd, "time_control": t.time_control})
    bots = set(BotAccount.objects.filter(user_id__in=user_ids).values_list("user_id", flat=True))
    for user_id in user_ids:
        if user_id not in bots:
            notify_table(t, game, users[user_id], rnd)
    return TournamentGame.objects.create(tournament=t, game=game, round=rnd)


def notify_table(t: Tournament, game: Game, user, rnd: int) -> None:
    """Push a person whose tournament table was just made (the ``invite`` kind, if they chose it), in their language,
    once the table is committed: a round starting, or an arena's next game."""
    with translation.override(user.language or settings.LANGUAGE_CODE):
        title = (gettext("%(name)s: round %(round)s, your table is ready") % {"name": t.name, "round": rnd} if rnd
                 else gettext("%(name)s: your next table is ready") % {"name": t.name})
        data = push.payload("invite", title, gettext("Good luck!"), game.get_absolute_url(), tag=f"table-{game.pk}")
    push.notify(user.pk, "invite", data)


def _active(t: Tournament, now: datetime) -> list[int]:
    """The players who may be paired now: not withdrawn, not paused, not barred from play (a barred player is
    withdrawn, as in the leagues)."""
    entries = list(TournamentEntry.objects.filter(tournament=t, withdrawn_at__isnull=True))
    barred = out_of_play([e.user_id for e in entries], now)
    for e in entries:
        if e.user_id in barred:
            e.withdrawn_at = now
            e.save(update_fields=["withdrawn_at"])
    if barred:
        publish(t.pk)
    return [e.user_id for e in entries if e.user_id not in barred and not e.paused]


def _open_swiss_round(t: Tournament, now: datetime) -> int:
    results, held, _playing = results_of(t)
    players = _active(t, now)
    rs = get(t.ruleset)
    t.round += 1
    # Tables of the tournament's size, a smaller one where the players do not divide (never a larger one: at tables
    # of two, an odd player out has a bye).
    made, out = pairing.swiss_round(players, results, held, t.table_size, rs.min_players, t.table_size)
    for table in made:
        _table(t, table, t.round)
    TournamentEntry.objects.filter(tournament=t, user_id__in=out).update(byes=F("byes") + 1)
    t.save(update_fields=["round"])
    return len(made)


def _pair_arena(t: Tournament, now: datetime) -> int:
    results, held, playing = results_of(t)
    active = _active(t, now)
    free = [u for u in active if u not in playing]
    points = {u: pairing.arena_points(r) for u, r in results.items()}
    last: dict[int, tuple[int, ...]] = {u: r[-1].opponents for u, r in results.items() if r}
    rs = get(t.ruleset)
    made = pairing.arena_tables(free, points, last, held, t.table_size, rs.min_players, t.table_size)
    if any(u in playing for u in active):
        # Others are still playing: a table that would put players straight back against their last opponents
        # waits for them to come free instead.
        made = [table for table in made if not any(o in table for u in table for o in last.get(u, ()))]
    for table in made:
        _table(t, table, 0)
    return len(made)


def _pending(t: Tournament) -> bool:
    return TournamentGame.objects.filter(tournament=t).exclude(game__status__in=ENDED).exists()


def _finish(t: Tournament, now: datetime) -> None:
    rows = standings(t)
    t.status, t.finished_at = Tournament.Status.FINISHED, now
    t.podium = [{"user": r.user_id, "name": r.name, "points": r.points} for r in rows[:3]]
    t.save(update_fields=["status", "finished_at", "podium"])


# What ``advance`` returns when it changed nothing its pages show.
QUIET = frozenset({"waiting", "playing", "ending", "over", "paired 0"})


def advance(tournament_id: int, now: datetime | None = None, after_game: int | None = None) -> str:
    """Move a tournament on, once, under its row lock: start it when due (too few players: cancelled), open the
    next Swiss round when every table of the last has ended, seat an arena's free players, and finish (a Swiss
    after its last round; an arena at its end, once its last games end). Returns what it did. Its pages are told
    when something changed: that, or ``after_game`` (the id of a game of it that ended: its standing moved; who
    forfeited it is paused first)."""
    now = now or timezone.now()
    with transaction.atomic():
        t = _locked(tournament_id)
        if after_game is not None:
            _pause_forfeits(t, after_game)
        done = _advance(t, now)
        if after_game is not None or done not in QUIET:
            publish(t.pk)
        return done


def _pause_forfeits(t: Tournament, game_id: int) -> int:
    """Who forfeited this game (their seat finished by a bot after their timeouts, ``games.play.results``) is
    paused: no next round or table until they come back from the tournament's page, as lichess pauses an arena
    player who leaves and withdraws a Swiss player who misses a game (here they may come back)."""
    game = Game.objects.filter(pk=game_id, status=Game.Status.FINISHED, annulled_at__isnull=True).first()
    if game is None:
        return 0
    seats = list(Seat.objects.filter(game=game).order_by("index"))
    gone = [p.user_id for p in placings(game, seats, bot_account_ids(seats)) if p.forfeit]
    return TournamentEntry.objects.filter(tournament=t, user_id__in=gone, withdrawn_at__isnull=True,
                                          paused=False).update(paused=True) if gone else 0


def _advance(t: Tournament, now: datetime) -> str:
    rs = get(t.ruleset)
    if t.status == Tournament.Status.SCHEDULED:
        if t.starts_at > now:
            return "waiting"
        if len(_active(t, now)) < rs.min_players:
            t.status, t.cancel_reason = Tournament.Status.CANCELLED, "too few players"
            t.save(update_fields=["status", "cancel_reason"])
            return "cancelled"
        t.status, t.started_at = Tournament.Status.RUNNING, now
        t.save(update_fields=["status", "started_at"])
        if t.kind == Tournament.Kind.SWISS:
            _open_swiss_round(t, now)
        else:
            _pair_arena(t, now)
        return "started"
    if t.status != Tournament.Status.RUNNING:
        return "over"
    if t.kind == Tournament.Kind.SWISS:
        if _pending(t):
            return "playing"
        if t.round >= t.rounds or len(_active(t, now)) < rs.min_players:
            _finish(t, now)
            return "finished"
        _open_swiss_round(t, now)
        return "round"
    if now >= (t.started_at or t.starts_at) + timedelta(minutes=t.minutes):
        if _pending(t):
            return "ending"
        _finish(t, now)
        return "finished"
    return f"paired {_pair_arena(t, now)}"


def tick(now: datetime | None = None) -> dict[str, str]:
    """The beat's tournament clock: advance every tournament due or running."""
    now = now or timezone.now()
    due = Tournament.objects.filter(status__in=RUNNING, starts_at__lte=now).values_list("pk", flat=True)
    return {str(pk): advance(pk, now) for pk in due}


def game_ended(game_id: int) -> str | None:
    """A game ended: if it was a tournament's, move that tournament on."""
    link = TournamentGame.objects.filter(game_id=game_id).values_list("tournament_id", flat=True).first()
    return advance(link, after_game=game_id) if link is not None else None


def do_cancel(tournament_id: int, moderator, reason: str, annul: bool = False, now: datetime | None = None) -> int:
    """A moderator cancels a tournament: no round or table follows; its games under way are aborted (no result, no
    rating) and, with ``annul``, its finished games annulled. On record: the tournament keeps who and why, the
    moderation log has it (``accounts.signals.moderator_acted``), each game's audit its abort. Returns how many
    games were aborted or annulled."""
    if not (moderator and moderator.is_authenticated and moderator.has_perm("accounts.moderate")):
        raise MoveRejected("not_your_seat", gettext_noop("Only moderators can do this."))
    reason = " ".join((reason or "").split())[:200]
    if not reason:
        raise MoveRejected("bad_request", gettext_noop("Give a reason: it goes into the moderation log."))
    now = now or timezone.now()
    with transaction.atomic():
        t = _locked(tournament_id)
        t.status, t.cancelled_by, t.cancel_reason = Tournament.Status.CANCELLED, moderator, reason
        t.finished_at = t.finished_at or now
        t.save(update_fields=["status", "cancelled_by", "cancel_reason", "finished_at"])
        moderator_acted.send(sender=Tournament, moderator=moderator, kind="cancel_tournament", reason=reason,
                             data={"tournament": t.pk, "name": t.name, "url": t.get_absolute_url(), "annul": annul})
        publish(t.pk)
        game_ids = list(TournamentGame.objects.filter(tournament=t).values_list("game_id", flat=True))
    touched = 0
    for game_id in game_ids:
        if interventions.abort_if_under_way(game_id, moderator, reason, by_moderator=True, tournament=tournament_id):
            touched += 1
        elif annul and interventions.annul_if_finished(game_id):
            touched += 1
    return touched
