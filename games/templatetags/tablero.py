"""Template tags shared by every table: ``{% load tablero %}``, then ``{{ amount|money }}`` and
``{% public_part "name" %}...{% end_public_part %}``."""

from __future__ import annotations

import threading
from collections import OrderedDict

from django import template
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from games import formatting

register = template.Library()


@register.filter
def money(amount):
    return formatting.money(amount)


# A socket push renders the table once per distinct viewer (four seats and the spectators): the parts of a
# board that every viewer sees alike are rendered once per revision and language instead, and shared.
_parts: OrderedDict = OrderedDict()
_parts_lock = threading.Lock()
PARTS_KEPT = 512


def shared_per_revision(context, name: str, make):
    """``make()``'s value, made once per ``public_revision`` and language and shared by every viewer's render:
    for values that depend only on the public state of the game (a board's drawing data). Made afresh when the
    context has no ``public_revision``. The value is shared: templates must only read it."""
    revision = context.get("public_revision")
    if revision is None:
        return make()
    key = (*revision, get_language(), "value", name)
    with _parts_lock:
        if key in _parts:
            _parts.move_to_end(key)
            return _parts[key]
    value = make()
    _keep(key, value)
    return value


def _keep(key: tuple, value) -> None:
    with _parts_lock:
        _parts[key] = value
        while len(_parts) > PARTS_KEPT:
            _parts.popitem(last=False)


class PublicPartNode(template.Node):
    def __init__(self, name: str, parts: list, nodelist):
        self.name = name
        self.parts = parts
        self.nodelist = nodelist

    def render(self, context) -> str:
        revision = context.get("public_revision")
        if revision is None:
            return self.nodelist.render(context)
        key = (*revision, get_language(), self.name, *(part.resolve(context) for part in self.parts))
        with _parts_lock:
            html = _parts.get(key)
            if html is not None:
                _parts.move_to_end(key)
                return html
        html = mark_safe(self.nodelist.render(context))
        _keep(key, html)
        return html


@register.tag("public_part")
def public_part(parser, token):
    """``{% public_part "svg" %}...{% end_public_part %}``: content that depends only on the public state of
    the game (never on who looks: no ``you``, no legal moves, no private view), rendered once per
    ``public_revision`` (game, seal, revision; set by ``games.presenters.table_context``) and language. Inside
    a loop, name what the part varies with: ``{% public_part "plot" p.seat %}``. Without a
    ``public_revision`` in the context (a replay, a test) it renders as plain content."""
    bits = token.split_contents()
    if len(bits) < 2 or bits[1][0] not in "\"'" or bits[1][0] != bits[1][-1]:
        raise template.TemplateSyntaxError('usage: {% public_part "name" [variable ...] %}...{% end_public_part %}')
    parts = [parser.compile_filter(bit) for bit in bits[2:]]
    nodelist = parser.parse(("end_public_part",))
    parser.delete_first_token()
    return PublicPartNode(bits[1][1:-1], parts, nodelist)


def forget_public_parts() -> None:
    """Forget every rendered part (tests)."""
    with _parts_lock:
        _parts.clear()
