"""The moderation view of one game: its complete log, its seats, its full state when it may be shown, and the
tools (reveal, pause, resume, replace a seat, abort, adjudicate, annul). Every write goes through
``moderation.games``; every page view of a live game's secrets goes through ``do_reveal``."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_POST

from accounts.models import User
from accounts.restrictions import is_moderator
from games.core.events import visible_to
from games.models import ChatMessage, Game, Move, Seat
from games.play.actions import MoveRejected
from games.present.presenters import describe_event, names_of
from moderation import games as moderation
from moderation.models import ModerationAction


def _move_rows(game: Game, seats: list[Seat], moves: list[Move], full: bool) -> list[dict]:
    """Every move with its log lines: all of them once the game is over or revealed, else the public ones."""
    names = names_of(seats)
    rows = []
    for m in moves:
        events = m.events if full else visible_to(m.events, None)
        rows.append({"move": m, "lines": [describe_event(game.ruleset, e, names) for e in events],
                     "action": json.dumps(m.action, ensure_ascii=False) if full else None})
    return rows


def _moderator_only(request) -> None:
    if not is_moderator(request.user):
        raise PermissionDenied


def _page(request, game: Game, revealed: dict | None = None, status: int = 200):
    seats = list(Seat.objects.filter(game=game).select_related("user").order_by("index"))
    moves = list(Move.objects.filter(game=game).select_related("actor").order_by("seq"))
    shown = moderation.full_state(game) if game.seed_revealed else revealed
    return render(request, "moderation/game.html", {
        "game": game, "seats": seats, "rows": _move_rows(game, seats, moves, shown is not None),
        "shown_json": json.dumps(shown, indent=1, ensure_ascii=False) if shown else "",
        "revealed": revealed is not None, "chat": ChatMessage.objects.filter(game=game).select_related("user")[:200],
        "log": ModerationAction.objects.filter(game=game).select_related("moderator", "user"),
        "under_way": game.status in moderation.UNDER_WAY, "seat_range": range(game.num_seats),
        "own_game": moderation.played_in(game, seats, request.user),
    }, status=status)


@login_required
def moderate(request, game_id: int):
    _moderator_only(request)
    return _page(request, get_object_or_404(Game, pk=game_id))


@login_required
@require_POST
def moderate_action(request, game_id: int, kind: str):
    _moderator_only(request)
    game = get_object_or_404(Game, pk=game_id)
    reason = request.POST.get("reason", "")
    me = request.user
    try:
        if kind == "reveal":
            revealed = moderation.do_reveal(me, game.pk, reason)
            return _page(request, game, revealed)
        if kind == "pause":
            moderation.do_pause(me, game.pk, reason)
        elif kind == "resume":
            moderation.do_resume(me, game.pk, reason)
        elif kind == "abort":
            moderation.do_abort(me, game.pk, reason)
        elif kind == "annul":
            moderation.do_annul(me, game.pk, reason)
        elif kind == "adjudicate":
            ranking = [int(x) for x in request.POST.get("ranking", "").replace(",", " ").split() if x.isdigit()]
            # Places are typed from 1 as people count; seats are 0-based inside.
            moderation.do_adjudicate(me, game.pk, [r - 1 for r in ranking], reason)
        elif kind == "replace":
            name = (request.POST.get("user") or "").strip()
            new_user = None
            if name:
                new_user = User.objects.filter(username=name, is_active=True).first()
                if new_user is None:
                    raise MoveRejected("not_found", gettext_noop("No such user."))
            seat = request.POST.get("seat", "")
            moderation.do_replace_seat(me, game.pk, int(seat) - 1 if seat.isdigit() else -1, reason,
                                       new_user=new_user)
        else:
            raise MoveRejected("bad_request", gettext_noop("Unknown action."))
        messages.success(request, _("Done, and written in the moderation log."))
    except MoveRejected as exc:
        messages.error(request, exc.text(_))
    return redirect("moderation:game", game_id=game.pk)
