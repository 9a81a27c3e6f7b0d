"""Template words for the ratings: a rating pace's name."""

from __future__ import annotations

from django import template

from lobby.models import PACE_NAMES

register = template.Library()


@register.filter
def pace_name(pace: str) -> str:
    """A rating pace in words ("Blitz", "Rapid", "Correspondence"); anything else as it is."""
    return str(PACE_NAMES.get(pace, pace))
