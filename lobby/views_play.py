"""The live lobby's page: open tables per game, games in play, who is online, quick play, and the New table form
(whose table is then created by ``games.tables.lifecycle``, the one table policy the API shares). Plain function views."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_POST

from games.core.rulesets import names
from games.play.actions import MoveRejected
from games.tables import lifecycle as tables
from games.tables import quickplay

from . import game_options, listing

# The New table form's fields besides each game's own options (``Declaration.options``), and what they hold when
# the page opens.
FORM_FIELDS = ("ruleset", "seats", "bots", "bot_level", "time_control", "max_timeouts", "max_turns", "rated",
               "visibility", "teaching")
FORM_DEFAULTS = {"seats": "4", "bots": "3", "bot_level": "normal", "time_control": "live", "max_timeouts": "3",
                 "max_turns": "0", "rated": "", "visibility": "public"}


def play(request, form: dict | None = None, status: int = 200):
    """The live lobby: open tables per game, games in play, who is online (pushed by ``lobby.consumers``),
    quick play, and the form to create a table (``form``: the choices a refused form sent, shown again)."""
    rulesets = listing.rulesets()
    chosen = request.GET.get("game") if request.GET.get("game") in names() else names()[0]
    form = form or {**FORM_DEFAULTS, "ruleset": chosen}
    context = listing.live_context()
    context.update({
        "rulesets": rulesets, "form": form, "quick_ruleset": chosen,
        "rulesets_json": json.dumps({r["name"]: [r["min"], r["max"]] for r in rulesets}),
        "time_controls": list(listing.TIME_CONTROL_LABELS.items()),
        "time_control_names": list(listing.TIME_CONTROL_NAMES.items()),
        "quick_waits": quickplay.WAITS,
        "game_options": game_options.fields(form, "nt-"),
    })
    return render(request, "lobby/play.html", context, status=status)


@login_required
@require_POST
def create(request):
    post = request.POST
    try:
        # The form's fields as the API's (one table policy for both: ``tables.table_settings``).
        sent = {k: post.get(k) for k in ("ruleset", "seats", "bots", "time_control", "max_timeouts", "bot_level",
                                         "rated", "teaching")}
        sent["private"] = _visibility(post.get("visibility"))
        sent["options"] = game_options.from_post(post)
        game = tables.do_create_table(request.user, **tables.table_settings(sent))
    except MoveRejected as exc:
        messages.error(request, exc.text(_))
        # The form comes back with the person's choices, not the defaults.
        sent_fields = FORM_FIELDS + game_options.keys()
        return play(request, form={k: post.get(k, "") for k in sent_fields}, status=400)
    return redirect(game)


def _visibility(value: str | None) -> bool:
    """The form's "Who can sit" choice as the API's ``private``."""
    if value in (None, "", "public", "private"):
        return value == "private"
    raise MoveRejected("bad_request", gettext_noop("The field %(field)s must be true or false."), params={"field": "private"})


@login_required
@require_POST
def quick_play(request):
    """One click: a seat at the best open table for the game and time control, or a new table that bots
    fill after the chosen wait."""
    try:
        # Field names of their own: the New table form on the same page has "ruleset" and "time_control".
        game = quickplay.do_quick_play(request.user, request.POST.get("quick_game", ""),
                                       request.POST.get("quick_time_control", "live"), int(request.POST.get("wait") or 0))
    except ValueError:
        messages.error(request, _("Invalid table settings."))
        return redirect("lobby:play")
    except MoveRejected as exc:
        messages.error(request, exc.text(_))
        return redirect("lobby:play")
    return redirect(game)


@require_POST
def learn(request, ruleset: str):
    """Learn by playing: the person's guided first game of ``ruleset`` (``tables.do_start_guided``), resumed if it is
    in play. Someone not signed in is sent to sign in and comes back to the rules page."""
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("lobby:rules", args=[ruleset]))
    try:
        game = tables.do_start_guided(request.user, ruleset)
    except MoveRejected as exc:
        messages.error(request, exc.text(_))
        return redirect("lobby:home")
    return redirect(game)
