from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import get_language

from games.core.rulesets import declaration

from .catalog import games, get_game


def home(request):
    return render(request, "lobby/home.html", {"games": games()})


def rules_index(request):
    return render(request, "lobby/rules_index.html", {"games": games()})


def rules(request, game: str):
    info = get_game(game)
    if info is None:
        raise Http404(game)
    lang = "es" if (get_language() or "es").startswith("es") else "en"
    declared = declaration(game)
    toc = [(slug, titles[1] if lang == "es" else titles[0]) for slug, titles in declared.sections.items()]
    return render(
        request,
        "lobby/rules.html",
        {"game": info, "toc": toc, "body_template": declared.rules_template.format(lang=lang)},
    )


def leagues(request):
    return render(request, "lobby/leagues.html")


@login_required
def my_games(request):
    """The person's games in play (those waiting on them first, with whose turn it is and the clock), their
    open tables and their last finished games."""
    from . import mygames

    return render(request, "lobby/my_games.html", {
        "current": mygames.current_games(request.user),
        "open": mygames.open_tables(request.user),
        "finished": mygames.finished_games(request.user),
    })
