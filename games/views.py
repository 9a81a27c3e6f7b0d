"""The table pages: play, lobby tables, verification. Plain function views."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_POST

from . import tables
from .actions import MoveRejected, do_move
from .models import Game, Move, Seat
from .presenters import refusal_text, rule_url, seat_of, table_context
from .rulesets import names
from .verify import verify_game


def _seats(game: Game) -> list[Seat]:
    return list(Seat.objects.filter(game=game).select_related("user").order_by("index"))


def play(request):
    """Open tables to join, the viewer's own games, and the form to create one."""
    open_tables = Game.objects.filter(status=Game.Status.LOBBY).prefetch_related("seats__user")[:50]
    live = Game.objects.filter(status=Game.Status.ACTIVE).prefetch_related("seats__user")[:20]
    mine = []
    if request.user.is_authenticated:
        mine = (Game.objects.filter(seats__user=request.user).exclude(status=Game.Status.ABORTED)
                .distinct().prefetch_related("seats__user")[:30])
    return render(request, "games/play.html", {
        "open_tables": open_tables, "live": live, "mine": mine, "rulesets": names(),
        "time_controls": list(tables.TIME_CONTROLS),
    })


def _refuse(request, exc: MoveRejected, game: Game | None = None):
    messages.error(request, refusal_text(game.ruleset, exc) if game else exc.text(_))
    return redirect(game.get_absolute_url() if game else "games:play")


@login_required
@require_POST
def create(request):
    try:
        game = tables.do_create_table(
            request.user, request.POST.get("ruleset", ""), int(request.POST.get("seats") or 0),
            bots=int(request.POST.get("bots") or 0), time_control=request.POST.get("time_control", "live"),
            options=_options_from(request.POST), max_timeouts=int(request.POST.get("max_timeouts") or 3))
    except (ValueError, MoveRejected) as exc:
        messages.error(request, exc.text(_) if isinstance(exc, MoveRejected) else _("Invalid table settings."))
        return redirect("games:play")
    if not any(s.user_id is None and not s.is_bot for s in game.seats.all()):
        tables.do_start(game.pk, request.user)
    return redirect(game)


def _options_from(post) -> dict:
    options = {}
    if post.get("auto_collect"):
        options["auto_collect"] = True
    if int(post.get("max_turns") or 0) > 0:
        options["max_turns"] = int(post["max_turns"])
    return options


def _table_write(request, game_id: int, write, then=None):
    """Run a table life-cycle write for the signed-in user; a refusal is shown on the table."""
    game = get_object_or_404(Game, pk=game_id)
    try:
        write(game.pk, request.user)
    except MoveRejected as exc:
        return _refuse(request, exc, game)
    return redirect(then or game)


@login_required
@require_POST
def join(request, game_id: int):
    return _table_write(request, game_id, tables.do_join)


@login_required
@require_POST
def leave(request, game_id: int):
    return _table_write(request, game_id, tables.do_leave, then="games:play")


@login_required
@require_POST
def start(request, game_id: int):
    return _table_write(request, game_id, tables.do_start)


def table(request, game_id: int):
    game = get_object_or_404(Game, pk=game_id)
    seats = _seats(game)
    seat = seat_of(seats, request.user)
    ctx = table_context(game, seats, seat)
    ctx["can_join"] = (game.status == Game.Status.LOBBY and request.user.is_authenticated and seat is None
                       and any(s.user_id is None and not s.is_bot for s in seats))
    ctx["is_creator"] = request.user.is_authenticated and game.created_by_id == request.user.pk
    return render(request, "games/table.html", ctx)


def table_fragment(request, game_id: int):
    """The table alone (htmx refresh after a reconnect)."""
    game = get_object_or_404(Game, pk=game_id)
    seats = _seats(game)
    return render(request, "games/_table.html", table_context(game, seats, seat_of(seats, request.user)))


@login_required
@require_POST
def act(request, game_id: int):
    """Submit an action from the page (htmx). Answers with the re-rendered table;
    a refusal is shown in it with a link to the rule."""
    game = get_object_or_404(Game, pk=game_id)
    seats = _seats(game)
    seat = seat_of(seats, request.user)
    error = None
    try:
        action = json.loads(request.POST.get("action", ""))
        extra = {k[2:]: _number(v) for k, v in request.POST.items() if k.startswith("a_") and v != ""}
        if isinstance(action, dict):
            action.update(extra)
        version = int(request.POST["version"]) if request.POST.get("version") else None
        if seat is None:
            raise MoveRejected("not_your_seat", gettext_noop("Spectators cannot act."))
        do_move(game.pk, seat=seat, action=action, expected_version=version, actor=request.user,
                source=Move.Source.UI)
    except (ValueError, KeyError):
        error = {"message": _("That action could not be read."), "url": None}
    except MoveRejected as exc:
        error = {"message": refusal_text(game.ruleset, exc), "url": rule_url(game.ruleset, exc.rule), "code": exc.code}
    game.refresh_from_db()
    ctx = table_context(game, _seats(game), seat)
    ctx["error"] = error
    if not request.htmx:
        return redirect(game)
    return render(request, "games/_table.html", ctx, status=200)


def _number(value: str):
    try:
        return int(value)
    except ValueError:
        return value


def verify(request, game_id: int):
    game = get_object_or_404(Game, pk=game_id)
    report = verify_game(game) if game.seed_revealed else None
    return render(request, "games/verify.html", {"game": game, "report": report})


def log_export(request, game_id: int):
    from .api import export_log

    game = get_object_or_404(Game, pk=game_id)
    seats = _seats(game)
    return JsonResponse(export_log(game, seat_of(seats, request.user)))


