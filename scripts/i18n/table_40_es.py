"""Spanish (vos) for the table's deal forms and the phone layout (issue 40, items 12-14)."""

ES = {
    "Taken out of your deal because it is no longer there: %(names)s.":
        "Lo sacamos de tu propuesta porque ya no está: %(names)s.",
}
