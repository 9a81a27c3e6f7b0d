"""The table pages: play, lobby tables, verification. Plain function views."""

from __future__ import annotations

import json
import time

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language, gettext_noop
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.models import Game, Move, Seat
from games.play.actions import Held, MoveRejected, do_move
from games.present.presenters import Viewer, refusal_text, rule_url, seat_of, table_context
from games.present.story import DICE, story_links
from games.present.verify import verify_game
from games.tables import lifecycle as tables
from games.tables import privacy


def _seats(game: Game) -> list[Seat]:
    return list(Seat.objects.filter(game=game).select_related("user").order_by("index"))


def visible_game(request, game_id: int, seats: list[Seat] | None = None) -> Game:
    """The game if this viewer may see it (``games.tables.privacy``), else a 404 as for no game at all."""
    game = get_object_or_404(Game, pk=game_id)
    privacy.check_may_see(game, request.user, seats=seats, session=request.session)
    return game


def _refuse(request, exc: MoveRejected, game: Game | None = None):
    messages.error(request, refusal_text(game.ruleset, exc) if game else exc.text(_))
    return redirect(game.get_absolute_url() if game else "lobby:play")


def _table_write(request, game_id: int, write, then=None):
    """Run a table life-cycle write for the signed-in user; a refusal is shown on the table."""
    game = visible_game(request, game_id)
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
    return _table_write(request, game_id, tables.do_leave, then="lobby:play")


@login_required
@require_POST
def start(request, game_id: int):
    return _table_write(request, game_id, tables.do_start)


@login_required
@require_POST
def kick(request, game_id: int):
    """The creator removes a player or a bot from an unstarted table (``seat``: its index)."""
    try:
        index = int(request.POST.get("seat", ""))
    except ValueError:
        index = -1
    return _table_write(request, game_id, lambda gid, user: tables.do_kick(gid, user, index))


@login_required
@require_POST
def cancel(request, game_id: int):
    """The creator calls off an unstarted table."""
    game = visible_game(request, game_id)
    try:
        tables.do_cancel(game.pk, request.user)
    except MoveRejected as exc:
        return _refuse(request, exc, game)
    messages.success(request, _("The table was cancelled."))
    return redirect("lobby:play")


@login_required
def invite(request, game_id: int, code: str):
    """An invite link seats whoever opens it (after signing in); opened again, it goes to the table. A wrong
    link is not found, and changes nothing."""
    game = Game.objects.filter(pk=game_id).first()
    try:
        if game is None:
            raise MoveRejected("not_found", gettext_noop("This invite link is not valid."))
        tables.check_invite(game, code)
    except MoveRejected as exc:
        return render(request, "games/invite_invalid.html", {"message": exc.text(_)}, status=404)
    privacy.remember_invite(request.session, game)  # an invitee may look at the table even when it is full
    if game.seats.filter(user=request.user).exists():
        return redirect(game)
    try:
        tables.do_join(game.pk, request.user, code=code)
    except MoveRejected as exc:
        return _refuse(request, exc, game)
    messages.success(request, _("You are seated at the table."))
    return redirect(game)


@login_required
@require_POST
def reclaim(request, game_id: int):
    """Take back a seat a bot plays for you after your timeouts."""
    return _table_write(request, game_id, tables.do_reclaim)


@login_required
@require_POST
def rematch(request, game_id: int):
    """Ask for (or join) a rematch of a finished game."""
    old = visible_game(request, game_id)
    try:
        game = tables.do_rematch(old.pk, request.user)
    except MoveRejected as exc:
        return _refuse(request, exc, old)
    return redirect(game)


def _context(request, game: Game) -> dict:
    seats = _seats(game)
    return table_context(game, seats, Viewer.of(game, seats, request.user, get_language() or "es"))


def socket_port(game_id: int) -> int | None:
    """The port of the web process that holds this game's sockets, when `make run` gives each process one
    (``settings.GAME_SOCKET_PORTS``); None: the page's own."""
    ports = settings.GAME_SOCKET_PORTS
    return ports[game_id % len(ports)] if ports else None


def table(request, game_id: int):
    game = visible_game(request, game_id)
    return render(request, "games/table.html", {**_context(request, game), "socket_port": socket_port(game.pk)})


def table_fragment(request, game_id: int):
    """The table alone (a client that lost its socket refreshes with it)."""
    game = visible_game(request, game_id)
    return render(request, "games/_table.html", _context(request, game))


@login_required
@require_POST
def act(request, game_id: int):
    """Submit an action from the page. Answers with the re-rendered table (morphed in by table.js);
    a refusal is shown in it with a link to the rule. ``Server-Timing`` tells the page the server's share."""
    started = time.perf_counter()
    game = visible_game(request, game_id)
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
                source=Move.Source.UI, held=Held(game, seats))
    except (ValueError, KeyError, RecursionError):
        error = {"message": _("That action could not be read."), "url": None}
    except MoveRejected as exc:
        error = {"message": refusal_text(game.ruleset, exc), "url": rule_url(game.ruleset, exc.rule), "code": exc.code}
    moved = time.perf_counter()
    if not request.htmx:
        if error:
            messages.error(request, error["message"])
        return redirect(game)
    if error is None and request.headers.get("X-Table-Live") == "1":
        # The page's socket brings the new table (rendered once for everyone who sees it as this player does);
        # rendering it here too would double the work on every move.
        response = HttpResponse(status=204)
        response["Server-Timing"] = f"move;dur={1000 * (moved - started):.1f}, total;dur={1000 * (moved - started):.1f}"
        return response
    game.refresh_from_db()
    ctx = _context(request, game)
    ctx["error"] = error
    response = render(request, "games/_table.html", ctx, status=200)
    done = time.perf_counter()
    response["Server-Timing"] = (f"move;dur={1000 * (moved - started):.1f}, render;dur={1000 * (done - moved):.1f}, "
                                 f"total;dur={1000 * (done - started):.1f}")
    return response


def _number(value: str):
    try:
        return int(value)
    except ValueError:
        return value


def verify(request, game_id: int):
    """The fairness page: once the game is over, its seed against the commitment and its log re-run. A table
    cancelled before the deal has no position to compare: the page says so instead of a failed check."""
    game = visible_game(request, game_id)
    report = verify_game(game) if game.seed_revealed and game.state is not None else None
    # Beside the seed's check, how its dice fell against fair dice (a game that rolls dice, replayable today).
    dice = [c for c in story_links(game, get_language(), notes=True) if c["key"] == DICE] if report else []
    return render(request, "games/verify.html", {"game": game, "report": report, "dice": dice})


def log_export(request, game_id: int):
    from games.web.api import export_log

    game = visible_game(request, game_id)
    seats = _seats(game)
    return JsonResponse(export_log(game, seat_of(seats, request.user)))


