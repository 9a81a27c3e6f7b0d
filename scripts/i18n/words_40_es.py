"""Spanish (vos) for issue 40's words: counts that agree with their number, Argentilandia's sentences, the fairness
check's words per game, the log-in field, the moderation log's labels, the models' names, and Django's and
django-allauth's messages that reached people in "usted" (accounts/voice.py lists them)."""

ES = {
    # Argentilandia: a number of cards of one material agrees with the number ("1 Oveja", "3 Ovejas").
    "%(n)s Oil": ("%(n)s Petróleo", "%(n)s Petróleo"),
    "%(n)s Fish": ("%(n)s Pescado", "%(n)s Pescados"),
    "%(n)s Sheep": ("%(n)s Oveja", "%(n)s Ovejas"),
    "%(n)s Metal": ("%(n)s Metal", "%(n)s Metales"),
    "%(n)s Soy": ("%(n)s Soja", "%(n)s Soja"),
    "%(n)s Cow": ("%(n)s Vaca", "%(n)s Vacas"),
    "%(n)s Grape": ("%(n)s Uva", "%(n)s Uvas"),
    "%(n)s Tobacco": ("%(n)s Tabaco", "%(n)s Tabaco"),
    "%(n)s Wood": ("%(n)s Madera", "%(n)s Madera"),
    "The bank holds only %(cards)s of the %(needed)s owed: nobody receives %(material)s.":
        "El banco tiene solo %(cards)s de las %(needed)s cartas que debe: nadie recibe %(material)s.",
    "%(name)s discarded %(count)s card.": ("%(name)s descartó %(count)s carta.", "%(name)s descartó %(count)s cartas."),
    "%(name)s traded %(give)s with the bank for %(get)s.": "%(name)s cambió %(give)s con el banco por %(get)s.",
    "%(name)s traded %(give)s at the port of %(port)s for %(get)s.":
        "%(name)s cambió %(give)s en el puerto de %(port)s por %(get)s.",
    "%(name)s traded %(give)s abroad through %(province)s for %(get)s.":
        "%(name)s cambió %(give)s con el exterior por %(province)s por %(get)s.",
    "Buy the %(industry)s with %(cards)s": "Comprar %(industry)s con %(cards)s",
    "Bank: %(give)s for %(get)s": "Banco: %(give)s por %(get)s",
    "Port of %(port)s: %(give)s for %(get)s": "Puerto de %(port)s: %(give)s por %(get)s",
    "Abroad through %(province)s: %(give)s for %(get)s": "Al exterior por %(province)s: %(give)s por %(get)s",
    # "contraofertar" is not a verb people use; and what a contest wins is named (la MP, la participación).
    "%(name)s counters %(whom)s: %(give)s for %(get)s.":
        "%(name)s le hace una contraoferta a %(whom)s: %(give)s por %(get)s.",
    "%(name)s wins the contest and takes the MP from %(seller)s.": "%(name)s gana el duelo y le quita la MP a %(seller)s.",
    "%(name)s wins the contest and takes the share from %(seller)s.":
        "%(name)s gana el duelo y le quita la participación a %(seller)s.",
    "%(name)s wins the contest, keeps the MP and gets %(card)s from %(buyer)s.":
        "%(name)s gana el duelo, conserva la MP y se lleva %(card)s de %(buyer)s.",
    "%(name)s wins the contest, keeps the share and gets %(card)s from %(buyer)s.":
        "%(name)s gana el duelo, conserva la participación y se lleva %(card)s de %(buyer)s.",
    # The fairness check, in each game's words (the framework's own words when a game names none).
    "Check that the game was fair": "Comprobá que la partida fue limpia",
    "Was the game fair?": "¿La partida fue limpia?",
    "Nothing was changed during the game: it was fair.": "Nada se cambió durante la partida: fue limpia.",
    "chance sealed": "azar sellado",
    "Tablero — Argentilandia, Estanciero and Ladrillazo, played online with every rule enforced and dice and shuffles "
    "you can verify.":
        "Tablero: Argentilandia, Estanciero y Ladrillazo en línea, con cada regla aplicada y dados y mezclas que podés "
        "verificar.",
    "Every draw of chance in the game (a roll of the dice, a shuffle of the cards) came from that seed, so the server "
    "could not change one once the game had started without the fingerprint giving it away.":
        "Todo el azar de la partida (cada tirada de dados, cada mezcla de cartas) salió de esa semilla: una vez "
        "empezada la partida, el servidor no pudo cambiar nada sin que la huella lo delatara.",
    "check the game": "comprobar la partida",
    "SHA-256 of the secret seed behind every draw of chance in this game; the seed is shown when the game ends, so "
    "anyone can check it":
        "SHA-256 de la semilla secreta que decide todo el azar de esta partida; la semilla se muestra cuando la "
        "partida termina, así cualquiera puede comprobarlo",
    "Argentilandia, Estanciero and Ladrillazo online — live with friends, against bots, or by correspondence over "
    "days. The server enforces every rule, and after each game you can check that the dice and the shuffles were "
    "fair.":
        "Argentilandia, Estanciero y Ladrillazo en línea: en vivo con amigos, contra bots o por correspondencia "
        "durante días. El servidor hace cumplir cada regla y, después de cada partida, podés comprobar que los dados "
        "y las mezclas fueron limpios.",
    # The log-in field takes either.
    "Username or e-mail": "Usuario o e-mail",
    # The moderation log's actions, in words.
    "restriction lifted": "restricción levantada",
    "report resolved": "denuncia resuelta",
    "hidden state revealed": "información oculta revelada",
    "game aborted": "partida anulada",
    "game adjudicated": "partida adjudicada",
    "game annulled": "partida invalidada",
    "seat replaced": "asiento reemplazado",
    "clocks paused": "relojes pausados",
    "clocks resumed": "relojes reanudados",
    # Where a move came from (the moderators' move list).
    "the table's page": "la página de la mesa",
    "the API": "la API",
    "a socket": "un socket",
    "a bot": "un bot",
    "a timeout": "un tiempo agotado",
    # The models, as the admin names them.
    "Players and moderation": "Jugadores y moderación",
    "restriction": "restricción",
    "restrictions": "restricciones",
    "report": "denuncia",
    "reports": "denuncias",
    "moderation action": "acción de moderación",
    "moderation log": "registro de moderación",
    "API token": "token de la API",
    "API tokens": "Tokens de la API",
    "model\x04game": "partida",
    "seats": "asientos",
    "moves": "jugadas",
    "table audit entry": "entrada de la auditoría de mesas",
    "table audit": "auditoría de mesas",
    "chat message": "mensaje de chat",
    "chat messages": "mensajes de chat",
    "chat mutes": "silencios en el chat",
    "bot account": "cuenta de bot",
    "bot accounts": "cuentas de bot",
    "rating book": "libro de ratings",
    "rating books": "libros de ratings",
    "rating": "rating",
    "ratings": "ratings",
    "player result": "resultado de jugador",
    "player results": "resultados de jugadores",
    "league": "liga",
    "leagues": "ligas",
    "season": "temporada",
    "seasons": "temporadas",
    "division": "división",
    "divisions": "divisiones",
    "league membership": "inscripción a una liga",
    "league memberships": "inscripciones a ligas",
    "round": "ronda",
    "rounds": "rondas",
    "league table": "mesa de liga",
    "league tables": "mesas de liga",
    "Game": "Juego",
    # The admin's messages: no article or participle to agree with the model's gender, and vos.
    "The {name} “{obj}” was added successfully.": "Se agregó “{obj}” ({name}).",
    "The {name} “{obj}” was added successfully. You may add another {name} below.":
        "Se agregó “{obj}” ({name}). Abajo podés agregar más.",
    "You may edit it again below.": "Abajo podés seguir editando.",
    "The {name} “{obj}” was changed successfully.": "Se guardaron los cambios de “{obj}” ({name}).",
    "The {name} “{obj}” was changed successfully. You may edit it again below.":
        "Se guardaron los cambios de “{obj}” ({name}). Abajo podés seguir editando.",
    "The {name} “{obj}” was changed successfully. You may add another {name} below.":
        "Se guardaron los cambios de “{obj}” ({name}). Abajo podés agregar más.",
    "The %(name)s “%(obj)s” was deleted successfully.": "Se borró “%(obj)s” (%(name)s).",
    "%(name)s with ID “%(key)s” doesn’t exist. Perhaps it was deleted?":
        "No hay nada con el ID “%(key)s” (%(name)s). ¿Se habrá borrado?",
    "Successfully deleted %(count)d %(items)s.": "Borrado correcto de %(count)d %(items)s.",
    "%(count)s %(name)s was changed successfully.":
        ("Se guardaron los cambios en %(count)s %(name)s.", "Se guardaron los cambios en %(count)s %(name)s."),
    "Delete selected %(verbose_name_plural)s": "Borrar lo elegido (%(verbose_name_plural)s)",
    "Add another %(verbose_name)s": "Agregar más (%(verbose_name)s)",
    "Add %s": "Agregar %s",
    "Add %(name)s": "Agregar %(name)s",
    "Add": "Agregar",
    "Start typing to filter…": "Empezá a escribir para filtrar…",
    "Select %s to change": "Elegí qué modificar (%s)",
    "Select %s to view": "Elegí qué ver (%s)",
    # django-allauth's pages and messages, in vos.
    "The email address and/or password you specified are not correct.":
        "El correo o la contraseña que escribiste no son correctos.",
    "The username and/or password you specified are not correct.":
        "El usuario o la contraseña que escribiste no son correctos.",
    "You cannot add more than %d email addresses.": "No podés agregar más de %d direcciones de correo.",
    "Username can not be used. Please use other username.": "No se puede usar ese nombre de usuario: elegí otro.",
    "This username is already taken. Please choose another.": "Ese nombre de usuario ya está en uso: elegí otro.",
    "You must type the same password each time.": "Tenés que escribir la misma contraseña las dos veces.",
    "Please reauthenticate to safeguard your account.": "Para proteger tu cuenta, volvé a identificarte.",
    "Enter your password:": "Escribí tu contraseña:",
    "You are already logged in as %(user_display)s.": "Ya entraste como %(user_display)s.",
    "Verify Your Email Address": "Verificá tu dirección de correo",
    "We have sent an email to you for verification. Follow the link provided to finalize the signup process. If you "
    "do not see the verification email in your main inbox, check your spam folder. Please contact us if you do not "
    "receive the verification email within a few minutes.":
        "Te mandamos un correo para verificar tu dirección. Seguí el enlace que trae para terminar de registrarte. Si "
        "no lo ves en la bandeja de entrada, fijate en la carpeta de correo no deseado; si en unos minutos no llega, "
        "escribinos.",
    "This part of the site requires us to verify that\nyou are who you claim to be. For this purpose, we require that "
    "you\nverify ownership of your email address. ":
        "Esta parte del sitio nos pide comprobar que\nsos quien decís ser. Para eso, necesitamos que\nverifiques que "
        "la dirección de correo es tuya. ",
    "We have sent an email to you for\nverification. Please click on the link inside that email. If you do not see "
    "the verification email in your main inbox, check your spam folder. Otherwise\ncontact us if you do not receive "
    "it within a few minutes.":
        "Te mandamos un correo para\nverificar tu dirección. Hacé clic en el enlace que trae. Si no lo ves en la "
        "bandeja de entrada, fijate en la carpeta de correo no deseado; si no,\nescribinos si en unos minutos no "
        "llega.",
    'Please confirm that <a href="mailto:%(email)s">%(email)s</a> is an email address for user %(user_display)s.':
        'Confirmá que <a href="mailto:%(email)s">%(email)s</a> es una dirección de correo de %(user_display)s.',
    'This email confirmation link expired or is invalid. Please <a href="%(email_url)s">issue a new email '
    'confirmation request</a>.':
        'Este enlace de confirmación venció o no es válido. <a href="%(email_url)s">Pedí uno nuevo</a>.',
    "You cannot remove your primary email address (%(email)s).": "No podés quitar tu correo principal (%(email)s).",
    'The password reset link was invalid, possibly because it has already been used.  Please request a <a '
    'href="%(passwd_reset_url)s">new password reset</a>.':
        'El enlace para cambiar la contraseña no es válido; quizás ya se usó. <a href="%(passwd_reset_url)s">Pedí '
        'uno nuevo</a>.',
    "You're receiving this email because user %(user_display)s has given your email address to register an account "
    "on %(site_domain)s.":
        "Te llega este correo porque %(user_display)s dio tu dirección para registrar una cuenta en %(site_domain)s.",
    "You're receiving this email because you or someone else has requested a password reset for your user account.\n"
    "It can be safely ignored if you did not request a password reset. Click the link below to reset your password.":
        "Te llega este correo porque vos u otra persona pidió cambiar la contraseña de tu cuenta.\nSi no lo pediste, "
        "podés ignorarlo tranquilo. Para cambiar la contraseña, hacé clic en este enlace.",
    "In case you forgot, your username is %(username)s.": "Por si te lo olvidaste, tu usuario es %(username)s.",
    "You are receiving this email because you, or someone else, tried to access an account with email %(email)s. "
    "However, we do not have any record of such an account in our database.":
        "Te llega este correo porque vos, u otra persona, intentó entrar a una cuenta con el correo %(email)s. Pero "
        "no tenemos ninguna cuenta con esa dirección.",
    "If it was you, you can sign up for an account using the link below.":
        "Si fuiste vos, podés crear una cuenta con este enlace.",
    "You are receiving this email because you or someone else tried to signup for an\naccount using email "
    "address:\n\n%(email)s\n\nHowever, an account using that email address already exists.  In case you have\n"
    "forgotten about this, please use the password forgotten procedure to recover\nyour account:\n\n"
    "%(password_reset_url)s":
        "Te llega este correo porque vos u otra persona intentó registrar una\ncuenta con la dirección:\n\n%(email)s\n\n"
        "Pero ya hay una cuenta con esa dirección. Si te la\nolvidaste, pedí una contraseña nueva para recuperar\ntu "
        "cuenta:\n\n%(password_reset_url)s",
    "Hello from %(site_name)s!": "¡Hola desde %(site_name)s!",
    "Password Reset Email": "Cambio de contraseña",
    "the port of %(port)s": "el puerto de %(port)s",
    "Name the cards you give as {material: count}.": "Indicá las cartas que das como {material: cantidad}.",
    "Name the cards you ask for as {material: count}.": "Indicá las cartas que pedís como {material: cantidad}.",
}
