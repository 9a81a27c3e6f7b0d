"""A player's public profile (ratings, statistics, current games, leagues, history) and their own history
export. Plain function views."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils.http import urlencode
from django.utils.translation import gettext as _

from accounts.models import User
from games.core.rulesets import names
from games.tables import privacy

from . import history
from .models import BotAccount

HISTORY_PAGE = 20  # games per page of a profile's history


def profile(request, username: str):
    """A player's story: ratings per game with their charts, statistics, current games, leagues, the
    head-to-head record with the signed-in viewer, and the full history (filtered by game and result)."""
    player = get_object_or_404(User, username=username, is_active=True)
    game = request.GET.get("game") if request.GET.get("game") in names() else ""
    result = request.GET.get("result") if request.GET.get("result") in history.RESULTS else ""
    # A private game shows only to whom may see it (``games.tables.privacy``): its people and moderators.
    filtered = history.results_of(player, game, result).exclude(privacy.hidden_from(request.user, "game__"))
    filtered = filtered.select_related(*history.RELATED).prefetch_related("game__seats__user")
    page = Paginator(filtered, HISTORY_PAGE).get_page(request.GET.get("page"))
    stats = history.stats_by_game(player)
    return render(request, "lobby/profile.html", {
        "player": player, "is_bot": BotAccount.objects.filter(user=player).exists(),
        "stats": stats, "games_played": sum(s.played for s in stats), "games_won": sum(s.wins for s in stats),
        "current": privacy.visible_to(history.current_games(player), request.user)[:20], "leagues": history.league_lines(player),
        "head_to_head": history.head_to_head(request.user, player),
        "page": page, "history": history.rows(page.object_list),
        "games": names(), "game": game, "result": result,
        "filter_query": urlencode({k: v for k, v in (("game", game), ("result", result)) if v}),
    })


@login_required
def history_json(request, username: str):
    """The whole game history as JSON, for the player themself only."""
    player = get_object_or_404(User, username=username, is_active=True)
    if player.pk != request.user.pk:
        return JsonResponse({"error": "forbidden", "message": _("Only you can export your history.")}, status=403)
    response = JsonResponse(history.export(player), json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = f'attachment; filename="{player.username}-history.json"'
    return response
