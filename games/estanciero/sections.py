"""The rulebook's sections, by slug: an ``IllegalAction.rule`` is one of them, and the Rules page renders one anchor
per slug (``/rules/<game>/#<slug>``), titled in English and Spanish with the rulebook's own section names. Pure:
the engine's tests check its refusals against it."""

from __future__ import annotations

# slug -> (English title, Spanish title)
SECTIONS: dict[str, tuple[str, str]] = {
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
}
