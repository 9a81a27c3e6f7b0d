"""What a tournament's pages show: the lists, and one tournament's standing, tables and podium (the part its
socket pushes, ``lobby.tournament_consumer``)."""

from __future__ import annotations

from django.core.cache import cache
from django.db.models import Count, Q
from django.template.loader import render_to_string
from django.utils import translation

from games.core.rulesets import names
from games.models import Game, Seat
from games.tables.lifecycle import TIME_CONTROL_NAMES

from . import tournaments
from .models import Tournament, TournamentEntry, TournamentGame


def may_watch(tournament_id: int, viewer) -> bool:
    """A tournament is watched by anyone who has its page: a private one's page (by its link) as well; a cancelled
    one stays on record."""
    return Tournament.objects.filter(pk=tournament_id).exists()


def listed(viewer) -> dict:
    """The tournaments page's lists: running, upcoming (open ones, and private ones the viewer plays in), finished;
    each with its number of players (``players``: those not withdrawn)."""
    mine = set()
    if viewer is not None and viewer.is_authenticated:
        mine = set(TournamentEntry.objects.filter(user=viewer).values_list("tournament_id", flat=True))
    players = Count("entries", filter=Q(entries__withdrawn_at__isnull=True))
    visible = [t for t in Tournament.objects.annotate(players=players).order_by("starts_at")[:200]
               if not t.private or t.pk in mine]
    return {
        "running": [t for t in visible if t.status == Tournament.Status.RUNNING],
        "upcoming": [t for t in visible if t.status == Tournament.Status.SCHEDULED],
        "finished": sorted((t for t in visible if t.status == Tournament.Status.FINISHED),
                           key=lambda t: t.finished_at or t.starts_at, reverse=True)[:20],
    }


# How long what a tournament's viewers share is kept for a revision: a change that reaches no ``publish`` (a game's
# status a moderator changed without ending it) shows within this.
SHARED_SECONDS = 30


def shared(t: Tournament) -> dict:
    """What every viewer of a tournament sees alike, read once per revision (``tournaments.revision``) however many
    pages are open: the standing, and its tables (the newest 60) with their players."""
    # The token tells apart tournaments that had the same id (a test database's, rolled back).
    key = f"tournament-shared:{t.pk}:{t.invite_token}:{tournaments.revision(t.pk)}"
    data = cache.get(key)
    if data is None:
        links = list(TournamentGame.objects.filter(tournament=t).select_related("game")
                     .order_by("-round", "-pk")[:60])
        players: dict[int, list[str]] = {}
        for s in Seat.objects.filter(game__in=[link.game_id for link in links]).select_related("user") \
                .order_by("game_id", "index"):
            players.setdefault(s.game_id, []).append(s.display_name)
        data = {"rows": tournaments.standings(t),
                "games": [{"url": link.game.get_absolute_url(), "round": link.round, "status": link.game.status,
                           "players": players.get(link.game_id, [])} for link in links]}
        cache.set(key, data, SHARED_SECONDS)
    return data


def detail(t: Tournament, viewer) -> dict:
    """One tournament's live part: its standing, its tables (a link to watch each), its podium, and what the
    viewer may do (join, leave, come back, add a bot)."""
    common = shared(t)
    entry = None
    if viewer is not None and viewer.is_authenticated:
        entry = TournamentEntry.objects.filter(tournament=t, user=viewer).first()
    open_to_join = (t.status == Tournament.Status.SCHEDULED
                    or (t.kind == Tournament.Kind.ARENA and t.status == Tournament.Status.RUNNING))
    return {
        "t": t, "rows": common["rows"], "entry": entry,
        "games": [dict(g, status_label=Game.Status(g["status"]).label) for g in common["games"]],
        "may_join": open_to_join and viewer is not None and viewer.is_authenticated
        and (entry is None or entry.withdrawn_at is not None) and not t.private,
        "may_leave": entry is not None and entry.withdrawn_at is None and not entry.paused
        and t.status in tournaments.RUNNING,
        "may_come_back": entry is not None and entry.paused and t.status == Tournament.Status.RUNNING,
        "may_add_bot": viewer is not None and viewer.is_authenticated and viewer.pk == t.created_by_id
        and open_to_join,
        "time_control_name": TIME_CONTROL_NAMES.get(t.time_control, t.time_control),
    }


def live_html(tournament_id: int, viewer, language: str) -> str:
    t = Tournament.objects.get(pk=tournament_id)
    context = detail(t, viewer)
    context["csrf_token"] = "NOTPROVIDED"  # a push has no request: the page adds its own token on submit
    with translation.override(language):
        return render_to_string("lobby/_tournament_live.html", context)


def create_choices() -> dict:
    return {"rulesets": names(), "time_controls": TIME_CONTROL_NAMES, "kinds": Tournament.Kind.choices}
