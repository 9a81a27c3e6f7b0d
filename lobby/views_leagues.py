"""League, season and leaderboard pages, and registration. Plain function views."""

from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.models import User
from games.core.rulesets import names
from games.core.validation import int_or
from games.models import Seat
from games.play.actions import MoveRejected
from games.tables import lifecycle as tables_policy
from games.tables.lifecycle import TIME_CONTROL_LABELS, TIME_CONTROL_NAMES

from . import game_options, history, ratings
from .catalog import get_game
from .leagues import (
    current_season,
    do_create_private_league,
    do_register,
    do_withdraw,
    may_see,
    out_of_play,
    registration_season,
)
from .listing import notes_for
from .models import PACE_NAMES, League, LeagueTable, Membership, PlayerResult, Rating, Season
from .standings import division_standings

ACTIVE_DAYS = 90  # a leaderboard lists players with a rated game in this many days
LEADERBOARD_PAGE = 50


def game_name(ruleset: str) -> str:
    info = get_game(ruleset)
    return info.name if info else ruleset.title()


def league_list(request, form: dict | None = None, status: int = 200):
    """The leagues: the public ones, the viewer's private ones, and the form to create a private league."""
    leagues = []
    for league in League.objects.filter(active=True):
        if league.private and not may_see(league, request.user):
            continue
        season = current_season(league)
        leagues.append({"league": league, "game": game_name(league.ruleset), "season": season,
                        "members": season.members.count() if season else 0,
                        "registering": registration_season(league)})
    # A league's tables are rated: its form's game options open with the rated defaults (the form's hidden "rated").
    form = form or {"name": "", "ruleset": names()[0], "table_size": "2", "time_control": "correspondence",
                    "rounds": "3", "days": "7", "starts_in_days": "3", "rated": "1"}
    return render(request, "lobby/leagues.html", {
        "leagues": leagues, "games": names(), "time_controls": TIME_CONTROL_NAMES, "form": form,
        "game_options": game_options.fields(form, "lg-")}, status=status)


@login_required
@require_POST
def create_private(request):
    """A private league among friends: created, then its page with the link to share."""
    p = request.POST
    form = {k: p.get(k, "") for k in ("name", "ruleset", "table_size", "time_control", "rounds", "days",
                                      "starts_in_days", "rated", *game_options.keys())}
    try:
        found = do_create_private_league(
            request.user, name=form["name"], ruleset=form["ruleset"], table_size=int_or(form["table_size"], 0),
            time_control=form["time_control"], rounds=int_or(form["rounds"], 0),
            days_between_rounds=int_or(form["days"], 0),
            starts_at=timezone.now() + timedelta(days=max(0, int_or(form["starts_in_days"], 0))),
            options=game_options.from_post(p))
    except MoveRejected as exc:
        messages.error(request, exc.text(_))
        return league_list(request, form=form, status=400)
    return redirect(found.get_absolute_url() + f"?invite={found.invite_token}")


def _league_for(request, slug: str) -> League:
    """The league, unless it is private and the viewer may not see it (``leagues.may_see``): then 404."""
    found = get_object_or_404(League, slug=slug)
    if not may_see(found, request.user, request.GET.get("invite") or request.POST.get("invite")):
        raise Http404(slug)
    return found


def _season_context(request, league: League, season: Season | None) -> dict:
    divisions = []
    mine = None
    if season is not None:
        tables = (LeagueTable.objects.filter(round__season=season)
                  .select_related("game", "round", "division").order_by("round__number", "division__tier", "number"))
        seats: dict[int, list[Seat]] = {}
        for seat in Seat.objects.filter(game__league_table__round__season=season).select_related("user") \
                .order_by("game_id", "index"):
            seats.setdefault(seat.game_id, []).append(seat)
        places = {(r.game_id, r.user_id): r for r in PlayerResult.objects.filter(
            game__league_table__round__season=season)}
        rounds = list(season.rounds.order_by("number"))
        for division in season.divisions.order_by("tier"):
            standings = division_standings(division)
            if season.status == Season.Status.RUNNING:
                out = out_of_play([line.user_id for line in standings], timezone.now())
                for line in standings:
                    line.out = out.get(line.user_id, "")
            by_round = []
            for rnd in rounds:
                games = [{"table": t, "game": t.game,
                          "seats": [{"name": s.display_name, "user_id": s.user_id,
                                     "result": places.get((t.game_id, s.user_id))} for s in seats.get(t.game_id, [])]}
                         for t in tables if t.round_id == rnd.pk and t.division_id == division.pk]
                by_round.append({"round": rnd, "tables": games})
            divisions.append({"division": division, "standings": standings, "rounds": by_round,
                              "withdrawn": any(line.out for line in standings)})
        if request.user.is_authenticated:
            mine = Membership.objects.filter(season=season, user=request.user).select_related("division").first()
    return {
        "league": league, "season": season, "game": game_name(league.ruleset), "divisions": divisions,
        "option_notes": notes_for(league.ruleset, league.table_size,
                                  tables_policy.rated_table_options(league.ruleset, league.options)),
        "seasons": list(league.seasons.order_by("-number")), "mine": mine,
        "waiting": (list(season.members.select_related("user").order_by("registered_at", "pk"))
                    if season is not None and season.status == Season.Status.REGISTRATION else []),
        "rounds": list(season.rounds.order_by("number")) if season is not None else [],
    }


