"""Dice race's one rulebook section."""

SECTIONS: dict[str, tuple[str, str]] = {"race": ("The race", "La carrera")}
