"""Template filters shared by every table: ``{% load tablero %}`` then ``{{ amount|money }}``."""

from django import template

from games import formatting

register = template.Library()


@register.filter
def money(amount):
    return formatting.money(amount)
