"""The story's charts (``games.web.story``): each finished game's pictures as SVG, in both languages, for every
ruleset at its fewest and most seats, linked from the game-over card, the replay and the fairness page; refused for
a live game, an unknown chart, a bad language and a private table's outsider."""

from __future__ import annotations

import pytest

from games.core.rulesets import declaration, get
from games.core.story import places
from games.models import Game, Seat
from games.present import story
from games.tests.conftest import client_for, make_users, open_table
from games.tests.test_replay import play_out, states_from_scratch

pytestmark = pytest.mark.django_db

SHORT = {"estanciero": {"max_turns": 6}, "argentilandia": {"max_turns": 6}, "ladrillazo": {"handful": 5}}


def finished(players, ruleset: str, seats: int) -> Game:
    """A short game of ``ruleset`` for ``seats`` played to its end: two people and bots (``play_out``)."""
    return play_out(players, ruleset, seats, SHORT[ruleset], time_out=False)


def sizes():
    for ruleset in SHORT:
        rs = get(ruleset)
        for seats in sorted({max(rs.min_players, 2), rs.max_players}):
            yield ruleset, seats


@pytest.mark.parametrize(("ruleset", "seats"), list(sizes()))
def test_every_chart_of_a_finished_game_is_an_svg_with_a_line_per_player_in_both_languages(players, ruleset, seats):
    game = finished(players, ruleset, seats)
    names = [s.display_name for s in Seat.objects.filter(game=game).select_related("user").order_by("index")]
    measures = declaration(ruleset).story
    links = story.story_links(game, "en")
    assert [c["key"] for c in links] == [m.key for m in measures] + (
        [story.DICE] if declaration(ruleset).dice_rolled else [])
    for lang, title_of in (("en", lambda m: "Net worth" if m.key == "net-worth" else None),
                           ("es", lambda m: "Patrimonio" if m.key == "net-worth" else None)):
        for chart in story.story_links(game, lang):
            response = client_for(players[0], lang).get(chart["url"])
            assert response.status_code == 200, chart
            assert response["Content-Type"].startswith("image/svg+xml")
            assert "private" in response["Cache-Control"]
            svg = response.content.decode()
            assert svg.startswith("<svg") and "<script" not in svg
            assert f"<title>{chart['title']}</title>" in svg
            if chart["key"] == story.DICE:
                assert all(f">{s}<" in svg for s in range(2, 13))
                continue
            for name in names:
                assert name[:16] in svg, (chart["key"], name)
            measure = next(m for m in measures if m.key == chart["key"])
            if title_of(measure):
                assert chart["title"] == title_of(measure)


def test_the_game_over_card_the_replay_and_the_fairness_page_show_the_story(players):
    game = finished(players, "estanciero", 3)
    me = client_for(players[0], "es")
    card = me.get(f"/games/{game.pk}/").content.decode()
    assert "La historia de la partida" in card
    assert f"/games/{game.pk}/story/net-worth.svg?lang=es" in card and f"/games/{game.pk}/story/dice.svg" in card
    replay_page = me.get(f"/games/{game.pk}/replay/").content.decode()
    assert f"/games/{game.pk}/story/cash.svg?lang=es" in replay_page and "tiradas" in replay_page  # the dice note
    verify_page = me.get(f"/games/{game.pk}/verify/").content.decode()
    assert f"/games/{game.pk}/story/dice.svg?lang=es" in verify_page
    assert f"/games/{game.pk}/story/cash.svg" not in verify_page  # the fairness page: the dice only
    english = client_for(players[0], "en").get(f"/games/{game.pk}/replay/").content.decode()
    assert "The game's story" in english and "rolls" in english


def test_a_live_game_has_no_story_and_its_charts_are_refused(players):
    game = open_table("argentilandia", make_users("sto1", "sto2", "sto3"), start=True)
    response = client_for(players[0]).get(f"/games/{game.pk}/story/vp.svg")
    assert response.status_code == 403 and b"<svg" not in response.content
    assert story.story_links(game, "en") == []
    assert "story/" not in client_for(players[0]).get(f"/games/{game.pk}/").content.decode()


def test_an_unknown_chart_a_bad_language_and_a_private_tables_outsider_are_refused(players):
    game = finished(players, "ladrillazo", 2)
    c = client_for(players[0])
    assert c.get(f"/games/{game.pk}/story/dice.svg").status_code == 404  # Ladrillazo rolls no dice
    assert c.get(f"/games/{game.pk}/story/no-such.svg").status_code == 404
    assert c.get(f"/games/{game.pk}/story/hidden.svg?lang=xx").status_code == 400
    Game.objects.filter(pk=game.pk).update(private=True)
    (outsider,) = make_users("zed")
    assert client_for(outsider).get(f"/games/{game.pk}/story/hidden.svg").status_code == 404
    assert client_for(players[1]).get(f"/games/{game.pk}/story/hidden.svg").status_code == 200


@pytest.mark.parametrize("ruleset", list(SHORT))
def test_the_replay_lists_the_key_moments_with_the_places_they_changed(players, ruleset):
    game = play_out(players, ruleset, 3, SHORT[ruleset], time_out=False)
    standing = declaration(ruleset).standing
    values = [standing.of(state) for state in states_from_scratch(game)]
    truth = [places(v) for v in values]
    moments = story.moments_of(game)
    if all(v == values[0] for v in values):  # nobody's standing ever moved (a short game without a victory point)
        assert moments == []
        return
    assert moments, "the standings moved and no key moment was found"
    assert len(moments) <= 5 and [m.step for m in moments] == sorted(m.step for m in moments)
    for moment in moments:
        assert moment.before == truth[moment.step - 1] and moment.after == truth[moment.step]
        assert moment.before != moment.after or moment.swing >= 0.2  # an order changed, or a big swing
    page = client_for(players[0], "es").get(f"/games/{game.pk}/replay/?at=3").content.decode()
    assert "Momentos clave" in page and 'list="rp-moment-marks"' in page
    for moment in moments:
        assert f'href="/games/{game.pk}/replay/?at={moment.step}" data-at="{moment.step}"' in page
        assert f'<option value="{moment.step}">' in page
    changed = [(seat, b, a) for m in moments for seat, (b, a) in enumerate(zip(m.before, m.after)) if b != a]
    seat, before, after = changed[0]
    assert f"puesto {before} → {after}" in page
