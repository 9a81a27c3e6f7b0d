"""Table chat over HTTP: the form's fallback when the socket is down (or JavaScript is off), the panel for a page
that resyncs, and the API's read. The rules live in ``games.chat.lines``; the socket path is ``games.live.chat``."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_GET, require_POST

from games.chat import lines as chat
from games.models import Game, Seat
from games.play.actions import MoveRejected
from games.tables import privacy
from games.templatetags.table_social import chat_context
from games.web.api import api_view


def _wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _back(game_id: int, channel: str | None) -> HttpResponseRedirect:
    """The table with the chat open on ``channel``."""
    query = f"?chat={channel}" if channel in chat.CHANNELS else "?chat=1"
    return HttpResponseRedirect(reverse("games:table", args=[game_id]) + query + "#chat")


@login_required
@require_POST
def chat_post(request, game_id: int):
    """Say a line in the form's channel (the person's own when none is given). JSON answers for chat.js's
    fallback; otherwise back to the table, with the refusal shown there."""
    game = get_object_or_404(Game, pk=game_id)
    seats = list(game.seats.all())
    privacy.check_may_see(game, request.user, seats=seats, session=request.session)
    channel = request.POST.get("channel") or chat.speaking_channel(seats, request.user)
    try:
        line = chat.do_chat(game.pk, request.user, channel, request.POST.get("text", ""), session=request.session)
    except MoveRejected as exc:
        if _wants_json(request):
            return JsonResponse({"error": exc.code, "message": exc.text(_)}, status=exc.http_status)
        messages.error(request, exc.text(_))
        return _back(game.pk, channel)
    if _wants_json(request):
        return JsonResponse({"id": line.pk, "line": chat.line_dict(line)}, status=201)
    return _back(game.pk, channel)


@login_required
@require_POST
def chat_mute(request, game_id: int):
    """Mute (or, with ``undo``, unmute) the person named in ``user``, everywhere."""
    game = get_object_or_404(Game, pk=game_id)
    privacy.check_may_see(game, request.user, session=request.session)
    write = chat.do_unmute if request.POST.get("undo") else chat.do_mute
    try:
        names = write(request.user, request.POST.get("user", ""))
    except MoveRejected as exc:
        if _wants_json(request):
            return JsonResponse({"error": exc.code, "message": exc.text(_)}, status=exc.http_status)
        messages.error(request, exc.text(_))
        return _back(game.pk, None)
    if _wants_json(request):
        return JsonResponse({"names": names})
    return _back(game.pk, None)


@require_GET
def chat_panel(request, game_id: int):
    """The chat panel as this viewer sees it now (a page that was away, or whose seat changed, swaps it in)."""
    game = get_object_or_404(Game, pk=game_id)
    seats = list(Seat.objects.filter(game=game).select_related("user").order_by("index"))
    privacy.check_may_see(game, request.user, seats=seats, session=request.session)
    return render(request, "games/_chat.html", chat_context(request, game, seats))


@api_view(("GET",))
def api_chat(request, game_id: int):
    """``GET /api/v1/games/<id>/chat``: the lines the caller may read (the same rules as the page)."""
    game = Game.objects.filter(pk=game_id).first()
    seats = list(Seat.objects.filter(game=game).order_by("index")) if game else []
    if game is None or not privacy.may_see(game, request.api_user, seats=seats, session=request.session):
        raise MoveRejected("not_found", gettext_noop("No such game."))
    lines = chat.visible_lines(game, request.api_user, seats=seats)
    return JsonResponse({"channels": list(lines), "lines": lines,
                         "you_write_in": chat.speaking_channel(seats, request.api_user)})
