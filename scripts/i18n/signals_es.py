"""Spanish for the "your turn" signals on the table, the correspondence turn e-mail and its setting."""

ES = {
    # The table's controls (games/templates/games/_turn_signals.html, texts used by static/js/signals.js)
    "Your turn in %(game)s #%(id)s": "Te toca en %(game)s #%(id)s",
    "Your-turn signals": "Avisos de turno",
    "Your turn!": "¡Te toca!",
    "Open the table to make your move.": "Abrí la mesa para hacer tu jugada.",
    "Sound on": "Sonido activado",
    "Sound off": "Sonido desactivado",
    "A short sound when it becomes your turn": "Un sonido corto cuando te toca",
    "Notify me": "Avisarme",
    "Notifications on": "Avisos activados",
    "Notifications off": "Avisos desactivados",
    "Notifications blocked": "Avisos bloqueados",
    "A browser notification when it becomes your turn while this tab is hidden":
        "Un aviso del navegador cuando te toca y esta pestaña está oculta",
    "This browser blocks notifications from this site: allow them in its site settings.":
        "Este navegador bloquea los avisos de este sitio: permitilos en los ajustes del sitio.",
    # The e-mail (games/notify.py)
    "Hello %(name)s,": "Hola, %(name)s:",
    "It is your turn in %(game)s #%(id)s, a correspondence game with %(players)s. You have until %(deadline)s to "
    "move.":
        "Te toca en %(game)s #%(id)s, una partida por correspondencia con %(players)s. Tenés tiempo para jugar "
        "hasta el %(deadline)s.",
    "Play: %(url)s": "Jugá acá: %(url)s",
    "We write at most once a day per game. To stop these e-mails, turn them off in your settings: "
    "%(settings_url)s":
        "Te escribimos como mucho una vez por día por partida. Si no querés recibir estos correos, desactivalos "
        "en tus ajustes: %(settings_url)s",
    # The setting (accounts)
    "e-mail me when it is my turn in a correspondence game":
        "avisarme por correo cuando me toca en una partida por correspondencia",
    "At most one a day per game, to %(email)s.": "Como mucho uno por día por partida, a %(email)s.",
    "Your account has no e-mail address yet: add one below to get them.":
        "Tu cuenta todavía no tiene una dirección de correo: agregá una más abajo para recibirlos.",
}
