"""League writes: seasons and their schedule, registration, league tables, and the season's end.

Same discipline as the tables: ``check_*`` validates and raises ``MoveRejected``; ``do_*`` writes in one
transaction. The beat's side (``lobby.schedule.tick``) calls the season functions under the season's row lock.
"""

from __future__ import annotations

import logging
import random
from datetime import datetime, timedelta

from django.conf import settings
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from accounts import push
from accounts.models import User
from games.core.rulesets import get, names
from games.models import AuditEntry, Game, Seat
from games.play.actions import MoveRejected
from games.tables import lifecycle as tables

from . import ratings
from .models import BotAccount, Division, League, LeagueTable, Membership, Rating, Round, Season
from .standings import Standing, division_standings

log = logging.getLogger(__name__)


# ---- seasons and their schedule ------------------------------------------------------------------------------

def create_season(league: League, starts_at: datetime, number: int | None = None) -> Season:
    """A new season open for registration, its rounds scheduled every ``league.round_interval``."""
    if number is None:
        number = (league.seasons.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    with transaction.atomic():
        season = Season.objects.create(league=league, number=number, starts_at=starts_at)
        schedule_rounds(season)
    return season


def schedule_rounds(season: Season) -> int:
    """Create the season's missing rounds (``league.rounds_per_season`` in all); returns how many."""
    league = season.league
    have = set(season.rounds.values_list("number", flat=True))
    new = [Round(season=season, number=n, starts_at=season.starts_at + (n - 1) * league.round_interval)
           for n in range(1, league.rounds_per_season + 1) if n not in have]
    Round.objects.bulk_create(new)
    return len(new)


def registration_season(league: League) -> Season | None:
    return league.seasons.filter(status=Season.Status.REGISTRATION).order_by("-number").first()


def current_season(league: League) -> Season | None:
    """The season a league's page shows: the one in play, else the one taking registrations, else the last."""
    seasons = list(league.seasons.order_by("-number")[:2])
    for status in (Season.Status.RUNNING, Season.Status.REGISTRATION):
        for season in seasons:
            if season.status == status:
                return season
    return seasons[0] if seasons else None


# ---- private leagues -------------------------------------------------------------------------------------------

PRIVATE_ROUNDS = (1, 12)
PRIVATE_DAYS_BETWEEN_ROUNDS = (1, 30)


def check_game_at_tables(ruleset: str, table_size: int) -> None:
    """A game of the site, at tables of a size it is played at: what a private league's or a tournament's creator
    chose, in their words (the table policy's own check follows, ``tables.check_create``)."""
    if ruleset not in names():
        raise MoveRejected("bad_request", gettext_noop("No such game."))
    rs = get(ruleset)
    if not rs.min_players <= table_size <= rs.max_players:
        raise MoveRejected("bad_request", gettext_noop("That game is not played at tables of that size."))


def may_see(league: League, user, token: str | None = None) -> bool:
    """A public league anyone sees; a private one its creator, its players (any season), and whoever has its link."""
    if not league.private or (token and token == league.invite_token):
        return True
    if user is None or not user.is_authenticated:
        return False
    return league.created_by_id == user.pk or Membership.objects.filter(season__league=league, user=user).exists()


def do_create_private_league(user, *, name: str, ruleset: str, table_size: int, time_control: str, rounds: int,
                             days_between_rounds: int, starts_at: datetime, options: dict | None = None) -> League:
    """A private league among friends, by any player: one division (everyone plays everyone over the season), its
    first season taking registrations until ``starts_at`` (the creator registered), then run by the beat as every
    league is; its tables take ``options`` (the game's own, as a rated table's). Its page and registration need
    its link (``invite_token``)."""
    import secrets

    from django.utils.text import slugify

    from accounts.restrictions import play_refusal

    refusal = play_refusal(user)
    if refusal is not None:
        raise MoveRejected.because(refusal)
    name = " ".join((name or "").split())[:80]
    if not name:
        raise MoveRejected("bad_request", gettext_noop("Give the league a name."))
    check_game_at_tables(ruleset, table_size)
    if not PRIVATE_ROUNDS[0] <= rounds <= PRIVATE_ROUNDS[1]:
        raise MoveRejected("bad_request", gettext_noop("A season has 1 to 12 rounds."))
    if not PRIVATE_DAYS_BETWEEN_ROUNDS[0] <= days_between_rounds <= PRIVATE_DAYS_BETWEEN_ROUNDS[1]:
        raise MoveRejected("bad_request", gettext_noop("Rounds are 1 to 30 days apart."))
    options = dict(options or {})
    tables.check_create(ruleset, table_size, 0, time_control, tables.rated_table_options(ruleset, options) or {})
    with transaction.atomic():
        league = League.objects.create(
            name=name, slug=f"{slugify(name)[:40] or 'league'}-{secrets.token_hex(3)}", ruleset=ruleset,
            table_size=table_size, time_control=time_control, options=options, division_size=200, promote=0,
            relegate=0, rounds_per_season=rounds, round_interval=timedelta(days=days_between_rounds), private=True,
            created_by=user, invite_token=secrets.token_urlsafe(12))
        season = create_season(league, starts_at)
        Membership.objects.create(season=season, user=user)
    return league


# ---- registration --------------------------------------------------------------------------------------------

def check_register(season: Season | None, user, token: str | None = None) -> None:
    from accounts.restrictions import play_refusal

    if season is None or season.status != Season.Status.REGISTRATION or not season.league.active:
        raise MoveRejected("not_active", gettext_noop("Registration for this league is closed."))
    if not may_see(season.league, user, token):
        raise MoveRejected("forbidden", gettext_noop("This league is private: register with its link."))
    if Membership.objects.filter(season=season, user=user).exists():
        raise MoveRejected("bad_request", gettext_noop("You are already registered for this season."))
    refusal = play_refusal(user)  # a suspended player registers once the suspension is over
    if refusal is not None:
        raise MoveRejected.because(refusal)


def do_register(season_id: int, user, token: str | None = None) -> Membership:
    """Register ``user`` for the season (only while it takes registrations; once; a private league's with its
    link's ``token``)."""
    with transaction.atomic():
        season = Season.objects.select_for_update().select_related("league").filter(pk=season_id).first()
        check_register(season, user, token)
        try:
            with transaction.atomic():
                return Membership.objects.create(season=season, user=user)
        except IntegrityError:
            raise MoveRejected("bad_request", gettext_noop("You are already registered for this season.")) from None


def do_withdraw(season_id: int, user) -> None:
    """Leave a season before it starts."""
    with transaction.atomic():
        season = Season.objects.select_for_update().filter(pk=season_id).first()
        if season is None or season.status != Season.Status.REGISTRATION:
            raise MoveRejected("not_active", gettext_noop("The season has started: you can no longer withdraw."))
        if not Membership.objects.filter(season=season, user=user).delete()[0]:
            raise MoveRejected("bad_request", gettext_noop("You are not registered for this season."))


# ---- moderation: players out of play (docs/LEAGUES.md, "Banned and suspended players") --------------------------

BANNED, SUSPENDED = "banned", "suspended"


def out_of_play(user_ids, now: datetime) -> dict[int, str]:
    """Of ``user_ids``, those who may not play at ``now``: ``BANNED`` (a ban, or an account switched off) or
    ``SUSPENDED``. One query for the restrictions, one for the accounts."""
    from django.db.models import Q

    from accounts.models import Restriction

    ids = list(user_ids)
    out = {pk: SUSPENDED for pk in Restriction.objects.filter(
        Q(ends_at__isnull=True) | Q(ends_at__gt=now), user_id__in=ids, lifted_at__isnull=True,
        kind=Restriction.Kind.SUSPENSION).values_list("user_id", flat=True)}
    banned = set(Restriction.objects.filter(user_id__in=ids, lifted_at__isnull=True, kind=Restriction.Kind.BAN)
                 .values_list("user_id", flat=True))
    banned |= set(User.objects.filter(pk__in=ids, is_active=False).values_list("pk", flat=True))
    return {**out, **dict.fromkeys(banned, BANNED)}


def withdraw_sanctioned(user) -> int:
    """A banned or suspended player leaves every season still taking registrations (the next season they were
    carried into included); their running seasons keep them, sitting out (``open_round``). Returns how many."""
    return Membership.objects.filter(user=user, season__status=Season.Status.REGISTRATION).delete()[0]


def make_bot_account(username: str, level: str = "normal") -> User:
    """A league bot: a registered account (no password: nobody signs in as it) whose seats a bot plays."""
    tables.check_bot_level(level)
    user, _created = User.objects.get_or_create(username=username)
    if _created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    BotAccount.objects.update_or_create(user=user, defaults={"level": level})
    return user


# ---- starting a season: divisions ------------------------------------------------------------------------------

def _rating_of(league: League, user_ids: list[int]) -> dict[int, float]:
    """Each user's mu in the league's game at the pace of its tables (``ratings.pace_of`` its time control): the
    rating its games move. Unrated: a new player's mu."""
    pace = ratings.pace_of(league.time_control)
    found = dict(Rating.objects.filter(ruleset=league.ruleset, pace=pace, user_id__in=user_ids)
                 .values_list("user_id", "mu"))
    return {u: found.get(u, ratings.MU) for u in user_ids}


def split_tiers(tiers: list[list[int]], newcomers: list[int], size: int, minimum: int) -> list[list[int]]:
    """Place newcomers (best first) at the bottom: the lowest tier fills up to ``size``, the rest form new
    tiers of ``size``; a last tier smaller than ``minimum`` joins the one above it. Empty tiers go away."""
    tiers = [list(t) for t in tiers if t]
    waiting = list(newcomers)
    if tiers and len(tiers[-1]) < size:
        room = size - len(tiers[-1])
        tiers[-1] += waiting[:room]
        waiting = waiting[room:]
    while waiting:
        tiers.append(waiting[:size])
        waiting = waiting[size:]
    if len(tiers) > 1 and len(tiers[-1]) < minimum:
        last = tiers.pop()
        tiers[-1] += last
    return tiers


def start_season(season: Season, now: datetime) -> bool:
    """Close registration and place everyone in a division. Too few players for one table: the season (and
    its rounds) move one round interval later."""
    league = season.league
    rs = get(league.ruleset)
    members = list(season.members.select_related("division").order_by("registered_at", "pk"))
    if len(members) < rs.min_players:
        shift = max(league.round_interval, now - season.starts_at)
        season.starts_at += shift
        season.save(update_fields=["starts_at"])
        for rnd in season.rounds.all():
            rnd.starts_at += shift
            rnd.save(update_fields=["starts_at"])
        return False
    tiers: dict[int, list[int]] = {}
    for m in members:
        if m.division_id:
            tiers.setdefault(m.division.tier, []).append(m.user_id)
    strength = _rating_of(league, [m.user_id for m in members])
    order = {m.user_id: i for i, m in enumerate(members)}
    newcomers = sorted((m.user_id for m in members if not m.division_id), key=lambda u: (-strength[u], order[u]))
    placed = split_tiers([tiers[t] for t in sorted(tiers)], newcomers, league.division_size, rs.min_players)
    Membership.objects.filter(season=season).update(division=None)
    season.divisions.all().delete()
    for tier, user_ids in enumerate(placed, start=1):
        division = Division.objects.create(season=season, tier=tier)
        Membership.objects.filter(season=season, user_id__in=user_ids).update(division=division)
    season.status = Season.Status.RUNNING
    season.started_at = now
    season.save(update_fields=["status", "started_at"])
    return True


# ---- rounds ----------------------------------------------------------------------------------------------------

ENDED = (Game.Status.FINISHED, Game.Status.ABORTED)


def round_ended(rnd: Round) -> bool:
    return rnd.opened_at is not None and not Game.objects.filter(league_table__round=rnd).exclude(
        status__in=ENDED).exists()


def due_round(season: Season, now: datetime) -> Round | None:
    """The next round to open: its time has come and the round before it has ended."""
    rnd = season.rounds.filter(opened_at__isnull=True).order_by("number").first()
    if rnd is None or rnd.starts_at > now:
        return None
    previous = season.rounds.filter(number__lt=rnd.number).order_by("-number").first()
    if previous is not None and not round_ended(previous):
        return None
    return rnd


def pairing_order(division: Division, league: League) -> list[int]:
    """The division's players in standing order; equal standings (the first round) by rating at the league's pace."""
    lines = division_standings(division)
    strength = _rating_of(league, [line.user_id for line in lines])

    def key(line: Standing) -> tuple:
        return (*line.sort_key()[:4], -strength[line.user_id], line.order)

    return [line.user_id for line in sorted(lines, key=key)]


def met_in_division(division: Division) -> set[frozenset[int]]:
    from .pairing import meetings

    seated: dict[int, list[int]] = {}
    for game_id, user_id in Seat.objects.filter(game__league_table__division=division, user__isnull=False) \
            .values_list("game_id", "user_id"):
        seated.setdefault(game_id, []).append(user_id)
    return meetings(list(seated.values()))


def open_round(rnd: Round, now: datetime) -> list[LeagueTable]:
    """Create every table of the round in every division (called under the season's lock)."""
    from .pairing import group, table_sizes

    season = rnd.season
    league = season.league
    rs = get(league.ruleset)
    created = []
    for division in season.divisions.order_by("tier"):
        order = pairing_order(division, league)
        out = out_of_play(order, now)  # banned or suspended now: they sit the round out, nobody waits for them
        order = [u for u in order if u not in out]
        sizes = table_sizes(len(order), league.table_size, rs.min_players, rs.max_players)
        for number, user_ids in enumerate(group(order, sizes, met_in_division(division)), start=1):
            created.append(do_create_league_table(rnd, division, number, user_ids))
    rnd.opened_at = now
    rnd.save(update_fields=["opened_at"])
    return created


def start_rated_table(ruleset: str, users: list, *, time_control: str, options: dict | None, rated: bool,
                      audit: dict) -> Game:
    """A table of ``ruleset`` with these players in this seat order, started at once (inside the caller's
    transaction): a league's or a tournament's. Bot accounts sit as bots under their own name; ``audit`` says
    what made it."""
    options = tables.rated_table_options(ruleset, options) if rated else dict(options or {})
    options = options or {}
    tables.check_create(ruleset, len(users), 0, time_control, options)
    bots = {b.user_id: b.level for b in BotAccount.objects.filter(user__in=users)}
    move_s, reserve_s = tables.TIME_CONTROLS[time_control]
    game = Game.objects.create(ruleset=ruleset, num_seats=len(users), created_by=users[0], options=options,
                               move_seconds=move_s, reserve_seconds=reserve_s, time_control=time_control, rated=rated)
    Seat.objects.bulk_create([
        Seat(game=game, index=i, user=u, is_bot=u.pk in bots, bot_level=bots.get(u.pk, "normal"),
             reserve_left=reserve_s) for i, u in enumerate(users)
    ])
    AuditEntry.objects.create(game=game, user=None, kind="created", data={**audit, "options": options})
    tables.do_start(game.pk, users[0])
    return game


def do_create_league_table(rnd: Round, division: Division, number: int, user_ids: list[int]) -> LeagueTable:
    """A rated table of the league's game and time control with these players (seat order drawn from the
    round, division and table), started at once. League bot accounts sit as bots under their own name."""
    season = rnd.season
    league = season.league
    users = list(User.objects.filter(pk__in=user_ids).order_by("pk"))
    random.Random(f"league:{league.pk}:{season.number}:{rnd.number}:{division.tier}:{number}").shuffle(users)
    bots = set(BotAccount.objects.filter(user__in=users).values_list("user_id", flat=True))
    with transaction.atomic():
        game = start_rated_table(league.ruleset, users, time_control=league.time_control, options=league.options,
                                 rated=True, audit={"league": league.pk, "season": season.number, "round": rnd.number,
                                                    "division": division.tier, "table": number,
                                                    "time_control": league.time_control})
        table = LeagueTable.objects.create(round=rnd, division=division, number=number, game=game)
        people = [u.pk for u in users if u.pk not in bots]
        transaction.on_commit(lambda: notify_table(table.pk, people), robust=True)
    return table


def notify_table(table_id: int, user_ids: list[int]) -> int:
    """E-mail each person at a new league table that their game is ready (in their language), and push it to those
    who chose pushes of tables made for them (the ``invite`` kind, accounts/push.py; a tournament's tables push the
    same kind: ``lobby.tournaments.notify_table``); returns the e-mails sent."""
    table = LeagueTable.objects.select_related("round__season__league", "game").get(pk=table_id)
    league = table.round.season.league
    sent = 0
    for user in User.objects.filter(pk__in=user_ids, is_active=True):
        with translation.override(user.language or settings.LANGUAGE_CODE):
            params = {"league": league.name, "round": table.round.number, "season": table.round.season.number,
                      "url": settings.SITE_URL + table.game.get_absolute_url()}
            subject = gettext("%(league)s: round %(round)s, your table is ready") % params
            body = gettext("Hello %(name)s,\n\nRound %(round)s of season %(season)s of %(league)s has started and "
                           "your table is ready:\n%(url)s\n\nGood luck!") % {**params, "name": user.username}
            data = push.payload("invite", subject, gettext("Season %(season)s has a new round: good luck!") % params,
                                table.game.get_absolute_url(), tag=f"table-{table.game_id}")
        push.notify(user.pk, "invite", data)
        if not user.email:
            continue
        try:
            send_mail(subject, body, None, [user.email])
            sent += 1
        except Exception:
            log.exception("league mail to user %s failed", user.pk)
    return sent


# ---- the end of a season ---------------------------------------------------------------------------------------

def season_ended(season: Season) -> bool:
    """Every round has been opened and every league game of the season has ended."""
    if season.rounds.filter(opened_at__isnull=True).exists():
        return False
    return not Game.objects.filter(league_table__round__season=season).exclude(status__in=ENDED).exists()


def movements(tiers: list[list[int]], promote: int, relegate: int) -> dict[int, tuple[int, str]]:
    """Each player's tier next season (0 = top) and movement ("up", "down" or ""), from this season's final
    standings per tier (best first). Between two neighbouring tiers the best ``promote`` of the lower go up
    and the worst ``relegate`` of the upper go down, at most half of a tier either way."""
    moved = {u: (t, "") for t, tier in enumerate(tiers) for u in tier}
    for t in range(len(tiers) - 1):
        upper, lower = tiers[t], tiers[t + 1]
        for u in lower[:min(promote, len(lower) // 2)]:
            moved[u] = (t, "up")
        down = min(relegate, len(upper) // 2)
        for u in upper[len(upper) - down:]:
            moved[u] = (t + 1, "down")
    return moved


def close_season(season: Season, now: datetime) -> Season | None:
    """Archive the final standings, apply promotion and relegation, and open the next season with every
    player carried into their new division (returns it; None while the season is not over)."""
    if season.status != Season.Status.RUNNING or not season_ended(season):
        return None
    from .results import record_game

    for game_id in Game.objects.filter(league_table__round__season=season, status=Game.Status.FINISHED,
                                       results__isnull=True).values_list("pk", flat=True):
        record_game(game_id)
    league = season.league
    divisions = list(season.divisions.order_by("tier"))
    final = [division_standings(d) for d in divisions]
    moved = movements([[line.user_id for line in lines] for lines in final], league.promote, league.relegate)
    for lines in final:
        for line in lines:
            Membership.objects.filter(season=season, user_id=line.user_id).update(
                final_position=line.position, movement=moved[line.user_id][1])
    season.status = Season.Status.FINISHED
    season.finished_at = now
    season.save(update_fields=["status", "finished_at"])
    if not league.active:
        return None
    following = create_season(league, now + league.season_break, number=season.number + 1)
    next_tiers = sorted({tier for tier, _m in moved.values()})
    new_divisions = {t: Division.objects.create(season=following, tier=i)
                     for i, t in enumerate(next_tiers, start=1)}
    out = out_of_play(moved, now)  # not carried over: a suspended player registers again once it is over
    Membership.objects.bulk_create([Membership(season=following, user_id=u, division=new_divisions[t])
                                    for u, (t, _m) in moved.items() if u not in out])
    return following
