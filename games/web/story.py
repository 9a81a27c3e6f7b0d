"""A finished game's story in pictures: each chart as an SVG image (``games.present.story``). A plain function
view; the pages that show the charts (the game-over card, the replay, the fairness page) link to it."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.models import Game, Seat
from games.play.actions import MoveRejected
from games.present.presenters import names_of
from games.present.story import chart_svg
from games.tables import privacy

# A game that is over changes no more: its pictures are kept by the browser for a day (private: a private
# table's are its players' own).
CACHE_SECONDS = 86400
_LANGUAGES = {code for code, _name in settings.LANGUAGES}


def story_chart(request, game_id: int, key: str):
    """The chart ``key`` of the game's story (``?lang=`` its words' language, else the page's)."""
    game = get_object_or_404(Game, pk=game_id)
    privacy.check_may_see(game, request.user, session=request.session)
    language = request.GET.get("lang") or get_language()
    if language not in _LANGUAGES:
        return HttpResponse(_("No such language."), status=400, content_type="text/plain; charset=utf-8")
    try:
        seats = Seat.objects.filter(game=game).select_related("user").order_by("index")
        svg = chart_svg(game, key, language, names_of(list(seats)))
    except MoveRejected as exc:
        status = 403 if exc.code == "not_active" else 404
        return HttpResponse(exc.text(_), status=status, content_type="text/plain; charset=utf-8")
    response = HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")
    response["Cache-Control"] = f"private, max-age={CACHE_SECONDS}"
    return response
