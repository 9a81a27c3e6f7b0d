"""Spanish for the board templates' new strings (Argentilandia map, Estanciero board).

Used by scripts/fill_po.py after makemessages:  python scripts/fill_po.py scripts/i18n/boards_es.py
"""

ES = {
    # Argentilandia
    "%(m)s MP in %(p)s": "MP de %(m)s en %(p)s",
    "Port of %(port)s (%(r)sx1)": "Puerto de %(port)s (%(r)sx1)",
    "monopoly of %(name)s": "monopolio de %(name)s",
    "special province": "provincia especial",
    "owned MP (square = raw material)": "MP con dueño (el cuadrado indica la materia prima)",
    "Map:": "Mapa:",
    # the player on turn takes back their own offer ("Withdraw" alone is the league's, "Darme de baja")
    "Withdraw offer": "Retirar oferta",
    # Estanciero
    "round %(n)s of %(limit)s": "vuelta %(n)s de %(limit)s",
    "Zoom into the board": "Agrandar el tablero",
    "Sell buildings, mortgage, sell deeds or hand them over until the debt is paid: your highlighted deeds show what you can do.":
        "Vendé edificios, hipotecá, vendé títulos o entregalos hasta saldar la deuda: tus títulos resaltados muestran lo que podés hacer.",
}
