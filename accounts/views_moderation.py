"""Moderation pages for users and reports, and what a user sees of their own standing. Plain function views;
every write goes through ``accounts.moderation``."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_POST

from games.actions import MoveRejected
from games.models import ChatMessage, Game

from . import moderation
from .models import ModerationAction, Report, Restriction, User
from .reliability import reliability


def _moderator_only(request) -> None:
    if not moderation.is_moderator(request.user):
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
    return render(request, "accounts/moderation/dashboard.html", {
        "reports": reports[:100], "status": status, "query": query, "found": found, "log_page": page,
        "open_count": Report.objects.filter(status=Report.Status.OPEN).count(),
        "resolutions": moderation.RESOLUTIONS,
    })


@login_required
def user_page(request, username: str):
    """One user as a moderator sees them: restrictions past and present, reports, reliability, the log."""
    _moderator_only(request)
    target = get_object_or_404(User, username=username)
    now = timezone.now()
    restrictions = [(r, r.is_active(now)) for r in target.restrictions.select_related("created_by")]
    return render(request, "accounts/moderation/user.html", {
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
            moderation.do_mute(request.user, username, reason, _int(request.POST.get("days"), 1), note=note)
        elif kind == "suspend":
            moderation.do_suspend(request.user, username, reason, note=note)
        elif kind == "ban":
            moderation.do_ban(request.user, username, reason, note=note)
        elif kind == "lift":
            moderation.do_lift(request.user, _int(request.POST.get("restriction"), 0), reason)
        else:
            raise MoveRejected("bad_request", gettext_noop("Unknown action."))
        messages.success(request, _("Done, and written in the moderation log."))
    except MoveRejected as exc:
        messages.error(request, exc.text(_))
    return redirect("accounts:moderation_user", username=username)


def _int(value, default: int) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


@login_required
@require_POST
def resolve_report(request, report_id: int):
    _moderator_only(request)
    try:
        moderation.do_resolve(request.user, report_id, request.POST.get("resolution", ""),
                              request.POST.get("note", ""), message=request.POST.get("message", ""),
                              mute_days=_int(request.POST.get("days"), 1))
        messages.success(request, _("Report resolved."))
    except MoveRejected as exc:
        messages.error(request, exc.text(_))
    return redirect("accounts:moderation")


@login_required
@require_POST
def report(request):
    """A player reports a user (from a game page) or one of their chat lines."""
    game = Game.objects.filter(pk=_int(request.POST.get("game"), 0)).first()
    message = ChatMessage.objects.filter(pk=_int(request.POST.get("message"), 0)).first()
    username = request.POST.get("user", "")
    if message is not None and not username and message.user_id:
        username = message.user.username
    try:
        moderation.do_report(request.user, username, request.POST.get("reason", ""), game=game, message=message)
        messages.success(request, _("Thank you: a moderator will look at your report."))
    except MoveRejected as exc:
        messages.error(request, exc.text(_))
    return _back(request, game.get_absolute_url() if game else "lobby:home")


@login_required
def standing(request):
    """What moderation has put on the signed-in user, with the reasons."""
    now = timezone.now()
    mine = [(r, r.is_active(now)) for r in Restriction.objects.filter(user=request.user)]
    return render(request, "accounts/moderation/standing.html", {"restrictions": mine,
                                                                  "reliability": reliability(request.user)})


@login_required
@require_POST
def acknowledge(request, restriction_id: int):
    moderation.do_acknowledge(request.user, restriction_id)
    return _back(request, "accounts:standing")
