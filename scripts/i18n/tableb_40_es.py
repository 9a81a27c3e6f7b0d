"""Spanish for the table's moves beside the board off turn, Argentilandia's refused answers (issue 40)."""

ES = {
    "Not your turn: you can still": "No es tu turno, pero podés",
    "Your move: make it on the board.": "Te toca: jugá en el tablero.",
    "You cannot accept: %(why)s": "No podés aceptar: %(why)s",
    "No exchange with the bank, a port or abroad is possible with your cards now.":
        "Con tus cartas no podés cambiar ahora con el banco, con un puerto ni con el exterior.",
}
