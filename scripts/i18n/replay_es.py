"""Spanish for the replay viewer (games/replay.py, games/views_replay.py, games/templates/games/replay*.html)."""

ES = {
    # Refusals
    "The move log does not replay at move %(n)s.": "El registro de jugadas no se puede reproducir en la jugada %(n)s.",
    "There is no move %(n)s: this game's moves go from 0 to %(last)s.":
        "No hay jugada %(n)s: las jugadas de esta partida van de 0 a %(last)s.",
    "The replay opens when the game is over: until then it would give away what the players cannot see.":
        "La repetición se abre cuando termina la partida: antes mostraría lo que los jugadores no pueden ver.",
    "This table never started: there is nothing to replay.": "Esta mesa nunca empezó: no hay nada para repetir.",
    "A move number is a whole number.": "El número de jugada tiene que ser un número entero.",
    "Watch the replay from the start": "Ver la repetición desde el principio",
    # The page and its controls
    "Replay": "Repetición",
    "Watch the replay": "Ver la repetición",
    "Autoplay": "Reproducir",
    "Pause": "Pausa",
    "That step could not be loaded. Try again.": "No se pudo cargar esa jugada. Probá de nuevo.",
    "%(n)s move": ("%(n)s jugada", "%(n)s jugadas"),
    "played on": "jugada el",
    "Back to the table": "Volver a la mesa",
    "move log (JSON)": "registro de jugadas (JSON)",
    "Replay controls": "Controles de la repetición",
    "First: the deal (Home)": "Al principio: el reparto (Inicio)",
    "Back one move (←)": "Una jugada atrás (←)",
    "Play the moves one after another (space)": "Reproducir las jugadas una tras otra (espacio)",
    "Forward one move (→)": "Una jugada adelante (→)",
    "Last: the end (End)": "Al final (Fin)",
    "Speed": "Velocidad",
    "slow": "lenta",
    "normal": "normal",
    "fast": "rápida",
    "Move": "Jugada",
    "Table seen by": "Mesa vista por",
    "everyone (public)": "todos (lo público)",
    "%(name)s (with their hand)": "%(name)s (con su mano)",
    "Go": "Ir",
    "Keys: ← → one move, Home and End the first and the last, space to play or pause.":
        "Teclas: ← → una jugada, Inicio y Fin la primera y la última, espacio para reproducir o pausar.",
    # A step
    "Move %(n)s of %(last)s: %(mover)s": "Jugada %(n)s de %(last)s: %(mover)s",
    "Move %(n)s of %(last)s": "Jugada %(n)s de %(last)s",
    "The deal": "El reparto",
    "bot": "bot",
    "out of time": "sin tiempo",
    "%(elapsed)s into the game": "a los %(elapsed)s de empezar",
    "Chose:": "Eligió:",
    "Nothing anyone else could see.": "Nada que los demás pudieran ver.",
    "The table as it was dealt, before the first move. Step forward to watch its %(n)s move.": (
        "La mesa tal como se repartió, antes de la primera jugada. Avanzá para ver su %(n)s jugada.",
        "La mesa tal como se repartió, antes de la primera jugada. Avanzá para ver sus %(n)s jugadas."),
    "The table as %(name)s saw it, hand included.": "La mesa como la veía %(name)s, con su mano.",
    "Before this move": "Antes de esta jugada",
    "%(name)s moved": "%(name)s jugó",
}
