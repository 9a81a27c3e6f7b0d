from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .forms import SettingsForm


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
    return render(request, "accounts/settings.html", {"form": form, "web_push": settings.WEB_PUSH,
                                                      "push_key": settings.VAPID_PUBLIC_KEY})


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
