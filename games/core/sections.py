"""The rulebook sections of each game, by slug.

An ``IllegalAction.rule`` is one of these slugs; the Rules page renders one
anchor per slug (``/rules/<game>/#<slug>``), titled in English and Spanish with
the rulebook's own section names.
"""

from __future__ import annotations

# slug -> (English title, Spanish title)
SECTIONS: dict[str, dict[str, tuple[str, str]]] = {
    "estanciero": {
        "objective": ("Objective", "Objetivo"),
        "setup": ("Setup", "Preparación"),
        "the-game": ("The Game", "El juego"),
        "the-board": ("The Board", "El tablero"),
        "zones": ("Zones: Provinces (North, Centre, South)", "Zonas: provincias (Norte, Centro, Sur)"),
        "railroads-and-companies": ("Railroads and Companies", "Ferrocarriles y compañías"),
        "chance-or-fate": ("Chance or Fate (Suerte o Destino)", "Suerte o Destino"),
        "prizes-and-taxes": ("Prizes and Taxes", "Premios e impuestos"),
        "police-station": ("Police Station (Comisaría)", "Comisaría"),
        "rest": ("Rest (Descanso)", "Descanso"),
        "free-parking": ("Free Parking (Libre Estacionamiento)", "Libre estacionamiento"),
        "doubles": ("Doubles on the Dice", "Dados dobles"),
        "the-bank": ("The Bank", "El Banco"),
        "chacras": ("Chacras", "Chacras"),
        "estancias": ("Estancias", "Estancias"),
        "shortage-of-buildings": ("Shortage of Chacras and Estancias", "Escasez de chacras y estancias"),
        "sale-of-properties": ("Sale of Properties", "Venta de propiedades"),
        "mortgage": ("Mortgage", "Hipoteca"),
        "shortage-of-money": ("Shortage of Money", "Falta de dinero"),
        "helping-players": ("Helping Players", "Ayuda a los jugadores"),
        "auction": ("Auction (Remate)", "Remate"),
        "shortening-the-game": ("Shortening the Game", "Para acortar el juego"),
    },
    "argentilandia": {
        "components": ("Components", "Componentes"),
        "objective": ("Objective", "Objetivo"),
        "setup": ("Setup", "Preparación"),
        "raw-materials": ("Raw Materials", "Materias primas"),
        "preliminary-round": ("Preliminary Round", "Ronda preliminar"),
        "round-summary": ("Round Summary", "Resumen de la ronda"),
        "exchange-and-cost-card": ("Exchange and Cost Card", "Tarjeta de intercambio y costos"),
        "playing-the-game": ("Playing the Game", "Desarrollo del juego"),
        "trading-at-ports": ("Trading at ports", "Comercio en puertos"),
        "buying-a-free-mp": ("Buying a free MP (no owner)", "Compra de un MP libre"),
        "buying-another-players-mp": ("Buying another player's MP", "Compra del MP de otro jugador"),
        "buying-industries": ("Buying Industries (Factories)", "Compra de industrias (fábricas)"),
        "industries-and-doubling": ("Industries and doubling", "Industrias y duplicación"),
        "buying-free-percentages": ("Buying free industry percentages", "Compra de porcentajes libres"),
        "buying-other-players-percentages": ("Buying other players' percentages", "Compra de porcentajes de otros jugadores"),
        "special-rules": ("Special Rules and Considerations", "Reglas y consideraciones especiales"),
        "international-trade": ("International Trade", "Comercio internacional"),
        "special-provinces": ("Special Provinces", "Provincias especiales"),
        "doubling": ("Doubling", "Dobles"),
        "victory": ("Victory", "Victoria"),
        "special-considerations": ("Special Considerations", "Consideraciones especiales"),
        "variant-3-players": ("Variant: 3 Players", "Variante: 3 jugadores"),
    },
    "ladrillazo": {
        "aim": ("Aim of the game", "Objetivo del juego"),
        "the-cards": ("The Cards", "Las cartas"),
        "starting-to-play": ("Starting to play", "Comenzando a jugar"),
        "turn": ("Turn and lower", "Turno y bajada"),
        "level-and-support": ("Level and support", "Nivel y apoyo"),
        "powers-and-actions": ("Powers and actions", "Poderes y acciones"),
        "money": ("Money", "Dinero"),
        "end-of-turn": ("End of turn", "Fin del turno"),
        "talks": ("Talks (Negotiations)", "Charlas (negociaciones)"),
        "end-of-game": ("End of the game", "Fin del juego"),
    },
}


def title(game: str, slug: str, lang: str = "en") -> str:
    en, es = SECTIONS[game][slug]
    return es if lang.startswith("es") else en
