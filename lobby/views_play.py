"""The live lobby's page: open tables per game, games in play, who is online, quick play, and the New table form
(whose table is then created by ``games.tables``, the one table policy the API shares). Plain function views."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_POST

from games import quickplay, tables
from games.actions import MoveRejected
from games.core.rulesets import names

from . import listing

# The New table form's fields, and what they hold when the page opens.
FORM_FIELDS = ("ruleset", "seats", "bots", "bot_level", "time_control", "max_timeouts", "max_turns", "claim_rents",
               "handful", "first_player", "start_money", "rated", "visibility", "free_bank")
FORM_DEFAULTS = {"seats": "4", "bots": "3", "bot_level": "normal", "time_control": "live", "max_timeouts": "3",
                 "max_turns": "0", "handful": "20", "first_player": "creator", "start_money": "35000", "rated": "",
                 "visibility": "public"}


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
    })
    return render(request, "lobby/play.html", context, status=status)


@login_required
@require_POST
def create(request):
    post = request.POST
    try:
        # The form's fields as the API's (one table policy for both: ``tables.table_settings``).
        sent = {k: post.get(k) for k in ("ruleset", "seats", "bots", "time_control", "max_timeouts", "bot_level",
                                         "rated")}
        sent["private"] = _visibility(post.get("visibility"))
        sent["options"] = _options_from(post)
        game = tables.do_create_table(request.user, **tables.table_settings(sent))
    except MoveRejected as exc:
        messages.error(request, exc.text(_))
        # The form comes back with the person's choices, not the defaults.
        return play(request, form={k: post.get(k, "") for k in FORM_FIELDS}, status=400)
    return redirect(game)


def _visibility(value: str | None) -> bool:
    """The form's "Who can sit" choice as the API's ``private``."""
    if value in (None, "", "public", "private"):
        return value == "private"
    raise MoveRejected("bad_request", gettext_noop("The field %(field)s must be true or false."), params={"field": "private"})


def _options_from(post) -> dict:
    """The chosen game's own options from the New table form (another game's hidden fields are ignored), as
    the API's ``options`` object."""
    ruleset = post.get("ruleset")
    options = {}
    max_turns = tables.whole_number(post.get("max_turns") or 0, "max_turns")
    if max_turns > 0:
        options["max_turns"] = max_turns
    if ruleset == "estanciero" and post.get("claim_rents"):
        options["claim_rents"] = True
    if ruleset == "estanciero":
        start_money = tables.whole_number(post.get("start_money") or 35000, "start_money")
        if start_money != 35000:
            options["start_money"] = start_money  # the engine refuses less than the rulebook's
    if ruleset == "argentilandia" and post.get("free_bank"):
        options["free_bank"] = True
    if ruleset == "ladrillazo":
        if post.get("handful"):
            options["handful"] = tables.whole_number(post["handful"], "handful")
        if post.get("first_player") in ("creator", "random"):
            options["first_player"] = post["first_player"]
    return options


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
