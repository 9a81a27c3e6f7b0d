"""Numbers as each language writes them: one money format per language, everywhere (log, labels, cards)."""

from __future__ import annotations

from games.present.text_common import spanish


def money(amount: object) -> str:
    """``35000`` -> ``"$ 35.000"`` in Spanish (as printed on the Argentine games; a no-break space so a
    label never splits the sign from the amount), ``"$35,000"`` in English."""
    if not isinstance(amount, int) or isinstance(amount, bool):
        return str(amount)
    sign = "-" if amount < 0 else ""
    if spanish():
        return f"$\u00a0{sign}{abs(amount):,}".replace(",", ".")
    return f"{sign}${abs(amount):,}"
