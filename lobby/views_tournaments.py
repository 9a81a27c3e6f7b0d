"""Tournament pages: the list with the form to create one, a tournament's page (its standing live over its socket),
and the forms that join, leave, come back, add a bot, and (moderators) cancel. Plain function views; the writes are
``lobby.tournaments``'."""

from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.core.rulesets import names
from games.core.validation import int_or
from games.play.actions import MoveRejected
from games.tables import lifecycle as tables

from . import game_options, listing, tournament_pages, tournaments
from .models import Tournament, TournamentEntry

FORM_DEFAULTS = {"name": "", "ruleset": "", "kind": "swiss", "starts_in": "10", "rounds": "3",
                 "minutes": "60", "time_control": "live", "table_size": "2", "rated": True, "private": False}


def tournament_list(request, form: dict | None = None, status: int = 200):
    """Running, upcoming and finished tournaments, and the form to create one."""
    context = tournament_pages.listed(request.user)
    context.update(tournament_pages.create_choices())
    context["form"] = form = form or {**FORM_DEFAULTS, "ruleset": names()[0]}
    context["game_options"] = game_options.fields(form, "tn-")
    return render(request, "lobby/tournaments.html", context, status=status)


@login_required
@require_POST
def create(request):
    p = request.POST
    form = {**FORM_DEFAULTS, **{k: p.get(k, "") for k in (*FORM_DEFAULTS, *game_options.keys())},
            "rated": bool(p.get("rated")), "private": bool(p.get("private"))}
    try:
        options = game_options.from_post(p)
        t = tournaments.do_create(
            request.user, name=form["name"], ruleset=form["ruleset"], kind=form["kind"],
            starts_at=timezone.now() + timedelta(minutes=max(0, int_or(form["starts_in"], 10))),
            rounds=int_or(form["rounds"], 0), minutes=int_or(form["minutes"], 0), time_control=form["time_control"],
            table_size=int_or(form["table_size"], 2), rated=form["rated"], private=form["private"], options=options)
    except MoveRejected as exc:
        messages.error(request, exc.text(_))
        return tournament_list(request, form=form, status=400)
    return redirect(t.get_absolute_url() + (f"?invite={t.invite_token}" if t.private else ""))


def _visible(request, pk: int) -> Tournament:
    """The tournament, unless it is private and the viewer neither plays in it nor has its link."""
    t = get_object_or_404(Tournament, pk=pk)
    if t.private and request.GET.get("invite") != t.invite_token and not (
            request.user.is_authenticated and TournamentEntry.objects.filter(tournament=t, user=request.user).exists()):
        raise Http404
    return t


def tournament(request, pk: int):
    t = _visible(request, pk)
    context = tournament_pages.detail(t, request.user)
    context["invite"] = request.GET.get("invite", "")
    context["invite_url"] = (request.build_absolute_uri(t.get_absolute_url()) + f"?invite={t.invite_token}"
                             if t.private and request.user.pk == t.created_by_id else "")
    context["may_cancel"] = (request.user.is_authenticated and request.user.has_perm("accounts.moderate")
                             and t.status in tournaments.RUNNING)
    # Its tables' options in words, a rated tournament's with the rated defaults its tables take.
    options = tables.rated_table_options(t.ruleset, t.options) if t.rated else t.options
    context["option_notes"] = listing.notes_for(t.ruleset, t.table_size, options)
    return render(request, "lobby/tournament.html", context)


def live(request, pk: int):
    """The live part alone: what the socket pushes, for a page whose socket is down."""
    t = _visible(request, pk)
    return HttpResponse(tournament_pages.live_html(t.pk, request.user, get_language()))


def _act(request, pk: int, action, done: str):
    try:
        action()
    except MoveRejected as exc:
        messages.error(request, exc.text(_))
    else:
        messages.success(request, done)
    invite = request.POST.get("invite", "")
    return redirect(reverse("lobby:tournament", args=[pk]) + (f"?invite={invite}" if invite else ""))


@login_required
@require_POST
def join(request, pk: int):
    return _act(request, pk, lambda: tournaments.do_join(pk, request.user, request.POST.get("invite") or None),
                _("You are in."))


@login_required
@require_POST
def leave(request, pk: int):
    return _act(request, pk, lambda: tournaments.do_leave(pk, request.user), _("You have left the tournament."))


@login_required
@require_POST
def add_bot(request, pk: int):
    return _act(request, pk, lambda: tournaments.do_add_bot(pk, request.user, request.POST.get("level", "normal")),
                _("A bot joined."))


@login_required
@require_POST
def cancel(request, pk: int):
    return _act(request, pk, lambda: tournaments.do_cancel(pk, request.user, request.POST.get("reason", ""),
                                                           annul=bool(request.POST.get("annul"))),
                _("The tournament is cancelled."))
