"""The public JSON API (docs/API.md). It enforces exactly what the UI enforces:
every write goes through the same ``games.tables`` and ``games.actions``."""

from __future__ import annotations

import functools
import json

from django.http import JsonResponse
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext_noop
from django.views.decorators.csrf import csrf_exempt

from . import tables
from .actions import MoveRejected, do_move
from .models import ApiToken, Game, Move, Seat
from .presenters import game_payload, refusal_text, rule_url, seat_of, visible_moves
from .rulesets import get, names


def _user_from_token(request):
    header = request.headers.get("Authorization", "")
    if not header.startswith("Bearer "):
        return None
    token = ApiToken.objects.select_related("user").filter(key_hash=ApiToken.hash_key(header[7:].strip())).first()
    if token is None or not token.user.is_active:
        return None
    ApiToken.objects.filter(pk=token.pk).update(last_used=timezone.now())
    return token.user


def api_view(methods: tuple[str, ...], auth: bool = False):
    """Token (or session) auth, method check, JSON errors."""

    def wrap(view):
        @csrf_exempt
        @functools.wraps(view)
        def inner(request, *args, **kwargs):
            if request.method not in methods:
                return JsonResponse({"error": "method_not_allowed"}, status=405)
            user = _user_from_token(request)
            if user is None and request.user.is_authenticated and request.method == "GET":
                user = request.user  # sessions may read; writes need a token (no CSRF on this API)
            request.api_user = user
            if auth and user is None:
                return JsonResponse({"error": "unauthorized", "message": "Send 'Authorization: Bearer <token>'."},
                                    status=401)
            try:
                return view(request, *args, **kwargs)
            except MoveRejected as exc:
                return JsonResponse(exc.as_dict(), status=exc.http_status)

        return inner

    return wrap


def _body(request) -> dict:
    try:
        data = json.loads(request.body or b"{}")
    except ValueError:
        raise MoveRejected("bad_request", gettext_noop("The body must be JSON.")) from None
    if not isinstance(data, dict):
        raise MoveRejected("bad_request", gettext_noop("The body must be a JSON object."))
    return data


def _table(game: Game) -> dict:
    return {
        "id": game.pk, "ruleset": game.ruleset, "status": game.status, "seats": game.num_seats,
        "players": [s.display_name if (s.user_id or s.is_bot) else None for s in game.seats.all()],
        "move_seconds": game.move_seconds, "reserve_seconds": game.reserve_seconds,
        "created_by": game.created_by.username if game.created_by else None,
    }


@api_view(("GET",))
def rulesets(request):
    return JsonResponse({"rulesets": [
        {"name": n, "min_players": get(n).min_players, "max_players": get(n).max_players} for n in names()
    ], "time_controls": tables.TIME_CONTROLS})


@api_view(("GET", "POST"))
def table_list(request):
    if request.method == "POST":
        if request.api_user is None:
            return JsonResponse({"error": "unauthorized"}, status=401)
        data = _body(request)
        try:
            game = tables.do_create_table(
                request.api_user, str(data.get("ruleset", "")), int(data.get("seats", 0)),
                bots=int(data.get("bots", 0)), time_control=str(data.get("time_control", "live")),
                options=data.get("options") if isinstance(data.get("options"), dict) else None,
                max_timeouts=int(data.get("max_timeouts", 3)))
        except (TypeError, ValueError):
            raise MoveRejected("bad_request", gettext_noop("seats and bots must be integers.")) from None
        return JsonResponse(_table(game), status=201)
    status = request.GET.get("status", Game.Status.LOBBY)
    games = Game.objects.filter(status=status).select_related("created_by").prefetch_related("seats__user")[:100]
    return JsonResponse({"tables": [_table(g) for g in games]})


@api_view(("POST",), auth=True)
def table_join(request, game_id: int):
    seat = tables.do_join(game_id, request.api_user)
    return JsonResponse({"seat": seat})


@api_view(("POST",), auth=True)
def table_start(request, game_id: int):
    game = tables.do_start(game_id, request.api_user)
    return JsonResponse({"id": game.pk, "status": game.status, "version": game.version})


def _game_and_seat(request, game_id: int):
    game = get_object_or_404(Game, pk=game_id)
    seats = list(Seat.objects.filter(game=game).select_related("user").order_by("index"))
    return game, seats, seat_of(seats, request.api_user)


@api_view(("GET",))
def game_detail(request, game_id: int):
    game, seats, seat = _game_and_seat(request, game_id)
    since = request.GET.get("since")
    return JsonResponse(game_payload(game, seats, seat, since=int(since) if since and since.isdigit() else None))


@api_view(("POST",), auth=True)
def game_action(request, game_id: int):
    game, seats, seat = _game_and_seat(request, game_id)
    if seat is None:
        raise MoveRejected("not_your_seat", gettext_noop("You do not hold a seat in this game."), version=game.version)
    data = _body(request)
    version = data.get("version")
    if version is not None and not isinstance(version, int):
        raise MoveRejected("bad_request", gettext_noop("version must be an integer."), version=game.version)
    try:
        result = do_move(game.pk, seat=seat, action=data.get("action"), expected_version=version,
                         actor=request.api_user, source=Move.Source.API)
    except MoveRejected as exc:
        body = exc.as_dict()
        body["message"] = refusal_text(game.ruleset, exc)
        body["rule_url"] = rule_url(game.ruleset, exc.rule)
        return JsonResponse(body, status=exc.http_status)
    from .events import visible_to

    return JsonResponse({"version": result.version, "events": visible_to(result.events, seat),
                         "finished": result.finished})


def export_log(game: Game, seat: int | None) -> dict:
    return {
        "id": game.pk, "ruleset": game.ruleset, "seats": game.num_seats, "options": game.options,
        "status": game.status, "seed_commitment": game.seed_commitment,
        "seed": game.seed if game.seed_revealed else None,
        "moves": visible_moves(game, seat),
    }


@api_view(("GET",))
def game_log(request, game_id: int):
    game, _seats, seat = _game_and_seat(request, game_id)
    return JsonResponse(export_log(game, seat))
