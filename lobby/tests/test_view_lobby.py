"""The lobby page (/play/): the live lists as the page first draws them, and the New table form."""

import json

import pytest
from django.test import Client

from accounts.models import User
from games.models import Game
from games.tables import lifecycle as tables

pytestmark = pytest.mark.django_db


@pytest.fixture
def alicia():
    return User.objects.create_user("alicia", password="pw-alicia-1")


@pytest.fixture
def bruno():
    return User.objects.create_user("bruno", password="pw-bruno-1")


def client_for(user, lang: str = "en") -> Client:
    c = Client(HTTP_ACCEPT_LANGUAGE=lang)
    c.force_login(user)
    return c


def test_open_public_tables_are_listed_per_game_with_their_options_and_private_ones_nowhere(alicia, bruno):
    public = tables.do_create_table(alicia, "estanciero", 3, bots=1, bot_level="easy", time_control="blitz",
                                    rated=True, options={"start_money": 50000, "claim_rents": True})
    private = tables.do_create_table(alicia, "ladrillazo", 2, time_control="live", private=True)
    playing = tables.do_create_table(bruno, "argentilandia", 3, bots=2, time_control="relaxed")
    hidden_playing = tables.do_create_table(bruno, "estanciero", 2, bots=1, private=True)
    assert Game.objects.get(pk=playing.pk).status == Game.Status.ACTIVE

    page = client_for(bruno).get("/play/").content.decode()
    row = page[page.index(f'id="open-{public.pk}"'):]
    row = row[:row.index("</li>\n")]
    assert 'data-game="estanciero"' in row and 'data-tc="blitz"' in row and f'data-users="{alicia.pk}"' in row
    for text in ("Blitz", "rated", "alicia", "easy bot", "free seat", "start money $50,000", "rents must be claimed"):
        assert text in row, text
    assert f'/games/{public.pk}/join/' in row
    assert f'id="playing-{playing.pk}"' in page and "3-player variant" in page
    assert f"#{private.pk}<" not in page and f"#{hidden_playing.pk}<" not in page
    assert private.invite_code not in page


def test_an_estanciero_table_says_in_the_lobby_and_at_the_table_which_rents_it_plays(alicia, bruno):
    """Estanciero's rents (The Game: "If the owner does not claim the rent for their property before the dice are
    rolled again, they lose the right to collect it"; option ``claim_rents``, ``Option.value_notes``): a table
    in either mode says so in the lobby's row and on its waiting card, the default (automatic) included; a
    rated table plays the book's mode unless it says otherwise."""
    casual = tables.do_create_table(alicia, "estanciero", 3, time_control="live")
    rated = tables.do_create_table(bruno, "estanciero", 3, time_control="live", rated=True)
    jail = tables.do_create_table(bruno, "estanciero", 4, time_control="live", options={"jail_roll_attempts": 3})
    page = client_for(bruno).get("/play/").content.decode()

    def row(game):
        text = page[page.index(f'id="open-{game.pk}"'):]
        return text[:text.index("</li>\n")]
    assert "rents collected automatically" in row(casual) and "rents must be claimed" not in row(casual)
    assert "rents must be claimed" in row(rated) and "automatically" not in row(rated)
    assert "3 rolls to leave the Comisaría" in row(jail) and "rolls to leave" not in row(casual)
    card = client_for(bruno).get(rated.get_absolute_url()).content.decode()
    assert "pill-option" in card and "rents must be claimed" in card
    spanish = client_for(alicia, "es").get("/play/").content.decode()
    assert "alquileres cobrados automáticamente" in spanish and "los alquileres hay que reclamarlos" in spanish


def test_the_page_is_in_spanish_with_filters_quick_play_and_the_socket_revision(alicia):
    tables.do_create_table(alicia, "estanciero", 2, time_control="correspondence")
    page = client_for(alicia, "es").get("/play/").content.decode()
    for text in ("Salón", "Juego rápido", "Mesas abiertas", "Todos los juegos", "Jugar ya", "Amistosa",
                 "Correspondencia", "Conectados ahora", "Sin espera"):
        assert text in page, text
    assert 'id="filter-game"' in page and 'id="filter-tc"' in page
    assert 'data-rev="' in page and f'data-me="{alicia.pk}"' in page
    assert "js/lobby.js" in page and "<script>" not in page


def test_anonymous_visitors_see_the_lists_and_are_asked_to_log_in(alicia):
    game = tables.do_create_table(alicia, "estanciero", 2, time_control="live")
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get("/play/").content.decode()
    row = page[page.index(f'id="open-{game.pk}"'):]
    assert 'class="lt-join" data-join hidden' in row and f'?next=/games/{game.pk}/"' in row
    assert "New table" not in page and 'action="/play/quick/"' not in page


def test_create_records_rated_private_bot_level_and_estanciero_start_money(alicia):
    c = client_for(alicia)
    response = c.post("/games/new/", {"ruleset": "estanciero", "seats": "4", "bots": "2", "bot_level": "easy",
                                      "time_control": "relaxed", "rated": "1", "visibility": "private",
                                      "start_money": "60000", "max_timeouts": "3", "max_turns": "0"})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert game.rated and game.private and len(game.invite_code) >= 20 and game.time_control == "relaxed"
    # a rated table's box for the book's rents left unticked (lobby.js ticks it for Rated): automatic, written down
    assert game.options == {"start_money": 60000, "claim_rents": False}
    assert [(s.is_bot, s.bot_level) for s in game.seats.order_by("index")][2:] == [(True, "easy"), (True, "easy")]
    assert game.audit.get(kind="created").data["private"] is True


def test_a_refused_form_keeps_the_new_choices(alicia):
    c = client_for(alicia)
    refused = c.post("/games/new/", {"ruleset": "estanciero", "seats": "4", "bots": "1", "bot_level": "easy",
                                     "time_control": "blitz", "rated": "1", "visibility": "private",
                                     "start_money": "1000", "max_timeouts": "3", "max_turns": "0"})
    assert refused.status_code == 400 and not Game.objects.exists()
    page = refused.content.decode()
    assert "The start money may only be raised above 35,000." in page
    assert 'name="rated" value="1" checked' in page and 'value="private" checked' in page
    assert 'value="easy" selected' in page and 'value="1000"' in page
    unknown_level = c.post("/games/new/", {"ruleset": "estanciero", "seats": "2", "bots": "1", "bot_level": "genius",
                                           "time_control": "live"})
    assert unknown_level.status_code == 400 and not Game.objects.exists()


def test_a_flushed_cache_never_sends_the_lobby_back_to_a_revision_already_rendered(alicia):
    """A Redis flush or eviction loses the lobby's counter; it starts again above every revision handed out,
    so no process serves its old render of that revision and open sockets still take the next pushes."""
    from django.core.cache import cache

    from games.play.broadcast import lobby_rev, publish_lobby
    from lobby.listing import lobby_message

    publish_lobby()
    before, old_text = lobby_message("en")
    cache.clear()
    game = tables.do_create_table(alicia, "estanciero", 3, time_control="blitz")
    after, text = lobby_message("en")
    assert after > before and lobby_rev() == after
    html, old_html = json.loads(text)["html"], json.loads(old_text)["html"]
    assert f'id="open-{game.pk}"' in html and f'id="open-{game.pk}"' not in old_html
