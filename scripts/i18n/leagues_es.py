"""Spanish (vos) for ratings, leagues, leaderboards and profiles (issue #11)."""

ES = {
    # Profiles
    "Export my history (JSON)": "Exportar mi historial (JSON)",
    "win rate": "porcentaje de victorias",
    "You and %(name)s": "Vos y %(name)s",
    "%(n)s game together: you finished ahead in %(ahead)s, %(name)s in %(behind)s.": (
        "%(n)s partida juntos: terminaste adelante en %(ahead)s y %(name)s en %(behind)s.",
        "%(n)s partidas juntos: terminaste adelante en %(ahead)s y %(name)s en %(behind)s.",
    ),
    "Ratings and statistics": "Rating y estadísticas",
    "fewer than 5 rated games": "menos de 5 partidas con rating",
    "provisional": "provisorio",
    "unrated": "sin rating",
    "games": "partidas",
    "wins": "victorias",
    "average place": "puesto promedio",
    "forfeits": "abandonos",
    "Leaderboard": "Ranking",
    "Current games": "Partidas en curso",
    "Season %(n)s": "Temporada %(n)s",
    "Division %(n)s": "División %(n)s",
    "%(n)s of %(total)s, %(points)s point":
        ("%(n)s.º de %(total)s, %(points)s punto", "%(n)s.º de %(total)s, %(points)s puntos"),
    "league history": "historial en la liga",
    "all games": "todos los juegos",
    "all results": "todos los resultados",
    "won": "ganada",
    "not won": "no ganada",
    "forfeit": "abandono",
    "Filter": "Filtrar",
    "Pages": "Páginas",
    "newer": "más nuevas",
    "older": "más viejas",
    "page %(n)s of %(total)s": "página %(n)s de %(total)s",
    "No game matches these filters.": "Ninguna partida coincide con estos filtros.",
    "Only you can export your history.": "Solo vos podés exportar tu historial.",
    "annulled": "invalidada",  # as moderators "invalidan" a result; "anulada" is an aborted game
    "game": "juego",
    "Games played": "Partidas",
    # History table
    "Date": "Fecha",
    "Opponents": "Rivales",
    "Place": "Puesto",
    "Rating": "Rating",
    "Links": "Enlaces",
    "S%(s)s R%(r)s": "T%(s)s R%(r)s",
    "%(n)s of %(total)s": "%(n)s.º de %(total)s",
    "%(n)s pt": ("%(n)s pto", "%(n)s ptos"),
    "replay": "repetición",
    "Rating over time, from %(first)s to %(last)s": "Rating a lo largo del tiempo, de %(first)s a %(last)s",
    # Standings
    "Player": "Jugador",
    "points": "puntos",
    "Pts": "Pts",
    "G": "PJ",
    "W": "G",
    "F": "A",
    "Avg": "Prom",
    "Next season": "Próxima temporada",
    "stays": "se queda",
    "promoted": "asciende",
    "relegated": "desciende",
    # Leaderboards
    "%(game)s leaderboard": "Ranking de %(game)s",
    "Leaderboards": "Rankings",
    "Players with a rated game of %(game)s in the last day, by rating (OpenSkill, shown as 60 × μ). A rating "
    "marked ? is provisional: fewer than 5 rated games.": (
        "Quienes jugaron una partida de %(game)s con rating en el último día, por rating (OpenSkill, que se "
        "muestra como 60 × μ). Un rating con ? es provisorio: menos de 5 partidas con rating.",
        "Quienes jugaron una partida de %(game)s con rating en los últimos %(days)s días, por rating (OpenSkill, "
        "que se muestra como 60 × μ). Un rating con ? es provisorio: menos de 5 partidas con rating.",
    ),
    "Win rate": "% de victorias",
    "previous": "anterior",
    "next": "siguiente",
    "Nobody has played a rated game of this game lately.": "Nadie jugó últimamente una partida con rating de este juego.",
    # Leagues
    "%(n)s player per table": ("%(n)s jugador por mesa", "%(n)s jugadores por mesa"),
    "correspondence: a day per move": "por correspondencia: un día por jugada",
    "Seasons": "Temporadas",
    "The first season has not been scheduled yet.": "La primera temporada todavía no tiene fecha.",
    "Starts on %(date)s. %(n)s player registered so far.": (
        "Empieza el %(date)s. Por ahora se anotó %(n)s jugador.",
        "Empieza el %(date)s. Por ahora se anotaron %(n)s jugadores.",
    ),
    "You are registered for this season.": "Estás anotado en esta temporada.",
    "Register for this season": "Anotarme en esta temporada",
    "Log in to register": "Iniciá sesión para anotarte",
    "Withdraw": "Darme de baja",
    "In play since %(date)s. Points by finishing place; tables are drawn by standing, avoiding repeat opponents.":
        "En juego desde el %(date)s. Puntos según el puesto final; las mesas se arman por posición en la tabla, "
        "evitando repetir rivales.",
    "You play in division %(tier)s.": "Jugás en la división %(tier)s.",
    "The divisions as they stand, after last season's promotion and relegation; newcomers are placed when the "
    "season starts.":
        "Las divisiones como quedaron tras los ascensos y descensos de la temporada pasada; a quienes se suman "
        "se los ubica cuando empieza la temporada.",
    "Finished on %(date)s. Final standings, with promotion and relegation to the next season.":
        "Terminó el %(date)s. Tabla final, con ascensos y descensos para la próxima temporada.",
    "Round %(n)s": "Ronda %(n)s",
    "started %(date)s": "empezó el %(date)s",
    "from %(date)s": "desde el %(date)s",
    "Table %(n)s": "Mesa %(n)s",
    "in %(league)s": "en %(league)s",
    "Season": "Temporada",
    "Division": "División",
    "Position": "Posición",
    "Points": "Puntos",
    "League games": "Partidas de liga",
    "No league game finished yet.": "Todavía no terminó ninguna partida de liga.",
    "Leagues run for months: divisions of players who meet at the table by correspondence, round after round, "
    "with ratings, promotion and relegation.":
        "Las ligas duran meses: divisiones de jugadores que se encuentran a la mesa por correspondencia, ronda "
        "tras ronda, con rating, ascensos y descensos.",
    "Season %(n)s (%(status)s): %(players)s player": (
        "Temporada %(n)s (%(status)s): %(players)s jugador",
        "Temporada %(n)s (%(status)s): %(players)s jugadores",
    ),
    "Register": "Anotarme",
    "See the standings": "Ver la tabla",
    "No league is open yet. Meanwhile, every game can be played now in the lobby, live or by correspondence, "
    "with friends or bots.":
        "Todavía no hay ninguna liga abierta. Mientras tanto, podés jugar cualquier juego en el salón, en vivo o "
        "por correspondencia, con amigos o con bots.",
    "You are registered for the next season.": "Quedaste anotado para la próxima temporada.",
    "You withdrew from the next season.": "Te diste de baja de la próxima temporada.",
    "Registration for this league is closed.": "La inscripción a esta liga está cerrada.",
    "You are already registered for this season.": "Ya estás anotado en esta temporada.",
    "The season has started: you can no longer withdraw.": "La temporada ya empezó: ya no podés darte de baja.",
    "You are not registered for this season.": "No estás anotado en esta temporada.",
    "%(league)s: round %(round)s, your table is ready": "%(league)s: ronda %(round)s, tu mesa está lista",
    "Hello %(name)s,\n\nRound %(round)s of season %(season)s of %(league)s has started and your table is ready:\n"
    "%(url)s\n\nGood luck!":
        "Hola, %(name)s:\n\nEmpezó la ronda %(round)s de la temporada %(season)s de %(league)s y tu mesa está "
        "lista:\n%(url)s\n\n¡Suerte!",
    # Admin fields and states
    "name": "nombre",
    "description": "descripción",
    "players per table": "jugadores por mesa",
    "time control": "control de tiempo",
    "game options": "opciones del juego",
    "players per division": "jugadores por división",
    "promoted per division": "ascensos por división",
    "relegated per division": "descensos por división",
    "rounds per season": "rondas por temporada",
    "time between rounds": "tiempo entre rondas",
    "break between seasons": "descanso entre temporadas",
    "active": "activa",
    "registration open": "inscripción abierta",
    "starts at": "empieza",
}
