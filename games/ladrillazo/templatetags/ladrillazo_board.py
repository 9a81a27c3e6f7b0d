"""Small helpers for the Ladrillazo board template (``{% load ladrillazo_board %}``)."""

from __future__ import annotations

from django import template

from games.templatetags.tablero import hashable

register = template.Library()


@register.filter
def lz_name(card: dict | None, language: str) -> str:
    """A card's printed name in ``language``: ``name_en`` in English (empty when the card has none), else the
    Spanish ``name``. A filter rather than a partial: a board names its cards some fifty times a render."""
    if not isinstance(card, dict):
        return ""
    return card.get("name_en", "") if str(language)[:2] == "en" else card.get("name", "")


@register.simple_tag
def lz_ask_key(view: dict | None):
    """What the deal form's "you ask for" choices show besides the viewer's seat: each player's plot cards
    that could change hands (id, backing, bound, type, name). The form is kept per this key (``{% fixed_part %}``)."""
    view = view or {}
    return tuple((p.get("seat"), tuple((c.get("id"), c.get("backing"), c.get("bound"), c.get("type"),
                                        (c.get("card") or {}).get("name"))
                                        for c in p.get("plot") or ()))
                 for p in view.get("players") or ())


@register.filter
def lz_card_key(card: dict | None):
    """A plot card's state (tapped, frozen, backing and backers, envelopes, level, free slots...), as the key its
    drawing is kept by (``{% fixed_part %}``): every field but its printed definition, which its ``key`` names."""
    if not isinstance(card, dict):
        return card
    return tuple((k, hashable(v)) for k, v in card.items() if k != "card")
