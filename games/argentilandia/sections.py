"""The rulebook's sections, by slug: an ``IllegalAction.rule`` is one of them, and the Rules page renders one anchor
per slug (``/rules/<game>/#<slug>``), titled in English and Spanish with the rulebook's own section names. Pure:
the engine's tests check its refusals against it."""

from __future__ import annotations

# slug -> (English title, Spanish title)
SECTIONS: dict[str, tuple[str, str]] = {
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
}
