"""Small helpers for the Estanciero board template (``{% load estanciero_board %}``)."""

from __future__ import annotations

from django import template

from games.estanciero.text import pawn_hint, space_hint

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


@register.simple_tag
def es_trade_key(view: dict | None, names: list[str]):
    """What the deal form's choices depend on besides the viewer's seat: who owns each deed, each player's
    jail cards and whether they are still in, and the players' names. The form is rendered once per such key
    (``{% fixed_part %}``): ownership changes a few times a game, the form's thirty-odd choices every move."""
    view = view or {}
    owners = tuple((view.get("owners") or {}).items())
    players = tuple((p["seat"], p["bankrupt"], tuple(p.get("jail_cards") or ())) for p in view.get("players") or ())
    return owners, players, tuple(names or ())


@register.simple_tag
def es_spaces(view: dict | None, names: list[str]) -> dict:
    """Each deed's drawn state by space (``"8"``: owner, buildings, mortgaged, owner's name), and ``"all"``: every
    deed's at once. The board's spaces and the players' deed cards are kept per that state (``{% fixed_part %}``).
    Read here once per render: the template language looks up a missing key (an unmortgaged deed) through an
    exception and a ``dir()``, about 50 µs a space."""
    view = view or {}
    owners, buildings, mortgaged = view.get("owners") or {}, view.get("buildings") or {}, view.get("mortgaged") or {}
    spaces = {}
    for space, owner in owners.items():
        name = names[owner] if owner is not None and 0 <= owner < len(names) else None
        spaces[space] = (owner, buildings.get(space), bool(mortgaged.get(space)), name)
    spaces["all"] = tuple(spaces.items())
    return spaces


@register.simple_tag
def es_pawns_key(view: dict | None, names: list[str]):
    """What the pawns show (``{% fixed_part %}``): where each player stands, whether in jail or out of the game,
    whose turn it is, and the players' names (a pawn shows its player's initial)."""
    view = view or {}
    players = tuple((p["seat"], p["position"], p["in_jail"], p["bankrupt"]) for p in view.get("players") or ())
    return players, (view.get("turn") or {}).get("seat"), view.get("over"), tuple(names or ())


@register.filter
def es_space_hint(index: int, state: tuple | None = None) -> str:
    """A space's hint in the active language (``text.space_hint``): inside the space's kept part, which is kept
    per that state and language."""
    return space_hint(index, state)


@register.simple_tag
def es_pawn_hint(p: dict, names: list[str]) -> str:
    """A pawn's hint (``text.pawn_hint``): inside the pawns' fixed part, kept per where each stands, in jail or not,
    and the names (``es_pawns_key``)."""
    return pawn_hint(p["seat"], p["position"], bool(p.get("in_jail")), names)
