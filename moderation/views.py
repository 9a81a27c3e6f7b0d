"""Moderation pages for users and reports, and what a user sees of their own standing. Plain function views;
every write goes through ``moderation.users``."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_POST

from accounts import restrictions
from accounts.models import Restriction, User
from games.chat import lines as chat
from games.core.validation import int_or
from games.models import ChatMessage, Game
from games.play.actions import MoveRejected
from games.tables import privacy
from games.tables.reliability import reliability
from moderation import reports
from moderation.models import RESOLUTION_LABELS, ModerationAction, Report

from . import users as moderation


def _moderator_only(request) -> None:
    if not restrictions.is_moderator(request.user):
        raise PermissionDenied


def _back(request, fallback: str):
    nxt = request.POST.get("next") or ""
    if nxt and url_has_allowed_host_and_scheme(nxt, allowed_hosts={request.get_host()}):
        return HttpResponseRedirect(nxt)
    return redirect(fallback)


@login_required
def dashboard(request):
    """The reports queue (open first), the latest of the audit log, and a user search."""
    _moderator_only(request)
    status = request.GET.get("status", "open")
    reports = Report.objects.select_related("reporter", "reported", "game", "message")
    if status in (Report.Status.OPEN, Report.Status.RESOLVED):
        reports = reports.filter(status=status)
    query = (request.GET.get("q") or "").strip()[:150]
    found = User.objects.filter(username__icontains=query).order_by("username")[:20] if query else []
    log = ModerationAction.objects.select_related("moderator", "user", "game")
    page = Paginator(log, 30).get_page(request.GET.get("page"))
    return render(request, "moderation/dashboard.html", {
        "reports": reports[:100], "status": status, "query": query, "found": found, "log_page": page,
        "open_count": Report.objects.filter(status=Report.Status.OPEN).count(),
        "resolutions": RESOLUTION_LABELS.items(),
    })


@login_required
def user_page(request, username: str):
    """One user as a moderator sees them: restrictions past and present, reports, reliability, the log."""
    _moderator_only(request)
    target = get_object_or_404(User, username=username)
    now = timezone.now()
    restrictions = [(r, r.is_active(now)) for r in target.restrictions.select_related("created_by")]
    return render(request, "moderation/user.html", {
        "target": target, "restrictions": restrictions,
        "reports": target.reports_received.select_related("reporter", "game")[:50],
        "log": ModerationAction.objects.filter(user=target).select_related("moderator", "game")[:50],
        "reliability": reliability(target), "next_suspension_days": moderation.next_suspension_days(target),
        "recent_games": Game.objects.filter(seats__user=target).distinct()[:10],
    })


@login_required
@require_POST
def user_action(request, username: str):
    _moderator_only(request)
    kind = request.POST.get("kind", "")
    # ``reason``: the message the user is told (or why a restriction is lifted); ``note``: for moderators only.
    reason, note = request.POST.get("reason", ""), request.POST.get("note", "")
    try:
        if kind == "warn":
            moderation.do_warn(request.user, username, reason, note=note)
        elif kind == "mute":
            moderation.do_mute(request.user, username, reason, int_or(request.POST.get("days"), 1), note=note)
        elif kind == "suspend":
            moderation.do_suspend(request.user, username, reason, note=note)
        elif kind == "ban":
            moderation.do_ban(request.user, username, reason, note=note)
        elif kind == "lift":
            moderation.do_lift(request.user, int_or(request.POST.get("restriction"), 0), reason)
        else:
            raise MoveRejected("bad_request", gettext_noop("Unknown action."))
        messages.success(request, _("Done, and written in the moderation log."))
    except MoveRejected as exc:
        messages.error(request, exc.text(_))
    return redirect("moderation:user", username=username)


@login_required
@require_POST
def resolve_report(request, report_id: int):
    _moderator_only(request)
    try:
        reports.do_resolve(request.user, report_id, request.POST.get("resolution", ""),
                              request.POST.get("note", ""), message=request.POST.get("message", ""),
                              mute_days=int_or(request.POST.get("days"), 1))
        messages.success(request, _("Report resolved."))
    except MoveRejected as exc:
        messages.error(request, exc.text(_))
    return redirect("moderation:dashboard")


def _report_form(request, source) -> dict:
    """What the report form is about, from the query (opening it) or the post (sending it): the person, the
    game, the chat line; and what was typed. A game the reporter may not see is no game (404)."""
    message = ChatMessage.objects.select_related("user", "game").filter(pk=int_or(source.get("message"), 0)).first()
    game = Game.objects.filter(pk=int_or(source.get("game"), 0)).first() or (message.game if message else None)
    if game is not None and not privacy.may_see(game, request.user, session=request.session):
        raise Http404("No such game.")
    username = source.get("user", "") or (message.user.username if message and message.user_id else "")
    quoted = None
    if message is not None and message.game_id == game.pk and message.hidden_at is None:
        # Quoted only when the reporter may read that channel (a player does not read the spectators' chat).
        seats = list(game.seats.all())
        if message.channel in chat.readable_channels(game, chat.is_player(seats, request.user), True):
            quoted = message.text
    nxt = source.get("next") or ""
    return {"username": username, "game": game, "message": message, "quoted": quoted,
            "categories": Report.Category.choices,
            "category": source.get("category", ""), "note": source.get("note", source.get("reason", "")),
            "next": nxt if url_has_allowed_host_and_scheme(nxt, allowed_hosts={request.get_host()}) else ""}


@login_required
def report(request):
    """A player reports a user (from a seat at the table, a profile) or one of their chat lines: GET is the form
    (a fragment for htmx, else a page), POST sends it. With htmx the answer is the confirmation, or the form again
    with the refusal beside what was typed; without, back to where it was opened with the message."""
    source = request.POST if request.method == "POST" else request.GET
    ctx = _report_form(request, source)
    template = "moderation/_report_form.html" if request.htmx else "moderation/report.html"
    if request.method != "POST":
        return render(request, template, ctx)
    try:
        # A post without a category is the older form's: its free-text reason is the note.
        reports.do_report(request.user, ctx["username"], ctx["note"], game=ctx["game"], message=ctx["message"],
                             category=request.POST.get("category", Report.Category.OTHER))
    except MoveRejected as exc:
        if request.htmx:
            return render(request, template, {**ctx, "error": exc.text(_)})
        messages.error(request, exc.text(_))
        return _back(request, ctx["game"].get_absolute_url() if ctx["game"] else "lobby:home")
    if request.htmx:
        return render(request, "moderation/_report_sent.html", ctx)
    messages.success(request, _("Thank you: a moderator will look at your report."))
    return _back(request, ctx["game"].get_absolute_url() if ctx["game"] else "lobby:home")


@login_required
def standing(request):
    """What moderation has put on the signed-in user, with the reasons."""
    now = timezone.now()
    mine = [(r, r.is_active(now)) for r in Restriction.objects.filter(user=request.user)]
    return render(request, "moderation/standing.html", {"restrictions": mine,
                                                                  "reliability": reliability(request.user)})


@login_required
@require_POST
def acknowledge(request, restriction_id: int):
    restrictions.do_acknowledge(request.user, restriction_id)
    return _back(request, "moderation:standing")
