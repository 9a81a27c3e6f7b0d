"""A board space's hint (``games.estanciero.text.space_hint``): the deed's price, rents, building cost and mortgage as
printed on it (The Board; Railroads and Companies; Chacras; Mortgage), who owns it with what; a tax's or prize's
amount (Prizes and Taxes); in both languages."""

from __future__ import annotations

from django.utils import translation

from games.estanciero.text import space_hint


def test_an_unowned_zone_tells_its_price_every_rent_its_chacra_and_its_mortgage_the_board():
    with translation.override("es"):
        hint = space_hint(1)
    assert hint.startswith("1. Formosa Zona Sur. Precio $\u00a01.000. Alquiler: campo $\u00a040")
    for figure in ("$\u00a01.000", "$\u00a040", "$\u00a0200", "$\u00a0600", "$\u00a01.700", "$\u00a03.000", "$\u00a04.750",
                   "$\u00a0500"):
        assert figure in hint, figure
    assert "En venta" in hint


def test_an_owned_zone_tells_its_owner_buildings_and_mortgage_chacras_and_mortgage():
    with translation.override("en"):
        assert "Owner: ana, 2 chacras, mortgaged." in space_hint(1, (0, 2, True, "ana"))
        assert "Owner: beto, an estancia." in space_hint(3, (1, 5, False, "beto"))
        assert space_hint(3, (1, None, False, "beto")).endswith("Owner: beto.")


def test_railways_companies_taxes_and_prizes_railroads_and_companies_prizes_and_taxes():
    with translation.override("en"):
        railway, company = space_hint(12), space_hint(8)
        assert "1 $500 · 2 $1,000 · 3 $2,000 · 4 $4,000" in railway and "Mortgage $1,900" in railway
        assert "the dice times 100 with 1 company, 200 with 2, 300 with 3" in company
        assert space_hint(4) == "4. Income Tax. Pay $5,000."
        assert space_hint(7) == "7. Livestock Prize. Collect $2,500."
        assert space_hint(0) == "0. Start"
        assert space_hint(99) == "?"


def test_a_token_tells_whose_it_is_and_where_it_stands_the_game_police_station():
    from games.estanciero.templatetags.estanciero_board import es_pawn_hint

    with translation.override("en"):
        assert es_pawn_hint({"seat": 1, "position": 1, "in_jail": False}, ["ana", "beto"]) == (
            "beto's token: on Formosa South Zone (space 1).")
        assert "held at the Police Station" in es_pawn_hint({"seat": 0, "position": 10, "in_jail": True}, ["ana"])
    with translation.override("es"):
        assert es_pawn_hint({"seat": 0, "position": 1, "in_jail": False}, ["ana"]) == (
            "Ficha de ana: en Formosa Zona Sur (casillero 1).")
