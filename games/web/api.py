"""The public JSON API (docs/API.md). It enforces exactly what the UI enforces:
every write goes through the same ``games.tables.lifecycle`` and ``games.play.actions``."""

from __future__ import annotations

import functools
import logging
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.http import JsonResponse
from django.utils import timezone
from django.utils.translation import gettext_noop
from django.views.decorators.csrf import csrf_exempt

from accounts import ratelimit
from accounts.models import ApiToken
from games.core.rulesets import declaration, get, names
from games.core.validation import MAX_MESSAGE_DEPTH, InvalidInput, parse_json
from games.models import Game, Move, Seat
from games.play.actions import Held, MoveRejected, do_move
from games.present.presenters import game_payload, refusal_text, rule_url, seat_of, visible_moves
from games.present.verify import verify_game
from games.tables import lifecycle as tables
from games.tables import privacy

log = logging.getLogger(__name__)

# The largest API body: a move is a few hundred bytes, a table's options a few dozen.
MAX_BODY_BYTES = 16 * 1024
MAX_DB_ID = 2**63 - 1  # ids beyond a bigint are no game (PostgreSQL would refuse the query)
MAX_VERSION = 2**31 - 1


def _user_from_token(request):
    header = request.headers.get("Authorization", "")
    if not header.startswith("Bearer "):
        return None
    token = ApiToken.objects.select_related("user").filter(key_hash=ApiToken.hash_key(header[7:].strip())).first()
    if token is None or not token.user.is_active:
        return None
    ApiToken.objects.filter(pk=token.pk).update(last_used=timezone.now())
    return token.user


def api_view(methods: tuple[str, ...], auth: bool = False, play: bool = False):
    """Token (or session) auth, method check, rate limits, JSON errors. ``play``: a view of one game
    (``game_id``) its players call to play it, limited apart (``_rate_limited``)."""

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
            limited = _rate_limited(request, user, kwargs.get("game_id") if play else None)
            if limited is not None:
                return limited
            if auth and user is None:
                return JsonResponse({"error": "unauthorized", "message": "Send 'Authorization: Bearer <token>'."},
                                    status=401)
            if any(isinstance(v, int) and v > MAX_DB_ID for v in kwargs.values()):
                return JsonResponse({"error": "not_found", "message": "No such game."}, status=404)
            try:
                return view(request, *args, **kwargs)
            except MoveRejected as exc:
                return JsonResponse(exc.as_dict(), status=exc.http_status)
            except InvalidInput as exc:
                return JsonResponse({"error": "bad_request", "message": exc.text()}, status=400)
            except RequestDataTooBig:
                return JsonResponse({"error": "too_large", "message": "The body is too large."}, status=413)
            except (OperationalError, InterfaceError):
                # The connection died (a database restart, a failover): the transaction rolled back whole, and
                # Django drops the broken connection when the request ends, so sending it again is safe.
                log.exception("api: database unavailable")
                response = JsonResponse({"error": "unavailable", "message": "The database could not be reached; "
                                         "nothing was changed. Send it again."}, status=503)
                response["Retry-After"] = "1"
                return response

        return inner

    return wrap


def _rate_limited(request, user, game_id: int | None = None) -> JsonResponse | None:
    """429 once a user (token or session), or an anonymous IP, passes its API rate.

    Playing one's own seat is never throttled below what the table's clock needs: a player's reads of their own
    game in play and their moves in it (``game_id``) count apart from their other calls, per game
    (``api_play``), in a window shorter than any time control's allowance. A flood of other calls cannot starve
    the player's moves, and a flood of the game's own calls is told to wait less than a move's time."""
    if user is None:
        name, ident = "api_anon", ratelimit.client_ip(request)
    elif game_id is not None and _plays(user, game_id):
        name, ident = "api_play", f"u{user.pk}:g{game_id}"
    else:
        name, ident = "api_user", f"u{user.pk}"
    return None if ratelimit.hit(name, ident) else _too_fast(name)


def _plays(user, game_id: int) -> bool:
    """``user`` holds a seat of game ``game_id``, which is under way."""
    return 0 < game_id <= MAX_DB_ID and Seat.objects.filter(
        game_id=game_id, user=user, game__status__in=(Game.Status.ACTIVE, Game.Status.PAUSED)).exists()


