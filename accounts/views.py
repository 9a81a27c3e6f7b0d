from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .forms import SettingsForm
from .models import User

HISTORY_PAGE = 20  # games per page of a profile's history


def profile(request, username: str):
    """A player's story: ratings per game with their charts, statistics, current games, leagues, the
    head-to-head record with the signed-in viewer, and the full history (filtered by game and result)."""
    from django.core.paginator import Paginator

    from games import privacy
    from games.core.rulesets import names
    from lobby import history
    from lobby.models import BotAccount

    player = get_object_or_404(User, username=username, is_active=True)
    game = request.GET.get("game") if request.GET.get("game") in names() else ""
    result = request.GET.get("result") if request.GET.get("result") in history.RESULTS else ""
    # A private game shows only to whom may see it (``games.privacy``): its people and moderators.
    filtered = history.results_of(player, game, result).exclude(privacy.hidden_from(request.user, "game__"))
    filtered = filtered.select_related(*history.RELATED).prefetch_related("game__seats__user")
    page = Paginator(filtered, HISTORY_PAGE).get_page(request.GET.get("page"))
    stats = history.stats_by_game(player)
    return render(request, "accounts/profile.html", {
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
    from lobby import history

    player = get_object_or_404(User, username=username, is_active=True)
    if player.pk != request.user.pk:
        return JsonResponse({"error": "forbidden", "message": _("Only you can export your history.")}, status=403)
    response = JsonResponse(history.export(player), json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = f'attachment; filename="{player.username}-history.json"'
    return response


@login_required
def user_settings(request):
    form = SettingsForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        if user.language:
            translation.activate(user.language)
        messages.success(request, _("Your settings were saved."))
        response = redirect("accounts:settings")
        if user.language:
            response.set_cookie(settings.LANGUAGE_COOKIE_NAME, user.language, samesite="Lax")
        return response
    return render(request, "accounts/settings.html", {"form": form})


@require_POST
def set_language(request):
    """The header's language switcher; a signed-in player's choice is saved."""
    lang = request.POST.get("language", "")
    if lang not in dict(settings.LANGUAGES):
        lang = settings.LANGUAGE_CODE
    nxt = request.POST.get("next") or "/"
    if not url_has_allowed_host_and_scheme(nxt, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        nxt = "/"
    if request.user.is_authenticated:
        request.user.language = lang
        request.user.save(update_fields=["language"])
    response = HttpResponseRedirect(nxt)
    response.set_cookie(settings.LANGUAGE_COOKIE_NAME, lang, samesite="Lax")
    return response


@login_required
@require_POST
def create_token(request):
    from .models import ApiToken

    _token, key = ApiToken.issue(request.user, request.POST.get("name", "").strip() or "token")
    messages.success(request, _("Your new API token (copy it now, it is shown only once): %(key)s") % {"key": key})
    return redirect("accounts:settings")


@login_required
@require_POST
def revoke_token(request, token_id: int):
    from .models import ApiToken

    ApiToken.objects.filter(pk=token_id, user=request.user).delete()
    messages.success(request, _("The token was revoked."))
    return redirect("accounts:settings")
