"""What the rulesets' text modules (``games/<ruleset>/text.py``) share: the active language, a printed name
in it, and looking things up in the viewer's view (which a label may be given as None)."""

from __future__ import annotations

from django.utils.translation import get_language, gettext_lazy


def spanish() -> bool:
    """Whether the active language is Spanish (the site's default, and the games' original language)."""
    return (get_language() or "es").lower().startswith("es")


def printed(entry: dict, key: str = "name") -> str:
    """A printed text of the board or card data in the active language: ``entry[key]`` is the Spanish
    original, ``entry[key + "_en"]`` its English where there is one."""
    return entry[key] if spanish() else entry.get(f"{key}_en") or entry[key]


def view_get(view: object, key: str, default=None):
    """``view[key]``, or ``default`` when it is missing or there is no view."""
    return view.get(key, default) if isinstance(view, dict) else default


def in_view(view: object, key: str, item_id: object) -> dict | None:
    """The item of the view's list ``key`` (proposals, claims, offers) whose ``id`` is ``item_id``, or None."""
    return next((x for x in view_get(view, key, []) or [] if x.get("id") == item_id), None)


# The fairness check's words for a game of dice (``FAIRNESS`` in a ruleset's text module; games.present.presenters).
DICE_FAIRNESS = {
    "link": gettext_lazy("Check that the dice were fair"),
    "title": gettext_lazy("Were the dice fair?"),
    "verdict": gettext_lazy("The dice were fair: nothing was changed during the game."),
    "sealed": gettext_lazy("dice sealed"),
    "check": gettext_lazy("check the dice"),
}
