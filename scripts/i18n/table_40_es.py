"""Spanish (vos) for the table's deal forms and the phone layout (issue 40, items 12-14)."""

ES = {
    # a {% translate %} with a placeholder filled by table.js
    "Taken out of your deal because it is no longer there: %%(names)s.":
        "Lo sacamos de tu propuesta porque ya no está: %%(names)s.",
    "Buy it or let it go: tap the card, or use the buttons in “Your move”.":
        "Comprala o dejala pasar: tocá la tarjeta o usá los botones de «Tu jugada».",
}