def _body(request) -> dict:
    """The JSON object in the body, parsed with bounded size and depth (no NaN, Infinity, NUL or lone
    surrogates); any other body is a 400, a body over the limit a 413."""
    length = request.META.get("CONTENT_LENGTH") or "0"
    if not length.isascii() or not length.isdigit() or int(length) > MAX_BODY_BYTES:
        raise RequestDataTooBig("body")
    try:
        data = parse_json(request.body or b"{}", max_bytes=MAX_BODY_BYTES, max_depth=MAX_MESSAGE_DEPTH)
    except InvalidInput as exc:
        raise MoveRejected("bad_request", exc.message, params=exc.params) from None
    if not isinstance(data, dict):
        raise MoveRejected("bad_request", gettext_noop("The body must be a JSON object."))
    return data


def _table(game: Game) -> dict:
    return {
        "id": game.pk, "ruleset": game.ruleset, "status": game.status, "seats": game.num_seats,
        "players": [s.display_name or None for s in game.seats.all()],
        "time_control": game.time_control, "rated": game.rated, "private": game.private,
        "options": game.options, "max_timeouts": game.max_timeouts,
        "move_seconds": game.move_seconds, "reserve_seconds": game.reserve_seconds,
        "created_by": game.created_by.username if game.created_by else None,
    }


@api_view(("GET",))
def rulesets(request):
    """The games (their declarations, ``games.core.declarations``): player counts and the table options a table's
    ``options`` may set, with their defaults and limits, in the request's language."""
    return JsonResponse({"rulesets": [
        {"name": n, "title": declaration(n).title, "min_players": get(n).min_players,
         "max_players": get(n).max_players, "options": [_option(o, declaration(n).rated_options) for o in declaration(n).options]}
        for n in names()
    ], "time_controls": tables.TIME_CONTROLS})


def _option(option, rated_options: Mapping[str, Any]) -> dict:
    described = {"key": option.key, "kind": option.kind, "default": option.default, "label": str(option.label)}
    if option.key in rated_options:  # a rated table's default, when it differs
        described["rated_default"] = rated_options[option.key]
    if option.kind == "int":
        described.update({"min": option.min, "max": option.max})
    if option.kind == "choice":
        described["choices"] = [{"value": value, "label": str(words)} for value, words in option.choices]
    return described


@api_view(("GET", "POST"))
def table_list(request):
    if request.method == "POST":
        if request.api_user is None:
            return JsonResponse({"error": "unauthorized"}, status=401)
        # The same settings, read and refused the same way, as the New table form's (``tables.table_settings``).
        game = tables.do_create_table(request.api_user, **tables.table_settings(_body(request)))
        # The creator's invite link: what seats others at a private table (``POST .../join`` with its code).
        return JsonResponse({**_table(game), "invite_code": game.invite_code,
                             "invite_url": request.build_absolute_uri(tables.invite_path(game))}, status=201)
    status = request.GET.get("status", Game.Status.LOBBY)
    if status not in Game.Status.values:
        raise MoveRejected("bad_request", gettext_noop("Unknown status: use lobby, active or finished."))
    # Private tables are listed nowhere (their invite link seats people).
    games = (Game.objects.filter(status=status, private=False).select_related("created_by")
             .prefetch_related("seats__user")[:100])
    return JsonResponse({"tables": [_table(g) for g in games]})


def _too_fast(name: str) -> JsonResponse:
    wait = ratelimit.retry_after(name)
    response = JsonResponse({"error": "rate_limited", "message": "Too many requests; slow down.",
                             "retry_after": wait}, status=429)
    response["Retry-After"] = str(wait)
    return response


@api_view(("POST",), auth=True)
def table_join(request, game_id: int):
    """A private table seats whoever sends its invite ``code`` (the creator's ``invite_code``)."""
    # A join carried no body before private tables could be joined here: only a JSON body is read.
    code = _body(request).get("code") if request.content_type == "application/json" else None
    if code is not None and not isinstance(code, str):
        raise MoveRejected("bad_request", gettext_noop("The field %(field)s must be a string."), params={"field": "code"})
    seat = tables.do_join(game_id, request.api_user, code=code)
    return JsonResponse({"seat": seat})