def league(request, slug: str):
    """A league's page: its current season (in play, else taking registrations, else the last one)."""
    found = _league_for(request, slug)
    context = _season_context(request, found, current_season(found))
    context["invite"] = request.GET.get("invite", "")
    if found.private and request.user.is_authenticated and request.user.pk == found.created_by_id:
        context["invite_url"] = request.build_absolute_uri(found.get_absolute_url()) + f"?invite={found.invite_token}"
    return render(request, "lobby/league.html", context)


def season(request, slug: str, number: int):
    """Any season of a league, finished ones included (the archive)."""
    found = _league_for(request, slug)
    chosen = get_object_or_404(Season, league=found, number=number)
    return render(request, "lobby/league.html", _season_context(request, found, chosen))


def _league_write(request, slug: str, write, done: str):
    found = _league_for(request, slug)
    target = registration_season(found)
    try:
        write(target.pk if target else 0, request.user)
    except MoveRejected as exc:
        messages.error(request, exc.text(_))
    else:
        messages.success(request, done)
    return redirect(found)


@login_required
@require_POST
def register(request, slug: str):
    token = request.POST.get("invite") or None
    return _league_write(request, slug, lambda season_id, user: do_register(season_id, user, token),
                         _("You are registered for the next season."))


@login_required
@require_POST
def withdraw(request, slug: str):
    return _league_write(request, slug, do_withdraw, _("You withdrew from the next season."))


def player(request, slug: str, username: str):
    """One player's history in a league: each season's division, final position and movement, and their
    league games."""
    found = _league_for(request, slug)
    person = get_object_or_404(User, username=username, is_active=True)
    memberships = list(Membership.objects.filter(season__league=found, user=person)
                       .select_related("season", "division").order_by("-season__number"))
    if not memberships:
        raise Http404(username)
    lines = []
    for m in memberships:
        line = {"membership": m, "season": m.season, "division": m.division, "position": m.final_position,
                "points": None, "size": 0}
        if m.division is not None and m.season.status != Season.Status.REGISTRATION:
            standings = division_standings(m.division)
            line["size"] = len(standings)
            mine = next((s for s in standings if s.user_id == person.pk), None)
            if mine is not None:
                line["points"] = mine.points
                line["position"] = m.final_position or mine.position
        lines.append(line)
    results = (PlayerResult.objects.filter(user=person, game__league_table__round__season__league=found)
               .order_by("-finished_at", "-game_id"))
    return render(request, "lobby/league_player.html", {
        "league": found, "person": person, "lines": lines, "game": game_name(found.ruleset),
        "history": history.rows(results.select_related(*history.RELATED).prefetch_related("game__seats__user"))})


def busiest_pace(ruleset: str, since) -> str:
    """The pace with the most counted rated games of ``ruleset`` since ``since``; rapid on a tie or without games."""
    counts = dict(PlayerResult.objects.filter(ruleset=ruleset, finished_at__gte=since, mu_after__isnull=False)
                  .order_by().values("pace").annotate(n=Count("game_id", distinct=True)).values_list("pace", "n"))
    return max(ratings.PACES, key=lambda pace: (counts.get(pace, 0), pace == ratings.RAPID))


def leaderboard(request, ruleset: str | None = None):
    """The game's active players at one pace (``?pace=``; by default the pace with the most rated games lately):
    those with a rated game of it in the last ``ACTIVE_DAYS``, by that pace's rating; provisional ratings are
    marked."""
    games = names()
    ruleset = ruleset or games[0]
    if ruleset not in games:
        raise Http404(ruleset)
    since = timezone.now() - timedelta(days=ACTIVE_DAYS)
    chosen = request.GET.get("pace")
    pace = chosen if chosen in ratings.PACES else busiest_pace(ruleset, since)
    rows = (Rating.objects.filter(ruleset=ruleset, pace=pace, games__gt=0, last_played_at__gte=since,
                                  user__is_active=True)
            .select_related("user", "user__bot_account").order_by("-mu", "user__username"))
    page = Paginator(rows, LEADERBOARD_PAGE).get_page(request.GET.get("page"))
    keep = f"?pace={pace}" if chosen in ratings.PACES else ""  # a pace picked stays picked from game to game
    return render(request, "lobby/leaderboard.html", {
        "ruleset": ruleset, "game": game_name(ruleset), "page": page, "active_days": ACTIVE_DAYS,
        "pace": pace, "pace_name": PACE_NAMES[pace], "offset": page.start_index(),
        "clocks": [TIME_CONTROL_LABELS[tc] for tc in ratings.time_controls_of(pace)],
        "tabs": [{"ruleset": r, "name": game_name(r), "query": keep} for r in games],
        "pace_tabs": [{"pace": p, "name": PACE_NAMES[p]} for p in ratings.PACES]})
