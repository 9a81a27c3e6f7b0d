"""Spanish (vos) for the refusals of bad input (games/core/validation.py, games/api.py)."""

ES = {
    "An action is a JSON object with a type.": "Una jugada es un objeto JSON con un tipo.",
    "Unknown action type %(type)s for this game.": "Este juego no tiene la jugada %(type)s.",
    "Unknown field %(field)s for action %(type)s.": "La jugada %(type)s no tiene el campo %(field)s.",
    "The action %(type)s needs the field %(field)s.": "La jugada %(type)s necesita el campo %(field)s.",
    "The field %(field)s must be a whole number.": "El campo %(field)s tiene que ser un número entero.",
    "The field %(field)s must be a string.": "El campo %(field)s tiene que ser un texto.",
    "The field %(field)s must be true or false.": "El campo %(field)s tiene que ser true o false.",
    "The field %(field)s must be a list.": "El campo %(field)s tiene que ser una lista.",
    "The field %(field)s must be an object.": "El campo %(field)s tiene que ser un objeto.",
    "The field %(field)s must be between %(min)s and %(max)s.":
        "El campo %(field)s tiene que estar entre %(min)s y %(max)s.",
    "The field %(field)s has a value this game does not know.": "El campo %(field)s tiene un valor que este juego no conoce.",
    "The field %(field)s is too long.": "El campo %(field)s es demasiado largo.",
    "The field %(field)s has too many items.": "El campo %(field)s tiene demasiados elementos.",
    "The action is too large.": "La jugada es demasiado grande.",
    "The message is too large.": "El mensaje es demasiado grande.",
    "A number is too large.": "Un número es demasiado grande.",
    "The JSON is nested too deeply.": "El JSON está anidado demasiado hondo.",
    "NaN and Infinity are not numbers JSON allows.": "NaN e Infinity no son números que JSON permita.",
    "Text may not contain NUL characters or unpaired surrogates.":
        "El texto no puede tener caracteres NUL ni sustitutos sueltos.",
    "The message is not valid JSON.": "El mensaje no es JSON válido.",
    "%(field)s must be a whole number from %(min)s to %(max)s.":
        "%(field)s tiene que ser un número entero de %(min)s a %(max)s.",
    "options must be an object of at most 20 settings.": "options tiene que ser un objeto de 20 opciones como mucho.",
    "The table's options could not be read.": "No se pudieron leer las opciones de la mesa.",
    "Unknown status: use lobby, active or finished.": "Estado desconocido: usá lobby, active o finished.",
    "since must be a version number.": "since tiene que ser un número de versión.",
}
