"""Spanish (vos) for issue 40's moderation items: a moderator's own games, the message and the private note,
sockets closed by a ban, leagues and sanctions, the append-only move log."""

ES = {
    "You play or played in this game: another moderator must act on it.":
        "Jugás o jugaste en esta partida: tiene que actuar otro moderador.",
    "You cannot give yourself a seat: a moderator judges games, never plays in them through the tools.":
        "No podés darte un lugar a vos mismo: un moderador juzga las partidas, nunca juega en ellas con las "
        "herramientas.",
    "Write the message to the user: they see it.": "Escribí el mensaje para el usuario: lo va a ver.",
    "Message to the user (they see it)": "Mensaje para el usuario (lo ve)",
    "Private note for moderators (the user never sees it)":
        "Nota privada para moderadores (el usuario nunca la ve)",
    "Message to the user (they see it; not needed to dismiss)":
        "Mensaje para el usuario (lo ve; no hace falta para descartar)",
    "private note": "nota privada",
    "banned: withdrawn": "expulsado: retirado",
    "suspended": "suspendido",
    "A banned player is withdrawn: a bot plays their unfinished league games, which are forfeits, and they are "
    "paired no more. A suspended player sits out the rounds that open during the suspension; a bot plays their "
    "league games under way, which are forfeits unless they take the seat back once it is over.":
        "Un jugador expulsado queda retirado: un bot juega sus partidas de liga sin terminar, que cuentan como "
        "abandonos, y no se lo empareja más. Un jugador suspendido no juega las rondas que empiezan durante la "
        "suspensión; un bot juega sus partidas de liga en curso, que cuentan como abandonos salvo que retome su "
        "lugar cuando termine.",
    "You can no longer use this connection.": "Ya no podés usar esta conexión.",
    "while you are suspended from play. You can take your seat back when the suspension ends.":
        "mientras dure tu suspensión. Vas a poder recuperar tu lugar cuando termine.",
}
