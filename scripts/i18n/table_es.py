"""Spanish for the live table, the lobby form and the framework's log lines."""

ES = {
    "Offer %(give)s for %(get)s to %(name)s": "Ofrecerle a %(name)s %(give)s por %(get)s",
    "Stockbroker: contest a share of the %(industry)s from %(name)s":
        "Agente de bolsa: disputarle a %(name)s un 25 %% de %(industry)s",
    "%(n)s bids for %(space)s; the last, %(amount)s by %(player)s":
        "%(n)s ofertas por %(space)s; la última, %(amount)s de %(player)s",
    "net worth": "patrimonio",
    "bankrupt": "en quiebra",
    "%(player)s ran out of time (%(count)s of %(limit)s timeouts): the server moved for them":
        "A %(player)s se le acabó el tiempo (%(count)s de %(limit)s): el servidor jugó por su cuenta",
    "A bot now plays for %(player)s, who can take the seat back at any moment":
        "Ahora un bot juega por %(player)s, que puede recuperar su lugar cuando quiera",
    "%(player)s took their seat back from the bot": "%(player)s recuperó su lugar y ya no juega el bot",
    "No bot is playing for you at this table.": "En esta mesa no hay ningún bot jugando por vos.",
    "A rematch is offered once the game is over.": "La revancha se ofrece cuando termina la partida.",
    "Only the players of a game can ask for a rematch.": "Solo quienes jugaron la partida pueden pedir la revancha.",
    "turn %(n)s of %(limit)s": "turno %(n)s de %(limit)s",
    "SHA-256 of the secret seed that drives every die and shuffle; the seed is shown when the game ends, so anyone "
    "can check the dice":
        "SHA-256 de la semilla secreta que decide cada dado y cada mezcla; la semilla se muestra al terminar la "
        "partida, así cualquiera puede comprobar los dados",
    "dice sealed": "dados sellados",
    "check the dice": "comprobar los dados",
    "bot playing for %(name)s": "bot jugando por %(name)s",
    "time for this move + reserve": "tiempo para esta jugada + reserva",
    "A bot is playing for you": "Un bot está jugando por vos",
    "because your time ran out too many times. Take your seat back whenever you are ready.":
        "porque se te acabó el tiempo demasiadas veces. Recuperá tu lugar cuando quieras.",
    "Take back my seat": "Recuperar mi lugar",
    "Log in to take a seat": "Iniciá sesión para sentarte",
    "Join the rematch": "Sumarme a la revancha",
    "Rematch": "Revancha",
    "Back to the lobby": "Volver al salón",
    "%(n)s move on the board": ("%(n)s jugada en el tablero", "%(n)s jugadas en el tablero"),
    "Highlighted places on the board can be clicked; these buttons do the same.":
        "Podés tocar los lugares resaltados del tablero; estos botones hacen lo mismo.",
    "This game takes %%(min)s to %%(max)s players; bots fill the seats you want.":
        "Este juego es para %%(min)s a %%(max)s jugadores; los bots ocupan los lugares que quieras.",
    "Faithful rents: owners must claim rents and prizes before the next roll":
        "Alquileres fieles al reglamento: hay que cobrar alquileres y premios antes de la próxima tirada",
    "Connecting…": "Conectando…",
    "Connection lost. Reconnecting…": "Se perdió la conexión. Reconectando…",
    "Cancel": "Cancelar",
    "The server could not take that move. Try again.": "El servidor no pudo tomar esa jugada. Probá de nuevo.",
    "No connection: the move was not sent.": "Sin conexión: la jugada no se envió.",
    "Envelopes each player puts in the dispenser": "Sobres que cada jugador pone en el dispensador",
    "Who starts": "Quién empieza",
    "The table's creator (the oldest player, in the rulebook)": "Quien crea la mesa (en el reglamento, el de más edad)",
    "Drawn at random": "Por sorteo",
    "Were the dice fair?": "¿Los dados fueron limpios?",
    "Before the first move, the server chose a secret number (the <em>seed</em>) and showed everyone its fingerprint, "
    "the <em>commitment</em>. Nobody can work out the seed from the fingerprint, and no other seed has the same one.":
        "Antes de la primera jugada, el servidor eligió un número secreto (la <em>semilla</em>) y le mostró a todos "
        "su huella, el <em>compromiso</em>. Nadie puede deducir la semilla a partir de la huella, y ninguna otra "
        "semilla tiene la misma.",
    "Every die and every shuffle of the game came from that seed, so the server could not change them once the game "
    "had started without the fingerprint giving it away.":
        "Cada dado y cada mezcla de la partida salieron de esa semilla: una vez empezada la partida, el servidor no "
        "pudo cambiarlos sin que la huella lo delatara.",
    "Now that the game is over the seed is shown. Tablero checks two things: that the seed matches the fingerprint, "
    "and that replaying every move from it gives exactly the position the game ended in.":
        "Ahora que terminó la partida, la semilla se muestra. Tablero comprueba dos cosas: que la semilla coincide "
        "con la huella, y que al repetir cada jugada desde ella se llega exactamente a la posición final.",
    "Fingerprint (commitment)": "Huella (compromiso)",
    "The seed matches the fingerprint shown before the game": "La semilla coincide con la huella mostrada antes de la partida",
    "Replaying the %(n)s move from the seed gives the final position":
        ("Repetir la %(n)s jugada desde la semilla da la posición final",
         "Repetir las %(n)s jugadas desde la semilla da la posición final"),
    "The dice were fair: nothing was changed during the game.": "Los dados fueron limpios: nada se cambió durante la partida.",
    "This game does not check out. Please report it to the moderators.":
        "Esta partida no cierra. Avisales a los moderadores.",
    "Check it yourself": "Comprobalo vos",
    "Download the move log, compute SHA-256 of the seed with any tool and compare it with the fingerprint; the rules "
    "engines are open, so the log can be replayed from the seed outside Tablero too.":
        "Descargá el registro de jugadas, calculá el SHA-256 de la semilla con cualquier herramienta y comparalo con "
        "la huella; los motores de reglas son abiertos, así que el registro también se puede repetir fuera de Tablero.",
    "Back to the game": "Volver a la partida",
    "Leagues run for months: divisions of players who meet at the table by correspondence, with ratings and "
    "promotion. The first seasons are being prepared. Meanwhile, every game can be played now in the lobby, live or "
    "by correspondence, with friends or bots.":
        "Las ligas duran meses: divisiones de jugadores que se encuentran en la mesa por correspondencia, con "
        "puntajes y ascensos. Estamos preparando las primeras temporadas. Mientras tanto, todos los juegos ya se "
        "pueden jugar en el salón, en vivo o por correspondencia, con amigos o con bots.",
    "Go to the lobby": "Ir al salón",
    "You already have %(cap)s open tables: start or leave one first.":
        "Ya tenés %(cap)s mesas abiertas: empezá o dejá alguna primero.",
    "You are opening tables too fast: wait a moment.": "Estás abriendo mesas demasiado rápido: esperá un momento.",
}
