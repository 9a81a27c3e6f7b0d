"""The rulebook's sections, by slug: an ``IllegalAction.rule`` is one of them, and the Rules page renders one anchor
per slug (``/rules/<game>/#<slug>``), titled in English and Spanish with the rulebook's own section names. Pure:
the engine's tests check its refusals against it."""

from __future__ import annotations

# slug -> (English title, Spanish title)
SECTIONS: dict[str, tuple[str, str]] = {
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
}
