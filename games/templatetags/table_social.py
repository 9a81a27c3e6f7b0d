"""The table page's chat panel and spectators bar: ``{% load table_social %}`` then ``{% chat_panel %}`` and
``{% spectators_bar %}``. Both sit outside the live ``#table`` region, so the table's pushes never touch them."""

from __future__ import annotations

from django import template

from games.chat import lines as chat
from games.live import spectators
from games.models import Game, Seat

register = template.Library()


def chat_context(request, game: Game, seats: list[Seat]) -> dict:
    """What the chat panel shows this viewer: the channels they may read with their recent lines, where they
    write, whom they muted."""
    user = request.user
    lines = chat.visible_lines(game, user, seats=seats)
    own = chat.speaking_channel(seats, user)
    asked = request.GET.get("chat", "")
    active = asked if asked in lines else (own if own in lines else chat.PLAYERS)
    channels = [{"name": name, "lines": ls, "active": name == active} for name, ls in lines.items()]
    return {
        "game": game,
        "channels": channels,
        "own_channel": own,
        "can_chat": own is not None,
        "signed_in": chat.signed_in(user),
        "me": user.username if chat.signed_in(user) else "",
        "player": chat.is_player(seats, user),
        "ended": game.status in chat.ENDED,
        "muted": chat.muted_names(user),
        "open": bool(asked),
        "max_length": chat.MAX_LENGTH,
        "request": request,
    }


@register.inclusion_tag("games/_chat.html", takes_context=True)
def chat_panel(context):
    return chat_context(context["request"], context["game"], context["seats"])


@register.inclusion_tag("games/_spectators.html", takes_context=True)
def spectators_bar(context):
    """Who watches, this viewer included when they have no seat: their page's socket is about to count them, and
    does not hear its own arrival."""
    request, game, seats = context["request"], context["game"], context["seats"]
    watchers = spectators.current(game.pk, game.seed_commitment, {s.user_id for s in seats if s.user_id})
    user = request.user
    if not chat.is_player(seats, user):
        if not chat.signed_in(user):
            watchers = spectators.Watchers(watchers.seq, watchers.names, watchers.guests + 1)
        elif user.username not in watchers.names:
            watchers = spectators.Watchers(watchers.seq, tuple(sorted((*watchers.names, user.username), key=str.lower)),
                                           watchers.guests)
    return {"game": game, "watchers": watchers, "share_url": request.build_absolute_uri(game.get_absolute_url())}