@api_view(("POST",), auth=True)
def table_start(request, game_id: int):
    game = tables.do_start(game_id, request.api_user)
    return JsonResponse({"id": game.pk, "status": game.status, "version": game.version})


def _game_and_seat(request, game_id: int):
    """The game, its seats and the caller's seat; a private game the caller may not see is no game at all
    (the same answer, so that an id tells nothing)."""
    game = Game.objects.filter(pk=game_id).first()
    seats = list(Seat.objects.filter(game=game).select_related("user").order_by("index")) if game else []
    if game is None or not privacy.may_see(game, request.api_user, seats=seats,
                                           session=getattr(request, "session", None)):
        raise MoveRejected("not_found", gettext_noop("No such game."))
    return game, seats, seat_of(seats, request.api_user)


@api_view(("GET",), play=True)
def game_detail(request, game_id: int):
    game, seats, seat = _game_and_seat(request, game_id)
    since = request.GET.get("since")
    if since is not None and not (since.isascii() and since.isdigit() and int(since) <= MAX_VERSION):
        raise MoveRejected("bad_request", gettext_noop("since must be a version number."), version=game.version)
    return JsonResponse(game_payload(game, seats, seat, since=int(since) if since else None))


@api_view(("POST",), auth=True, play=True)
def game_action(request, game_id: int):
    game, seats, seat = _game_and_seat(request, game_id)
    if seat is None:
        raise MoveRejected("not_your_seat", gettext_noop("You do not hold a seat in this game."), version=game.version)
    data = _body(request)
    version = data.get("version")
    if version is not None and (not isinstance(version, int) or isinstance(version, bool)
                                or not 0 <= version <= MAX_VERSION):
        raise MoveRejected("bad_request", gettext_noop("version must be an integer."), version=game.version)
    try:
        result = do_move(game.pk, seat=seat, action=data.get("action"), expected_version=version,
                         actor=request.api_user, source=Move.Source.API, held=Held(game, seats))
    except MoveRejected as exc:
        body = exc.as_dict()
        body["message"] = refusal_text(game.ruleset, exc)
        body["rule_url"] = rule_url(game.ruleset, exc.rule)
        return JsonResponse(body, status=exc.http_status)
    from games.core.events import visible_to

    return JsonResponse({"version": result.version, "events": visible_to(result.events, seat),
                         "finished": result.finished})


def export_log(game: Game, seat: int | None) -> dict:
    return {
        "id": game.pk, "ruleset": game.ruleset, "seats": game.num_seats, "options": game.options,
        "rules_revision": game.rules_revision,  # the engine's revision that replays this log
        "status": game.status, "seed_commitment": game.seed_commitment,
        "seed": game.seed if game.seed_revealed else None,
        "moves": visible_moves(game, seat),
    }


@api_view(("GET",))
def game_log(request, game_id: int):
    game, _seats, seat = _game_and_seat(request, game_id)
    return JsonResponse(export_log(game, seat))


@api_view(("GET",))
def game_verify(request, game_id: int):
    """The fairness check of a game that is over (``present.verify``): the seed against its commitment and, for a
    game of the rules revision the server runs, the log re-run from the seed; else the plain statement why not."""
    game, _seats, _seat = _game_and_seat(request, game_id)
    if not game.seed_revealed:
        raise MoveRejected("not_active", gettext_noop("The seed stays secret until the game ends."))
    if game.state is None:
        raise MoveRejected("not_found", gettext_noop("This table never started: there is nothing to replay."))
    report = verify_game(game)
    return JsonResponse({
        "id": game.pk, "ruleset": game.ruleset, "seed_commitment": game.seed_commitment, "seed": game.seed,
        "commitment_ok": report.commitment_ok, "moves": report.moves,
        "rules_revision": report.rules_revision, "rules_revision_current": report.current_revision,
        "replayed": report.replayed, "replay_ok": report.replay_ok if report.replayed else None,
        "ok": report.ok, "detail": report.detail, "message": report.note,
    })
