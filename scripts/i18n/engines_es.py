"""Spanish for the engine messages and log lines added by the engine work (issues 8 and 15).

Used by ``python scripts/fill_po.py scripts/i18n/engines_es.py`` after ``makemessages``.
"""

ES = {
    # refusals (games/estanciero/engine, games/argentilandia/engine)
    "The claim option is on or off.": "La opción de reclamar está activada o desactivada.",
    "Wait: a rent or prize may still be claimed before the dice are rolled again.":
        "Esperá: todavía se puede cobrar un alquiler o un premio antes de volver a tirar los dados.",
    "Your proposal awaits an answer: wait for it or withdraw it.":
        "Tu propuesta espera una respuesta: esperala o retirala.",
    "Your offer awaits an answer: wait for it or withdraw it.":
        "Tu oferta espera una respuesta: esperala o retirala.",
    "At most %(limit)s offers per turn.": "Como máximo %(limit)s ofertas por turno.",
    # Estanciero log lines and buttons (games/estanciero/text.py)
    "%(player)s lost the rent of %(amount)s from %(payer)s for %(space)s: a bankruptcy":
        "%(player)s perdió el alquiler de %(amount)s de %(payer)s por %(space)s: hubo una quiebra",
    "%(player)s let the rent of %(amount)s from %(payer)s for %(space)s go unclaimed":
        "%(player)s no cobró el alquiler de %(amount)s de %(payer)s por %(space)s",
    "%(player)s lost a prize of %(amount)s (%(source)s): a bankruptcy":
        "%(player)s perdió un premio de %(amount)s (%(source)s): hubo una quiebra",
    "%(player)s let a prize of %(amount)s (%(source)s) go unclaimed":
        "%(player)s no cobró un premio de %(amount)s (%(source)s)",
    "%(player)s rejected the proposal from %(frm)s: %(give)s for %(ask)s":
        "%(player)s rechazó la propuesta de %(frm)s: %(give)s por %(ask)s",
    "%(player)s withdrew the proposal to %(to)s: %(give)s for %(ask)s":
        "%(player)s retiró la propuesta a %(to)s: %(give)s por %(ask)s",
    "The proposal from %(player)s to %(to)s (%(give)s for %(ask)s) lapsed: a bankruptcy":
        "La propuesta de %(player)s a %(to)s (%(give)s por %(ask)s) caducó: hubo una quiebra",
    "Let it go: %(amount)s": "No cobrar: %(amount)s",
    "Let it go": "No cobrar",
    # Argentilandia log lines (games/argentilandia/text.py)
    "%(name)s refused %(maker)s's offer: %(give)s for %(get)s.":
        "%(name)s rechazó la oferta de %(maker)s: %(give)s por %(get)s.",
    "%(name)s withdrew the offer: %(give)s for %(get)s.": "%(name)s retiró la oferta: %(give)s por %(get)s.",
    "%(maker)s's offer (%(give)s for %(get)s) lapsed unanswered by %(whom)s: the turn ended.":
        "La oferta de %(maker)s (%(give)s por %(get)s) caducó sin respuesta de %(whom)s: terminó el turno.",
    # rules fidelity, round two (issue 13)
    "A field with an estancia takes no chacras.": "Un campo con estancia no lleva chacras.",
    "The Bank is short: the player on turn has priority on its last %(count)s.":
        "El Banco está corto: el jugador de turno tiene prioridad sobre las últimas %(count)s.",
    "The Bank cannot hand back enough chacras to keep the province even: sell the other fields' chacras first.":
        "El Banco no puede devolver suficientes chacras para mantener pareja la provincia: vendé primero las "
        "chacras de los otros campos.",
    "Special provinces grant one card per turn to a player, however many of them you monopolise.":
        "Las provincias especiales dan una sola carta por turno a cada jugador, por más que monopolices varias.",
    "%(province)s grants %(name)s %(card)s (the alternating card: none was chosen).":
        "%(province)s le entrega a %(name)s %(card)s (la carta alternada: no se eligió ninguna).",
    "The Banker trades only when you have no chance to trade with the other players: first offer a trade to "
    "everyone; if nobody accepts it, the Banker gives 1 card for 4 identical.":
        "El Banquero solo comercia cuando no tenés posibilidad de comerciar con los demás jugadores: primero "
        "ofrecé un intercambio a todos; si nadie lo acepta, el Banquero da 1 carta por 4 iguales.",
    "The Banker trades only with players who cannot trade through a port: trade through %(place)s instead "
    "(2 or 3 identical cards for 1).":
        "El Banquero solo comercia con quien no puede hacerlo por un puerto: comerciá por %(place)s "
        "(2 o 3 cartas iguales por 1).",
    "The free bank option is on or off.": "La opción de banco libre está activada o desactivada.",
    "The turn limit must be a whole number (0 for none).":
        "El límite de turnos tiene que ser un número entero (0 para ninguno).",
}
