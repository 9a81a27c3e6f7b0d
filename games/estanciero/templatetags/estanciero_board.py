"""Small helpers for the Estanciero board template (``{% load estanciero_board %}``)."""

from __future__ import annotations

from django import template

register = template.Library()


@register.simple_tag
def es_card(view: dict | None):
    """The Suerte/Destino card to show in the centre of the board, or None.

    A card belongs to the roll that drew it: it is shown while its player's turn lasts after that roll,
    never after the turn has passed to someone else. When the engine stamps the card with the turn it was
    drawn in (``turn`` = ``turns_played`` then), a card from an earlier turn of the same player is hidden too.
    """
    view = view or {}
    card = view.get("last_card")
    turn = view.get("turn") or {}
    if not card or view.get("over"):
        return None
    if card.get("seat") != turn.get("seat") or not turn.get("dice"):
        return None
    stamp = card.get("turn")
    if stamp is not None and stamp != view.get("turns_played"):
        return None
    return card


@register.simple_tag
def es_round(view: dict | None):
    """``{"n": round, "limit": max_turns}`` when the table has a turn limit (rounds of every player), else None."""
    view = view or {}
    limit = (view.get("options") or {}).get("max_turns")
    players = view.get("num_players") or len(view.get("players") or []) or 1
    if not limit:
        return None
    n = min(limit, (view.get("turns_played") or 0) // players + 1)
    return {"n": n, "limit": limit, "last": n >= limit}
