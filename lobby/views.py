from django.http import Http404
from django.shortcuts import render
from django.utils.translation import get_language

from games.sections import SECTIONS

from .catalog import GAMES, get_game


def home(request):
    return render(request, "lobby/home.html", {"games": GAMES.values()})


def rules_index(request):
    return render(request, "lobby/rules_index.html", {"games": GAMES.values()})


def rules(request, game: str):
    info = get_game(game)
    if info is None:
        raise Http404(game)
    lang = "es" if (get_language() or "es").startswith("es") else "en"
    toc = [(slug, titles[1] if lang == "es" else titles[0]) for slug, titles in SECTIONS[game].items()]
    return render(
        request,
        "lobby/rules.html",
        {"game": info, "toc": toc, "body_template": f"rules/{game}_{lang}.html"},
    )


def leagues(request):
    return render(request, "lobby/leagues.html")
