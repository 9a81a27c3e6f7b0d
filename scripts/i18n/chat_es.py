"""Spanish for the table chat and the spectators (games/chat.py, games/templates/games/_chat*.html, _spectators.html)."""

ES = {
    # games/chat.py: refusals
    "This account cannot chat.": "Esta cuenta no puede usar el chat.",
    "Log in to chat.": "Iniciá sesión para chatear.",
    "Unknown chat channel.": "Ese canal de chat no existe.",
    "You are playing: you write in the players' chat.": "Estás jugando: escribís en el chat de jugadores.",
    "Only the players write in the players' chat; spectators write in theirs.":
        "Solo quienes juegan escriben en el chat de jugadores; los espectadores escriben en el suyo.",
    "A chat line is text.": "Un mensaje de chat tiene que ser texto.",
    "Write something first.": "Escribí algo primero.",
    "A chat line has at most %(max)s characters; this one has %(n)s.":
        "Un mensaje tiene como máximo %(max)s caracteres; este tiene %(n)s.",
    "You are writing too fast: wait a few seconds.": "Estás escribiendo muy rápido: esperá unos segundos.",
    "Log in to mute someone.": "Iniciá sesión para silenciar a alguien.",
    "No such user.": "No existe ese usuario.",
    "You cannot mute yourself.": "No te podés silenciar.",
    # the chat panel
    "players": "jugadores",
    "spectators": "espectadores",
    "Mute %(name)s": "Silenciar a %(name)s",
    "The line could not be sent. Try again.": "No se pudo enviar el mensaje. Probá de nuevo.",
    "Chat": "Chat",
    "Table chat": "Chat de la mesa",
    "Players": "Jugadores",
    "Spectators": "Espectadores",
    "Players' chat": "Chat de jugadores",
    "Close the chat": "Cerrar el chat",
    "No messages from the players yet.": "Todavía no hay mensajes de los jugadores.",
    "No messages from the spectators yet.": "Todavía no hay mensajes de los espectadores.",
    "Spectators have a chat of their own; you will see it when the game ends.":
        "Los espectadores tienen su propio chat; lo vas a ver cuando termine la partida.",
    "Only the players write here. You write in the spectators' tab.":
        "Acá escriben solo los jugadores. Vos escribís en la pestaña de espectadores.",
    "Only the spectators write here.": "Acá escriben solo los espectadores.",
    "Your message": "Tu mensaje",
    "Write to the table…": "Escribile a la mesa…",
    "Write to the spectators…": "Escribiles a los espectadores…",
    "Send": "Enviar",
    "Muted": "Silenciados",
    "Log in to chat": "Iniciá sesión para chatear",
    "Unmute": "Dejar de silenciar",
    # the spectators bar
    "spectator": "espectador",
    "and one guest": "y un invitado",
    "and %(n)s guests": "y %(n)s invitados",
    "Who is watching": "Quién está mirando",
    "Watching this table": "Mirando esta mesa",
    "Nobody is watching.": "Nadie está mirando.",
    "Link to watch": "Enlace para mirar",
    "Copied!": "¡Copiado!",
    "Copy link": "Copiar enlace",
}
