"""The waiting table's card (``games/_table.html`` while a table is in the lobby): what it needs besides the
table's context, computed from the game and its seats so the card renders the same on a page and in a push."""

from django import template
from django.urls import reverse

from games.core.rulesets import declaration, get
from games.tables.lifecycle import TIME_CONTROL_NAMES
from games.tables.quickplay import fill_time

register = template.Library()


@register.simple_tag
def table_waiting(game, seats) -> dict:
    """Seats taken, whether the creator may start now (the game's minimum is met), the players the creator
    may remove, the invite link, for a quick-play table when bots take the empty seats, and the game's options in
    words (as the lobby lists them)."""
    rs = get(game.ruleset)
    taken = sum(1 for s in seats if s.user_id is not None or s.is_bot)
    quick = fill_time(game)
    return {
        "taken": taken,
        "full": taken == len(seats),
        "min": rs.min_players,
        "can_start": taken >= rs.min_players,
        "removable": [s for s in seats if s.is_bot or (s.user_id is not None and s.user_id != game.created_by_id)],
        "invite_url": reverse("games:invite", args=[game.pk, game.invite_code]) if game.invite_code else "",
        "fill_at": quick[0].isoformat() if quick else "",
        "wait": quick[1] if quick else 0,
        "notes": declaration(game.ruleset).option_notes(game.options),
    }


@register.filter
def time_control_name(name: str) -> str:
    return TIME_CONTROL_NAMES.get(name, name)
