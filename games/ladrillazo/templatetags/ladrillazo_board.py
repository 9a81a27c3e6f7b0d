"""Small helpers for the Ladrillazo board template (``{% load ladrillazo_board %}``)."""

from __future__ import annotations

from django import template

from games.ladrillazo import text
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


@register.filter
def lz_card_hint(card: dict | None) -> str:
    """A hand card's hint from its printed definition (``text.card_hint``): inside the card's kept part."""
    return text.card_hint(card or {})


@register.filter
def lz_plot_hint(card: dict | None) -> str:
    """A plot card's hint, with its level, envelopes and state (``text.plot_card_hint``): inside the card's kept
    part, which is kept per that state (``lz_card_key``)."""
    return text.plot_card_hint(card or {})


@register.filter
def lz_paradise_hint(player: dict | None) -> str:
    """A tax haven's hint (``text.paradise_hint``): the envelopes evaded there and its EVADE option."""
    player = player or {}
    return text.paradise_hint(player.get("paradise_card") or {}, player.get("paradise"),
                              bool(player.get("paradise_tapped")))
