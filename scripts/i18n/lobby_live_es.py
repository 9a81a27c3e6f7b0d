"""Spanish (vos) for the live lobby, quick play, invite links, the waiting table's card and "My games".

Used by scripts/fill_po.py after makemessages (``make messages``).
"""

ES = {
    # Time controls and bots
    "Blitz": "Blitz",
    "Live": "En vivo",
    "Relaxed": "Tranqui",
    "Correspondence": "Correspondencia",
    "Unknown bot level %(level)s.": "Nivel de bot desconocido: %(level)s.",
    "easy bot": "bot fácil",
    "bot": "bot",
    # Table writes
    "This invite link is not valid.": "Este enlace de invitación no es válido.",
    "This table is private: only its invite link seats you.":
        "Esta mesa es privada: solo te podés sentar con su enlace de invitación.",
    "The table's creator removed you from this table.": "Quien creó la mesa te sacó de ella.",
    "Only the table's creator can remove a player.": "Solo quien creó la mesa puede sacar a alguien.",
    "Nobody sits in that seat.": "No hay nadie sentado en ese asiento.",
    "You cannot remove yourself: cancel the table instead.": "No podés sacarte a vos: cancelá la mesa.",
    "Only the table's creator can cancel it.": "Solo quien creó la mesa puede cancelarla.",
    "At least %(min)s players are needed to start: wait for people or add bots.":
        "Hacen falta al menos %(min)s jugadores para empezar: esperá a que llegue gente o agregá bots.",
    "Wait 0, 15, 30 or 60 seconds for other people.": "Elegí esperar 0, 15, 30 o 60 segundos a que llegue gente.",
    "The table was cancelled.": "Cancelaste la mesa.",
    "You are seated at the table.": "Ya estás sentado a la mesa.",
    # Option notes in the lists
    "3-player variant": "variante para 3 jugadores",
    "limit of %(n)s turns": "límite de %(n)s turnos",
    "start money %(amount)s": "dinero inicial %(amount)s",
    "rents must be claimed": "los alquileres hay que reclamarlos",
    "%(n)s envelopes each": "%(n)s sobres cada uno",
    "first player drawn": "primer jugador sorteado",
    "free seat": "asiento libre",
    # The live lists
    "Online now": "Conectados ahora",
    "Nobody signed in is here right now.": "Ahora no hay nadie conectado.",
    "%(n)s table": ("%(n)s mesa", "%(n)s mesas"),
    "No open tables. Create one, or use quick play!": "No hay mesas abiertas. ¡Creá una o usá el juego rápido!",
    "No open table matches your filters.": "Ninguna mesa abierta coincide con tus filtros.",
    "rated": "puntuable",
    "friendly": "amistosa",
    "private": "privada",
    "Watch": "Mirar",
    "quick play": "juego rápido",
    "Seats": "Asientos",
    "creator of the table": "creó la mesa",
    "%(n)s free seat": ("%(n)s asiento libre", "%(n)s asientos libres"),
    "bots in %%(s)s s": "bots en %%(s)s s",  # a {% translate %} with a placeholder filled by lobby.js
    "bots sitting down": "se sientan los bots",
    "You sit here: open": "Estás sentado acá: abrir",
    # The lobby page
    "Quick play": "Juego rápido",
    "One click: a seat at the fullest open table, or a new table that bots fill if nobody comes.":
        "Un clic: un asiento en la mesa abierta más llena, o una mesa nueva que completan bots si no viene nadie.",
    "Wait for people before bots sit down": "Esperar gente antes de que se sienten los bots",
    "No wait": "Sin espera",
    "Play now": "Jugar ya",
    "Pace": "Ritmo",
    "Tables": "Mesas",
    "All games": "Todos los juegos",
    "Any time control": "Cualquier ritmo",
    "Bot level": "Nivel de los bots",
    "Normal: plays to win": "Normal: juega para ganar",
    "Easy: any legal move": "Fácil: cualquier jugada válida",
    "Result": "Resultado",
    "Friendly": "Amistosa",
    "Rated": "Puntuable",
    "Who can sit down": "Quién se puede sentar",
    "Anyone (listed in the lobby)": "Cualquiera (aparece en el salón)",
    "Private: invite link only": "Privada: solo con el enlace de invitación",
    "Game options": "Opciones del juego",
    "With 3 players the rulebook's 3-player variant applies: fewer officials and stockbrokers, and its own "
    "winning conditions.":
        "Con 3 jugadores rige la variante para 3 del reglamento: menos funcionarios y corredores de bolsa, y sus "
        "propias condiciones para ganar.",
    "Starting money (35,000 in the rulebook; it may only be raised)":
        "Dinero inicial (35.000 en el reglamento; solo se puede aumentar)",
    # "My games"
    "My games": "Mis partidas",
    "time is up": "se acabó el tiempo",
    "In play": "En juego",
    "Paused": "En pausa",
    "Your turn": "Tu turno",
    "A bot plays for you": "Un bot juega por vos",
    "%(names)s to play": "Le toca a %(names)s",
    "time left for the move, reserve included": "tiempo que queda para la jugada, con la reserva",
    "Open": "Abrir",
    "You are not playing any game right now.": "Ahora no estás jugando ninguna partida.",
    "Your open tables": "Tus mesas abiertas",
    "%(taken)s of %(total)s seats taken": "%(taken)s de %(total)s asientos ocupados",
    "Manage": "Administrar",
    "No table of yours is waiting for players.": "No tenés mesas esperando jugadores.",
    "Recently finished": "Terminadas hace poco",
    "Replay": "Repetición",
    # Invite links
    "Invite link not valid": "Enlace de invitación no válido",
    "Ask whoever sent it for the link again, or find another table in the lobby.":
        "Pedile el enlace de nuevo a quien te lo mandó, o buscá otra mesa en el salón.",
    "Go to the lobby": "Ir al salón",
    # The waiting table's card
    "Bots take the empty seats in %(s)s s.": "Los bots ocupan los asientos libres en %(s)s s.",
    "Bots take the empty seats in %%(s)s s.": "Los bots ocupan los asientos libres en %%(s)s s.",
    "Bots are sitting down…": "Se están sentando los bots…",
    "Looking for players…": "Buscando jugadores…",
    "The game starts as soon as every seat is taken.": "La partida empieza en cuanto se ocupan todos los asientos.",
    "Waiting for players: %(taken)s of %(total)s seats taken. The creator starts the game when it is full, or "
    "earlier with at least the game's minimum.":
        "Esperando jugadores: %(taken)s de %(total)s asientos ocupados. Quien creó la mesa empieza la partida "
        "cuando está llena, o antes si ya se llegó al mínimo del juego.",
    "Start now with %(n)s players": "Empezar ya con %(n)s jugadores",
    "Starting now closes the empty seats.": "Si empezás ahora, se quitan los asientos libres.",
    "At least %(n)s players are needed to start.": "Hacen falta al menos %(n)s jugadores para empezar.",
    "A private table: only people with this link can sit down. Send it to your friends.":
        "Mesa privada: solo se puede sentar quien tenga este enlace. Mandáselo a tus amigos.",
    "Invite friends with this link: it seats whoever opens it.":
        "Invitá a tus amigos con este enlace: sienta a quien lo abra.",
    "Copied!": "¡Copiado!",
    "Copy link": "Copiar enlace",
    "Remove": "Sacar",
    "Remove someone from the table:": "Sacar a alguien de la mesa:",
    "Open bank: trade 4 identical cards for 1 with the Banker at any time (the rulebook allows it only to "
    "players who cannot trade otherwise)":
        "Banco abierto: cambiar 4 cartas iguales por 1 con el Banquero en cualquier momento (el reglamento lo "
        "permite solo a quien no puede comerciar de otra forma)",
    "Strong: plans trades and building": "Fuerte: planifica intercambios y construcciones",
}
