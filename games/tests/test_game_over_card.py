"""The game-over card ranks as the recorded results do (issue 40, item 18): a seat a bot played to the end for
its absent person is a forfeit, last, on the card as in the results, the profile and the rating; and a
finished game offers no seat to take back."""

import re

import pytest

from games.models import Game, Seat
from games.tests.conftest import client_for, make_users, open_table
from lobby.models import PlayerResult
from lobby.results import record_game
from moderation.games import do_adjudicate

pytestmark = pytest.mark.django_db


def card_order(html: str) -> list[str]:
    ranking = html.split('class="card outcome"')[1].split("</ol>")[0]
    return re.findall(r"<strong>([^<]+)</strong>", ranking)


def test_the_card_puts_a_forfeit_last_as_the_results_do_and_offers_no_seat_back(mod):
    ana, beto, caro = make_users("ana", "beto", "caro")
    game = open_table("estanciero", [ana, beto, caro], start=True)
    # ana timed out until a bot took her seat; the bot then "won" it for her.
    Seat.objects.filter(game=game, index=0).update(is_bot=True, timeouts=game.max_timeouts)
    Game.objects.filter(pk=game.pk).update(rev=game.rev + 1)
    before = client_for(ana, "en").get(f"/games/{game.pk}/").content.decode()
    assert "Take back my seat" in before  # while the game runs, she may

    do_adjudicate(mod, game.pk, [0, 2, 1], "ended by a moderator for the test")
    record_game(game.pk)
    recorded = [r.user.username for r in PlayerResult.objects.filter(game=game).order_by("place")]
    assert recorded == ["caro", "beto", "ana"] and PlayerResult.objects.get(game=game, user=ana).forfeit

    for lang, forfeit in (("en", "forfeit"), ("es", "abandono")):
        for viewer in (ana, beto, None):
            html = client_for(viewer, lang).get(f"/games/{game.pk}/").content.decode()
            assert card_order(html) == recorded, (lang, viewer)
            last = html.split('class="card outcome"')[1].split("</ol>")[0].split("<li")[-1]
            assert f'pill-forfeit">{forfeit}<' in last
            assert "bankrupt" not in html.split('class="card outcome"')[1].split("</ol>")[0]
        mine = client_for(ana, lang).get(f"/games/{game.pk}/").content.decode()
        assert "btn-gold\">Take back my seat" not in mine and f"games/{game.pk}/reclaim" not in mine
        assert "takeover" not in mine
