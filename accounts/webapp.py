"""The site as an installable web app: its manifest, its service worker, the page shown offline, and the pages'
side of Web Push (subscribing a device, accounts/push.py).

The service worker (accounts/templates/accounts/sw.js) caches nothing but the offline page and the few static
files it shows: every page, a table above all, comes from the network, so a table is never shown stale. A page
asked for without a network gets the offline page, which says so and loads the page by itself once the
network is back (static/js/offline.js); a table already open says so and reconnects itself (static/js/table.js).
"""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from . import push

THEME = "#0f3d2e"
ICONS = [
    {"src": "img/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
    {"src": "img/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
    {"src": "img/icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
]
# What the service worker keeps for the offline page (besides the page itself, one per language).
OFFLINE_ASSETS = ["css/site.css", "js/offline.js", "img/logo.svg", "img/icon-192.png"]


@require_GET
def manifest(request):
    """The web app manifest (linked from every page): what a phone needs to install the site."""
    data = {
        "id": "/",
        "name": "Tablero",
        "short_name": "Tablero",
        "description": _("Board games online, with every rule enforced and dice you can verify."),
        "lang": translation.get_language() or settings.LANGUAGE_CODE,
        "start_url": reverse("lobby:home"),
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "background_color": THEME,
        "theme_color": THEME,
        "icons": [{**icon, "src": static(icon["src"])} for icon in ICONS],
    }
    return HttpResponse(json.dumps(data, ensure_ascii=False), content_type="application/manifest+json")


@require_GET
@never_cache
def service_worker(request):
    """static/js's service worker cannot be served from /static/: a worker controls only the pages under its own
    address. Rendered with the release in its cache's name, so each deploy's worker replaces the last one's and
    drops its cache; never cached itself, so a browser sees a new one at once."""
    config = {
        "cache": f"tablero-{settings.RELEASE}",
        "offline": {code: f"{reverse('accounts:offline')}?lang={code}" for code, _name in settings.LANGUAGES},
        "defaultLanguage": settings.LANGUAGE_CODE,
        "assets": [static(path) for path in OFFLINE_ASSETS],
        "icon": static("img/icon-192.png"),
    }
    body = render(request, "accounts/sw.js", {"config": json.dumps(config)}).content
    return HttpResponse(body, content_type="text/javascript; charset=utf-8")


@require_GET
def offline(request):
    """The page the service worker shows for a page asked for without a network (cached when it installs, once in
    each language: ``?lang=``)."""
    code = request.GET.get("lang", "")
    if code not in dict(settings.LANGUAGES):
        code = translation.get_language() or settings.LANGUAGE_CODE
    with translation.override(code):
        response = render(request, "accounts/offline.html", {"lang": code})
    return response


@require_GET
def push_key(request):
    """The site's VAPID public key, the ``applicationServerKey`` a page subscribes with (the settings page also
    carries it)."""
    return JsonResponse({"key": settings.VAPID_PUBLIC_KEY if settings.WEB_PUSH else ""})


def _json_body(request):
    try:
        return json.loads(request.body or b"null")
    except (ValueError, UnicodeDecodeError):
        return None


@login_required
@require_POST
def push_subscribe(request):
    """Keep this device's subscription (``PushSubscription.toJSON()`` from the page) for the signed-in person."""
    if not settings.WEB_PUSH:
        return JsonResponse({"error": "push is off"}, status=404)
    try:
        subscription = push.subscribe(request.user, _json_body(request))
    except push.BadSubscription as exc:
        return JsonResponse({"error": str(exc)}, status=400)
    return JsonResponse({"ok": True, "id": subscription.pk}, status=201)


@login_required
@require_POST
def push_unsubscribe(request):
    """Forget this device's subscription (the page unsubscribed it): ``{"endpoint": ...}``."""
    body = _json_body(request)
    removed = push.unsubscribe(request.user, body.get("endpoint") if isinstance(body, dict) else None)
    return JsonResponse({"ok": True, "removed": removed})
